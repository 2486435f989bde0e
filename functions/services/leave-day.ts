/**
 * What a leave request needs to know about its day: the employee's schedule (shift > employee default
 * > (dept, status) default), the company's work settings in force (時間単位年休 on or off, days' worth
 * a year) and the day's scheduled working time (the pattern's span less its breaks, or the working
 * rule's 所定労働時間 when no pattern applies). Four reads: the schedule partition, the employee, the
 * date's month of shifts and the rules.
 *
 * A day's worth of 時間単位年休 (39条4項, 則24条の4) is one figure for the employee, not the day's: the
 * 所定労働時間 of a day, or where it differs from day to day the year's daily average (平21.5.29
 * 基発0529001号). The product takes the employee's standard day — the default pattern in force on the
 * date (the employee's own, else the department × status default), not a shift's — or the working
 * rule's 所定労働時間 without one; so a short 早番 shift on the day neither lowers the yearly cap nor
 * makes its hours a larger part of a day. A company whose shifts differ from the default on average
 * sets the employee's default pattern to the average day.
 */
import { assignmentOn } from '../domain/staff-assignment.js';
import { findEmployee } from '../db/staff.js';
import { employeeShifts, scheduleSettings } from '../db/schedules.js';
import { allRules } from '../db/summaries.js';
import { scheduledMinutesOf } from '../domain/paid-leave/index.js';
import { resolveRules } from '../domain/worktime/rules.js';
import { scheduleOf, settingsOf, type DaySchedule, type WorkSettings } from '../domain/worktime/schedule.js';

export interface LeaveDay {
  schedule: DaySchedule | null;
  settings: WorkSettings;
  /** The day's scheduled working minutes; null on a scheduled day off (a shift's day off). */
  scheduledMinutes: number | null;
  /** The employee's standard day (default pattern or the rule's 所定), whatever the shift of the date. */
  standardMinutes: number;
}

export async function leaveDay(companyId: string, employeeId: string, date: string): Promise<LeaveDay> {
  const [sched, employee, shifts, rules] = await Promise.all([
    scheduleSettings(companyId),
    findEmployee(companyId, employeeId),
    employeeShifts(companyId, employeeId, date, date),
    allRules(companyId),
  ]);
  const who = {
    employeeId,
    departmentId: employee?.departmentId,
    employmentStatusId: employee?.employmentStatusId,
    assignments: employee?.assignments,
  };
  const schedule = scheduleOf(who, sched.patterns, sched.assignments, shifts)(date);
  const standard = scheduleOf(who, sched.patterns, sched.assignments, [])(date);
  // The unit the member is in on the leave date (a move applies from its date).
  const unit = assignmentOn(who, date);
  const fixed = resolveRules(rules, unit.departmentId, unit.employmentStatusId, date).working.fixedMinutes;
  return {
    schedule,
    settings: settingsOf(sched.settings)(date),
    scheduledMinutes: scheduledMinutesOf(schedule, fixed),
    standardMinutes: scheduledMinutesOf(standard, fixed) ?? fixed,
  };
}

/** Today's work settings of the company (the leave form offers 時間単位 only when they allow it). */
export async function workSettingsOn(companyId: string, date: string): Promise<WorkSettings> {
  return settingsOf((await scheduleSettings(companyId)).settings)(date);
}
