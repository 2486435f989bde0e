import * as z from 'zod/mini';
import { effectiveDateSchema } from '../effective-date.js';
import { STATUTORY_HOURS } from '../../domain/worktime/agreement-settings.js';

/** A whole number in [min, max] with one message for every way it can be wrong. */
const hours = (min: number, max: number, message: string) =>
  z.number({ error: message }).check(z.int(message), z.minimum(min, message), z.maximum(max, message));

const MONTHLY = '月の限度時間は1〜45時間で入力してください';
const ANNUAL = '年の限度時間は1〜360時間で入力してください';
const SPECIAL_MONTHLY = '特別条項の月の上限（休日労働を含む）は100時間未満（99時間以下）で入力してください';
const SPECIAL_ANNUAL = '特別条項の年の上限は720時間以下で入力してください';
const SPECIAL_MONTHS = '特別条項を適用できる回数は1〜6回で入力してください';

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
    start_month: hours(1, 12, '起算日の月は1〜12月から選択してください'),
    variant: z.enum(['standard', 'one_year_variable'], { error: '労働時間制度を選択してください' }),
    monthly_limit_hours: hours(1, 45, MONTHLY),
    annual_limit_hours: hours(1, 360, ANNUAL),
    special_clause: z.boolean({ error: '特別条項の有無を選択してください' }),
    special_monthly_limit_hours: z.optional(z.nullable(hours(1, 99, SPECIAL_MONTHLY))),
    special_annual_limit_hours: z.optional(z.nullable(hours(1, 720, SPECIAL_ANNUAL))),
    special_months: z.optional(z.nullable(hours(1, 6, SPECIAL_MONTHS))),
    alert_percent: hours(1, 100, 'アラート基準は限度時間の1〜100%で入力してください'),
  })
  .check(
    z.refine((b) => b.variant === 'standard' || b.monthly_limit_hours <= STATUTORY_HOURS[b.variant].monthly, {
      message: '1年単位の変形労働時間制では月の限度時間は42時間以下で入力してください',
      path: ['monthly_limit_hours'],
    }),
    z.refine((b) => b.variant === 'standard' || b.annual_limit_hours <= STATUTORY_HOURS[b.variant].annual, {
      message: '1年単位の変形労働時間制では年の限度時間は320時間以下で入力してください',
      path: ['annual_limit_hours'],
    }),
    z.refine((b) => !b.special_clause || typeof b.special_monthly_limit_hours === 'number', {
      message: '特別条項の月の上限を入力してください',
      path: ['special_monthly_limit_hours'],
    }),
    z.refine((b) => !b.special_clause || typeof b.special_annual_limit_hours === 'number', {
      message: '特別条項の年の上限を入力してください',
      path: ['special_annual_limit_hours'],
    }),
    z.refine((b) => !b.special_clause || typeof b.special_months === 'number', {
      message: '特別条項を適用できる回数を入力してください',
      path: ['special_months'],
    }),
    z.refine((b) => (b.special_monthly_limit_hours ?? 99) > b.monthly_limit_hours, {
      message: '特別条項の月の上限は月の限度時間より長くしてください',
      path: ['special_monthly_limit_hours'],
    }),
    z.refine((b) => (b.special_annual_limit_hours ?? 720) >= b.annual_limit_hours, {
      message: '特別条項の年の上限は年の限度時間以上にしてください',
      path: ['special_annual_limit_hours'],
    }),
    z.refine(
      (b) =>
        b.special_clause ||
        [b.special_monthly_limit_hours, b.special_annual_limit_hours, b.special_months].every(
          (v) => v === undefined || v === null,
        ),
      { message: '特別条項なしでは特別条項の上限は入力できません', path: ['special_clause'] },
    ),
  );

export type AgreementBody = z.infer<typeof AgreementBodySchema>;

/** `GET /api/v1/overtime_agreement?on=YYYY-MM-DD` (default today). */
export const AgreementQuerySchema = z.strictObject({
  on: effectiveDateSchema,
});
