import { TZDate } from '@date-fns/tz';

/**
 * Company-local time. Lambdas run in UTC; every "today", month and work date is computed in the
 * company's IANA zone. Instants are ISO-8601 UTC strings; work dates `YYYY-MM-DD`.
 */
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function localDate(instant: Date | string, timeZone: string): string {
  const d = new TZDate(new Date(instant).getTime(), timeZone);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function localTime(instant: Date | string, timeZone: string): string {
  const d = new TZDate(new Date(instant).getTime(), timeZone);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The UTC instant of a company-local wall-clock time (`2026-04-02`, 9, 0 in Asia/Tokyo → 2026-04-02T00:00:00.000Z). */
export function instantOf(date: string, hour: number, minute: number, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, hour, minute, 0, timeZone).getTime()).toISOString();
}

export const today = (timeZone: string, now: Date = new Date()) => localDate(now, timeZone);

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Calendar dates of a month: `2026-04-01` … `2026-04-30`. */
export function monthDates(year: number, month: number): string[] {
  return Array.from({ length: daysInMonth(year, month) }, (_, i) => `${year}-${pad(month)}-${pad(i + 1)}`);
}

/** 0 = Sunday … 6 = Saturday, for a calendar date (zone-independent). */
export function weekday(date: string): number {
  const ymd = parsedDate(date);
  if (ymd) {
    // Sakamoto's formula: the same answer as Date.UTC's for YYYY-MM-DD (linear in the day, so a day
    // past the month's end gives the weekday Date would roll it over to). The engine asks this for
    // every day of every employee (issue 19: the export's CPU), so no Date and no split per call.
    const [year, m, d] = ymd;
    const y = m < 3 ? year - 1 : year;
    return (y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + MONTH_SHIFT[m - 1]! + d) % 7;
  }
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const ymd = parsedDate(date);
  // Fast path for the engine's day-by-day walks: a result inside days 1–28 of the same month needs no
  // Date (every month has 28 days), the same string the Date path gives.
  if (ymd && Number.isInteger(days) && ymd[2] + days >= 1 && ymd[2] + days <= 28)
    return `${date.slice(0, 8)}${pad(ymd[2] + days)}`;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The YYYY-MM months from `from` to `to` (YYYY-MM or YYYY-MM-DD; only the month counts), oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.slice(0, 7).split('-').map(Number) as [number, number];
  for (;;) {
    const ym = `${y}-${String(m).padStart(2, '0')}`;
    if (ym > to.slice(0, 7)) return months;
    months.push(ym);
    if (m === 12) [y, m] = [y + 1, 1];
    else m += 1;
  }
}

/** For Sakamoto's weekday formula, by month (January first). */
const MONTH_SHIFT = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];

/** The two-digit number at `i` of `s`, or -1 when those are not two ASCII digits. */
function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** Year (1000–9999), month (1–12) and day (0–99) of a well-formed `YYYY-MM-DD`, else null. */
function parsedDate(date: string): [number, number, number] | null {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return null;
  const hi = twoDigits(date, 0);
  const lo = twoDigits(date, 2);
  const month = twoDigits(date, 5);
  const day = twoDigits(date, 8);
  if (hi < 10 || lo < 0 || month < 1 || month > 12 || day < 0) return null;
  return [hi * 100 + lo, month, day];
}
