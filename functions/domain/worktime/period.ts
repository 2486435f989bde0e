/**
 * One employee's payroll period (賃金計算期間, see ../payroll-period.ts): every date from `from` to `to`
 * computed, the 40 h/week rule applied, and the totals the stored summaries, work status and the
 * 36協定 checks use. The same engine as computeMonth (month.ts), over any span of days: with 末日締め
 * the period is the calendar month and the figures are computeMonth's.
 *
 * The week is a calendar week whatever the closing day (32条 counts 40 h per week, not per period):
 * the weekly pass starts from the first day of the week that contains `from`, so days of the
 * previous period feed the week's running total, and weekly 法定外 lands on the day the week passes
 * 40 h — in whichever period that day is. Days after `to` are never looked at: they cannot move
 * 法定外 onto an earlier day.
 */
import { periodOf, type PayrollPeriod, type PayrollVersion } from '../payroll-period.js';
import { addDays, daysInMonth } from '../time.js';
import type { DayResult } from './day.js';
import { computeSpan, lastAffectedDay, monthTotals, type MonthInput, type MonthTotals } from './month.js';
import { rulesOn, type RulesInForce } from './rules.js';
import { DEFAULT_SETTINGS_OF } from './schedule.js';
import { STANDARD_SYSTEM_OF, type SystemOf } from './system.js';
import { RULE_VERSION } from './version.js';
import { weekStartOf, type WeekStart } from './week.js';

export type PeriodInput = Omit<MonthInput, 'year' | 'month'> & {
  /** First and last day of the period (YYYY-MM-DD), inclusive. */
  from: string;
  to: string;
};

export interface PeriodResult {
  ruleVersion: string;
  from: string;
  to: string;
  rules: RulesInForce;
  /** Every date of the period, in order. */
  days: DayResult[];
  totals: MonthTotals;
}

/** The dates computePeriod needs: from the start of the week containing `from` to `to`. */
export function periodRange(from: string, to: string, weekStartsOn: WeekStart = 0): { from: string; to: string } {
  return { from: weekStartOf(from, weekStartsOn), to };
}

export function computePeriod(input: PeriodInput): PeriodResult {
  const days = computeSpan(input, input.from, input.to);
  // 固定残業 and the rules shown for the period: the versions in force on its last day.
  const periodEnd = rulesOn(input.rules, input.to);
  return {
    ruleVersion: RULE_VERSION,
    from: input.from,
    to: input.to,
    rules: periodEnd,
    days,
    totals: monthTotals(days, periodEnd, (input.settings ?? DEFAULT_SETTINGS_OF)(input.to)),
  };
}

/**
 * The payroll periods whose figures a change to the days `from`–`to` can alter, oldest first (the
 * periods' version of month.ts monthsAffectedBy): the periods holding the changed days and every day
 * up to the end of the week of the last one — the 40 h/week rule can move weekly 法定外 onto or off any
 * later day of that week, which may lie in the next period. Earlier periods never change.
 *
 * Under a 変形 or flex system (`system`, the employee's) the period 法定外 and the flex settlement
 * land on the 変形期間 / 清算期間's last day (and a flex period over a month counts its 50 h/week cap
 * in the changed day's own month): the periods run on through the end of the system's period holding
 * the changed days — but never past `until` (company-local today): later periods have no days yet and
 * are computed when their days come. With 通常 / 管理監督者 nothing is added (no period).
 */
export function periodsAffectedBy(
  from: string,
  to: string = from,
  versions: readonly PayrollVersion[] = [],
  weekStartsOn: WeekStart = 0,
  system: SystemOf = STANDARD_SYSTEM_OF,
  until?: string,
): PayrollPeriod[] {
  const last = lastAffectedDay(from, to, weekStartsOn, system, until);
  const periods = [periodOf(from, versions)];
  while (periods[periods.length - 1]!.to < last)
    periods.push(periodOf(addDays(periods[periods.length - 1]!.to, 1), versions));
  return periods;
}

/** The payroll periods with at least one day in the calendar month `yearMonth` (one or two), oldest first. */
export function periodsOverlappingMonth(yearMonth: string, versions: readonly PayrollVersion[] = []): PayrollPeriod[] {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  const periods = [periodOf(`${yearMonth}-01`, versions)];
  const end = `${yearMonth}-${String(daysInMonth(y, m)).padStart(2, '0')}`;
  while (periods[periods.length - 1]!.to < end)
    periods.push(periodOf(addDays(periods[periods.length - 1]!.to, 1), versions));
  return periods;
}
