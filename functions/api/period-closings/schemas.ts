import * as z from 'zod/mini';
import { effectiveDateSchema } from '../effective-date.js';
import { visibleText } from '../../domain/input.js';
import { MAX_CLOSING_DAY } from '../../domain/payroll-period.js';
import { codeText } from '../../shared/i18n/code-text.js';

const CLOSING_DAY = codeText('period.closing_day', { max: MAX_CLOSING_DAY });
/** Shared with the export's `period` (one wording for a 〇月度 that is not a year and month). */
export const PERIOD_MESSAGE = codeText('period.choose');
const PERIOD = PERIOD_MESSAGE;
export const REOPEN_REASON_MAX = 200;

/** `PUT /api/v1/payroll_period`: one version of the 締め日 (0 = 末日), from `effective_from` (omitted = today). */
export const PayrollPeriodBodySchema = z.strictObject({
  effective_from: effectiveDateSchema,
  closing_day: z
    .number({ error: CLOSING_DAY })
    .check(z.int(CLOSING_DAY), z.minimum(0, CLOSING_DAY), z.maximum(MAX_CLOSING_DAY, CLOSING_DAY)),
});

/** `GET /api/v1/payroll_period?on=YYYY-MM-DD` (default today). */
export const PayrollPeriodQuerySchema = z.strictObject({
  on: effectiveDateSchema,
});

/** A payroll period's name: the month its closing day falls in (〇月度). */
export const PeriodIdSchema = z.string({ error: PERIOD }).check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, PERIOD));

/** `POST /api/v1/period_closings`. */
export const CloseBodySchema = z.strictObject({ period: PeriodIdSchema });

/** `GET /api/v1/period_closings?period=YYYY-MM`: the period whose checklist to show (default: the last ended). */
export const ClosingsQuerySchema = z.strictObject({ period: z.optional(PeriodIdSchema) });

export const PeriodParamsSchema = z.strictObject({ period: PeriodIdSchema });

/** `DELETE /api/v1/period_closings/{period}`: reopening needs a reason (kept in the item and the audit trail). */
export const ReopenBodySchema = z.strictObject({
  reason: z
    .string({ error: codeText('period.reopen_reason_required') })
    .check(
      z.trim(),
      z.minLength(1, codeText('period.reopen_reason_required')),
      z.maxLength(REOPEN_REASON_MAX, codeText('period.reopen_reason_max_chars', { n: REOPEN_REASON_MAX })),
      visibleText(),
    ),
});
