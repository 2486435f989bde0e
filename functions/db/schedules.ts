/**
 * Reads of the schedule data (domain/worktime/schedule.ts): the company's patterns, default
 * assignments and work-settings versions with the other settings (one Query of `c#<co>#sched`), and
 * shifts (an employee's from their partition, a company month's from gsi1).
 */
import type { AssignedStaff } from '../domain/staff-assignment.js';
import {
  scheduleOf,
  settingsOf,
  type AssignmentRecord,
  type PatternRecord,
  type ScheduleOf,
  type SettingsOf,
  type ShiftRecord,
  type WorkSettingRecord,
} from '../domain/worktime/schedule.js';
import { systemOf, type SystemOf, type WorkSystemRecord } from '../domain/worktime/system.js';
import type { CalendarVersion } from '../domain/worktime/calendar.js';
import type { RuleRecord } from '../domain/worktime/rules.js';
import type { PayrollVersion } from '../domain/payroll-period.js';
import { daysAndShiftsBetween } from './attendance.js';
import { calendarVersionsOf } from './company-calendars.js';
import { payrollVersionsOf, type Closing } from './period-closings.js';
import { db, type Db } from './service.js';

export interface ScheduleSettings {
  patterns: PatternRecord[];
  assignments: AssignmentRecord[];
  settings: WorkSettingRecord[];
  /** Working-time system versions (労働時間制度), per status / company / employee. */
  systems: WorkSystemRecord[];
}

/**
 * The company's settings partition (`c#<co>#sched`, issue 19): besides the schedule settings, every
 * working / break rule version, calendar version, 締め日 version and payroll-period closing live there,
 * so the hot paths read all of a company's settings with one Query.
 */
export interface CompanySettings extends ScheduleSettings {
  rules: RuleRecord[];
  calendar: CalendarVersion[];
  payroll: PayrollVersion[];
  closings: Closing[];
}

/**
 * Every pattern (deleted ones too), assignment, work-settings and working-time system version, and
 * the rules, calendar versions, 締め日 versions and closings: one Query of the settings partition.
 */
export async function scheduleSettings(companyId: string, service: Db = db()): Promise<CompanySettings> {
  const { data } = await service.collections.schedule({ companyId }).go({ pages: 'all' });
  return {
    patterns: data.WorkPatternItem,
    assignments: data.PatternAssignment,
    settings: data.WorkSetting,
    systems: data.WorkSystemItem,
    rules: data.Rule,
    calendar: calendarVersionsOf(data.CompanyCalendar),
    payroll: payrollVersionsOf(data.PayrollSetting),
    closings: [...data.PeriodClosing].sort((a, b) => a.period.localeCompare(b.period)),
  };
}

/**
 * One employee's shifts `from`–`to`: the one Query of the employee's partition that reads days and
 * shifts together (db/attendance.ts daysAndShiftsBetween bounds the range after `day#<to>#shift`).
 */
export async function employeeShifts(
  companyId: string,
  employeeId: string,
  from: string,
  to: string,
  service: Db = db(),
): Promise<ShiftRecord[]> {
  return (await daysAndShiftsBetween({ companyId, employeeId }, from, to, service)).shifts;
}

/** Every employee's shifts of one calendar month (the admin grid, exports): one paginated Query of gsi1. */
export async function companyShifts(companyId: string, yearMonth: string, service: Db = db()): Promise<ShiftRecord[]> {
  const { data } = await service.entities.Shift.query.byMonth({ companyId, yearMonth }).go({ pages: 'all' });
  return data;
}

/** An employee's schedule and the company's settings functions for the engine (MonthInput). */
export function engineSchedule(
  settings: ScheduleSettings,
  employee: { employeeId: string } & AssignedStaff,
  shifts: readonly ShiftRecord[],
): { schedule: ScheduleOf; settings: SettingsOf; system: SystemOf } {
  return {
    schedule: scheduleOf(employee, settings.patterns, settings.assignments, shifts),
    settings: settingsOf(settings.settings),
    system: systemOf(employee, settings.systems ?? []),
  };
}
