import { findEmployee } from '../../db/staff.js';
import { computeEmployeeMonth } from '../../db/summaries.js';
import { NotFoundError } from '../../shared/errors.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { YearMonthQuerySchema } from '../schemas.js';
import { monthAttendanceView } from './month-view.js';

/**
 * A month of attendance, one row per calendar day, through the working-time engine: each row carries
 * its law buckets and an explanation of which rule and bucket each minute fell into. Employees get
 * their own month; admins name a staff id of their own company. Reads: the employee (GetItem), the
 * company's rules (Query) and the month's days (one Query).
 */
export const handler = api(
  'list-timestamps',
  { query: YearMonthQuerySchema },
  async ({ query, principal, language }) => {
    const companyId = principal.companyId;
    const employeeId = principal.role === 'admin' ? query.id : principal.userId;
    // An employee only ever sees their own month, whatever id they send.
    if (!employeeId || (principal.role === 'employee' && query.id && query.id !== employeeId))
      throw new NotFoundError(MESSAGES.fetchDataFailed);
    const employee = await findEmployee(companyId, employeeId);
    if (!employee) throw new NotFoundError(MESSAGES.fetchDataFailed);

    // The explanation lines in the caller's language (issue 31), read beside the month.
    const [month, lang] = await Promise.all([
      computeEmployeeMonth({
        companyId,
        employeeId,
        timeZone: principal.timeZone,
        year: query.year,
        month: query.month,
        employee,
      }),
      language(),
    ]);
    return ok(monthAttendanceView(query, employee, month, lang));
  },
);
