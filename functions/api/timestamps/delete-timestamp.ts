import * as z from 'zod/mini';
import { deleteDayRecord } from '../../db/attendance-records.js';
import { refreshSummary } from '../../db/summaries.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';

/** Record ids of the monthly list are `<employeeId>_<YYYY-MM-DD>` (see list-timestamps). */
const RecordParamsSchema = z.strictObject({
  id: z.string().check(z.regex(/^[0-9a-z]{10,40}_\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)),
});

/** Delete one day's attendance record of a staff member; the screen then reloads the month. */
export const handler = api(
  'delete-timestamp',
  { params: RecordParamsSchema, audit: 'attendance.delete' },
  async ({ params, principal }) => {
    const [employeeId = '', workDate = ''] = params.id.split('_');
    await deleteDayRecord(principal.companyId, employeeId, workDate);
    await refreshSummary(principal.companyId, employeeId, workDate, principal.timeZone);
    return ok({ employee_id: employeeId });
  },
);
