/**
 * Route functions of the working-time systems (労働時間制度; domain/worktime/system.ts): versions per
 * employment status ('-' = company-wide) or per employee, each in force from its effective_from, all
 * in the schedule settings partition (one Query, db/schedules.ts scheduleSettings).
 *
 * Decisions:
 * - A version dated into a closed period is refused (409 on effective_from); a version in force on a
 *   day of a closed period cannot be deleted (409): either would change that period's figures.
 * - A save or delete recomputes the stored months from its effective_from in the background: the
 *   employee's own months for an employee version, every employee's for a status or company-wide
 *   version (one job whatever the staff count; the others' figures come out the same). Months before
 *   it are never touched, so switching a system from a date leaves the earlier periods as they were.
 */
import { assertOrgRefs } from '../../db/organisation.js';
import { closedMessage, frozenClosingOver, isFrozen, periodClosings } from '../../db/period-closings.js';
import { assertEffectiveFromOpen } from '../../db/period-closings.js';
import { scheduleSettings } from '../../db/schedules.js';
import { findEmployee, staffNames } from '../../db/staff.js';
import { deleteWorkSystem, putWorkSystem, type WorkSystemFields } from '../../db/work-patterns.js';
import { clockMinute, clockTime } from '../../domain/work-patterns.js';
import { WORK_SYSTEM_MESSAGES, periodMonthsOf } from '../../domain/work-systems.js';
import { addDays, today } from '../../domain/time.js';
import { RULE_ANY } from '../../domain/worktime/schedule.js';
import { WORK_SYSTEM_LABELS, type WorkSystemRecord } from '../../domain/worktime/system.js';
import { enqueueRecompute } from '../../services/recompute.js';
import { clock } from '../../shared/clock.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { MESSAGES } from '../../shared/messages.js';
import type * as z from 'zod/mini';
import type { WorkSystemBodySchema, WorkSystemKeyParamsSchema } from './schemas.js';

type StoredSystem = WorkSystemRecord & { updatedAt?: string | undefined };

const orNull = (v: string) => (v === RULE_ANY ? null : v);
const timeOrNull = (m: number | null | undefined) => (m === null || m === undefined ? null : clockTime(m));

/** One version as the API answers it ("HH:MM" times, null for what the system does not use). */
export function workSystemView(v: StoredSystem, names: ReadonlyMap<string, string> = new Map()) {
  return {
    scope: v.scope,
    employment_status_id: v.scope === 'status' ? orNull(v.employmentStatusId) : null,
    employee_id: v.scope === 'employee' ? v.employeeId : null,
    /** The member's name (staffNames) in the list, else null. */
    employee_name: v.scope === 'employee' ? (names.get(v.employeeId) ?? null) : null,
    effective_from: v.effectiveFrom,
    system: v.system,
    system_label: WORK_SYSTEM_LABELS[v.system],
    period_start: v.periodStart ?? null,
    period_months: v.periodMonths ?? null,
    special_44: Boolean(v.special44),
    core_start: timeOrNull(v.coreStartMinute),
    core_end: timeOrNull(v.coreEndMinute),
    flexible_start: timeOrNull(v.flexibleStartMinute),
    flexible_end: timeOrNull(v.flexibleEndMinute),
    standard_daily_minutes: v.standardDailyMinutes ?? null,
    full_two_days_off: Boolean(v.fullTwoDaysOff),
    special_period_from: v.specialPeriodFrom ?? null,
    special_period_to: v.specialPeriodTo ?? null,
    updated_at: v.updatedAt ?? null,
  };
}
export type WorkSystemView = ReturnType<typeof workSystemView>;

const keyOf = (v: Pick<WorkSystemRecord, 'scope' | 'employmentStatusId' | 'employeeId'>) =>
  `${v.scope}#${v.employmentStatusId}#${v.employeeId}`;

/** Company-wide first, then per status, then per employee; within a key the newest version first. */
const order = (a: WorkSystemRecord, b: WorkSystemRecord) =>
  (a.scope === b.scope ? 0 : a.scope === 'status' ? -1 : 1) ||
  (a.employmentStatusId === RULE_ANY ? -1 : 0) - (b.employmentStatusId === RULE_ANY ? -1 : 0) ||
  keyOf(a).localeCompare(keyOf(b)) ||
  b.effectiveFrom.localeCompare(a.effectiveFrom);

