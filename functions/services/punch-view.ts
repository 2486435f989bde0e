import { daysAndShiftsBetween, daysBetween, type DayRecord, type SummaryWrite } from '../db/attendance.js';
import { engineSchedule, scheduleSettings, type CompanySettings } from '../db/schedules.js';
import { findEmployee } from '../db/staff.js';
import { staffAndHistory, summaryPlan, summaryRefresh } from '../db/summaries.js';
import type { ShiftRecord } from '../domain/worktime/schedule.js';
import { logger } from '../shared/logger.js';
import {
  MISSED_PUNCH_LOOKBACK_DAYS,
  PUNCH_STATUS_LABELS,
  breakMinutes,
  currentShift,
  missedPunches,
  punchInDate,
  statusOf,
  type Shift,
} from '../domain/punch.js';
import type { DaySchedule, ScheduleOf } from '../domain/worktime/schedule.js';
import { NO_SCHEDULE } from '../domain/worktime/schedule.js';
import { calendarOfVersions } from '../domain/worktime/calendar.js';
import type { DayKind } from '../domain/worktime/day.js';
import { dayOverridesOf, employeeDayOf, type DayBasis, type EmployeeDay } from '../domain/worktime/employee-day.js';
import { addDays, instantOf, today } from '../domain/time.js';
import type { EmployeePrincipal } from '../shared/auth/session.js';

/** The day's schedule on the punch screen (予定 9:00–18:00 日勤), or a shift day off. */
export interface PunchSchedule {
  /** The work date it is the schedule of. */
  date: string;
  kind: 'pattern' | 'day_off';
  /** Where it comes from: the shift of the date, the employee's default, or the department × status default. */
  source: 'shift' | 'employee' | 'group';
  pattern_id: string | null;
  pattern_name: string | null;
  /** Company-local HH:MM; an end past midnight is given with crosses_midnight (end_time "07:00" = 翌7:00). */
  start_time: string | null;
  end_time: string | null;
  crosses_midnight: boolean;
  /** The scheduled start and end as instants (ISO-8601), null on a day off. */
  scheduled_start: string | null;
  scheduled_end: string | null;
}

/**
 * What the date of the punch screen is for the employee (employee-day.ts, the same function as the
 * month table's days): the fields keep the month table's names (AttendanceDayView) so the two read alike.
 */
export interface PunchDayView {
  date: string;
  /** 出勤日 / 出勤日（カレンダー） / 所定休日 / 祝日 / 会社休日 / 法定休日 for this employee. */
  day_kind: DayKind;
  is_day_off: boolean;
  /** What decided it: the company calendar, the employee's shift, or an approved 振替. */
  basis: DayBasis;
  /** Name of a company day off or an extra working day (年末年始…); null otherwise. */
  day_name: string | null;
  holiday_name: string | null;
  /** An approved 振替 on the day (`working` on the holiday worked, `day_off` on the swap day), and the other day. */
  transfer: 'working' | 'day_off' | null;
  transfer_date: string | null;
}

export function punchDayView(day: EmployeeDay): PunchDayView {
  return {
    date: day.date,
    day_kind: day.kind,
    is_day_off: day.calendar.isDayOff,
    basis: day.basis,
    day_name: day.calendar.name ?? null,
    holiday_name: day.calendar.holidayName,
    transfer: day.calendar.transfer?.role ?? null,
    transfer_date: day.calendar.transfer?.partner ?? null,
  };
}

