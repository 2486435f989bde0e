import { calendarVersions, putCalendarVersion } from '../../db/company-calendars.js';
import { assertEffectiveFromOpen } from '../../db/period-closings.js';
import { enqueueRecompute } from '../../services/recompute.js';
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
 * the GET on the version's first day, plus `recompute`: the background job that recomputes the stored
 * figures from the version's month (null for a version starting after this month; ARCHITECTURE.md
 * §11: the request's work does not grow with the staff count). Refused (409, nothing written) when
 * `effective_from` is on or before the last day of a closed period: it would change that period.
 */
export const handler = api(
  'update-company-calendar',
  { body: CalendarBodySchema, invalidMessage: MESSAGES.settingDefect, audit: 'settings.company_calendar' },
  async ({ body, principal }) => {
    const effectiveFrom = body.effective_from ?? today(principal.timeZone, clock.now());
    await assertEffectiveFromOpen(principal.companyId, effectiveFrom);
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
    const recompute = await enqueueRecompute(principal.companyId, effectiveFrom, 'calendar', principal.timeZone);
    return ok({ ...calendarView(await calendarVersions(principal.companyId), effectiveFrom), recompute });
  },
);
