import { calendarVersions, putCalendarVersion } from '../../db/company-calendars.js';
import { assertEffectiveFromOpen } from '../../db/period-closings.js';
import { enqueueRecompute } from '../../services/recompute.js';
import { today } from '../../domain/time.js';
import type { WeekStart } from '../../domain/worktime/week.js';
import { calendarSettingsOn, type CalendarVersion } from '../../domain/worktime/calendar.js';
import { clock } from '../../shared/clock.js';
import { fieldIssues, ValidationError } from '../../shared/errors.js';
import * as z from 'zod/mini';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { CalendarBodySchema, CalendarVersionSchema } from './calendar-schemas.js';
import { calendarView } from './calendar-view.js';

/**
 * Saves one version of the company calendar from `effective_from` (default today in the company's
 * zone); a version already saved for that day is replaced, the others stay as history. Answers like
 * the GET on the version's first day, plus `recompute`: the background job that recomputes the stored
 * figures from the version's month (null for a version starting after this month; ARCHITECTURE.md
 * §11: the request's work does not grow with the staff count). Refused (409, nothing written) when
 * `effective_from` is on or before the last day of a closed period: it would change that period.
 * A field the body leaves out keeps its value in the version in force on `effective_from` (or the
 * default without one): a partial or empty body never resets the calendar (issue 30 item 9); the
 * merged version is checked as a whole, its defects answered next to their fields.
 */
export const handler = api(
  'update-company-calendar',
  { body: CalendarBodySchema, invalidMessage: MESSAGES.settingDefect, audit: 'settings.company_calendar' },
  async ({ body, principal }) => {
    const effectiveFrom = body.effective_from ?? today(principal.timeZone, clock.now());
    await assertEffectiveFromOpen(principal.companyId, effectiveFrom);
    const versions = await calendarVersions(principal.companyId);
    const inForce = calendarSettingsOn(versions, effectiveFrom);
    const merged = z.safeParse(CalendarVersionSchema, {
      week_starts_on: body.week_starts_on ?? inForce.weekStartsOn,
      legal_holiday: body.legal_holiday ?? inForce.legalHoliday,
      weekly_days_off: body.weekly_days_off ?? inForce.weeklyDaysOff,
      public_holidays_off: body.public_holidays_off ?? inForce.publicHolidaysOff,
      company_days_off: body.company_days_off ?? inForce.companyDaysOff,
      extra_working_days: body.extra_working_days ?? inForce.extraWorkingDays,
      special_44h_week: body.special_44h_week ?? inForce.special44hWeek,
    });
    if (!merged.success) throw new ValidationError(MESSAGES.settingDefect, fieldIssues(merged.error));
    const version = merged.data;
    const saved: CalendarVersion = {
      effectiveFrom,
      weekStartsOn: version.week_starts_on as WeekStart,
      legalHoliday: version.legal_holiday,
      weeklyDaysOff: version.weekly_days_off,
      publicHolidaysOff: version.public_holidays_off,
      companyDaysOff: version.company_days_off,
      extraWorkingDays: version.extra_working_days,
      special44hWeek: version.special_44h_week,
      updatedAt: clock.now().toISOString(),
    };
    await putCalendarVersion(principal.companyId, saved);
    const recompute = await enqueueRecompute(principal.companyId, effectiveFrom, 'calendar', principal.timeZone);
    // The history as saved, without reading it again: the other versions and this one in date order.
    const after = [...versions.filter((v) => v.effectiveFrom !== effectiveFrom), saved].sort((a, b) =>
      a.effectiveFrom.localeCompare(b.effectiveFrom),
    );
    return ok({ ...calendarView(after, effectiveFrom), recompute });
  },
);
