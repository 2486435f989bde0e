import { NotFoundError } from '../../shared/errors.js';
import { created } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { ManualGrantBodySchema } from './paid-leave-schemas.js';
import { manualGrant } from '../../services/paid-leave-service.js';

/** A manual grant or adjustment (days, dates, reason) by an admin; the grant item records who and why. */
export const handler = api(
  'create-paid-leave-grant',
  {
    params: IdParamsSchema,
    body: ManualGrantBodySchema,
    invalidMessage: MESSAGES.registrationDefect,
    idempotent: true,
    audit: 'paid_leave.grant',
  },
  async ({ params, body, principal }) => {
    if (!principal.userId) throw new NotFoundError();
    return created(await manualGrant(principal.companyId, params.id, body, principal.userId));
  },
);
