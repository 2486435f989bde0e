/**
 * Route functions of the work patterns (勤務パターン), their default assignments and the work settings
 * (勤務設定). All of them live in the schedule settings partition and are read with one Query
 * (db/schedules.ts scheduleSettings).
 *
 * Decisions:
 * - Patterns are not versioned: a pattern's times are the schedule of every day that uses it. So its
 *   times (not its name) cannot change once a closed period (締め済み) used it (409: create a new
 *   pattern and assign it from a date instead); otherwise the stored months are recomputed in the
 *   background from the pattern's first possible use that is still open.
 * - Deleting is a soft delete (deletedAt): past shifts and assignment versions still resolve to it. It
 *   is refused (409) while an assignment version in force today or dated later uses it; so deleting
 *   changes no figure and starts no recompute. Shifts already made with it keep it.
 * - Assignment and settings versions dated into a closed period are refused (409 on effective_from).
 */
import { assertOrgRefs } from '../../db/organisation.js';
import { assertEffectiveFromOpen, isFrozen, periodClosings } from '../../db/period-closings.js';
import { companyShifts, scheduleSettings } from '../../db/schedules.js';
import { monthsBetween } from '../../domain/time.js';
import { findEmployee, staffNames } from '../../db/staff.js';
import {
  insertPattern,
  markPatternDeleted,
  putAssignment,
  putWorkSetting,
  updatePattern,
  type PatternFields,
} from '../../db/work-patterns.js';
import { periodLabel } from '../../domain/payroll-period.js';
import { addDays, today } from '../../domain/time.js';
import { nameKey } from '../../domain/name-key.js';
import { PATTERN_MESSAGES, patternMinutes } from '../../domain/work-patterns.js';
import { RULE_ANY, settingsOf, type AssignmentRecord, type PatternRecord } from '../../domain/worktime/schedule.js';
import { enqueueRecompute } from '../../services/recompute.js';
import { clock } from '../../shared/clock.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import { MESSAGES } from '../../shared/messages.js';
import type * as z from 'zod/mini';
import type { AssignmentBodySchema, PatternBodySchema, WorkSettingsBodySchema } from './schemas.js';
import {
  assignmentKey,
  assignmentsAnswer,
  assignmentsInForce,
  patternList,
  patternView,
  settingsAnswer,
} from './views.js';

export const WORK_PATTERN_MESSAGES = {
  inUse:
    'この勤務パターンは現在または今後の標準の割り当てに使われているため削除できません。先に割り当てを別の勤務パターンに変更してください。',
  usedInClosed: (label: string) =>
    `${label}は締め済みで、この勤務パターンが使われているため時刻は変更できません。新しい勤務パターンを作成し、適用開始日を指定して割り当ててください。`,
  unknownEmployee: '存在しない従業員です。',
  unknownPattern: '勤務パターンを選択してください',
} as const;

type PatternBody = z.infer<typeof PatternBodySchema>;

const fieldsOf = (body: PatternBody): PatternFields => ({ name: body.name, ...patternMinutes(body) });

function assertNameFree(patterns: readonly PatternRecord[], name: string, selfId?: string) {
  const key = nameKey(name);
  if (patterns.some((p) => !p.deletedAt && p.patternId !== selfId && nameKey(p.name) === key))
    throw new ConflictError(PATTERN_MESSAGES.nameTaken, { name: [PATTERN_MESSAGES.nameTaken] });
}

export async function listPatterns(companyId: string) {
  return patternList((await scheduleSettings(companyId)).patterns);
}

/**
 * A new pattern (201). The name is unique among the live patterns (409 on `name`); two requests racing
 * with the same new name may both pass this read, which leaves two patterns an admin can rename.
 */
export async function createPattern(companyId: string, body: PatternBody) {
  const { patterns } = await scheduleSettings(companyId);
  assertNameFree(patterns, body.name);
  const patternId = newId();
  const fields = fieldsOf(body);
  await insertPattern(companyId, patternId, fields);
  return patternView({ patternId, ...fields, updatedAt: clock.now().toISOString() });
}

const sameTimes = (a: PatternRecord, b: PatternFields) =>
  a.startMinute === b.startMinute &&
  a.endMinute === b.endMinute &&
  JSON.stringify((a.breakWindows ?? []).map((w) => [w.startMinute, w.endMinute])) ===
    JSON.stringify(b.breakWindows.map((w) => [w.startMinute, w.endMinute]));

/** The periods of `versions` (one key's, any order) during which each version is in force. */
function intervalsOf(versions: readonly AssignmentRecord[]) {
  const sorted = [...versions].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  return sorted.map((v, i) => ({
    v,
    from: v.effectiveFrom,
    to: sorted[i + 1] ? addDays(sorted[i + 1]!.effectiveFrom, -1) : '9999-12-31',
  }));
}

