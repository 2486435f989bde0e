/**
 * Dates and times on screen, always in the company's zone (never the phone's): a member of staff
 * travelling abroad still sees the office clock. Built on Intl only, so no date library ships to
 * phones. Calendar dates (`YYYY-MM-DD`) carry no zone and are formatted as they are.
 */
import { fmt, locale, t } from '../i18n';

const DEFAULT_TIME_ZONE = 'Asia/Tokyo';
/** First year of the year selects (spec §9). */
const FIRST_YEAR = 2022;

const pad = (n: number) => String(n).padStart(2, '0');

/** An unknown zone name would make Intl throw on every render; fall back to the default instead. */
export function safeTimeZone(zone: string | null | undefined): string {
  if (!zone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('ja-JP', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

// Building a DateTimeFormat is costly and the clock asks every second: keep one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('ja-JP', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      // h23: some engines print midnight as 24:00 with hour12 off.
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function zonedParts(instant: Date | string, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

export const toDateString = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

export function parseDateString(date: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** The company-local calendar date of an instant, `YYYY-MM-DD`. */
export function zonedDate(instant: Date | string, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return toDateString(p.year, p.month, p.day);
}

/** `09:05:03` */
export function formatClock(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** `9:05` (hours unpadded, as times are written in Japanese), or '' when there is no instant. */
export function formatTime(instant: string | null | undefined, timeZone: string): string {
  if (!instant) return '';
  const p = zonedParts(instant, timeZone);
  return `${p.hour}:${pad(p.minute)}`;
}

/** `2026年4月1日(水) 9:05` */
export function formatDateTime(instant: string | null | undefined, timeZone: string): string {
  if (!instant) return '';
  const p = zonedParts(instant, timeZone);
  return `${formatLongDate(toDateString(p.year, p.month, p.day))} ${p.hour}:${pad(p.minute)}`;
}

/** `2026/11/24 10:05` in the company's zone: 集計日時 of the figures built in the background. */
export function formatAsOf(instant: string, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}/${pad(p.month)}/${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A calendar date (`YYYY-MM-DD`, no zone) through `Intl` in the active language (issue 31). */
function formatCalendarDate(date: string, options: Intl.DateTimeFormatOptions): string {
  const d = parseDateString(date);
  if (!d) return date;
  const lang = locale();
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format.format(new Date(Date.UTC(d.year, d.month - 1, d.day)));
}

/** `2026年4月1日(水)` / `Wed, Apr 1, 2026` */
export const formatLongDate = (date: string): string =>
  formatCalendarDate(date, {
    year: 'numeric',
    month: locale() === 'ja' ? 'long' : 'short',
    day: 'numeric',
    weekday: 'short',
  });

/** `4/1(水)` / `Wed, 4/1` */
export const formatShortDate = (date: string): string =>
  formatCalendarDate(date, { month: 'numeric', day: 'numeric', weekday: 'short' });

/** `2026年4月1日` / `Apr 1, 2026` (no weekday: for dense tables and sentences). */
export const formatDateOnly = (date: string): string =>
  formatCalendarDate(date, { year: 'numeric', month: locale() === 'ja' ? 'long' : 'short', day: 'numeric' });

/** `11月1日` / `Nov 1` */
export const formatMonthDay = (date: string): string =>
  formatCalendarDate(date, { month: locale() === 'ja' ? 'long' : 'short', day: 'numeric' });

/** A text in parentheses as the language writes it: `（…）` / ` (…)`. */
export const inParentheses = (text: string): string => fmt(t.common.inParentheses, { text });

/** `2026年11月` / `November 2026` */
export const formatYearMonth = (year: number, month: number): string =>
  formatCalendarDate(toDateString(year, month, 1), { year: 'numeric', month: 'long' });

/** Minutes as `h:mm` (`485` → `8:05`); '' when unknown. */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '';
  const m = Math.max(0, Math.round(minutes));
  return `${Math.floor(m / 60)}:${pad(m % 60)}`;
}

export const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** Year choices from 2022 to the company's current year (spec §9); `ahead` adds years for planning. */
export const yearChoices = (timeZone: string, now: Date = new Date(), ahead = 0): number[] =>
  range(FIRST_YEAR, Math.max(FIRST_YEAR, zonedParts(now, timeZone).year + ahead));

/**
 * Year choices of the month views (勤怠一覧, a member's month): through the year of next month, so in
 * December the coming January, with its schedule, leave and company days off, can be opened too.
 */
export const monthViewYears = (timeZone: string, now: Date = new Date()): number[] =>
  yearChoices(timeZone, now, zonedParts(now, timeZone).month === 12 ? 1 : 0);

/** A punch of the work day `workDate`: `9:05`, or `翌2:00` for a clock-out after that day's midnight. */
export function formatPunchTime(instant: string | null | undefined, workDate: string, timeZone: string): string {
  if (!instant) return '';
  const time = formatTime(instant, timeZone);
  return zonedDate(instant, timeZone) > workDate ? `${t.monthTable.nextDayMark}${time}` : time;
}

/** Minutes as `h:mm`, or '' when there are none (tables where a blank reads better than 0:00). */
export const formatMinutesIfAny = (minutes: number | null | undefined): string =>
  minutes ? formatMinutes(minutes) : '';

/** Minutes as people say a long duration: `7230` → `120時間30分`, `2700` → `45時間`, `0` → `0時間`. */
export function formatHoursJa(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '';
  const m = Math.max(0, Math.round(minutes));
  const rest = m % 60;
  const h = Math.floor(m / 60);
  return rest ? fmt(t.common.hoursMinutes, { h, m: rest }) : fmt(t.common.hours, { h });
}

/** `09:05` (padded, as `<input type="time">` takes it), or '' when there is no instant. */
export function inputTime(instant: string | null | undefined, timeZone: string): string {
  if (!instant) return '';
  const p = zonedParts(instant, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** The instant (ISO, UTC) of the company-local wall time `date` `HH:MM` in `timeZone`. */
export function zonedInstant(date: string, hhmm: string, timeZone: string): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = hhmm.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The zone's offset at a first guess, then at the corrected instant (once is enough off a DST edge).
  const offsetAt = (instant: number) => {
    const p = zonedParts(new Date(instant), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - (instant - (instant % 60_000));
  };
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant).toISOString();
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDaysTo(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return toDateString(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}
