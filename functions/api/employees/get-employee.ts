import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { staffDetail } from '../../services/staff-service.js';

/** One active staff member of the admin's company (edit form); any other id is a 404. */
export const handler = api('get-employee', { params: IdParamsSchema }, async ({ params, principal }) =>
  ok(await staffDetail(principal.companyId, params.id)),
);
