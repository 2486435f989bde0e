import { monthDates, weekday } from '../../domain/time.js';
import {
  calendarOfVersions,
  calendarSettingsOn,
  type CalendarDate,
  type CalendarVersion,
  type LegalHolidaySetting,
} from '../../domain/worktime/calendar.js';
import type { DayKind } from '../../domain/worktime/day.js';

/** One version of the company calendar, as the API answers it (the SPA imports the type). */
export interface CalendarVersionView {
  /** Null for the built-in defaults (no version saved yet). */
  effective_from: string | null;
  week_starts_on: number;
  legal_holiday: LegalHolidaySetting;
  weekly_days_off: number[];
  public_holidays_off: boolean;
  company_days_off: CalendarDate[];
  extra_working_days: CalendarDate[];
  special_44h_week: boolean;
  updated_at: string | null;
}

/** One date of `?year&month`: what the calendar makes of it. */
export interface CalendarDayView {
  date: string;
  /** 0 = Sunday. */
  weekday: number;
  kind: DayKind;
  is_day_off: boolean;
  /** The fixed 法定休日 ('latest' mode decides it per week from the work: false here). */
  is_legal_holiday: boolean;
  holiday_name: string | null;
  /** Name of a company day off or an extra working day. */
  name: string | null;
}

/** `GET/PUT /api/v1/company_calendar`. */
export interface CompanyCalendarView {
  on: string;
  /** The version in force on `on`; null before the first (the defaults apply). */
  in_force: CalendarVersionView | null;
  /** The settings used on `on`: the version in force, else the defaults. */
  settings: CalendarVersionView;
  /** Every version, newest first. */
  history: CalendarVersionView[];
  /** With `?year&month`: every date of that month. */
  days?: CalendarDayView[];
}

const versionView = (v: Omit<CalendarVersion, 'effectiveFrom'> & { effectiveFrom: string | null }) => ({
  effective_from: v.effectiveFrom,
  week_starts_on: v.weekStartsOn,
  legal_holiday: v.legalHoliday,
  weekly_days_off: [...v.weeklyDaysOff].sort(),
  public_holidays_off: v.publicHolidaysOff,
  company_days_off: [...v.companyDaysOff].sort((a, b) => a.date.localeCompare(b.date)),
  extra_working_days: [...v.extraWorkingDays].sort((a, b) => a.date.localeCompare(b.date)),
  special_44h_week: v.special44hWeek,
  updated_at: v.updatedAt ?? null,
});

export function calendarView(
  versions: readonly CalendarVersion[],
  on: string,
  month?: { year: number; month: number },
): CompanyCalendarView {
  const settings = calendarSettingsOn(versions, on);
  const calendar = calendarOfVersions(versions);
  return {
    on,
    in_force: settings.effectiveFrom === null ? null : versionView(settings),
    settings: versionView(settings),
    history: [...versions].reverse().map(versionView),
    ...(month
      ? {
          days: monthDates(month.year, month.month).map((date) => {
            const c = calendar(date);
            return {
              date,
              weekday: weekday(date),
              kind: c.kind ?? 'working',
              is_day_off: c.isDayOff,
              is_legal_holiday: c.isLegalHoliday,
              holiday_name: c.holidayName,
              name: c.name ?? null,
            };
          }),
        }
      : {}),
  };
}
