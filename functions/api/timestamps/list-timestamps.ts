import { findEmployee } from '../../db/staff.js';
import { computeEmployeeMonth } from '../../db/summaries.js';
import { NotFoundError } from '../../shared/errors.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { YearMonthQuerySchema } from '../schemas.js';

/**
 * A month of attendance, one row per calendar day, through the working-time engine: each row carries
 * its law buckets and an explanation of which rule and bucket each minute fell into. Employees get
 * their own month; admins name a staff id of their own company. Reads: the employee (GetItem), the
 * company's rules (Query) and the month's days (one Query).
 */
export const handler = api('list-timestamps', { query: YearMonthQuerySchema }, async ({ query, principal }) => {
  const companyId = principal.companyId;
  const employeeId = principal.role === 'admin' ? query.id : principal.userId;
  // An employee only ever sees their own month, whatever id they send.
  if (!employeeId || (principal.role === 'employee' && query.id && query.id !== employeeId)) throw new NotFoundError(MESSAGES.fetchDataFailed);
  const employee = await findEmployee(companyId, employeeId);
  if (!employee) throw new NotFoundError(MESSAGES.fetchDataFailed);

  const month = await computeEmployeeMonth({ companyId, employeeId, timeZone: principal.timeZone, year: query.year, month: query.month, employee });
  const notes = new Map(month.records.map((r) => [r.workDate, r.note ?? null]));
  const days = month.days.map((d) => ({
    id: d.punchInAt || d.punchOutAt || d.leaveType !== null ? `${employeeId}_${d.workDate}` : null,
    date: d.workDate,
    weekday: new Date(`${d.workDate}T00:00:00Z`).getUTCDay(),
    punch_in_at: d.punchInAt,
    punch_out_at: d.punchOutAt,
    note: notes.get(d.workDate) ?? null,
    is_holiday: d.calendar.holidayName !== null,
    holiday_name: d.calendar.holidayName,
    is_day_off: d.calendar.isDayOff,
    is_legal_holiday: d.calendar.isLegalHoliday,
    is_paid_leave: d.leaveType === 0,
    leave_type: d.leaveType,
    worked_minutes: d.status === 'complete' ? d.workedMinutes : null,
    break_minutes: d.breakMinutes,
    scheduled_overtime_minutes: d.scheduledOvertimeMinutes,
    statutory_overtime_minutes: d.statutoryOvertimeMinutes,
    legal_holiday_work_minutes: d.legalHolidayWorkMinutes,
    late_night_minutes: d.lateNightMinutes,
    status: d.status,
    flags: d.flags,
    explanation: d.explanation,
    employee_id: employeeId,
  }));
  const t = month.totals;
  return ok({
    year: query.year,
    month: query.month,
    employee: { id: employee.employeeId, name: `${employee.lastName} ${employee.firstName}` },
    rule_version: month.ruleVersion,
    days,
    totals: {
      worked_minutes: t.workedMinutes,
      scheduled_overtime_minutes: t.scheduledOvertimeMinutes,
      statutory_overtime_minutes: t.statutoryOvertimeMinutes,
      overtime_minutes: t.overtimeMinutes,
      overtime_over_60_minutes: t.overtimeOver60Minutes,
      excess_overtime_minutes: t.excessOvertimeMinutes,
      legal_holiday_work_minutes: t.legalHolidayWorkMinutes,
      late_night_minutes: t.lateNightMinutes,
      paid_leave_days: t.paidLeaveDays,
      work_days: t.workDays,
    },
  });
});
