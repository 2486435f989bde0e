import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { employeePaidLeave } from '../../services/paid-leave-service.js';

/** One staff member's grants, takings and register (管理簿); an id outside the company is a 404. */
export const handler = api('get-paid-leave', { params: IdParamsSchema }, async ({ params, principal }) =>
  ok(await employeePaidLeave(principal.companyId, params.id, principal.timeZone)),
);
