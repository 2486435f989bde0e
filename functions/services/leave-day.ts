/**
 * What a leave request needs to know about its day: what the date is for the employee (the one
 * function of the day, domain/worktime/employee-day.ts: the company calendar, an approved 振替, the
 * shift and the patterns — the same day the punch screen and the month table show), the company's
 * work settings in force (時間単位年休 on or off, days' worth a year) and the day's scheduled working
 * time (the pattern's span less its breaks, or the working rule's 所定労働時間 when no pattern applies).
 * Three reads at once: the company's settings partition (patterns, assignments, settings, rules,
 * calendar), the employee, and the employee's days and shifts of the date (one Query per date asked).
 *
 * A day's worth of 時間単位年休 (39条4項, 則24条の4) is one figure for the employee, not the day's: the
 * 所定労働時間 of a day, or where it differs from day to day the year's daily average (平21.5.29
 * 基発0529001号). The product takes the employee's standard day — the default pattern in force on the
 * date (the employee's own, else the department × status default), not a shift's — or the working
 * rule's 所定労働時間 without one; so a short 早番 shift on the day neither lowers the yearly cap nor
 * makes its hours a larger part of a day. A company whose shifts differ from the default on average
 * sets the employee's default pattern to the average day.
 */
import { daysAndShiftsBetween } from '../db/attendance.js';
import { assignmentOn } from '../domain/staff-assignment.js';
import { findEmployee } from '../db/staff.js';
import { engineSchedule, scheduleSettings, type CompanySettings } from '../db/schedules.js';
import { scheduledMinutesOf } from '../domain/paid-leave/index.js';
import { calendarOfVersions } from '../domain/worktime/calendar.js';
import { dayOverridesOf, employeeDayOf, type EmployeeDay } from '../domain/worktime/employee-day.js';
import { resolveRules } from '../domain/worktime/rules.js';
import { scheduleOf, settingsOf, type DaySchedule, type WorkSettings } from '../domain/worktime/schedule.js';

export interface LeaveDay {
  /** What the date is for the employee: a working day takes leave, a day off does not (39条). */
  day: EmployeeDay;
  /** The schedule that applies on the day (a pattern, a shift's day off, or none). */
  schedule: DaySchedule | null;
  settings: WorkSettings;
  /** The day's scheduled working minutes; null on a scheduled day off (a shift's day off). */
  scheduledMinutes: number | null;
  /** The employee's standard day (default pattern or the rule's 所定), whatever the shift of the date. */
  standardMinutes: number;
}

/**
 * What each of `dates` is for the employee (employee-day.ts), with the company's settings and the
 * employee read for it: the settings partition and the staff item at once, with one Query of the
 * employee's own days and shifts per date (a 振替 asks two dates, leave one).
 */
export async function employeeDays(
  companyId: string,
  employeeId: string,
  dates: readonly string[],
): Promise<{
  day: (date: string) => EmployeeDay;
  settings: CompanySettings;
  employee: Awaited<ReturnType<typeof findEmployee>>;
}> {
  const who = { companyId, employeeId };
  const [settings, employee, ...read] = await Promise.all([
    scheduleSettings(companyId),
    findEmployee(companyId, employeeId),
    ...[...new Set(dates)].map((d) => daysAndShiftsBetween(who, d, d)),
  ]);
  const staff = {
    employeeId,
    departmentId: employee?.departmentId,
    employmentStatusId: employee?.employmentStatusId,
    assignments: employee?.assignments,
  };
  const { schedule } = engineSchedule(
    settings,
    staff,
    read.flatMap((r) => r.shifts),
  );
  const day = employeeDayOf({
    calendar: calendarOfVersions(settings.calendar),
    schedule,
    overrides: dayOverridesOf(read.flatMap((r) => r.days)),
  });
  return { day, settings, employee };
}

export async function leaveDay(companyId: string, employeeId: string, date: string): Promise<LeaveDay> {
  const { day, settings, employee } = await employeeDays(companyId, employeeId, [date]);
  const who = {
    employeeId,
    departmentId: employee?.departmentId,
    employmentStatusId: employee?.employmentStatusId,
    assignments: employee?.assignments,
  };
  const standard = scheduleOf(who, settings.patterns, settings.assignments, [])(date);
  // The unit the member is in on the leave date (a move applies from its date).
  const unit = assignmentOn(who, date);
  const fixed = resolveRules(settings.rules, unit.departmentId, unit.employmentStatusId, date).working.fixedMinutes;
  const { schedule } = day(date);
  return {
    day: day(date),
    schedule,
    settings: settingsOf(settings.settings)(date),
    scheduledMinutes: scheduledMinutesOf(schedule, fixed),
    standardMinutes: scheduledMinutesOf(standard, fixed) ?? fixed,
  };
}

/** Today's work settings of the company (the leave form offers 時間単位 only when they allow it). */
export async function workSettingsOn(companyId: string, date: string): Promise<WorkSettings> {
  return settingsOf((await scheduleSettings(companyId)).settings)(date);
}
