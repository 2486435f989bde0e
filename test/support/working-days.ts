/**
 * Scheduled working days under the default company calendar (Saturday, Sunday and public holidays
 * off): leave can only be filed on one (issue 15 item 8), so tests that file leave pick their dates
 * here instead of a fixed day number that may fall on a weekend.
 */
import { publicHoliday } from '../../functions/domain/calendar.js';
import { monthDates, weekday } from '../../functions/domain/time.js';

/** The day numbers (1–31) of the month's working days, in order. */
export function workingDays(year: number, month: number): number[] {
  return monthDates(year, month)
    .filter((d) => weekday(d) % 6 !== 0 && publicHoliday(d) === null)
    .map((d) => Number(d.slice(8)));
}

/** The `n`-th working day (0-based) of the month, as a day number. Every month has at least 15. */
export function workingDay(year: number, month: number, n: number): number {
  const day = workingDays(year, month)[n];
  if (day === undefined) throw new Error(`no working day #${n} in ${year}-${month}`);
  return day;
}

/** The first working day on or after `date` (YYYY-MM-DD). */
export function workingDayFrom(date: string): string {
  let d = new Date(`${date}T00:00:00Z`);
  for (;;) {
    const ymd = d.toISOString().slice(0, 10);
    if (weekday(ymd) % 6 !== 0 && publicHoliday(ymd) === null) return ymd;
    d = new Date(d.getTime() + 86_400_000);
  }
}
