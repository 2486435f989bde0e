/**
 * Working-time and break-time rules, stored per (department | "-", employment status | "-") as
 * versions keyed by the day they come into force. Reading the rule in force on a day is one Query of
 * the company's rules of that type; the version in force is `versionsInForce`, precedence the pure
 * `ruleInForce` of functions/domain/rules.ts.
 */
import { ANY, ruleInForce, type RuleLevel } from '../domain/rules.js';
import { versionsInForce, type UnpunchedBreaks } from '../domain/worktime/rules.js';
import { db, type Db } from './service.js';

export type RuleType = 'working' | 'break';

export interface StoredRule {
  departmentId: string;
  employmentStatusId: string;
  /** YYYY-MM-DD: the first day this version is in force. */
  effectiveFrom: string;
  fixedMinutes?: number | undefined;
  overMinutes?: number | undefined;
  unpaidMinutes?: number | undefined;
  conditionMinutes?: number | undefined;
  breakMinutes?: number | undefined;
  /** Optional second tier of a break rule. */
  tier2ConditionMinutes?: number | undefined;
  tier2BreakMinutes?: number | undefined;
  /** Fixed break windows, minutes from local midnight, sorted and disjoint. */
  breakWindows?: { startMinute: number; endMinute: number }[] | undefined;
  /** Break rules: a day without punched breaks takes the rule's / pattern's break ('rule', also when absent) or none. */
  unpunchedBreaks?: UnpunchedBreaks | undefined;
  updatedAt?: string | undefined;
}

export type RuleValues = Pick<
  StoredRule,
  | 'fixedMinutes'
  | 'overMinutes'
  | 'unpaidMinutes'
  | 'conditionMinutes'
  | 'breakMinutes'
  | 'tier2ConditionMinutes'
  | 'tier2BreakMinutes'
  | 'breakWindows'
  | 'unpunchedBreaks'
>;

/** Every version of every rule of one type in the company: one Query (begins_with "rule#<type>#"). */
export async function companyRules(companyId: string, ruleType: RuleType, service: Db = db()): Promise<StoredRule[]> {
  const { data } = await service.entities.Rule.query.byCompany({ companyId, ruleType }).go({ pages: 'all' });
  return data;
}

/** The rule in force on `on` for the pair and the level it came from, from the type's versions. */
export function ruleInForceOn(
  rules: readonly StoredRule[],
  ruleType: RuleType,
  departmentId: string | null,
  employmentStatusId: string | null,
  on: string,
): { rule: StoredRule; level: RuleLevel } | null {
  return ruleInForce(
    versionsInForce(
      rules.map((r) => ({ ...r, ruleType })),
      on,
    ),
    departmentId,
    employmentStatusId,
  );
}

/** The versions saved for exactly this pair, newest first. */
export function pairHistory(
  rules: readonly StoredRule[],
  departmentId: string | null,
  employmentStatusId: string | null,
): StoredRule[] {
  return rules
    .filter((r) => r.departmentId === (departmentId ?? ANY) && r.employmentStatusId === (employmentStatusId ?? ANY))
    .sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
}

/**
 * Saves the version of exactly this pair from `effectiveFrom` (a put: a version saved for the same day
 * is replaced, values left out are cleared; the other versions stay as history).
 */
export async function putRule(
  companyId: string,
  ruleType: RuleType,
  departmentId: string | null,
  employmentStatusId: string | null,
  effectiveFrom: string,
  values: RuleValues,
  service: Db = db(),
): Promise<void> {
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as RuleValues;
  await service.entities.Rule.put({
    companyId,
    ruleType,
    departmentId: departmentId ?? ANY,
    employmentStatusId: employmentStatusId ?? ANY,
    effectiveFrom,
    ...defined,
  }).go({ response: 'none' });
}
