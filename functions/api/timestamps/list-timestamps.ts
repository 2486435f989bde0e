import { monthDays } from '../../db/attendance.js';
import { db } from '../../db/service.js';
import { monthCalendar } from '../../domain/calendar.js';
import { workedMinutes } from '../../domain/worktime.js';
import { NotFoundError } from '../../shared/errors.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { YearMonthQuerySchema } from '../shared/schemas.js';

/**
 * A month of attendance, one row per calendar day. Employees get their own month; admins name a
 * staff id of their own company. The month is one Query; an admin's request adds one GetItem.
 */
export const handler = api('list-timestamps', { query: YearMonthQuerySchema }, async ({ query, principal }) => {
  const companyId = principal.companyId!;
  let employee: { id: string; name: string };
  if (principal.role === 'admin') {
    if (!query.id) throw new NotFoundError(MESSAGES.fetchDataFailed);
    const { data } = await db().entities.Employee.get({ companyId, employeeId: query.id }).go();
    if (!data) throw new NotFoundError(MESSAGES.fetchDataFailed);
    employee = { id: data.employeeId, name: `${data.lastName} ${data.firstName}` };
  } else {
    // An employee only ever sees their own month, whatever id they send.
    if (query.id && query.id !== principal.userId) throw new NotFoundError(MESSAGES.fetchDataFailed);
    employee = { id: principal.userId!, name: principal.userName };
  }

  const records = await monthDays({ companyId, employeeId: employee.id }, query.year, query.month);
  const byDate = new Map(records.map((r) => [r.workDate, r]));
  const days = monthCalendar(query.year, query.month).map((c) => {
    const r = byDate.get(c.date);
    return {
      id: r ? `${employee.id}_${c.date}` : null,
      date: c.date,
      weekday: c.weekday,
      punch_in_at: r?.punchInAt ?? null,
      punch_out_at: r?.punchOutAt ?? null,
      note: r?.note ?? null,
      is_holiday: c.holidayName !== null,
      holiday_name: c.holidayName,
      is_day_off: c.isDayOff,
      is_paid_leave: r?.leaveType === 0,
      leave_type: r?.leaveType ?? null,
      worked_minutes: workedMinutes(r?.punchInAt, r?.punchOutAt),
      employee_id: employee.id,
    };
  });
  return ok({ year: query.year, month: query.month, employee, days });
});
