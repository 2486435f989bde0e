/**
 * Schedules (勤務予定): work patterns (勤務パターン), their default assignment per department ×
 * employment status and per employee (effective-dated), and shifts (シフト) per employee and date;
 * plus the company's work settings (遅刻・早退の猶予, 勤務間インターバル, rounding, 時間単位年休).
 *
 * A date's schedule for an employee, in order of precedence:
 *   1. the shift of that date (a pattern, or a day off);
 *   2. the employee's own default pattern in force on the date;
 *   3. the default pattern of the most specific (department, status) pair in force on the date
 *      ((dept, status) > (dept, -) > (-, status) > (-, -), as for the working rules);
 *   4. none: the day has no scheduled times (no 遅刻/早退/欠勤 can be found on it).
 * An assignment whose pattern is null stands for "no default pattern" at its level and above it
 * falls through to nothing (it stops the search).
 */
import { assignmentOn, type AssignedStaff } from '../staff-assignment.js';
/** "All" in an assignment's department / status / employee (as RULE_ANY of the rule entity). */
export const RULE_ANY = '-';

/**
 * A break window of a pattern, minutes from the work date's local midnight, end exclusive. A night
 * pattern's windows may lie past 24:00 (e.g. 26:00–27:00 = 翌2:00–3:00).
 */
export interface PatternBreak {
  startMinute: number;
  endMinute: number;
}

/** A work pattern (勤務パターン) as the engine uses it. */
export interface WorkPattern {
  id: string;
  name: string;
  /** Scheduled start, minutes from the work date's local midnight (0–1439). */
  startMinute: number;
  /**
   * Scheduled end, minutes from the work date's local midnight; greater than startMinute, and past
   * 1440 for a pattern that crosses midnight (夜勤, e.g. 22:00–翌7:00 = 1320–1860). At most 48:00.
   */
  endMinute: number;
  /** Break windows inside [startMinute, endMinute), sorted and disjoint. */
  breaks: PatternBreak[];
}

/** What a date is for one employee by the schedule. */
export type DaySchedule =
  | { kind: 'pattern'; pattern: WorkPattern; source: 'shift' | 'employee' | 'group' }
  | { kind: 'day_off'; source: 'shift' };

/** date (YYYY-MM-DD) → the schedule of that date, null when none applies. */
export type ScheduleOf = (date: string) => DaySchedule | null;

export const NO_SCHEDULE: ScheduleOf = () => null;

/** The company's work settings (勤務設定) in force on a date. */
export interface WorkSettings {
  /** 遅刻・早退の猶予: lateness / early leave up to this many minutes is not counted (0–59). */
  graceMinutes: number;
  /** 勤務間インターバル: the rest required between one day's end and the next day's start; null = off. */
  intervalMinutes: number | null;
  /**
   * Display rounding of punches in the month tables only (0 = none; 5, 10, 15 or 30): 出勤 rounded
   * up and 退勤 rounded down to the unit on screen. Pay figures always stay to the minute.
   */
  displayRoundingMinutes: 0 | 5 | 10 | 15 | 30;
  /**
   * 1か月単位の端数処理 (昭和63年3月14日基発150号): the month's totals of 時間外・休日・深夜 each rounded —
   * under 30 minutes dropped, 30 minutes or more raised to the hour. Off by default.
   */
  monthlyRounding30: boolean;
  /** 時間単位年休 (39条4項, needs a 労使協定): off by default. */
  hourlyLeaveEnabled: boolean;
  /** Days' worth of hourly leave a year allowed by the 労使協定 (1–5). */
  hourlyLeaveDaysPerYear: number;
}

export const DEFAULT_WORK_SETTINGS: WorkSettings = {
  graceMinutes: 0,
  intervalMinutes: null,
  displayRoundingMinutes: 0,
  monthlyRounding30: false,
  hourlyLeaveEnabled: false,
  hourlyLeaveDaysPerYear: 5,
};

/** date → the work settings in force on it. */
export type SettingsOf = (date: string) => WorkSettings;

export const DEFAULT_SETTINGS_OF: SettingsOf = () => DEFAULT_WORK_SETTINGS;

/** A break as punched (休憩開始 / 休憩終了), ISO-8601 instants; endAt null while the break is running. */
export interface PunchedBreak {
  startAt: string;
  endAt?: string | null | undefined;
}

/** 終日 / 午前半休 / 午後半休 / 時間単位. */
export type LeaveUnit = 'day' | 'am' | 'pm' | 'hours';
export const LEAVE_UNITS = ['day', 'am', 'pm', 'hours'] as const;
export const LEAVE_UNIT_LABELS: Record<LeaveUnit, string> = {
  day: '終日',
  am: '午前半休',
  pm: '午後半休',
  hours: '時間単位',
};

/* ----------------------------------------------------------------------------------------------
 * Resolution from stored records (the shapes the entities return; extra fields are ignored).
 * -------------------------------------------------------------------------------------------- */

export interface PatternRecord {
  patternId: string;
  name: string;
  startMinute: number;
  endMinute: number;
  breakWindows?: readonly PatternBreak[] | null | undefined;
  /** Set when deleted: kept so that past shifts and assignments still resolve. */
  deletedAt?: string | null | undefined;
}

