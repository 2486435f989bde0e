/**
 * The working rule and the break rule in force for an employee, each with the level it came from.
 * Precedence is the shared `ruleInForce` (exact pair > department > status > company default);
 * below it the engine has a built-in default so a company that set nothing still gets legal figures.
 */
import { assignmentOn, type AssignedStaff } from '../staff-assignment.js';
import { ruleInForce, type RuleLevel } from '../rules.js';
import { DAILY_LIMIT_MINUTES } from './version.js';

/** A stored rule as the rule entity returns it (either type); absent values may be undefined or null. */
export interface RuleRecord {
  ruleType: 'working' | 'break';
  departmentId: string;
  employmentStatusId: string;
  /**
   * YYYY-MM-DD: the first day this version of the pair's rule is in force; absent = always (a record
   * without versions).
   */
  effectiveFrom?: string | undefined;
  fixedMinutes?: number | null | undefined;
  overMinutes?: number | null | undefined;
  unpaidMinutes?: number | null | undefined;
  conditionMinutes?: number | null | undefined;
  breakMinutes?: number | null | undefined;
  tier2ConditionMinutes?: number | null | undefined;
  tier2BreakMinutes?: number | null | undefined;
  breakWindows?: readonly { startMinute: number; endMinute: number }[] | null | undefined;
  /** Break rules: what a day without punched breaks takes (absent = 'rule', the behaviour before the choice). */
  unpunchedBreaks?: UnpunchedBreaks | null | undefined;
}

/**
 * The company's choice for a day whose breaks were not punched (LABOUR-LAW.md "Breaks": the engine never
 * invents break time; a break counts where the punches show it or, without punched breaks, where the
 * company's rule or pattern gives it — if the company deems breaks at all):
 * - 'rule': the break rule's (or the day's pattern's) break is deemed taken (the default);
 * - 'none': no break is deemed; the restraint is worked time.
 */
export const UNPUNCHED_BREAKS = ['rule', 'none'] as const;
export type UnpunchedBreaks = (typeof UNPUNCHED_BREAKS)[number];

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

/** A fixed break window on the company-local clock, minutes from midnight; end exclusive, at most 24:00. */
export interface BreakWindow {
  startMinute: number;
  endMinute: number;
}

export interface BreakRule {
  level: RuleSource;
  /** Restraint at or above which `breakMinutes` is given; null = the rule gives no break of its own. */
  conditionMinutes: number | null;
  breakMinutes: number;
  /**
   * Optional second tier: restraint at or above `conditionMinutes` → `breakMinutes` instead of the
   * first tier's (both at least the first tier's, e.g. 拘束6:01以上→45分, 拘束8:46以上→60分).
   */
  tier2?: { conditionMinutes: number; breakMinutes: number } | null | undefined;
  /** Fixed break windows (e.g. 12:00–13:00), deducted for the part inside the shift; sorted, disjoint. */
  windows?: readonly BreakWindow[] | undefined;
  /** A day without punched breaks takes the rule's / pattern's break ('rule', also when absent) or none. */
  unpunched?: UnpunchedBreaks | undefined;
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

const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

function tier2Of(rule: RuleRecord): BreakRule['tier2'] {
  const condition = num(rule.tier2ConditionMinutes);
  const minutes = num(rule.tier2BreakMinutes);
  return condition === null || minutes === null ? null : { conditionMinutes: condition, breakMinutes: minutes };
}

/** Stored windows, defensively sorted and clipped to the day; malformed entries are dropped. */
function windowsOf(rule: RuleRecord): BreakWindow[] {
  return (rule.breakWindows ?? [])
    .filter((w) => num(w.startMinute) !== null && num(w.endMinute) !== null && w.startMinute < w.endMinute)
    .map((w) => ({ startMinute: w.startMinute, endMinute: Math.min(w.endMinute, 24 * 60) }))
    .sort((a, b) => a.startMinute - b.startMinute);
}

/**
 * Of every version of every pair, the version of each (type, department, status) in force on `date`
 * (the latest with effectiveFrom ≤ date); pairs whose versions all start later are left out. Without a
 * date, the latest version of each pair.
 */
export function versionsInForce<R extends RuleRecord>(rules: readonly R[], date?: string | undefined): R[] {
  const best = new Map<string, R>();
  for (const r of rules) {
    const from = r.effectiveFrom ?? '';
    if (date !== undefined && from > date) continue;
    const key = `${r.ruleType}#${r.departmentId}#${r.employmentStatusId}`;
    const held = best.get(key);
    if (!held || from > (held.effectiveFrom ?? '')) best.set(key, r);
  }
  return [...best.values()];
}

/**
 * The rules in force on `date` for (departmentId, employmentStatusId); null or '' means the employee
 * has none. For each pair the version in force on the date is taken first, then the precedence.
 * `rules` may hold both types and every version (e.g. one Query over "rule#"); other companies' rules
 * must not be passed. Without a date the latest version of each pair counts (tests, pair-only callers).
 */
export function resolveRules(
  rules: readonly RuleRecord[],
  departmentId: string | null | undefined,
  employmentStatusId: string | null | undefined,
  date?: string | undefined,
): RulesInForce {
  const dept = departmentId || null;
  const status = employmentStatusId || null;
  const inForce = versionsInForce(rules, date);
  const working = ruleInForce(
    inForce.filter((r) => r.ruleType === 'working'),
    dept,
    status,
  );
  const brk = ruleInForce(
    inForce.filter((r) => r.ruleType === 'break'),
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
          tier2: tier2Of(brk.rule),
          windows: windowsOf(brk.rule),
          unpunched: brk.rule.unpunchedBreaks === 'none' ? 'none' : 'rule',
        }
      : DEFAULT_BREAK_RULE,
  };
}

/** The rules of each day: a date → rules function, or one set for every day. */
export type RulesByDate = RulesInForce | ((date: string) => RulesInForce);

/** The rules in force on `date` from either form. */
export const rulesOn = (rules: RulesByDate, date: string): RulesInForce =>
  typeof rules === 'function' ? rules(date) : rules;

/**
 * An employee's rules per day from the company's stored versions: resolved once per distinct set of
 * versions in force (memoised by date), so a month costs at most one resolution per day.
 */
export function rulesByDate(
  rules: readonly RuleRecord[],
  departmentId: string | null | undefined,
  employmentStatusId: string | null | undefined,
): (date: string) => RulesInForce {
  return rulesByStaff(rules, { departmentId, employmentStatusId });
}

/**
 * The rules of each day of a staff member: those of the (department, status) in force on the day
 * (domain/staff-assignment.ts: a move applies from its date, issue 29 item 11), each day's versions.
 */
export function rulesByStaff(rules: readonly RuleRecord[], staff: AssignedStaff): (date: string) => RulesInForce {
  const cache = new Map<string, RulesInForce>();
  return (date) => {
    let r = cache.get(date);
    if (!r) {
      const { departmentId, employmentStatusId } = assignmentOn(staff, date);
      cache.set(date, (r = resolveRules(rules, departmentId, employmentStatusId, date)));
    }
    return r;
  };
}
