import { patternClock, patternWorkMinutes } from '../../domain/work-patterns.js';
import {
  DEFAULT_WORK_SETTINGS,
  RULE_ANY,
  type AssignmentRecord,
  type PatternRecord,
  type WorkSettingRecord,
} from '../../domain/worktime/schedule.js';

/** What the work-pattern routes answer (the SPA imports these types). */

type StoredPattern = PatternRecord & { createdAt?: string | undefined; updatedAt?: string | undefined };

/** A work pattern: times in clock form ("07:00" + crosses_midnight = 翌7:00), work_minutes = scheduled − breaks. */
export function patternView(p: StoredPattern) {
  return {
    id: p.patternId,
    name: p.name,
    ...patternClock(p),
    work_minutes: patternWorkMinutes(p),
    deleted: Boolean(p.deletedAt),
    updated_at: p.updatedAt ?? null,
  };
}
export type WorkPatternView = ReturnType<typeof patternView>;

const live = (p: PatternRecord) => !p.deletedAt;
const byStart = (a: PatternRecord, b: PatternRecord) => a.startMinute - b.startMinute || a.name.localeCompare(b.name);

/** The live patterns, earliest start first. */
export const patternList = (patterns: readonly StoredPattern[]): WorkPatternView[] =>
  patterns.filter(live).sort(byStart).map(patternView);

type StoredAssignment = AssignmentRecord & { updatedAt?: string | undefined };
const orNull = (v: string) => (v === RULE_ANY ? null : v);

/** One default-assignment version; pattern_name names a deleted pattern too (history). */
export function assignmentView(
  a: StoredAssignment,
  patterns: ReadonlyMap<string, PatternRecord>,
  names: ReadonlyMap<string, string> = new Map(),
) {
  const p = a.patternId ? patterns.get(a.patternId) : undefined;
  return {
    scope: a.scope,
    department_id: a.scope === 'group' ? orNull(a.departmentId) : null,
    employment_status_id: a.scope === 'group' ? orNull(a.employmentStatusId) : null,
    employee_id: a.scope === 'employee' ? a.employeeId : null,
    /** The member's name (staffNames) where the answer read it, else null: the screen shows the id. */
    employee_name: a.scope === 'employee' ? (names.get(a.employeeId) ?? null) : null,
    pattern_id: a.patternId || null,
    pattern_name: p?.name ?? null,
    effective_from: a.effectiveFrom,
    updated_at: a.updatedAt ?? null,
  };
}
export type AssignmentVersionView = ReturnType<typeof assignmentView>;

export const assignmentKey = (a: AssignmentRecord) =>
  `${a.scope}#${a.departmentId}#${a.employmentStatusId}#${a.employeeId}`;

/** Per key (scope, department, status, employee): the version in force on `on`. */
export function assignmentsInForce<T extends AssignmentRecord>(assignments: readonly T[], on: string): T[] {
  const best = new Map<string, T>();
  for (const a of assignments) {
    if (a.effectiveFrom > on) continue;
    const k = assignmentKey(a);
    const cur = best.get(k);
    if (!cur || a.effectiveFrom > cur.effectiveFrom) best.set(k, a);
  }
  return [...best.values()].sort((a, b) => assignmentKey(a).localeCompare(assignmentKey(b)));
}

/**
 * `GET/PUT /api/v1/work_pattern_assignments`: the versions in force on `on` (one per department ×
 * status pair or employee that has any), every version newest first (`history`) and the live patterns.
 */
export function assignmentsAnswer(
  patterns: readonly StoredPattern[],
  assignments: readonly StoredAssignment[],
  on: string,
  names: ReadonlyMap<string, string> = new Map(),
) {
  const byId = new Map(patterns.map((p) => [p.patternId, p]));
  return {
    on,
    in_force: assignmentsInForce(assignments, on).map((a) => assignmentView(a, byId, names)),
    history: [...assignments]
      .sort(
        (a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom) || assignmentKey(a).localeCompare(assignmentKey(b)),
      )
      .map((a) => assignmentView(a, byId, names)),
    patterns: patternList(patterns),
  };
}
export type AssignmentsView = ReturnType<typeof assignmentsAnswer>;

type StoredSetting = WorkSettingRecord & { updatedAt?: string | undefined };

/** One work-settings version (effective_from null = the built-in defaults). */
export function settingsVersionView(v: StoredSetting | null) {
  const d = DEFAULT_WORK_SETTINGS;
  return {
    effective_from: v?.effectiveFrom ?? null,
    grace_minutes: v?.graceMinutes ?? d.graceMinutes,
    interval_minutes: v ? (v.intervalMinutes ?? null) : d.intervalMinutes,
    display_rounding_minutes: v?.displayRoundingMinutes ?? d.displayRoundingMinutes,
    monthly_rounding_30: v?.monthlyRounding30 ?? d.monthlyRounding30,
    hourly_leave_enabled: v?.hourlyLeaveEnabled ?? d.hourlyLeaveEnabled,
    hourly_leave_days_per_year: v?.hourlyLeaveDaysPerYear ?? d.hourlyLeaveDaysPerYear,
    updated_at: v?.updatedAt ?? null,
  };
}
export type WorkSettingsVersionView = ReturnType<typeof settingsVersionView>;

/** `GET/PUT /api/v1/work_settings`: the version in force on `on`, the settings used then, every version. */
export function settingsAnswer(versions: readonly StoredSetting[], on: string) {
  const sorted = [...versions].sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
  const inForce = sorted.find((v) => v.effectiveFrom <= on) ?? null;
  return {
    on,
    in_force: inForce ? settingsVersionView(inForce) : null,
    settings: settingsVersionView(inForce),
    history: sorted.map(settingsVersionView),
  };
}
export type WorkSettingsView = ReturnType<typeof settingsAnswer>;
