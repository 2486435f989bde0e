/**
 * The announcement window on screen: year / month / day / hour selects, assembled with minutes and
 * seconds zero (spec §5) into `yyyy-mm-dd hh:mm:ss`. Announcements are for every company, so their
 * wall clock is Japan time whatever the operator's device says.
 */
import { daysInMonth, range, zonedParts } from '../../shared/time';

export const INFO_ITEM_TIME_ZONE = 'Asia/Tokyo';

export interface DateTimeSelection {
  year: string;
  month: string;
  day: string;
  hour: string;
}

export const EMPTY_DATE_TIME: DateTimeSelection = { year: '', month: '', day: '', hour: '' };

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §5's calendar check: month 1-12, day 1-31 and existing in that month, hour 0-23, minute and second 0-59. */
function isRealDateTime(year: number, month: number, day: number, hour: number, minute = 0, second = 0): boolean {
  const ints = [year, month, day, hour, minute, second].every(Number.isInteger);
  return (
    ints &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour >= 0 &&
    hour <= 23 &&
    minute >= 0 &&
    minute <= 59 &&
    second >= 0 &&
    second <= 59
  );
}

/** `2026-04-01 09:00:00`, or null when a part is missing or the date does not exist (Feb 30). */
export function assembleDateTime(v: DateTimeSelection): string | null {
  if (!v.year || !v.month || !v.day || !v.hour) return null;
  const [y, m, d, h] = [Number(v.year), Number(v.month), Number(v.day), Number(v.hour)];
  if (!isRealDateTime(y, m, d, h)) return null;
  return `${y}-${pad(m)}-${pad(d)} ${pad(h)}:00:00`;
}

/** The selects for a stored instant (edit form), in Japan time. */
export function selectionOf(instant: string): DateTimeSelection {
  const p = zonedParts(instant, INFO_ITEM_TIME_ZONE);
  return { year: String(p.year), month: String(p.month), day: String(p.day), hour: String(p.hour) };
}

/** Spec §9: the current year (Japan) to three years later; plus a stored year outside that range. */
export function yearChoices(now: Date, keep: readonly string[] = []): number[] {
  const current = zonedParts(now, INFO_ITEM_TIME_ZONE).year;
  const years = new Set(range(current, current + 3));
  for (const y of keep) if (y) years.add(Number(y));
  return [...years].sort((a, b) => a - b);
}