export interface AssignmentRecord {
  scope: 'group' | 'employee';
  /** RULE_ANY ('-') = all; group scope only. */
  departmentId: string;
  employmentStatusId: string;
  /** RULE_ANY for group scope. */
  employeeId: string;
  effectiveFrom: string;
  /** null / '' = no default pattern from this version on. */
  patternId?: string | null | undefined;
}

export interface ShiftRecord {
  employeeId: string;
  date: string;
  patternId?: string | null | undefined;
  dayOff?: boolean | null | undefined;
}

export interface WorkSettingRecord {
  effectiveFrom: string;
  graceMinutes?: number | null | undefined;
  intervalMinutes?: number | null | undefined;
  displayRoundingMinutes?: number | null | undefined;
  monthlyRounding30?: boolean | null | undefined;
  hourlyLeaveEnabled?: boolean | null | undefined;
  hourlyLeaveDaysPerYear?: number | null | undefined;
}

export function patternOf(r: PatternRecord): WorkPattern {
  return {
    id: r.patternId,
    name: r.name,
    startMinute: r.startMinute,
    endMinute: r.endMinute,
    breaks: [...(r.breakWindows ?? [])].sort((a, b) => a.startMinute - b.startMinute),
  };
}

/** The version in force on `date` among versions keyed by effectiveFrom (latest not after date). */
export function inForce<T extends { effectiveFrom: string }>(versions: readonly T[], date: string): T | undefined {
  let best: T | undefined;
  for (const v of versions) if (v.effectiveFrom <= date && (!best || v.effectiveFrom > best.effectiveFrom)) best = v;
  return best;
}

/**
 * The schedule function of one employee: `shifts` are that employee's shifts (any dates), the
 * patterns and assignments the company's.
 */
export function scheduleOf(
  employee: { employeeId: string } & AssignedStaff,
  patterns: readonly PatternRecord[],
  assignments: readonly AssignmentRecord[],
  shifts: readonly ShiftRecord[],
): ScheduleOf {
  const byId = new Map(patterns.map((p) => [p.patternId, patternOf(p)]));
  const shiftByDate = new Map(shifts.filter((s) => s.employeeId === employee.employeeId).map((s) => [s.date, s]));
  const own = assignments.filter((a) => a.scope === 'employee' && a.employeeId === employee.employeeId);
  // The (department, status) group defaults of the unit the member is in on the day (a move applies
  // from its date: domain/staff-assignment.ts), most specific first; kept per unit.
  const groupsOf = new Map<string, AssignmentRecord[][]>();
  const groupsOn = (date: string) => {
    const unit = assignmentOn(employee, date);
    const dept = unit.departmentId || RULE_ANY;
    const status = unit.employmentStatusId || RULE_ANY;
    const key = `${dept}\n${status}`;
    let groups = groupsOf.get(key);
    if (!groups) {
      const pairs: [string, string][] = [
        [dept, status],
        [dept, RULE_ANY],
        [RULE_ANY, status],
        [RULE_ANY, RULE_ANY],
      ];
      groups = pairs.map(([d, s]) =>
        assignments.filter((a) => a.scope === 'group' && a.departmentId === d && a.employmentStatusId === s),
      );
      groupsOf.set(key, groups);
    }
    return groups;
  };
  return (date) => {
    const shift = shiftByDate.get(date);
    if (shift) {
      if (shift.dayOff) return { kind: 'day_off', source: 'shift' };
      const p = shift.patternId ? byId.get(shift.patternId) : undefined;
      if (p) return { kind: 'pattern', pattern: p, source: 'shift' };
    }
    const mine = inForce(own, date);
    if (mine) {
      const p = mine.patternId ? byId.get(mine.patternId) : undefined;
      return p ? { kind: 'pattern', pattern: p, source: 'employee' } : null;
    }
    for (const versions of groupsOn(date)) {
      const v = inForce(versions, date);
      if (!v) continue;
      const p = v.patternId ? byId.get(v.patternId) : undefined;
      return p ? { kind: 'pattern', pattern: p, source: 'group' } : null;
    }
    return null;
  };
}

/** The work settings function from the stored versions (defaults before the first one). */
export function settingsOf(versions: readonly WorkSettingRecord[]): SettingsOf {
  if (!versions.length) return DEFAULT_SETTINGS_OF;
  return (date) => {
    const v = inForce(versions, date);
    if (!v) return DEFAULT_WORK_SETTINGS;
    const rounding = v.displayRoundingMinutes ?? 0;
    return {
      graceMinutes: v.graceMinutes ?? 0,
      intervalMinutes: v.intervalMinutes ?? null,
      displayRoundingMinutes: ([0, 5, 10, 15, 30] as const).includes(rounding as 0) ? (rounding as 0) : 0,
      monthlyRounding30: Boolean(v.monthlyRounding30),
      hourlyLeaveEnabled: Boolean(v.hourlyLeaveEnabled),
      hourlyLeaveDaysPerYear: v.hourlyLeaveDaysPerYear ?? DEFAULT_WORK_SETTINGS.hourlyLeaveDaysPerYear,
    };
  };
}
