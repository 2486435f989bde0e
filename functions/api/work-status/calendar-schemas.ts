import * as z from 'zod/mini';
import { effectiveDateSchema } from '../effective-date.js';
import { INPUT_MESSAGES, integerSchema, nameSchema } from '../../domain/input.js';
import { MAX_CALENDAR_DATES } from '../../domain/worktime/calendar.js';
import { MIN_YEAR } from '../schemas.js';
import { codeText } from '../../shared/i18n/code-text.js';

const WEEKDAY = codeText('calendar.weekday');
/** Longest name of a listed date (年末年始, 夏季休暇, 創立記念日…). */
export const CALENDAR_DATE_NAME_MAX = 30;

const weekday = z.number({ error: WEEKDAY }).check(z.int(WEEKDAY), z.minimum(0, WEEKDAY), z.maximum(6, WEEKDAY));

const listedDate = z.strictObject({
  date: z.iso.date({ error: INPUT_MESSAGES.date }),
  name: nameSchema(CALENDAR_DATE_NAME_MAX).check(
    z.maxLength(CALENDAR_DATE_NAME_MAX, codeText('field.name_max_chars', { n: CALENDAR_DATE_NAME_MAX })),
  ),
});

const listedDates = (list: 'company_days_off' | 'extra_working_days') =>
  z.array(listedDate, { error: codeText('calendar.dates_format', { list }) }).check(
    z.maxLength(MAX_CALENDAR_DATES, codeText('calendar.dates_max', { list, n: MAX_CALENDAR_DATES })),
    z.refine((l) => new Set(l.map((d) => d.date)).size === l.length, codeText('calendar.dates_duplicate', { list })),
  );

const legalHoliday = z.union([weekday, z.literal('latest')], {
  error: codeText('calendar.legal_holiday'),
});
const weeklyDaysOff = z.array(weekday, { error: codeText('calendar.weekly_days_off') }).check(
  z.maxLength(7, codeText('calendar.weekly_days_off')),
  z.refine((l) => new Set(l).size === l.length, codeText('calendar.weekly_days_off_duplicate')),
);
const publicHolidaysOff = z.boolean({ error: codeText('calendar.public_holidays_off') });
const special44hWeek = z.boolean({ error: codeText('calendar.special_week') });
const companyDaysOff = listedDates('company_days_off');
const extraWorkingDays = listedDates('extra_working_days');

/**
 * One version of the company calendar as it is stored, every field given: what a `PUT` body becomes
 * once merged into the version in force on its `effective_from` (update-company-calendar.ts), checked
 * as a whole. `legal_holiday` is a weekday (0 = Sunday … 6 = Saturday) or 'latest' (the rules fix
 * none: the later day off of the week when every day off was worked, 35条). `special_44h_week` is the
 * 特例措置対象事業場 (労基則25条の2).
 */
export const CalendarVersionSchema = z
  .strictObject({
    effective_from: effectiveDateSchema,
    week_starts_on: weekday,
    legal_holiday: legalHoliday,
    weekly_days_off: weeklyDaysOff,
    public_holidays_off: publicHolidaysOff,
    company_days_off: companyDaysOff,
    extra_working_days: extraWorkingDays,
    special_44h_week: special44hWeek,
  })
  .check(
    z.refine((b) => b.legal_holiday !== 'latest' || b.weekly_days_off.length > 0, {
      message: codeText('calendar.latest_needs_days_off'),
      path: ['weekly_days_off'],
    }),
    z.refine(
      (b) => {
        const off = new Set(b.company_days_off.map((d) => d.date));
        return b.extra_working_days.every((d) => !off.has(d.date));
      },
      { message: codeText('calendar.day_off_and_working_day'), path: ['extra_working_days'] },
    ),
  );

/**
 * `PUT /api/v1/company_calendar`: one version of the company calendar. `effective_from` (YYYY-MM-DD)
 * omitted = today in the company's zone. Every other field left out keeps its value in the version in
 * force on `effective_from` (without one, the default: 暦週 from Sunday, Sunday the 法定休日, Saturday
 * and Sunday off, public holidays off, no listed dates, 40 h weeks), so a partial or empty body never
 * resets the calendar (issue 30 item 9); the merged version is then checked as a whole
 * (CalendarVersionSchema).
 */
export const CalendarBodySchema = z.strictObject({
  effective_from: effectiveDateSchema,
  week_starts_on: z.optional(weekday),
  legal_holiday: z.optional(legalHoliday),
  weekly_days_off: z.optional(weeklyDaysOff),
  public_holidays_off: z.optional(publicHolidaysOff),
  company_days_off: z.optional(companyDaysOff),
  extra_working_days: z.optional(extraWorkingDays),
  special_44h_week: z.optional(special44hWeek),
});

export type CalendarBody = z.input<typeof CalendarBodySchema>;
export type CalendarVersionBody = z.output<typeof CalendarVersionSchema>;

/** `GET /api/v1/company_calendar?on=YYYY-MM-DD[&year&month]` (on defaults to today). */
export const CalendarQuerySchema = z
  .strictObject({
    on: effectiveDateSchema,
    year: z.optional(integerSchema(MIN_YEAR, 2100, INPUT_MESSAGES.date)),
    month: z.optional(integerSchema(1, 12, INPUT_MESSAGES.date)),
  })
  .check(
    z.refine((q) => (q.year === undefined) === (q.month === undefined), {
      message: codeText('calendar.year_and_month'),
      path: ['month'],
    }),
  );
