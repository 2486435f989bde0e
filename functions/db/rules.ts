/**
 * Working-time and break-time rules, stored per (department | "-", employment status | "-").
 * Reading the rule in force is one Query of the company's rules of that type; precedence is the
 * pure `ruleInForce` of functions/domain/rules.ts.
 */
import { ANY, ruleInForce, type RuleLevel } from '../domain/rules.js';
import { db, type Db } from './service.js';

export type RuleType = 'working' | 'break';

export interface StoredRule {
  departmentId: string;
  employmentStatusId: string;
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
>;

/** Every rule of one type in the company: one Query (begins_with "rule#<type>#"). */
export async function companyRules(companyId: string, ruleType: RuleType, service: Db = db()): Promise<StoredRule[]> {
  const { data } = await service.entities.Rule.query.byCompany({ companyId, ruleType }).go({ pages: 'all' });
  return data;
}

export async function findRuleInForce(
  companyId: string,
  ruleType: RuleType,
  departmentId: string | null,
  employmentStatusId: string | null,
  service: Db = db(),
): Promise<{ rule: StoredRule; level: RuleLevel } | null> {
  return ruleInForce(await companyRules(companyId, ruleType, service), departmentId, employmentStatusId);
}

/** Replaces the rule of exactly this pair (a put: values left out are cleared). */
export async function putRule(
  companyId: string,
  ruleType: RuleType,
  departmentId: string | null,
  employmentStatusId: string | null,
  values: RuleValues,
  service: Db = db(),
): Promise<void> {
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as RuleValues;
  await service.entities.Rule.put({
    companyId,
    ruleType,
    departmentId: departmentId ?? ANY,
    employmentStatusId: employmentStatusId ?? ANY,
    ...defined,
  }).go({ response: 'none' });
}
