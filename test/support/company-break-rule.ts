/**
 * A company's break rule for integration and e2e tests whose subject is not the break. Since rule
 * version 2026.5 (issue 29) no break is deemed that the company did not give: a tenant without a break
 * rule, pattern or punched break works 9:00–18:00 as 540 minutes. Tests that derive their figures from
 * an 8-hour day with an hour's break store the common lawful two-tier rule (拘束6:01以上で0:45、
 * 拘束8:46以上で1:00; see break-rules.ts for why it gives the figures such tests were derived with) as
 * the company default, as an admin would on 休憩時間設定, in force long before any test date.
 */
import { putRule } from '../../functions/db/rules.js';
import { TWO_TIER_BREAK_RECORD } from './break-rules.js';

export async function putTwoTierBreakRule(companyId: string, effectiveFrom = '2000-01-01'): Promise<void> {
  const r = TWO_TIER_BREAK_RECORD;
  await putRule(companyId, 'break', null, null, effectiveFrom, {
    conditionMinutes: r.conditionMinutes!,
    breakMinutes: r.breakMinutes!,
    tier2ConditionMinutes: r.tier2ConditionMinutes!,
    tier2BreakMinutes: r.tier2BreakMinutes!,
  });
}
