/**
 * Break rules for engine tests whose subject is not the break. Since rule version 2026.5 the engine
 * deems no break the company did not give (LABOUR-LAW.md "Breaks", corrected 2026-11-28): a test that
 * needs 9:00–18:00 to be 8 h of work states the company's break rule instead of leaning on a deemed
 * 34条 minimum.
 *
 * The common lawful two-tier rule: 拘束6:01以上 → 45分, 拘束8:46以上 → 60分. It is lawful for every
 * restraint r (derived by hand from 34条 on work = r − break): r ≤ 6:00 → 0, work ≤ 6 h needs none;
 * 6:01 ≤ r ≤ 8:45 → 45, work r − 45 ≤ 8:00 needs at most 45; r ≥ 8:46 → 60, which is all 34条 ever
 * needs. For r ≤ 6:00, 6:45–8:45 and r ≥ 9:00 it gives the same break as the least lawful one the
 * engine used to deem (0, 45 and 60), so figures derived under that rule stay as they were.
 */
import type { BreakRule, RuleRecord } from '../../functions/domain/worktime/rules.js';

export const TWO_TIER_BREAK: BreakRule = {
  level: 'company',
  conditionMinutes: 361,
  breakMinutes: 45,
  tier2: { conditionMinutes: 526, breakMinutes: 60 },
  windows: [],
};

/** TWO_TIER_BREAK as a stored company-wide break rule version (for resolveRules / rulesByDate). */
export const TWO_TIER_BREAK_RECORD: RuleRecord = {
  ruleType: 'break',
  departmentId: '-',
  employmentStatusId: '-',
  conditionMinutes: 361,
  breakMinutes: 45,
  tier2ConditionMinutes: 526,
  tier2BreakMinutes: 60,
};