/** The punch screen's data: the current shift, its state, breaks and schedule, and missed punch-outs. */
export interface PunchView {
  work_date: string | null;
  punch_in_at: string | null;
  punch_out_at: string | null;
  /** The 出勤 memo (for records older than the 退勤 memo: their single memo). */
  note: string | null;
  /** The 退勤 memo. */
  punch_out_note: string | null;
  /** 未出勤 / 勤務中 / 休憩中 / 退勤済み (status_label is the Japanese name). */
  status: ReturnType<typeof statusOf>;
  status_label: string;
  /** The shift's breaks as punched, in order; end_at null while the break runs. */
  breaks: { start_at: string; end_at: string | null }[];
  /** Minutes of the breaks that have ended. */
  break_minutes: number;
  /** The schedule of the shift's date (today's before 出勤); null when no pattern or shift applies. */
  schedule: PunchSchedule | null;
  /** What that date is for the employee (day kind, 振替, shift): the same day as the month table's. */
  day: PunchDayView;
  missed_punches: { date: string }[];
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** A resolved schedule as the punch screen shows it, times in the company's zone. */
export function punchSchedule(date: string, schedule: DaySchedule | null, timeZone: string): PunchSchedule | null {
  if (!schedule) return null;
  if (schedule.kind === 'day_off')
    return {
      date,
      kind: 'day_off',
      source: schedule.source,
      pattern_id: null,
      pattern_name: null,
      start_time: null,
      end_time: null,
      crosses_midnight: false,
      scheduled_start: null,
      scheduled_end: null,
    };
  const { pattern } = schedule;
  // instantOf rolls an hour past 23 into the next day (a night pattern's end, e.g. 31:00 = 翌7:00).
  const at = (minute: number) => instantOf(date, Math.floor(minute / 60), minute % 60, timeZone);
  return {
    date,
    kind: 'pattern',
    source: schedule.source,
    pattern_id: pattern.id,
    pattern_name: pattern.name,
    start_time: hhmm(pattern.startMinute),
    end_time: hhmm(pattern.endMinute),
    crosses_midnight: pattern.endMinute >= 1440,
    scheduled_start: at(pattern.startMinute),
    scheduled_end: at(pattern.endMinute),
  };
}

/** What the view is computed against besides the days: the company-local date, zone and the employee's days. */
export interface PunchContext {
  todayDate: string;
  timeZone: string;
  /** What each date is for the employee (calendar, 振替, shift, schedule: employee-day.ts). */
  day: (date: string) => EmployeeDay;
  /** The work date a punch-in now belongs to (domain/punch.ts punchInDate); todayDate when absent. */
  punchInDate?: string | undefined;
}

export function punchView(
  { todayDate, timeZone, day, punchInDate }: PunchContext,
  days: readonly Shift[],
  now: Date,
): PunchView {
  const shift = currentShift(days, todayDate, now);
  const status = statusOf(shift);
  // Before 出勤 after midnight, a night shift from yesterday still due is the schedule shown.
  const date = shift?.workDate ?? (status === 'not_punched_in' && punchInDate ? punchInDate : todayDate);
  return {
    work_date: shift?.workDate ?? null,
    punch_in_at: shift?.punchInAt ?? null,
    punch_out_at: shift?.punchOutAt ?? null,
    note: shift?.note ?? null,
    punch_out_note: shift?.punchOutNote ?? null,
    status,
    status_label: PUNCH_STATUS_LABELS[status],
    breaks: (shift?.breaks ?? []).map((b) => ({ start_at: b.startAt, end_at: b.endAt ?? null })),
    break_minutes: breakMinutes(shift?.breaks),
    schedule: punchSchedule(date, day(date).schedule, timeZone),
    day: punchDayView(day(date)),
    missed_punches: missedPunches(days, todayDate, now).map((date) => ({ date })),
  };
}

/** The recent days alone (one Query): today, a night shift from yesterday and the missed-punch look-back. */
export async function recentDays(principal: EmployeePrincipal, now: Date) {
  const todayDate = today(principal.timeZone, now);
  const who = { companyId: principal.companyId, employeeId: principal.userId };
  return daysBetween(who, addDays(todayDate, -MISSED_PUNCH_LOOKBACK_DAYS), todayDate);
}

/** What a punch read besides the punch screen's days: enough to refresh the summary in the punch's own write. */
export interface PunchRead {
  settings: CompanySettings;
  employee: Awaited<ReturnType<typeof staffAndHistory>>['employee'];
  history: Awaited<ReturnType<typeof staffAndHistory>>['history'];
  /** The days and shifts read, `from`–`to` (the recent days and the payroll periods they can change). */
  from: string;
  to: string;
  days: DayRecord[];
  shifts: ShiftRecord[];
}

/**
 * The recent days and the schedule the punch screen needs, in at most three requests whatever the
 * company's set-up (issue 19): the company's settings partition (patterns, assignments, settings,
 * rules, calendar, 締め日, closings: one Query) and, at once, the employee's staff item — with the
 * overtime history for a punch (`forPunch`: one TransactGetItems), alone (GetItem) on the screen and
 * only when department × status defaults exist — then one Query of the employee's partition for the
 * days and shifts. For a punch that range also covers the payroll periods a punch-out can change, so
 * the summary is refreshed in the punch's own transaction (punchOutSummary). Yesterday's schedule says
 * whether a punch-in now belongs to yesterday's night shift (punchInDate).
 */
export async function recentShifts(principal: EmployeePrincipal, now: Date, forPunch = false) {
  const todayDate = today(principal.timeZone, now);
  const who = { companyId: principal.companyId, employeeId: principal.userId };
  const lookback = addDays(todayDate, -MISSED_PUNCH_LOOKBACK_DAYS);
  let settings: CompanySettings;
  let staff: Pick<PunchRead, 'employee' | 'history'>;
  let read: { days: DayRecord[]; shifts: ShiftRecord[] };
  let from = lookback;
  let to = todayDate;
  if (forPunch) {
    [settings, staff] = await Promise.all([
      scheduleSettings(who.companyId),
      staffAndHistory(who.companyId, who.employeeId),
    ]);
    // A punch reads from the start of what a punch-out in the look-back could recompute.
    const plan = summaryPlan(who.employeeId, staff.employee, settings, lookback, todayDate, todayDate);
    if (plan.from < from) from = plan.from;
    if (plan.to > to) to = plan.to;
    read = await daysAndShiftsBetween(who, from, to);
  } else {
    [settings, read] = await Promise.all([scheduleSettings(who.companyId), daysAndShiftsBetween(who, from, to)]);
    const needsEmployee = settings.patterns.length > 0 && settings.assignments.some((a) => a.scope === 'group');
    staff = { employee: needsEmployee ? await findEmployee(who.companyId, who.employeeId) : null, history: null };
  }
  const days = read.days.filter((d) => d.workDate >= lookback && d.workDate <= todayDate);
  let schedule: ScheduleOf = NO_SCHEDULE;
  if (settings.patterns.length) {
    schedule = engineSchedule(
      settings,
      {
        employeeId: who.employeeId,
        departmentId: staff.employee?.departmentId,
        employmentStatusId: staff.employee?.employmentStatusId,
        assignments: staff.employee?.assignments,
      },
      read.shifts,
    ).schedule;
  }
  // The days as the month table computes them: the company calendar, the approved 振替 the days read
  // carry (today's and yesterday's are among them), the shifts and patterns.
  const day = employeeDayOf({
    calendar: calendarOfVersions(settings.calendar),
    schedule,
    overrides: dayOverridesOf(read.days),
  });
  const yesterday = addDays(todayDate, -1);
  const before = day(yesterday).schedule;
  const night =
    before?.kind === 'pattern' && before.pattern.endMinute > 24 * 60
      ? punchSchedule(yesterday, before, principal.timeZone)
      : null;
  const punchInAt = punchInDate(
    days,
    todayDate,
    now,
    night?.scheduled_start && night.scheduled_end
      ? { startAt: night.scheduled_start, endAt: night.scheduled_end }
      : null,
  );
  const context: PunchContext = { todayDate, timeZone: principal.timeZone, day, punchInDate: punchInAt };
  const punch: PunchRead = { settings, ...staff, from, to, days: read.days, shifts: read.shifts };
  return { todayDate, who, days, context, punch };
}

/**
 * A punch-out's refreshed summaries and overtime history, computed from what the punch read with the
 * day as it will be after the punch (`day`), for the punch's own transaction. Null when the days read
 * do not cover the periods to refresh (the caller refreshes after the write then) or the computation
 * failed (logged: the punch itself must not fail for its figures).
 */
export function punchOutSummary(
  read: PunchRead,
  who: { companyId: string; employeeId: string; timeZone: string },
  day: DayRecord,
  todayDate: string,
): SummaryWrite | null {
  try {
    const plan = summaryPlan(who.employeeId, read.employee, read.settings, day.workDate, day.workDate, todayDate);
    if (plan.from < read.from || plan.to > read.to) return null;
    const days = [...read.days.filter((d) => d.workDate !== day.workDate), day].sort((a, b) =>
      a.workDate.localeCompare(b.workDate),
    );
    return summaryRefresh(who, read.employee, read.history, read.settings, plan, days, read.shifts);
  } catch (error) {
    logger.error('summary refresh failed', { ...who, month: day.workDate, error: error as Error });
    return null;
  }
}
