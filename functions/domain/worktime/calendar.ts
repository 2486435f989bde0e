/**
 * The company calendar the engine needs per date. Kept apart from the engine because it loads the
 * public-holiday dataset (@holiday-jp/holiday_jp): the engine itself only takes booleans.
 */
import { publicHoliday } from '../calendar.js';
import { weekday } from '../time.js';
import { versionInForce } from './agreement-settings.js';
import type { DayCalendar, DayKind } from './day.js';
import { WEEKLY_LIMIT_MINUTES } from './version.js';
import type { WeekStart } from './week.js';

export interface CompanyCalendarOptions {
  /** 法定休日 weekday, 0 = Sunday (default). */
  legalHolidayWeekday?: number | undefined;
  /** Weekly days off (所定休日), legal holiday included; default Saturday and Sunday. */
  weeklyDaysOff?: readonly number[] | undefined;
  /** Whether public holidays are days off (法定外休日); default true. */
  publicHolidaysOff?: boolean | undefined;
  /** Extra company days off (e.g. year-end), YYYY-MM-DD. */
  extraDaysOff?: readonly string[] | undefined;
}

/**
 * A public holiday is a day off but never the legal holiday by itself: 国民の祝日 are 法定外休日
 * unless they fall on the legal-holiday weekday.
 */
export function companyCalendar(options: CompanyCalendarOptions = {}): (date: string) => DayCalendar {
  const legal = options.legalHolidayWeekday ?? 0;
  const weekly = new Set(options.weeklyDaysOff ?? [0, 6]);
  weekly.add(legal);
  const extra = new Set(options.extraDaysOff ?? []);
  const holidaysOff = options.publicHolidaysOff ?? true;
  return (date) => {
    const wd = weekday(date);
    const holidayName = publicHoliday(date);
    return {
      isLegalHoliday: wd === legal,
      isDayOff: weekly.has(wd) || extra.has(date) || (holidaysOff && holidayName !== null),
      holidayName,
    };
  };
}

/** A listed date of a calendar version (会社休日 or 出勤日), with its name (年末年始, 棚卸…). */
export interface CalendarDate {
  date: string;
  name: string;
}

/**
 * 法定休日 (35条): a fixed weekday (0 = Sunday … 6 = Saturday), or 'latest' when the rules fix none:
 * then, per week, the later day off when every day off of the week was worked (see month.ts
 * `assignLatestLegalHolidays`).
 */
export type LegalHolidaySetting = number | 'latest';

/**
 * One version of a company's calendar, in force from `effectiveFrom` until the next version's. Stored
 * in db/company-calendars.ts; every version of a company is read with one Query.
 */
export interface CalendarVersion {
  /** YYYY-MM-DD: the first day this version is in force. */
  effectiveFrom: string;
  /** The first day of the week for 32条1項's 40 h (the rules' week; 暦週 from Sunday if silent). */
  weekStartsOn: WeekStart;
  legalHoliday: LegalHolidaySetting;
  /** 所定休日 weekdays (the fixed 法定休日 weekday is always a day off too). */
  weeklyDaysOff: number[];
  /** Whether 国民の祝日 are days off (法定外休日). */
  publicHolidaysOff: boolean;
  /** 会社休日 (年末年始, 夏季休暇…). */
  companyDaysOff: CalendarDate[];
  /** Working days on what would be a day off (a weekday off, a public holiday or a company day off). */
  extraWorkingDays: CalendarDate[];
  /** 特例措置対象事業場 (労基則25条の2): 44 h a week instead of 40 h. */
  special44hWeek: boolean;
  updatedAt?: string | undefined;
}

/** Most dates a version may list in company days off, and in extra working days. */
export const MAX_CALENDAR_DATES = 100;

/** Before any version is saved: 暦週 from Sunday, Sunday the 法定休日, Saturday and Sunday off, 祝日 off. */
export const DEFAULT_CALENDAR: Omit<CalendarVersion, 'effectiveFrom'> = {
  weekStartsOn: 0,
  legalHoliday: 0,
  weeklyDaysOff: [0, 6],
  publicHolidaysOff: true,
  companyDaysOff: [],
  extraWorkingDays: [],
  special44hWeek: false,
};

