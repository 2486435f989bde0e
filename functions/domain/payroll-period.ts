/**
 * Payroll periods (賃金計算期間) from the company's 締め日 (労基法24条: wages are paid at least monthly on
 * a fixed day, for a period the company fixes; the 締め日 ends it). Pure; storage is db/payroll-settings.ts.
 *
 * A period is named by the month its closing day falls in: with 20日締め, `2026-12` (12月度) runs from
 * 11月21日 to 12月20日; with 末日締め the period is the calendar month. The closing day is effective-dated
 * like every other setting: each version holds from its `effectiveFrom` until the next one's. A month
 * has at most one closing day: where a change of closing day would put two in one month (20日締め → 末日締め
 * from 11月21日 gives 11月20日 and 11月30日), the later is dropped and the period runs on to the next
 * closing day (11月21日–12月31日, `2026-12`), so a period already closed is never cut short or renamed.
 */
import { addDays, daysInMonth } from './time.js';

/** 0 = 末日 (month end); 1–28 = that day of the month. */
export type ClosingDay = number;

export interface PayrollVersion {
  /** YYYY-MM-DD: the first day this closing day is in force. */
  effectiveFrom: string;
  closingDay: ClosingDay;
  updatedAt?: string | undefined;
}

export interface PayrollPeriod {
  /** YYYY-MM: the month of the closing day (〇月度). */
  id: string;
  /** First and last day, inclusive. */
  from: string;
  to: string;
}

/** 末日締め until the company records a version. */
export const DEFAULT_CLOSING_DAY: ClosingDay = 0;
export const MAX_CLOSING_DAY = 28;

const BEGINNING: PayrollVersion = { effectiveFrom: '0000-01-01', closingDay: DEFAULT_CLOSING_DAY };

const pad = (n: number) => String(n).padStart(2, '0');

function shiftMonth(yearMonth: string, n: number): string {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** The closing date of `yearMonth` under `closingDay`. */
export function closingDateOf(yearMonth: string, closingDay: ClosingDay): string {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  const last = daysInMonth(y, m);
  const day = closingDay === 0 ? last : Math.min(closingDay, last);
  return `${yearMonth}-${pad(day)}`;
}

function sortedVersions(versions: readonly PayrollVersion[]): PayrollVersion[] {
  return [BEGINNING, ...versions].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
}

function inForce(sorted: readonly PayrollVersion[], date: string): PayrollVersion {
  let best = sorted[0]!;
  for (const v of sorted) if (v.effectiveFrom <= date) best = v;
  return best;
}

/**
 * The closing dates of the months `fromMonth`–`toMonth`, ascending: per month the closing date of the
 * version in force on it, the first one only when two versions would each close in the month.
 */
export function closingDates(fromMonth: string, toMonth: string, versions: readonly PayrollVersion[]): string[] {
  const sorted = sortedVersions(versions);
  const out: string[] = [];
  for (let m = fromMonth; m <= toMonth; m = shiftMonth(m, 1)) {
    const candidates = sorted
      .map((v) => ({ v, date: closingDateOf(m, v.closingDay) }))
      .filter((c) => inForce(sorted, c.date) === c.v)
      .map((c) => c.date)
      .sort();
    if (candidates.length) out.push(candidates[0]!);
  }
  return out;
}

/** The payroll period that contains `date`. */
export function periodOf(date: string, versions: readonly PayrollVersion[] = []): PayrollPeriod {
  const month = date.slice(0, 7);
  // A period is at most two months long (a dropped closing day), so four months around the date hold both ends.
  const dates = closingDates(shiftMonth(month, -3), shiftMonth(month, 3), versions);
  const index = dates.findIndex((d) => d >= date);
  const to = dates[index]!;
  return { id: to.slice(0, 7), from: addDays(dates[index - 1]!, 1), to };
}

/** The period named `id` (YYYY-MM), or null when no period closes in that month. */
export function periodById(id: string, versions: readonly PayrollVersion[] = []): PayrollPeriod | null {
  const dates = closingDates(shiftMonth(id, -3), shiftMonth(id, 1), versions);
  const to = dates.find((d) => d.startsWith(`${id}-`));
  if (!to) return null;
  return { id, from: addDays(dates[dates.indexOf(to) - 1]!, 1), to };
}

/** 11月21日: how messages name a day of a period. */
export const monthDayLabel = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

/** 12月度 (11月21日〜12月20日): how screens and messages name a period. */
export function periodLabel(period: PayrollPeriod): string {
  const [y, m] = period.id.split('-').map(Number) as [number, number];
  return `${y}年${m}月度（${monthDayLabel(period.from)}〜${monthDayLabel(period.to)}）`;
}
