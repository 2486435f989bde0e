import { calendarVersions } from '../../db/company-calendars.js';
import { listOrgUnits } from '../../db/organisation.js';
import { employeeShifts, scheduleSettings } from '../../db/schedules.js';
import { shiftsOfStaff } from '../../db/shifts.js';
import { findEmployee, staffInOrderPage, type StaffMember } from '../../db/staff.js';
import { monthDates } from '../../domain/time.js';
import { monthCalendarInput } from '../../domain/worktime/calendar.js';
import { effectiveSchedule } from '../../domain/worktime/day.js';
import { scheduleOf } from '../../domain/worktime/schedule.js';
import { NotFoundError } from '../../shared/errors.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { sealCursor } from '../../shared/signing.js';
import { ShiftsQuerySchema } from './shift-schemas.js';
import { dayView, shiftPatternView, type ShiftMonthView } from './views.js';
import { openPageCursor } from '../paging.js';

/**
 * A month of shifts (シフト) for the grid. Admins get a page of active staff in 五十音 order, the order of
 * 勤怠集計 and the staff list (`limit`, `cursor`, optional `department_id`), or one staff member with
 * `employee_id`; employees get only their own schedule (another `employee_id` is a 404). Each employee
 * carries every day of the month resolved (shift > own default > (department, status) default > none;
 * a default pattern does not apply on a company-calendar day off, as in the engine), the page's stored
 * shifts come as `entries` (the PUT's shape), the live patterns are included so the grid needs no
 * other route, and `week_starts_on` is the company's week (the calendar in force on the month's 1st,
 * as the engine counts the month's weeks) for 前週をコピー.
 * Reads, whatever the company's size: the staff page (one Query), the schedule partition, the company
 * calendar, departments and statuses (one Query each) and each listed member's shifts of the month
 * (one Query each: at most a page, MAX_SHIFT_PAGE).
 */
export const handler = api('list-shifts', { query: ShiftsQuerySchema }, async ({ query, principal }) => {
  const companyId = principal.companyId;
  const yearMonth = `${query.year}-${String(query.month).padStart(2, '0')}`;
  const dates = monthDates(query.year, query.month);
  // The cursor is a position in the staff list (not in the month): the grid reuses it for the
  // previous month's shifts of the same page (copy previous week / month).
  const scope = `shifts\n${companyId}\n${query.department_id ?? ''}`;

  let staff: StaffMember[];
  let next: string | null = null;
  const single = principal.role === 'employee' ? principal.userId : query.employee_id;
  if (principal.role === 'employee' && query.employee_id && query.employee_id !== principal.userId)
    throw new NotFoundError(MESSAGES.fetchDataFailed);
  if (single) {
    const employee = await findEmployee(companyId, single);
    if (!employee) throw new NotFoundError(MESSAGES.fetchDataFailed);
    staff = [employee];
  } else {
    const after = openPageCursor(query.cursor, scope);
    const page = await staffInOrderPage(companyId, { limit: query.limit, after, departmentId: query.department_id });
    staff = page.staff;
    next = page.next;
  }

  const [settings, shifts, departments, statuses, calendars] = await Promise.all([
    scheduleSettings(companyId),
    single
      ? employeeShifts(companyId, single, dates[0]!, dates.at(-1)!)
      : shiftsOfStaff(
          companyId,
          yearMonth,
          staff.map((e) => e.employeeId),
        ),
    listOrgUnits('department', companyId),
    listOrgUnits('employmentStatus', companyId),
    calendarVersions(companyId),
  ]);
  const { calendar, weekStartsOn } = monthCalendarInput(calendars, query.year, query.month);
  const deptName = new Map(departments.map((d) => [d.id, d.name]));
  const statusName = new Map(statuses.map((s) => [s.id, s.name]));

  const view: ShiftMonthView = {
    year: query.year,
    month: query.month,
    week_starts_on: weekStartsOn,
    patterns: settings.patterns
      .filter((p) => !p.deletedAt)
      .sort((a, b) => a.startMinute - b.startMinute || a.name.localeCompare(b.name, 'ja'))
      .map(shiftPatternView),
    employees: staff.map((e) => {
      const of = scheduleOf(e, settings.patterns, settings.assignments, shifts);
      return {
        id: e.employeeId,
        name: `${e.lastName} ${e.firstName}`,
        last_name: e.lastName,
        first_name: e.firstName,
        department_id: e.departmentId ?? null,
        department_name: (e.departmentId && deptName.get(e.departmentId)) || null,
        employment_status_id: e.employmentStatusId ?? null,
        employment_status_name: (e.employmentStatusId && statusName.get(e.employmentStatusId)) || null,
        status: e.status,
        days: dates.map((d) => {
          const c = calendar(d);
          return dayView(d, effectiveSchedule(of(d), c), c.isDayOff);
        }),
      };
    }),
    entries: shifts.map((s) => ({
      employee_id: s.employeeId,
      date: s.date,
      pattern_id: s.dayOff ? null : (s.patternId ?? null),
      day_off: Boolean(s.dayOff),
    })),
    cursor: sealCursor(next, scope),
  };
  return ok(view);
});