function assignmentIntervals(assignments: readonly AssignmentRecord[]) {
  const byKey = new Map<string, AssignmentRecord[]>();
  for (const a of assignments) {
    byKey.set(assignmentKey(a), [...(byKey.get(assignmentKey(a)) ?? []), a]);
  }
  return [...byKey.values()].flatMap(intervalsOf);
}

/**
 * A frozen period in which the pattern scheduled a day (an assignment version in force then, or a
 * shift of it), or null. Only periods closed after the pattern existed can hold its shifts.
 */
async function frozenUse(
  companyId: string,
  pattern: PatternRecord & { createdAt?: string },
  assignments: readonly AssignmentRecord[],
) {
  const frozen = (await periodClosings(companyId)).filter(isFrozen);
  if (!frozen.length) return { closing: null, lastFrozenTo: null };
  const lastFrozenTo = frozen
    .map((c) => c.to)
    .sort()
    .at(-1)!;
  const uses = assignmentIntervals(assignments).filter((i) => i.v.patternId === pattern.patternId);
  for (const c of frozen) if (uses.some((i) => i.from <= c.to && c.from <= i.to)) return { closing: c, lastFrozenTo };
  for (const c of frozen) {
    // The closing job recorded the patterns its days were scheduled by: no read of the period's shifts.
    if (c.patternsUsed) {
      if (c.patternsUsed.includes(pattern.patternId)) return { closing: c, lastFrozenTo };
      continue;
    }
    if (c.closedAt && pattern.createdAt && c.closedAt < pattern.createdAt) continue;
    // A closing made before that record: the company's shifts of its months (one Query page each).
    for (const month of monthsBetween(c.from, c.to)) {
      const shifts = await companyShifts(companyId, month);
      if (shifts.some((s) => s.patternId === pattern.patternId && s.date >= c.from && s.date <= c.to))
        return { closing: c, lastFrozenTo };
    }
  }
  return { closing: null, lastFrozenTo };
}

/**
 * Edits a live pattern (404 for a deleted or unknown one). A change of its times recomputes the stored
 * months from its earliest possible use (its first assignment version, or the month before it was
 * created or before this month, for shifts filled in afterwards) that is after every closed period;
 * `recompute` is that job.
 */
export async function editPattern(companyId: string, patternId: string, body: PatternBody, timeZone: string) {
  const { patterns, assignments } = await scheduleSettings(companyId);
  const current = patterns.find((p) => p.patternId === patternId && !p.deletedAt) as
    (PatternRecord & { createdAt?: string }) | undefined;
  if (!current) throw new NotFoundError();
  assertNameFree(patterns, body.name, patternId);
  const fields = fieldsOf(body);
  const timesChanged = !sameTimes(current, fields);
  let from: string | null = null;
  if (timesChanged) {
    const { closing, lastFrozenTo } = await frozenUse(companyId, current, assignments);
    if (closing) {
      const message = WORK_PATTERN_MESSAGES.usedInClosed(
        periodLabel({ id: closing.period, from: closing.from, to: closing.to }),
      );
      throw new ConflictError(message, { start_time: [message] });
    }
    // Shifts may be filled in after the fact: from the month before it was created, or last month.
    const thisMonth = today(timeZone, clock.now()).slice(0, 7) + '-01';
    const created = current.createdAt ? current.createdAt.slice(0, 7) + '-01' : thisMonth;
    const firstUse = [
      addDays([created, thisMonth].sort()[0]!, -1).slice(0, 7) + '-01',
      ...assignments.filter((a) => a.patternId === patternId).map((a) => a.effectiveFrom),
    ].sort()[0]!;
    from = lastFrozenTo && addDays(lastFrozenTo, 1) > firstUse ? addDays(lastFrozenTo, 1) : firstUse;
  }
  await updatePattern(companyId, patternId, fields);
  const recompute = from ? await enqueueRecompute(companyId, from, 'work_pattern', timeZone) : null;
  return { ...patternView({ ...current, ...fields, updatedAt: clock.now().toISOString() }), recompute };
}

/** Soft-deletes a live pattern; refused (409) while a current or future assignment version uses it. */
export async function removePattern(companyId: string, patternId: string, timeZone: string) {
  const { patterns, assignments } = await scheduleSettings(companyId);
  const current = patterns.find((p) => p.patternId === patternId && !p.deletedAt);
  if (!current) throw new NotFoundError();
  const on = today(timeZone, clock.now());
  const used =
    assignmentsInForce(assignments, on).some((a) => a.patternId === patternId) ||
    assignments.some((a) => a.effectiveFrom > on && a.patternId === patternId);
  if (used) throw new ConflictError(WORK_PATTERN_MESSAGES.inUse);
  const deletedAt = clock.now().toISOString();
  await markPatternDeleted(companyId, patternId, deletedAt);
  return patternView({ ...current, deletedAt });
}

