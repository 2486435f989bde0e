/**
 * The working rule and the break rule in force for an employee, each with the level it came from.
 * Precedence is the shared `ruleInForce` (exact pair > department > status > company default);
 * below it the engine has a built-in default so a company that set nothing still gets legal figures.
 */
import { ruleInForce, type RuleLevel } from '../rules.js';
import { DAILY_LIMIT_MINUTES } from './version.js';

/** A stored rule as the rule entity returns it (either type); absent values may be undefined or null. */
export interface RuleRecord {
  ruleType: 'working' | 'break';
  departmentId: string;
  employmentStatusId: string;
  fixedMinutes?: number | null | undefined;
  overMinutes?: number | null | undefined;
  unpaidMinutes?: number | null | undefined;
  conditionMinutes?: number | null | undefined;
  breakMinutes?: number | null | undefined;
}

export type RuleSource = RuleLevel | 'default';

export interface WorkingRule {
  level: RuleSource;
  /** 所定労働時間 per day. */
  fixedMinutes: number;
  /** Daily overtime threshold (flag only); null = none. */
  overMinutes: number | null;
  /** Monthly deemed overtime (固定残業/みなし残業); null = none. */
  deemedOvertimeMinutes: number | null;
}

export interface BreakRule {
  level: RuleSource;
  /** Restraint at or above which `breakMinutes` is given; null = the rule gives no break of its own. */
  conditionMinutes: number | null;
  breakMinutes: number;
}

export interface RulesInForce {
  working: WorkingRule;
  break: BreakRule;
}

export const DEFAULT_WORKING_RULE: WorkingRule = {
  level: 'default',
  fixedMinutes: DAILY_LIMIT_MINUTES,
  overMinutes: null,
  deemedOvertimeMinutes: null,
};

export const DEFAULT_BREAK_RULE: BreakRule = { level: 'default', conditionMinutes: null, breakMinutes: 0 };

export const RULE_LEVEL_LABELS: Record<RuleSource, string> = {
  department_and_status: '部署・雇用形態',
  department: '部署',
  employment_status: '雇用形態',
  company: '全社',
  default: '既定値',
};

const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

/**
 * The rules in force for (departmentId, employmentStatusId); null or '' means the employee has none.
 * `rules` may hold both types (e.g. one Query over "rule#"); other companies' rules must not be passed.
 */
export function resolveRules(
  rules: readonly RuleRecord[],
  departmentId: string | null | undefined,
  employmentStatusId: string | null | undefined,
): RulesInForce {
  const dept = departmentId || null;
  const status = employmentStatusId || null;
  const working = ruleInForce(
    rules.filter((r) => r.ruleType === 'working'),
    dept,
    status,
  );
  const brk = ruleInForce(
    rules.filter((r) => r.ruleType === 'break'),
    dept,
    status,
  );
  return {
    working: working
      ? {
          level: working.level,
          fixedMinutes: num(working.rule.fixedMinutes) ?? DAILY_LIMIT_MINUTES,
          overMinutes: num(working.rule.overMinutes),
          deemedOvertimeMinutes: num(working.rule.unpaidMinutes),
        }
      : DEFAULT_WORKING_RULE,
    break: brk
      ? {
          level: brk.level,
          conditionMinutes: num(brk.rule.conditionMinutes),
          breakMinutes: num(brk.rule.breakMinutes) ?? 0,
        }
      : DEFAULT_BREAK_RULE,
  };
}
