import { addDays, daysInMonth } from '../time.js';

/**
 * Calendar periods as the law counts them. Every leave period (the six months before the first
 * grant, the year between grants, the two-year 時効 of 労働基準法 115条, the one-year window of the
 * five-day duty) is a period "reckoned by months or years" (民法 143条, applied by 民法 138条 to
 * statutes): it starts on its first day (employment and a grant both start at 00:00, so 140条's
 * exclusion of the first day does not apply) and ends on the day before the day of the final month
 * that corresponds to the first day — or, when that month has no such day (31 Aug + 6 months),
 * at the end of that month. The next period therefore starts on the 1st of the following month.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function assertDate(date: string, what = 'date'): void {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`${what} must be YYYY-MM-DD: ${date}`);
  const [, y, mo, d] = m.map(Number) as [number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo))
    throw new RangeError(`${what} is not a calendar date: ${date}`);
}

const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The first day after a period of `months` months starting on `date` (民法 143条): the day of the
 * final month corresponding to `date`, or the 1st of the month after when there is none.
 * `addMonthsLegal('2026-04-01', 6)` → `2026-10-01`; `addMonthsLegal('2025-08-31', 6)` → `2026-03-01`
 * (the period ends at the end of February).
 */
export function addMonthsLegal(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  if (d > daysInMonth(ty, tm)) return tm === 12 ? `${ty + 1}-01-01` : `${ty}-${pad(tm + 1)}-01`;
  return `${ty}-${pad(tm)}-${pad(d)}`;
}

export const addYearsLegal = (date: string, years: number) => addMonthsLegal(date, years * 12);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** Whole months completed from `start` up to and including `date` (0 before the first month ends). */
export function monthsCompleted(start: string, date: string): number {
  if (date < start) return 0;
  let m = 0;
  while (addMonthsLegal(start, m + 1) <= addDays(date, 1)) m++;
  return m;
}

/**
 * The length of the period `start` … `endInclusive` in months, as 厚生労働省「改正労働基準法に関する
 * Q&A」(2019) 3-9 counts it for the pro-rated five-day duty: whole months from the start day to the
 * day before the corresponding day of a later month, then the remaining days divided by the
 * calendar days of the final (partial) month. Returned as a fraction `{ whole, extraDays, finalMonthDays }`
 * so callers can stay in integer arithmetic.
 */
export function monthLength(
  start: string,
  endInclusive: string,
): { whole: number; extraDays: number; finalMonthDays: number } {
  const whole = monthsCompleted(start, endInclusive);
  const wholeEnd = addMonthsLegal(start, whole);
  return {
    whole,
    extraDays: daysBetween(wholeEnd, addDays(endInclusive, 1)),
    finalMonthDays: daysBetween(wholeEnd, addMonthsLegal(start, whole + 1)),
  };
}

/** `MM-DD` of a company's common grant date; 29 February is refused because it is not annual. */
export function assertMonthDay(monthDay: string): void {
  const m = /^(\d{2})-(\d{2})$/.exec(monthDay);
  const mo = Number(m?.[1]);
  const d = Number(m?.[2]);
  if (!m || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(2025, mo))
    throw new RangeError(`common grant date must be MM-DD (not 02-29): ${monthDay}`);
}

/** The first occurrence of `monthDay` on or after `date` (strictly after when `strict`). */
export function nextMonthDay(monthDay: string, date: string, strict = false): string {
  const year = Number(date.slice(0, 4));
  const candidate = `${year}-${monthDay}`;
  const later = strict ? candidate > date : candidate >= date;
  return later ? candidate : `${year + 1}-${monthDay}`;
}
