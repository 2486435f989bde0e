import * as z from 'zod/mini';
import { effectiveDateSchema } from '../effective-date.js';
import { findOrgUnit } from '../../db/organisation.js';
import { assertEffectiveFromOpen } from '../../db/period-closings.js';
import { enqueueRecompute } from '../../services/recompute.js';
import { today } from '../../domain/time.js';
import { clock } from '../../shared/clock.js';
import {
  companyRules,
  pairHistory,
  putRule,
  ruleInForceOn,
  type RuleType,
  type RuleValues,
  type StoredRule,
} from '../../db/rules.js';
import { breakRuleShortfalls, toHourMinute, toMinutes } from '../../domain/rules.js';
import { UNPUNCHED_BREAKS, type UnpunchedBreaks } from '../../domain/worktime/rules.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import { MESSAGES } from '../../shared/messages.js';
import { ok, withAudit } from '../../shared/http.js';
import { IdSchema } from '../schemas.js';
import { codeText } from '../../shared/i18n/code-text.js';

/**
 * Shared pieces of the working-time and break-time rule routes (spec §2, §5, §7). Rules are stored
 * per (department, employment status) as versions from `effective_from`; reading a pair answers the
 * rule in force on `?on=` (default today), its level, and the pair's own versions (`history`).
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

/** YYYY-MM-DD; omitted = today in the company's time zone. */
const EffectiveDate = effectiveDateSchema;

export const RulePairQuerySchema = z.strictObject({
  department_id: OptionalRef,
  employment_status_id: OptionalRef,
  on: EffectiveDate,
});
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
    effective_from: EffectiveDate,
  })
  .check(
    z.refine((b) => b.department_id !== null || b.employment_status_id !== null, {
      message: codeText('rules.group_required'),
      path: ['department_id'],
    }),
    z.refine((b) => withinDay(b.fixed_hour, b.fixed_minute), { path: ['fixed_hour'] }),
    z.refine((b) => withinDay(b.over_hour, b.over_minute), { path: ['over_hour'] }),
    // The optional pair is given whole or not at all.
    z.refine((b) => ((b.unpaid_hour ?? null) === null) === ((b.unpaid_minute ?? null) === null), {
      path: ['unpaid_hour'],
    }),
  );

/** Most fixed break windows a rule may have. */
export const MAX_BREAK_WINDOWS = 4;

/** A fixed break window on the clock, e.g. 12:00–13:00; the end may be 24:00. */
const BreakWindowSchema = z
  .strictObject({ start_hour: hour(23), start_minute: minute, end_hour: hour(24), end_minute: minute })
  .check(
    z.refine((w) => withinDay(w.end_hour, w.end_minute), {
      message: codeText('rules.window_end_max'),
      path: ['end_hour'],
    }),
    z.refine((w) => toMinutes(w.start_hour, w.start_minute) < toMinutes(w.end_hour, w.end_minute), {
      message: codeText('rules.window_end_after_start'),
      path: ['end_hour'],
    }),
  );

const optionalHour = z.optional(z.nullable(hour(24)));
const optionalMinute = z.optional(z.nullable(minute));

/** Minutes of an optional hour/minute pair, or null when it is left out. */
const optionalMinutes = (h: number | null | undefined, m: number | null | undefined) =>
  h === null || h === undefined || m === null || m === undefined ? null : toMinutes(h, m);

type WindowBody = { start_hour: number; start_minute: number; end_hour: number; end_minute: number };
const windowMinutes = (w: WindowBody) => ({
  startMinute: toMinutes(w.start_hour, w.start_minute),
  endMinute: toMinutes(w.end_hour, w.end_minute),
});

/** Windows sorted by start must not overlap (one may start where the last ended). */
const disjoint = (windows: readonly WindowBody[]) =>
  windows
    .map(windowMinutes)
    .sort((a, b) => a.startMinute - b.startMinute)
    .every((w, i, all) => i === 0 || w.startMinute >= all[i - 1]!.endMinute);

/**
 * "拘束 condition 以上 → break", optionally a second tier (both figures at least the first tier's:
 * e.g. 6:01 → 0:45, 8:46 → 1:00) and fixed break windows. The second tier and the windows are
 * optional, so a client that sends only the first four fields is answered as before.
 */