/**
 * `GET /api/v1/working_time_systems`: every version, with the names of the members named (one
 * BatchGetItem per 100 of them, none without): the screen need not read the staff list.
 */
export async function listWorkSystems(companyId: string): Promise<WorkSystemView[]> {
  const { systems } = await scheduleSettings(companyId);
  const names = await staffNames(
    companyId,
    systems.filter((v) => v.scope === 'employee').map((v) => v.employeeId),
  );
  return [...systems].sort(order).map((v) => workSystemView(v, names));
}

type Body = z.infer<typeof WorkSystemBodySchema>;

const minuteOf = (t: string | null) => (t === null ? undefined : clockMinute(t));

/**
 * Saves one version (a version of the same key and day is replaced). An unknown status or employee
 * is invalid input (400, nothing written); a date inside a closed period a 409.
 */
export async function saveWorkSystem(companyId: string, body: Body, timeZone: string) {
  const [, employee] = await Promise.all([
    assertOrgRefs(
      companyId,
      { departmentId: null, employmentStatusId: body.employment_status_id },
      MESSAGES.settingDefect,
    ),
    body.employee_id ? findEmployee(companyId, body.employee_id) : null,
  ]);
  if (body.employee_id && !employee)
    throw new ValidationError(MESSAGES.settingDefect, { employee_id: [WORK_SYSTEM_MESSAGES.unknownEmployee] });
  const effectiveFrom = body.effective_from ?? today(timeZone, clock.now());
  await assertEffectiveFromOpen(companyId, effectiveFrom);
  const months = periodMonthsOf(body);
  const version: WorkSystemFields = {
    scope: body.scope,
    employmentStatusId: body.scope === 'status' ? (body.employment_status_id ?? RULE_ANY) : RULE_ANY,
    employeeId: body.scope === 'employee' ? body.employee_id! : RULE_ANY,
    effectiveFrom,
    system: body.system,
    periodStart: body.period_start ?? undefined,
    periodMonths: months || undefined,
    special44: body.special_44 || undefined,
    coreStartMinute: minuteOf(body.core_start),
    coreEndMinute: minuteOf(body.core_end),
    flexibleStartMinute: minuteOf(body.flexible_start),
    flexibleEndMinute: minuteOf(body.flexible_end),
    standardDailyMinutes: body.system === 'flex' ? (body.standard_daily_minutes ?? 480) : undefined,
    fullTwoDaysOff: body.full_two_days_off || undefined,
    specialPeriodFrom: body.special_period_from ?? undefined,
    specialPeriodTo: body.special_period_to ?? undefined,
  };
  await putWorkSystem(companyId, version);
  const recompute = await enqueueRecompute(
    companyId,
    effectiveFrom,
    'work_system',
    timeZone,
    version.scope === 'employee' ? [version.employeeId] : undefined,
  );
  return { ...workSystemView({ ...version, updatedAt: clock.now().toISOString() }), recompute };
}

type KeyParams = z.infer<typeof WorkSystemKeyParamsSchema>;

/**
 * Deletes one version (404 when there is none). Refused (409) when it is in force on a day of a
 * closed period: from its effective_from to the day before the next version of its key.
 */
export async function removeWorkSystem(companyId: string, params: KeyParams, timeZone: string) {
  const key = {
    scope: params.scope,
    employmentStatusId: params.status_id,
    employeeId: params.employee_id,
    effectiveFrom: params.effective_from,
  };
  const [{ systems }, closings] = await Promise.all([scheduleSettings(companyId), periodClosings(companyId)]);
  const current = systems.find((s) => keyOf(s) === keyOf(key) && s.effectiveFrom === key.effectiveFrom);
  if (!current) throw new NotFoundError(WORK_SYSTEM_MESSAGES.notFound);
  const next = systems
    .filter((s) => keyOf(s) === keyOf(key) && s.effectiveFrom > key.effectiveFrom)
    .map((s) => s.effectiveFrom)
    .sort()[0];
  const closed = frozenClosingOver(
    closings.filter(isFrozen),
    key.effectiveFrom,
    next ? addDays(next, -1) : '9999-12-31',
  );
  if (closed) throw new ConflictError(closedMessage(closed));
  await deleteWorkSystem(companyId, key);
  const recompute = await enqueueRecompute(
    companyId,
    key.effectiveFrom,
    'work_system',
    timeZone,
    key.scope === 'employee' ? [key.employeeId] : undefined,
  );
  return { ...workSystemView(current as StoredSystem), recompute };
}
