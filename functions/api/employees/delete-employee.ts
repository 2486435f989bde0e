import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { retireStaff } from '../../services/staff-service.js';

/** "Delete" retires: the profile and attendance stay (five-year retention), access ends. */
export const handler = api(
  'delete-employee',
  { params: IdParamsSchema, audit: 'staff.retire' },
  async ({ params, principal }) => ok(await retireStaff(principal.companyId, params.id)),
);