export const BreakTimeBodySchema = z
  .strictObject({
    condition_hour: hour(24),
    condition_minute: minute,
    break_hour: hour(24),
    break_minute: minute,
    tier2_condition_hour: optionalHour,
    tier2_condition_minute: optionalMinute,
    tier2_break_hour: optionalHour,
    tier2_break_minute: optionalMinute,
    windows: z.optional(z.array(BreakWindowSchema).check(z.maxLength(MAX_BREAK_WINDOWS))),
    /**
     * What a day without punched breaks takes: 'rule' (this rule's break, or the day's pattern's
     * windows, deemed taken; the default) or 'none' (no break deemed). Never raised to 34条 either way.
     */
    unpunched_breaks: z.optional(z.enum(UNPUNCHED_BREAKS, { error: codeText('rules.unpunched_breaks') })),
    department_id: OptionalRef,
    employment_status_id: OptionalRef,
    effective_from: EffectiveDate,
  })
  .check(
    z.refine((b) => withinDay(b.condition_hour, b.condition_minute), { path: ['condition_hour'] }),
    // A break cannot be longer than the restraint time it applies to.
    z.refine((b) => toMinutes(b.break_hour, b.break_minute) <= toMinutes(b.condition_hour, b.condition_minute), {
      path: ['break_hour'],
    }),
    // The second tier is given whole or not at all.
    z.refine(
      (b) =>
        [b.tier2_condition_hour, b.tier2_condition_minute, b.tier2_break_hour, b.tier2_break_minute].every(
          (v) => v === null || v === undefined,
        ) ||
        [b.tier2_condition_hour, b.tier2_condition_minute, b.tier2_break_hour, b.tier2_break_minute].every(
          (v) => typeof v === 'number',
        ),
      { message: codeText('rules.tier_two_complete'), path: ['tier2_condition_hour'] },
    ),
    z.refine(
      (b) => {
        const condition = optionalMinutes(b.tier2_condition_hour, b.tier2_condition_minute);
        return (
          condition === null || (condition <= 24 * 60 && condition >= toMinutes(b.condition_hour, b.condition_minute))
        );
      },
      { message: codeText('rules.tier_two_span'), path: ['tier2_condition_hour'] },
    ),
    z.refine(
      (b) => {
        const brk = optionalMinutes(b.tier2_break_hour, b.tier2_break_minute);
        const condition = optionalMinutes(b.tier2_condition_hour, b.tier2_condition_minute);
        return (
          brk === null || condition === null || (brk >= toMinutes(b.break_hour, b.break_minute) && brk <= condition)
        );
      },
      { message: codeText('rules.tier_two_break'), path: ['tier2_break_hour'] },
    ),
    z.refine((b) => disjoint(b.windows ?? []), { message: codeText('rules.windows_overlap'), path: ['windows'] }),
  );

/** The stored values of a valid break-time body. */
export function breakRuleValues(body: z.infer<typeof BreakTimeBodySchema>): RuleValues {
  const tier2Condition = optionalMinutes(body.tier2_condition_hour, body.tier2_condition_minute);
  const tier2Break = optionalMinutes(body.tier2_break_hour, body.tier2_break_minute);
  const windows = (body.windows ?? []).map(windowMinutes).sort((a, b) => a.startMinute - b.startMinute);
  return {
    conditionMinutes: toMinutes(body.condition_hour, body.condition_minute),
    breakMinutes: toMinutes(body.break_hour, body.break_minute),
    ...(tier2Condition !== null && tier2Break !== null
      ? { tier2ConditionMinutes: tier2Condition, tier2BreakMinutes: tier2Break }
      : {}),
    ...(windows.length ? { breakWindows: windows } : {}),
    unpunchedBreaks: body.unpunched_breaks ?? 'rule',
  };
}

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

/** Null when the rule meets 労働基準法 34条 on every day, else the warning the screen shows. */
export const breakWarning = (rule: StoredRule) =>
  rule.conditionMinutes !== undefined &&
  rule.breakMinutes !== undefined &&
  breakRuleShortfalls(
    rule.conditionMinutes,
    rule.breakMinutes,
    rule.tier2ConditionMinutes !== undefined && rule.tier2BreakMinutes !== undefined
      ? { conditionMinutes: rule.tier2ConditionMinutes, breakMinutes: rule.tier2BreakMinutes }
      : null,
  ).length
    ? MESSAGES.breakBelowLegalMinimum
    : null;

