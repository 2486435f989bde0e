import * as z from 'zod';
import { IsoDateSchema, WorkingPatternSchema } from '../../domain/paid-leave/schemas.js';
import { MESSAGES } from '../../shared/messages.js';
import { assertPasswordPolicy } from '../sessions/sign-in.js';
import { IdSchema } from '../shared/schemas.js';

/** Staff form bodies (spec §7: POST/PUT /api/v1/employees). Shared by the routes and the tests. */
const NameSchema = z.string().trim().min(1).max(50);
export const StaffEmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

const meetsPolicy = (password: string) => {
  try {
    assertPasswordPolicy(password);
    return true;
  } catch {
    return false;
  }
};
export const TemporaryPasswordSchema = z.string().max(256).refine(meetsPolicy, { message: MESSAGES.passwordPolicy });

/** An unchosen dropdown arrives as null or ''; both mean "none". */
const OptionalRefSchema = z
  .preprocess((v) => (v === '' || v === undefined ? null : v), IdSchema.nullable())
  .optional()
  .transform((v) => v ?? null);

const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** 入社日 (`YYYY-MM-DD`); optional: staff without one get no automatic paid-leave grants. */
export const HireDateFieldSchema = z
  .preprocess(emptyToNull, IsoDateSchema.nullable())
  .optional()
  .transform((v) => v ?? null);

/**
 * 所定労働日数・時間 for the proportional grant: per week (`days_per_week`) or per year
 * (`days_per_year`, shift work), with weekly hours. Validated by the paid-leave module's schema.
 */
export const WorkingPatternBodySchema = z
  .strictObject({
    basis: z.enum(['week', 'year']),
    days_per_week: z.number().nullish(),
    days_per_year: z.number().nullish(),
    weekly_hours: z.number(),
  })
  .transform((p) =>
    p.basis === 'week'
      ? { basis: 'week' as const, daysPerWeek: p.days_per_week, weeklyHours: p.weekly_hours }
      : { basis: 'year' as const, daysPerYear: p.days_per_year, weeklyHours: p.weekly_hours },
  )
  .pipe(WorkingPatternSchema);

const PatternFieldSchema = z
  .preprocess(emptyToNull, WorkingPatternBodySchema.nullable())
  .optional()
  .transform((v) => v ?? null);

export const NewStaffSchema = z.strictObject({
  last_name: NameSchema,
  first_name: NameSchema,
  email: StaffEmailSchema,
  password: TemporaryPasswordSchema,
  department_id: OptionalRefSchema,
  employment_status_id: OptionalRefSchema,
  hire_date: HireDateFieldSchema,
  working_pattern: PatternFieldSchema,
});

/** Editing: the password may be left empty (unchanged). */
export const EditStaffSchema = NewStaffSchema.extend({
  password: z
    .union([z.literal(''), TemporaryPasswordSchema])
    .optional()
    .transform((v) => v || null),
});

export type NewStaffBody = z.infer<typeof NewStaffSchema>;
export type EditStaffBody = z.infer<typeof EditStaffSchema>;
