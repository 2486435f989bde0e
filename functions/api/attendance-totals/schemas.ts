import * as z from 'zod/mini';
import { TOTALS_PAGE_LIMIT, TOTALS_SORTS } from '../../services/attendance-totals.js';
import { PeriodIdSchema } from '../period-closings/schemas.js';
import { pageFields } from '../paging.js';
import { codeText } from '../../shared/i18n/code-text.js';

export const DEPARTMENT = codeText('totals.department');
export const STATUS = codeText('totals.employment_status');

/** `GET /api/v1/attendance_totals` (勤怠集計). */
export const TotalsQuerySchema = z.strictObject({
  period: PeriodIdSchema,
  department_id: z.optional(z.string({ error: DEPARTMENT }).check(z.regex(/^[0-9a-z]{10,40}$/, DEPARTMENT))),
  employment_status_id: z.optional(z.string({ error: STATUS }).check(z.regex(/^[0-9a-z]{10,40}$/, STATUS))),
  sort: z.optional(z.enum(TOTALS_SORTS, { error: codeText('totals.sort') })),
  order: z.optional(z.enum(['asc', 'desc'], { error: codeText('totals.order') })),
  ...pageFields(TOTALS_PAGE_LIMIT),
});
