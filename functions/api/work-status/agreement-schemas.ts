import * as z from 'zod/mini';
import { effectiveDateSchema } from '../effective-date.js';
import { STATUTORY_HOURS } from '../../domain/worktime/agreement-settings.js';
import { codeText } from '../../shared/i18n/code-text.js';

/** A whole number in [min, max] with one message for every way it can be wrong. */
const hours = (min: number, max: number, message: string) =>
  z.number({ error: message }).check(z.int(message), z.minimum(min, message), z.maximum(max, message));

const MONTHLY = codeText('agreement.monthly_limit');
const ANNUAL = codeText('agreement.annual_limit');
const SPECIAL_MONTHLY = codeText('agreement.special_monthly_limit');
const SPECIAL_ANNUAL = codeText('agreement.special_annual_limit');
const SPECIAL_MONTHS = codeText('agreement.special_months');

/**
 * `PUT /api/v1/overtime_agreement`: one version of the 36協定 settings. `effective_from` (YYYY-MM-DD)
 * omitted = today in the company's zone. 起算日 is a month (`start_month`): the agreement year starts
 * on its 1st. Hours are whole hours. The 1年単位の変形労働時間制 (`variant: 'one_year_variable'`)
 * lowers the monthly and annual limits to 42 h and 320 h. The special-clause fields are required with
 * a special clause and must be left out (or null) without one.
 */
export const AgreementBodySchema = z
  .strictObject({
    effective_from: effectiveDateSchema,
    start_month: hours(1, 12, codeText('agreement.start_month')),
    variant: z.enum(['standard', 'one_year_variable'], { error: codeText('work_system.system') }),
    monthly_limit_hours: hours(1, 45, MONTHLY),
    annual_limit_hours: hours(1, 360, ANNUAL),
    special_clause: z.boolean({ error: codeText('agreement.special_clause') }),
    special_monthly_limit_hours: z.optional(z.nullable(hours(1, 99, SPECIAL_MONTHLY))),
    special_annual_limit_hours: z.optional(z.nullable(hours(1, 720, SPECIAL_ANNUAL))),
    special_months: z.optional(z.nullable(hours(1, 6, SPECIAL_MONTHS))),
    alert_percent: hours(1, 100, codeText('agreement.alert_percent')),
  })
  .check(
    z.refine((b) => b.variant === 'standard' || b.monthly_limit_hours <= STATUTORY_HOURS[b.variant].monthly, {
      message: codeText('agreement.variable_monthly_limit'),
      path: ['monthly_limit_hours'],
    }),
    z.refine((b) => b.variant === 'standard' || b.annual_limit_hours <= STATUTORY_HOURS[b.variant].annual, {
      message: codeText('agreement.variable_annual_limit'),
      path: ['annual_limit_hours'],
    }),
    z.refine((b) => !b.special_clause || typeof b.special_monthly_limit_hours === 'number', {
      message: codeText('agreement.special_monthly_required'),
      path: ['special_monthly_limit_hours'],
    }),
    z.refine((b) => !b.special_clause || typeof b.special_annual_limit_hours === 'number', {
      message: codeText('agreement.special_annual_required'),
      path: ['special_annual_limit_hours'],
    }),
    z.refine((b) => !b.special_clause || typeof b.special_months === 'number', {
      message: codeText('agreement.special_months_required'),
      path: ['special_months'],
    }),
    z.refine((b) => (b.special_monthly_limit_hours ?? 99) > b.monthly_limit_hours, {
      message: codeText('agreement.special_monthly_above_limit'),
      path: ['special_monthly_limit_hours'],
    }),
    z.refine((b) => (b.special_annual_limit_hours ?? 720) >= b.annual_limit_hours, {
      message: codeText('agreement.special_annual_above_limit'),
      path: ['special_annual_limit_hours'],
    }),
    z.refine(
      (b) =>
        b.special_clause ||
        [b.special_monthly_limit_hours, b.special_annual_limit_hours, b.special_months].every(
          (v) => v === undefined || v === null,
        ),
      { message: codeText('agreement.special_without_clause'), path: ['special_clause'] },
    ),
  );

export type AgreementBody = z.infer<typeof AgreementBodySchema>;

/** `GET /api/v1/overtime_agreement?on=YYYY-MM-DD` (default today). */
export const AgreementQuerySchema = z.strictObject({
  on: effectiveDateSchema,
});
