import * as z from 'zod/mini';
import { effectiveDateSchema } from '../effective-date.js';
import { integerSchema, nameSchema } from '../../domain/input.js';
import {
  HHMM,
  MAX_PATTERN_BREAKS,
  PATTERN_MESSAGES,
  PATTERN_NAME_MAX,
  patternProblems,
} from '../../domain/work-patterns.js';
import { IdSchema } from '../schemas.js';
import { codeText } from '../../shared/i18n/code-text.js';

/**
 * Request schemas of the work patterns (勤務パターン), their default assignments and the work settings
 * (勤務設定). Times are "HH:MM"; see domain/work-patterns.ts for a night pattern's times.
 */
const time = z.string({ error: PATTERN_MESSAGES.time }).check(z.regex(HHMM, PATTERN_MESSAGES.time));

const BreakSchema = z.strictObject({ start_time: time, end_time: time });

export const PatternBodySchema = z
  .strictObject({
    name: nameSchema(PATTERN_NAME_MAX).check(
      z.maxLength(PATTERN_NAME_MAX, codeText('field.name_max_chars', { n: PATTERN_NAME_MAX })),
    ),
    start_time: time,
    end_time: time,
    // Required, as the README lists them (issue 30 item 9): a body without them must not save a day
    // pattern without breaks by default. No breaks is `[]`.
    crosses_midnight: z.boolean({ error: codeText('work_pattern.crosses_midnight_required') }),
    breaks: z
      .array(BreakSchema, {
        error: (issue) =>
          issue.input === undefined
            ? codeText('work_pattern.breaks_required')
            : codeText('work_pattern.breaks_invalid'),
      })
      .check(z.maxLength(MAX_PATTERN_BREAKS, PATTERN_MESSAGES.tooManyBreaks)),
  })
  .check(
    z.superRefine((b, ctx) => {
      for (const [path, messages] of Object.entries(patternProblems(b)))
        for (const message of messages)
          ctx.addIssue({
            code: 'custom',
            message,
            input: b,
            path: path.split('.').map((p) => (/^[0-9]+$/.test(p) ? Number(p) : p)),
          });
    }),
  );
export type PatternBody = z.input<typeof PatternBodySchema>;

/** YYYY-MM-DD; omitted = today in the company's time zone. */
const EffectiveDate = effectiveDateSchema;

/** An optional id: null, '' or absent = none ('-', every department / status). */
const OptionalRef = z.pipe(
  z.optional(
    z.pipe(
      z.transform((v) => (v === '' || v === undefined ? null : v)),
      z.nullable(IdSchema),
    ),
  ),
  z.transform((v) => v ?? null),
);

export const OnQuerySchema = z.strictObject({ on: EffectiveDate });

/**
 * `PUT /api/v1/work_pattern_assignments`: one version of a default pattern. scope 'group' = per
 * department × employment status (null = all of them; both null = the whole company), 'employee' = one
 * employee (employee_id). pattern_id null = no default pattern from effective_from on.
 */
export const AssignmentBodySchema = z
  .strictObject({
    scope: z.enum(['group', 'employee'], { error: codeText('work_pattern.assignment_scope') }),
    department_id: OptionalRef,
    employment_status_id: OptionalRef,
    employee_id: OptionalRef,
    pattern_id: OptionalRef,
    effective_from: EffectiveDate,
  })
  .check(
    z.refine((b) => b.scope !== 'employee' || b.employee_id !== null, {
      message: codeText('work_pattern.employee_required'),
      path: ['employee_id'],
    }),
    z.refine((b) => b.scope !== 'group' || b.employee_id === null, {
      message: codeText('work_pattern.group_without_employee'),
      path: ['employee_id'],
    }),
    z.refine((b) => b.scope !== 'employee' || (b.department_id === null && b.employment_status_id === null), {
      message: codeText('work_pattern.employee_without_group'),
      path: ['department_id'],
    }),
  );
export type AssignmentBody = z.input<typeof AssignmentBodySchema>;

export const ROUNDING_UNITS = [0, 5, 10, 15, 30] as const;

/**
 * `PUT /api/v1/work_settings`: one version of the company's work settings. A field left out keeps its
 * value in the version in force on `effective_from` (without one, the default: domain/worktime/
 * schedule.ts DEFAULT_WORK_SETTINGS), so a partial or empty body never resets the settings (issue 30
 * item 9).
 */
export const WorkSettingsBodySchema = z.strictObject({
  effective_from: EffectiveDate,
  grace_minutes: z.optional(integerSchema(0, 59, codeText('work_settings.grace_minutes'))),
  interval_minutes: z.optional(z.nullable(integerSchema(0, 1440, codeText('work_settings.interval_minutes')))),
  display_rounding_minutes: z.optional(
    z.literal(ROUNDING_UNITS, { error: codeText('work_settings.display_rounding') }),
  ),
  monthly_rounding_30: z.optional(z.boolean({ error: codeText('work_settings.monthly_rounding') })),
  hourly_leave_enabled: z.optional(z.boolean({ error: codeText('work_settings.hourly_leave_enabled') })),
  hourly_leave_days_per_year: z.optional(integerSchema(1, 5, codeText('work_settings.hourly_leave_days'))),
});
export type WorkSettingsBody = z.input<typeof WorkSettingsBodySchema>;
