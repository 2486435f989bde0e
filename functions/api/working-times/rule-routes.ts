import * as z from 'zod/mini';
import { findOrgUnit } from '../../db/organisation.js';
import { refreshCompanyMonth } from '../../db/summaries.js';
import { today } from '../../domain/time.js';
import { clock } from '../../shared/clock.js';
import { findRuleInForce, putRule, type RuleType, type RuleValues, type StoredRule } from '../../db/rules.js';
import { breakRuleShortfalls, toHourMinute, toMinutes, type RuleLevel } from '../../domain/rules.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import { MESSAGES } from '../../shared/messages.js';
import { ok, withAudit } from '../../shared/http.js';
import { IdSchema } from '../schemas.js';

/**
 * Shared pieces of the working-time and break-time rule routes (spec §2, §5, §7). Rules are stored
 * per (department, employment status); reading a pair answers the rule in force and its level.
 */
const OptionalRef = z.pipe(
  z.optional(
    z.pipe(
      z.transform((v) => (v === '' || v === undefined ? null : v)),
      z.nullable(IdSchema),
    ),
  ),
  z.transform((v) => v ?? null),
);

export const RulePairQuerySchema = z.strictObject({ department_id: OptionalRef, employment_status_id: OptionalRef });
export type RulePair = { department_id: string | null; employment_status_id: string | null };

const hour = (max: number) => z.number().check(z.int(), z.minimum(0), z.maximum(max));
const minute = z.number().check(z.int(), z.minimum(0), z.maximum(59));
/** A daily duration: at most 24:00. */
const withinDay = (h: number, m: number) => toMinutes(h, m) <= 24 * 60;

export const WorkingTimeBodySchema = z
  .strictObject({
    fixed_hour: hour(24),
    fixed_minute: minute,
    over_hour: hour(24),
    over_minute: minute,
    // Monthly deemed overtime is optional (spec §5); a month has at most 744 hours.
    unpaid_hour: z.optional(z.nullable(hour(744))),
    unpaid_minute: z.optional(z.nullable(minute)),
    department_id: OptionalRef,
    employment_status_id: OptionalRef,
  })
  .check(
    z.refine((b) => b.department_id !== null || b.employment_status_id !== null, {
      message: '部署または雇用形態を選択してください',
      path: ['department_id'],
    }),
    z.refine((b) => withinDay(b.fixed_hour, b.fixed_minute), { path: ['fixed_hour'] }),
    z.refine((b) => withinDay(b.over_hour, b.over_minute), { path: ['over_hour'] }),
    // The optional pair is given whole or not at all.
    z.refine((b) => ((b.unpaid_hour ?? null) === null) === ((b.unpaid_minute ?? null) === null), {
      path: ['unpaid_hour'],
    }),
  );

export const BreakTimeBodySchema = z
  .strictObject({
    condition_hour: hour(24),
    condition_minute: minute,
    break_hour: hour(24),
    break_minute: minute,
    department_id: OptionalRef,
    employment_status_id: OptionalRef,
  })
  .check(
    z.refine((b) => withinDay(b.condition_hour, b.condition_minute), { path: ['condition_hour'] }),
    // A break cannot be longer than the restraint time it applies to.
    z.refine((b) => toMinutes(b.break_hour, b.break_minute) <= toMinutes(b.condition_hour, b.condition_minute), {
      path: ['break_hour'],
    }),
  );

const split = (minutes: number | undefined) =>
  minutes === undefined ? { hour: null, minute: null } : toHourMinute(minutes);

export function workingRuleView(rule: StoredRule) {
  const [fixed, over, unpaid] = [split(rule.fixedMinutes), split(rule.overMinutes), split(rule.unpaidMinutes)];
  return {
    fixed_hour: fixed.hour,
    fixed_minute: fixed.minute,
    over_hour: over.hour,
    over_minute: over.minute,
    unpaid_hour: unpaid.hour,
    unpaid_minute: unpaid.minute,
  };
}

/** Null when the rule meets 労働基準法 34条, else the warning the screen shows. */
export const breakWarning = (rule: StoredRule) =>
  rule.conditionMinutes !== undefined &&
  rule.breakMinutes !== undefined &&
  breakRuleShortfalls(rule.conditionMinutes, rule.breakMinutes).length
    ? MESSAGES.breakBelowLegalMinimum
    : null;

export function breakRuleView(rule: StoredRule) {
  const [condition, brk] = [split(rule.conditionMinutes), split(rule.breakMinutes)];
  return {
    condition_hour: condition.hour,
    condition_minute: condition.minute,
    break_hour: brk.hour,
    break_minute: brk.minute,
  };
}

const VIEW: Record<RuleType, (rule: StoredRule) => object> = { working: workingRuleView, break: breakRuleView };

/** A working-time or break rule as the rule routes answer it (the SPA imports these types). */
export type WorkingRuleView = ReturnType<typeof workingRuleView>;
export type BreakRuleView = ReturnType<typeof breakRuleView>;

/** The answer of GET and POST for a rule of view R. */
export type RuleAnswerView<R extends WorkingRuleView | BreakRuleView> = Omit<ReturnType<typeof ruleAnswer>, 'rule'> & {
  rule: R | null;
};

/** The answer of GET and POST: the pair asked for, the rule in force (or null), its level, a warning. */
export function ruleAnswer(type: RuleType, pair: RulePair, found: { rule: StoredRule; level: RuleLevel } | null) {
  return {
    department_id: pair.department_id,
    employment_status_id: pair.employment_status_id,
    level: found?.level ?? null,
    rule: found ? VIEW[type](found.rule) : null,
    warning: found && type === 'break' ? breakWarning(found.rule) : null,
  };
}

/** Ids in the query must be the company's own: another company's id is a 404 like any foreign id. */
export async function assertPairExists(
  companyId: string,
  pair: RulePair,
  notFound: () => Error = () => new NotFoundError(),
) {
  const [dept, status] = await Promise.all([
    pair.department_id ? findOrgUnit('department', companyId, pair.department_id) : true,
    pair.employment_status_id ? findOrgUnit('employmentStatus', companyId, pair.employment_status_id) : true,
  ]);
  if (!dept || !status) throw notFound();
}

export async function readRule(type: RuleType, companyId: string, pair: RulePair) {
  await assertPairExists(companyId, pair);
  return ruleAnswer(type, pair, await findRuleInForce(companyId, type, pair.department_id, pair.employment_status_id));
}

/**
 * Saves the pair's own rule; a reference outside the company is invalid input (400, nothing written).
 * This month's summaries are recomputed under the new rule for every active employee.
 */
export async function saveRule(
  type: RuleType,
  companyId: string,
  pair: RulePair,
  values: RuleValues,
  timeZone: string,
) {
  await assertPairExists(companyId, pair, () => new ValidationError(MESSAGES.settingDefect));
  const before = ruleAnswer(
    type,
    pair,
    await findRuleInForce(companyId, type, pair.department_id, pair.employment_status_id),
  );
  await putRule(companyId, type, pair.department_id, pair.employment_status_id, values);
  const [year, month] = today(timeZone, clock.now()).split('-').map(Number) as [number, number];
  await refreshCompanyMonth(companyId, timeZone, year, month);
  const after = await readRule(type, companyId, pair);
  return withAudit(ok(after), { before, after });
}
