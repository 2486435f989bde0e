// The package is CommonJS: under Node's ESM loader only its default export exists.
import holidayJp from '@holiday-jp/holiday_jp';
import { monthDates, weekday } from './time.js';

/** Japanese public holidays from the maintained @holiday-jp dataset (1970–2050), keyed by date. */
export function publicHoliday(date: string): string | null {
  return (holidayJp.holidays as Record<string, { name: string } | undefined>)[date]?.name ?? null;
}

export interface CalendarDay {
  date: string;
  weekday: number;
  holidayName: string | null;
  /** Saturday or Sunday: the company's regular days off until company calendars exist. */
  isDayOff: boolean;
}

export function monthCalendar(year: number, month: number): CalendarDay[] {
  return monthDates(year, month).map((date) => {
    const wd = weekday(date);
    return { date, weekday: wd, holidayName: publicHoliday(date), isDayOff: wd === 0 || wd === 6 };
  });
}