export function breakRuleView(rule: StoredRule) {
  const [condition, brk] = [split(rule.conditionMinutes), split(rule.breakMinutes)];
  const [tier2Condition, tier2Break] = [split(rule.tier2ConditionMinutes), split(rule.tier2BreakMinutes)];
  return {
    condition_hour: condition.hour,
    condition_minute: condition.minute,
    break_hour: brk.hour,
    break_minute: brk.minute,
    tier2_condition_hour: tier2Condition.hour,
    tier2_condition_minute: tier2Condition.minute,
    tier2_break_hour: tier2Break.hour,
    tier2_break_minute: tier2Break.minute,
    windows: (rule.breakWindows ?? []).map((w) => {
      const [start, end] = [toHourMinute(w.startMinute), toHourMinute(w.endMinute)];
      return { start_hour: start.hour, start_minute: start.minute, end_hour: end.hour, end_minute: end.minute };
    }),
    /** A day without punched breaks: 'rule' = this rule's (or the pattern's) break, 'none' = no break. */
    unpunched_breaks: rule.unpunchedBreaks ?? ('rule' as UnpunchedBreaks),
  };
}

const VIEW: Record<RuleType, (rule: StoredRule) => object> = { working: workingRuleView, break: breakRuleView };

/** A working-time or break rule as the rule routes answer it (the SPA imports these types). */
export type WorkingRuleView = ReturnType<typeof workingRuleView>;
export type BreakRuleView = ReturnType<typeof breakRuleView>;

/** One saved version of a pair's rule (the screen's 履歴). */
export type RuleVersionView<R extends WorkingRuleView | BreakRuleView> = {
  effective_from: string;
  rule: R;
  warning: string | null;
  updated_at: string | null;
};

/** The answer of GET and POST for a rule of view R. */
export type RuleAnswerView<R extends WorkingRuleView | BreakRuleView> = Omit<
  ReturnType<typeof ruleAnswer>,
  'rule' | 'history'
> & {
  rule: R | null;
  history: RuleVersionView<R>[];
};

const versionView = (type: RuleType, rule: StoredRule) => ({
  effective_from: rule.effectiveFrom,
  rule: VIEW[type](rule),
  warning: type === 'break' ? breakWarning(rule) : null,
  updated_at: rule.updatedAt ?? null,
});

/**
 * The answer of GET and POST: the pair asked for, the rule in force on `on` (or null), its level, a
 * warning, the first day of the version in force (`effective_from`) and the pair's own versions,
 * newest first (`history`).
 */
export function ruleAnswer(type: RuleType, pair: RulePair, rules: readonly StoredRule[], on: string) {
  const found = ruleInForceOn(rules, type, pair.department_id, pair.employment_status_id, on);
  return {
    department_id: pair.department_id,
    employment_status_id: pair.employment_status_id,
    level: found?.level ?? null,
    rule: found ? VIEW[type](found.rule) : null,
    warning: found && type === 'break' ? breakWarning(found.rule) : null,
    on,
    effective_from: found?.rule.effectiveFrom ?? null,
    history: pairHistory(rules, pair.department_id, pair.employment_status_id).map((r) => versionView(type, r)),
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

/** GET: the pair's rule in force on `on` (default today in the company's zone) and its history. */
export async function readRule(
  type: RuleType,
  companyId: string,
  pair: RulePair & { on?: string | undefined },
  timeZone: string,
) {
  await assertPairExists(companyId, pair);
  const on = pair.on ?? today(timeZone, clock.now());
  return ruleAnswer(type, pair, await companyRules(companyId, type), on);
}

/**
 * Saves the pair's version from `effectiveFrom` (default today in the company's zone; a version of the
 * same day is replaced); a reference outside the company is invalid input (400, nothing written). The
 * stored summaries from that month on are recomputed in the background (`recompute`: the job to poll,
 * null when the version starts after this month). Answers like the GET on the version's first day.
 */
export async function saveRule(
  type: RuleType,
  companyId: string,
  pair: RulePair & { effective_from?: string | undefined },
  values: RuleValues,
  timeZone: string,
) {
  await assertPairExists(companyId, pair, () => new ValidationError(MESSAGES.settingDefect));
  const effectiveFrom = pair.effective_from ?? today(timeZone, clock.now());
  // A version that applies from a day of a closed period would change its figures (409, nothing saved).
  await assertEffectiveFromOpen(companyId, effectiveFrom);
  const before = ruleAnswer(type, pair, await companyRules(companyId, type), effectiveFrom);
  await putRule(companyId, type, pair.department_id, pair.employment_status_id, effectiveFrom, values);
  const recompute = await enqueueRecompute(companyId, effectiveFrom, `rule.${type}`, timeZone);
  const after = ruleAnswer(type, pair, await companyRules(companyId, type), effectiveFrom);
  return withAudit(ok({ ...after, recompute }), { before, after });
}
