import * as z from 'zod/mini';
import { INPUT_MESSAGES, integerSchema } from '../../domain/input.js';
import { IdSchema, MIN_YEAR } from '../schemas.js';
import { pageCursorField } from '../paging.js';
import { codeText } from '../../shared/i18n/code-text.js';

/** Requests of GET / PUT /api/v1/shifts (the SPA imports the limits). */

/** Entries one PUT takes: a page of 16 staff × 31 days fits (the body is capped at 64 KB). */
export const MAX_SHIFT_ENTRIES = 500;
/** Staff one GET page lists (the grid pages through the rest with `cursor`). */
export const MAX_SHIFT_PAGE = 100;
export const DEFAULT_SHIFT_PAGE = 50;

export const SHIFT_MESSAGES = {
  tooMany: codeText('shift.too_many', { n: MAX_SHIFT_ENTRIES }),
  patternAndDayOff: codeText('shift.pattern_and_day_off'),
  unknownEmployee: codeText('shift.unknown_employee'),
  unknownPattern: codeText('shift.unknown_pattern'),
  duplicate: codeText('shift.duplicate'),
  date: INPUT_MESSAGES.date,
  ownOnly: codeText('shift.own_only'),
  dayOffRequired: codeText('shift.day_off_required'),
} as const;

/** Pattern ids: generated ids, or the short fixed ids of seeded patterns ('day', 'night'). */
export const PatternIdSchema = z.string().check(z.regex(/^[0-9a-z_-]{1,40}$/, SHIFT_MESSAGES.unknownPattern));

const DateSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, SHIFT_MESSAGES.date),
  z.refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    const year = Number(v.slice(0, 4));
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && year >= MIN_YEAR && year <= 2100;
  }, SHIFT_MESSAGES.date),
);

export const ShiftEntrySchema = z
  .strictObject({
    employee_id: z.string().check(z.regex(/^[0-9a-z]{10,40}$/, SHIFT_MESSAGES.unknownEmployee)),
    date: DateSchema,
    pattern_id: z.nullable(PatternIdSchema),
    // Required (issue 30 item 9): `pattern_id` null with `day_off` false removes the shift.
    day_off: z.boolean({ error: SHIFT_MESSAGES.dayOffRequired }),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.pattern_id !== null && v.day_off)
        ctx.issues.push({ code: 'custom', message: SHIFT_MESSAGES.patternAndDayOff, path: ['day_off'], input: v });
    }),
  );

export const ShiftsBodySchema = z.strictObject({
  entries: z.array(ShiftEntrySchema).check(z.minLength(1), z.maxLength(MAX_SHIFT_ENTRIES, SHIFT_MESSAGES.tooMany)),
});

export const ShiftsQuerySchema = z.strictObject({
  year: integerSchema(MIN_YEAR, 2100, INPUT_MESSAGES.date),
  month: integerSchema(1, 12, INPUT_MESSAGES.date),
  employee_id: z.optional(IdSchema),
  department_id: z.optional(IdSchema),
  limit: z._default(z.optional(integerSchema(1, MAX_SHIFT_PAGE)), DEFAULT_SHIFT_PAGE),
  cursor: pageCursorField,
});
