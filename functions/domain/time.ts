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
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function addDays(date: string, days: number): string {
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
