import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { checkWorkSystemPlan } from '../../services/work-system-check.js';
import { WorkSystemCheckQuerySchema } from './schemas.js';

/**
 * The plan checks of the 変形期間 holding `date` for the employee (average 40 h, 10 h / 52 h,
 * consecutive days, 280 days, 48 h weeks), each violation {code, message, dates}.
 */
export const handler = api(
  'check-working-time-system',
  { query: WorkSystemCheckQuerySchema },
  async ({ principal, query }) => ok(await checkWorkSystemPlan(principal.companyId, query.employee_id, query.date)),
);
