import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { retireStaff, staffDeps } from '../../services/staff-service.js';
import { today } from '../../domain/time.js';
import { clock } from '../../shared/clock.js';

/**
 * "Delete" retires: the profile and attendance stay (five-year retention), access ends. A member
 * without a 退職日 gets today's date as theirs (the days after it are outside the employment).
 */
export const handler = api(
  'delete-employee',
  { params: IdParamsSchema, audit: 'staff.retire' },
  async ({ params, principal }) =>
    ok(await retireStaff(principal.companyId, params.id, staffDeps, today(principal.timeZone, clock.now()))),
);
