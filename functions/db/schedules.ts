/**
 * Reads of the schedule data (domain/worktime/schedule.ts): the company's patterns, default
 * assignments and work-settings versions (one Query of `c#<co>#sched`), and shifts by month.
 */
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
import { monthsBetween } from '../domain/time.js';
import { db, type Db } from './service.js';

export interface ScheduleSettings {
  patterns: PatternRecord[];
  assignments: AssignmentRecord[];
  settings: WorkSettingRecord[];
  /** Working-time system versions (労働時間制度), per status / company / employee. */
  systems: WorkSystemRecord[];
}

/** Every pattern (deleted ones too), assignment, work-settings and working-time system version: one Query. */
export async function scheduleSettings(companyId: string, service: Db = db()): Promise<ScheduleSettings> {
  const { data } = await service.collections.schedule({ companyId }).go({ pages: 'all' });
  return {
    patterns: data.WorkPatternItem,
    assignments: data.PatternAssignment,
    settings: data.WorkSetting,
    systems: data.WorkSystemItem,
  };
}

/** One employee's shifts `from`–`to`: one Query per calendar month touched. */
export async function employeeShifts(
  companyId: string,
  employeeId: string,
  from: string,
  to: string,
  service: Db = db(),
): Promise<ShiftRecord[]> {
  const months = await Promise.all(
    monthsBetween(from, to).map((yearMonth) =>
      service.entities.Shift.query.byMonth({ companyId, yearMonth, employeeId }).go({ pages: 'all' }),
    ),
  );
  return months.flatMap((r) => r.data).filter((s) => s.date >= from && s.date <= to);
}

/** Every employee's shifts of one calendar month (the admin grid, exports): one paginated Query. */
export async function companyShifts(companyId: string, yearMonth: string, service: Db = db()): Promise<ShiftRecord[]> {
  const { data } = await service.entities.Shift.query.byMonth({ companyId, yearMonth }).go({ pages: 'all' });
  return data;
}

/** An employee's schedule and the company's settings functions for the engine (MonthInput). */
export function engineSchedule(
  settings: ScheduleSettings,
  employee: {
    employeeId: string;
    departmentId?: string | null | undefined;
    employmentStatusId?: string | null | undefined;
  },
  shifts: readonly ShiftRecord[],
): { schedule: ScheduleOf; settings: SettingsOf; system: SystemOf } {
  return {
    schedule: scheduleOf(employee, settings.patterns, settings.assignments, shifts),
    settings: settingsOf(settings.settings),
    system: systemOf(employee, settings.systems ?? []),
  };
}