/** 32条1項 and 則25条の2. */
export const SPECIAL_WEEKLY_LIMIT_MINUTES = 44 * 60;

function dayOf(v: Omit<CalendarVersion, 'effectiveFrom'>) {
  const weekly = new Set(v.weeklyDaysOff);
  if (v.legalHoliday !== 'latest') weekly.add(v.legalHoliday);
  const companyOff = new Map(v.companyDaysOff.map((d) => [d.date, d.name]));
  const extra = new Map(v.extraWorkingDays.map((d) => [d.date, d.name]));
  return (date: string): DayCalendar => {
    const wd = weekday(date);
    const holidayName = publicHoliday(date);
    const extraName = extra.get(date);
    if (extraName !== undefined)
      return { isDayOff: false, isLegalHoliday: false, holidayName, kind: 'extra_working', name: extraName };
    const legal = v.legalHoliday !== 'latest' && wd === v.legalHoliday;
    const companyName = companyOff.get(date);
    const publicOff = v.publicHolidaysOff && holidayName !== null;
    const isDayOff = weekly.has(wd) || companyName !== undefined || publicOff;
    const kind: DayKind = legal
      ? 'legal_holiday'
      : companyName !== undefined
        ? 'company_day_off'
        : publicOff
          ? 'public_holiday'
          : isDayOff
            ? 'day_off'
            : 'working';
    return {
      isDayOff,
      isLegalHoliday: legal,
      holidayName,
      kind,
      name: companyName ?? null,
      ...(isDayOff && v.legalHoliday === 'latest' ? { legalHolidayByWeek: true } : {}),
    };
  };
}

/**
 * The per-date calendar from a company's versions: each date with the version in force on it
 * (DEFAULT_CALENDAR before the first). An extra working day is a working day whatever else the date
 * is; otherwise a day is off when its weekday is a 所定休日 or the fixed 法定休日, when it is a
 * company day off, or when it is a public holiday and those are off.
 */
export function calendarOfVersions(versions: readonly CalendarVersion[]): (date: string) => DayCalendar {
  const byVersion = new Map<CalendarVersion | null, (date: string) => DayCalendar>();
  return (date) => {
    const v = versionInForce(versions, date);
    let f = byVersion.get(v);
    if (!f) byVersion.set(v, (f = dayOf(v ?? DEFAULT_CALENDAR)));
    return f(date);
  };
}

/** The settings in force on `date` (DEFAULT_CALENDAR before the first version). */
export const calendarSettingsOn = (versions: readonly CalendarVersion[], date: string) =>
  versionInForce(versions, date) ?? { ...DEFAULT_CALENDAR, effectiveFrom: null };

/**
 * What computeMonth takes from the calendar for one month: the per-date calendar, the week start of
 * the version in force on the month's 1st (weeks must not overlap inside a month) and each week's
 * limit from the version in force on its first day (44 h with the 特例). Spread into computeMonth's
 * input; load the records of `monthRange(year, month, weekStartsOn)`.
 */
export function monthCalendarInput(versions: readonly CalendarVersion[], year: number, month: number) {
  return spanCalendarInput(versions, `${year}-${String(month).padStart(2, '0')}-01`);
}

/** monthCalendarInput for any span of days (a payroll period): the week start in force on its first day. */
export function spanCalendarInput(
  versions: readonly CalendarVersion[],
  first: string,
): {
  calendar: (date: string) => DayCalendar;
  weekStartsOn: WeekStart;
  weeklyLimitMinutes: (weekStart: string) => number;
} {
  return {
    calendar: calendarOfVersions(versions),
    weekStartsOn: calendarSettingsOn(versions, first).weekStartsOn,
    weeklyLimitMinutes: (weekStart) =>
      calendarSettingsOn(versions, weekStart).special44hWeek ? SPECIAL_WEEKLY_LIMIT_MINUTES : WEEKLY_LIMIT_MINUTES,
  };
}
