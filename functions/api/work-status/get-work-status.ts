import { activeStaff } from '../../db/staff.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';

/**
 * Work status summary (spec §3). The count is the active staff; the time figures come from the
 * calculation engine (a later issue) and are null until then, which the screen shows as "—".
 */
export const handler = api('get-work-status', {}, async ({ principal }) =>
  ok({
    count_employees: (await activeStaff(principal.companyId!)).length,
    total_working_time: null,
    average_working_time: null,
    total_over_working_time: null,
    average_over_working_time: null,
    total_unpaid_working_time: null,
    average_unpaid_working_time: null,
  }),
);
