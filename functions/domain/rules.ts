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
 * The legal thresholds a break rule ("restraint of `conditionMinutes` or more → a break of
 * `breakMinutes`") fails on some day. A day shorter than the condition gets no break at all, so a
 * condition later than 6 h (8 h) of work leaves such days short; a day at or over it works
 * restraint − break, which exceeds any threshold on a long enough day, so the break itself must
 * reach the threshold's minimum.
 */
export function breakRuleShortfalls(conditionMinutes: number, breakMinutes: number): LegalBreakShortfall[] {
  return LEGAL_BREAKS.filter(
    // Without a break, a restraint of workedOver + 1 minutes (< condition) already breaks the law.
    (legal) => conditionMinutes > legal.workedOverMinutes + 1 || breakMinutes < legal.breakMinutes,
  );
}

export const toMinutes = (hour: number, minute: number) => hour * 60 + minute;
export const toHourMinute = (minutes: number) => ({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
