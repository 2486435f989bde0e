import { calendarVersions, putCalendarVersion } from '../../db/company-calendars.js';
import { today } from '../../domain/time.js';
import type { WeekStart } from '../../domain/worktime/week.js';
import { clock } from '../../shared/clock.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { CalendarBodySchema } from './calendar-schemas.js';
import { calendarView } from './calendar-view.js';

/**
 * Saves one version of the company calendar from `effective_from` (default today in the company's
 * zone); a version already saved for that day is replaced, the others stay as history. Answers like
 * the GET on the version's first day. Months already summarised keep their stored totals until their
 * next change (recomputing every employee's months is background work, ARCHITECTURE.md §11).
 */
export const handler = api(
  'update-company-calendar',
  { body: CalendarBodySchema, invalidMessage: MESSAGES.settingDefect, audit: 'settings.company_calendar' },
  async ({ body, principal }) => {
    const effectiveFrom = body.effective_from ?? today(principal.timeZone, clock.now());
    await putCalendarVersion(principal.companyId, {
      effectiveFrom,
      weekStartsOn: body.week_starts_on as WeekStart,
      legalHoliday: body.legal_holiday,
      weeklyDaysOff: body.weekly_days_off,
      publicHolidaysOff: body.public_holidays_off,
      companyDaysOff: body.company_days_off,
      extraWorkingDays: body.extra_working_days,
      special44hWeek: body.special_44h_week,
    });
    return ok(calendarView(await calendarVersions(principal.companyId), effectiveFrom));
  },
);
