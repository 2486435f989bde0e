/**
 * Working-time and break-time rules: which stored rule is in force for a (department, employment
 * status) pair, and whether a break rule meets the legal minimum. Pure functions, shared by the
 * handlers, the calculation engine and the tests.
 */

/** Stored key part meaning "every department" or "every employment status". */
export const ANY = '-';

/** Where the rule in force was set, most specific first. */
export const RULE_LEVELS = ['department_and_status', 'department', 'employment_status', 'company'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];

export interface KeyedRule {
  departmentId: string;
  employmentStatusId: string;
}

/** The keys to look for, most specific first; a null selector skips the levels that name it. */
export function ruleCandidates(
  departmentId: string | null,
  employmentStatusId: string | null,
): { level: RuleLevel; key: KeyedRule }[] {
  const out: { level: RuleLevel; key: KeyedRule }[] = [];
  if (departmentId && employmentStatusId)
    out.push({ level: 'department_and_status', key: { departmentId, employmentStatusId } });
  if (departmentId) out.push({ level: 'department', key: { departmentId, employmentStatusId: ANY } });
  if (employmentStatusId) out.push({ level: 'employment_status', key: { departmentId: ANY, employmentStatusId } });
  out.push({ level: 'company', key: { departmentId: ANY, employmentStatusId: ANY } });
  return out;
}

/**
 * The rule in force for a pair: exact (department, status) > department only > status only >
 * company default. Null when the company has set none that applies.
 */
export function ruleInForce<R extends KeyedRule>(
  rules: readonly R[],
  departmentId: string | null,
  employmentStatusId: string | null,
): { rule: R; level: RuleLevel } | null {
  for (const { level, key } of ruleCandidates(departmentId, employmentStatusId)) {
    const rule = rules.find(
      (r) => r.departmentId === key.departmentId && r.employmentStatusId === key.employmentStatusId,
    );
    if (rule) return { rule, level };
  }
  return null;
}

/** 労働基準法 34条: more than 6 h of work needs 45 min of break, more than 8 h needs 60 min. */
export const LEGAL_BREAKS = [
  { workedOverMinutes: 6 * 60, breakMinutes: 45 },
  { workedOverMinutes: 8 * 60, breakMinutes: 60 },
] as const;

export type LegalBreakShortfall = (typeof LEGAL_BREAKS)[number];

/**
 * The legal thresholds a break rule fails on some day. The rule gives, for a restraint T, the break of
 * the highest tier whose condition T reaches ("restraint of `conditionMinutes` or more → a break of
 * `breakMinutes`", optionally a second tier), 0 below the first. 34条 is on work time (T − break):
 * work over 6 h needs ≥ 45 min, over 8 h ≥ 60 min. Every restraint from 0 to 24 h is checked.
 * (Fixed break windows are not counted: a shift may miss them; the engine then flags the day's
 * shortfall, it never tops the break up.)
 */
export function breakRuleShortfalls(
  conditionMinutes: number,
  breakMinutes: number,
  tier2?: { conditionMinutes: number; breakMinutes: number } | null,
): LegalBreakShortfall[] {
  const breakAt = (t: number) =>
    tier2 && t >= tier2.conditionMinutes ? tier2.breakMinutes : t >= conditionMinutes ? breakMinutes : 0;
  const failed = new Set<LegalBreakShortfall>();
  for (let t = 0; t <= 24 * 60; t++) {
    const b = Math.min(t, breakAt(t));
    for (const legal of LEGAL_BREAKS) if (t - b > legal.workedOverMinutes && b < legal.breakMinutes) failed.add(legal);
  }
  return LEGAL_BREAKS.filter((l) => failed.has(l));
}

export const toMinutes = (hour: number, minute: number) => hour * 60 + minute;
export const toHourMinute = (minutes: number) => ({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
