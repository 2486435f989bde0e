/**
 * The company calendar the engine needs per date. Kept apart from the engine because it loads the
 * public-holiday dataset (@holiday-jp/holiday_jp): the engine itself only takes booleans.
 */
import { publicHoliday } from '../calendar.js';
import { weekday } from '../time.js';
import type { DayCalendar } from './day.js';

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