/** The assignments with the names of the members they name (one BatchGetItem per 100, none without). */
export async function readAssignments(companyId: string, on: string) {
  const { patterns, assignments } = await scheduleSettings(companyId);
  const names = await staffNames(
    companyId,
    assignments.filter((a) => a.scope === 'employee').map((a) => a.employeeId),
  );
  return assignmentsAnswer(patterns, assignments, on, names);
}

/**
 * Saves one default-assignment version from `effective_from` (default today). References outside the
 * company are invalid input (400, nothing written); a date inside a closed period a 409. The stored
 * months from that date on are recomputed in the background (`recompute`).
 */
export async function saveAssignment(companyId: string, body: z.infer<typeof AssignmentBodySchema>, timeZone: string) {
  await assertOrgRefs(
    companyId,
    { departmentId: body.department_id, employmentStatusId: body.employment_status_id },
    MESSAGES.settingDefect,
  );
  const [employee, { patterns, assignments }] = await Promise.all([
    body.employee_id ? findEmployee(companyId, body.employee_id) : null,
    scheduleSettings(companyId),
  ]);
  const errors: Record<string, string[]> = {};
  if (body.employee_id && !employee) errors.employee_id = [WORK_PATTERN_MESSAGES.unknownEmployee];
  if (body.pattern_id && !patterns.some((p) => p.patternId === body.pattern_id && !p.deletedAt))
    errors.pattern_id = [WORK_PATTERN_MESSAGES.unknownPattern];
  if (Object.keys(errors).length) throw new ValidationError(MESSAGES.settingDefect, errors);
  const effectiveFrom = body.effective_from ?? today(timeZone, clock.now());
  await assertEffectiveFromOpen(companyId, effectiveFrom);
  const version = {
    scope: body.scope,
    departmentId: body.department_id ?? RULE_ANY,
    employmentStatusId: body.employment_status_id ?? RULE_ANY,
    employeeId: body.employee_id ?? RULE_ANY,
    effectiveFrom,
    patternId: body.pattern_id,
  };
  await putAssignment(companyId, version);
  const recompute = await enqueueRecompute(companyId, effectiveFrom, 'work_pattern_assignment', timeZone);
  // The answer from the versions read above with this one put in (a version of the same day replaced).
  const key = (a: AssignmentRecord) => `${assignmentKey(a)}#${a.effectiveFrom}`;
  const saved = { ...version, updatedAt: clock.now().toISOString() };
  const after = [...assignments.filter((a) => key(a) !== key(saved)), saved];
  return { ...assignmentsAnswer(patterns, after, effectiveFrom), recompute };
}

export async function readSettings(companyId: string, on: string) {
  return settingsAnswer((await scheduleSettings(companyId)).settings, on);
}

/**
 * Saves one work-settings version (see saveAssignment for the date, the refusal and `recompute`). A
 * field the body leaves out keeps its value in the version in force on the date (issue 30 item 9).
 */
export async function saveSettings(companyId: string, body: z.infer<typeof WorkSettingsBodySchema>, timeZone: string) {
  const effectiveFrom = body.effective_from ?? today(timeZone, clock.now());
  await assertEffectiveFromOpen(companyId, effectiveFrom);
  const versions = (await scheduleSettings(companyId)).settings;
  const inForce = settingsOf(versions)(effectiveFrom);
  const saved = {
    effectiveFrom,
    graceMinutes: body.grace_minutes ?? inForce.graceMinutes,
    intervalMinutes: body.interval_minutes === undefined ? inForce.intervalMinutes : body.interval_minutes,
    displayRoundingMinutes: body.display_rounding_minutes ?? inForce.displayRoundingMinutes,
    monthlyRounding30: body.monthly_rounding_30 ?? inForce.monthlyRounding30,
    hourlyLeaveEnabled: body.hourly_leave_enabled ?? inForce.hourlyLeaveEnabled,
    hourlyLeaveDaysPerYear: body.hourly_leave_days_per_year ?? inForce.hourlyLeaveDaysPerYear,
  };
  await putWorkSetting(companyId, saved);
  const recompute = await enqueueRecompute(companyId, effectiveFrom, 'work_settings', timeZone);
  // The history as saved, without reading it again.
  const after = [
    ...versions.filter((v) => v.effectiveFrom !== effectiveFrom),
    { ...saved, updatedAt: clock.now().toISOString() },
  ];
  return { ...settingsAnswer(after, effectiveFrom), recompute };
}
