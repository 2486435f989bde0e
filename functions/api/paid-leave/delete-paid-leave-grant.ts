import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { GrantParamsSchema } from './paid-leave-schemas.js';
import { deleteManualGrant } from '../../services/paid-leave-service.js';

/**
 * Deletes a grant entered wrongly, audited with the grant as it was (issue 30 item 8); 409 when it is
 * the statutory run's, dated in a closed period or has days taken against it. Another company's: 404.
 */
export const handler = api(
  'delete-paid-leave-grant',
  { params: GrantParamsSchema, audit: 'paid_leave.grant_delete' },
  async ({ params, principal }) => ok(await deleteManualGrant(principal.companyId, params.id, params.grant_id)),
);
