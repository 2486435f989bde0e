import * as z from 'zod/mini';
import { TOTALS_PAGE_LIMIT, TOTALS_SORTS } from '../../services/attendance-totals.js';
import { PeriodIdSchema } from '../period-closings/schemas.js';
import { pageFields } from '../paging.js';

export const DEPARTMENT = '部署を選択してください';
export const STATUS = '雇用形態を選択してください';

/** `GET /api/v1/attendance_totals` (勤怠集計). */
export const TotalsQuerySchema = z.strictObject({
  period: PeriodIdSchema,
  department_id: z.optional(z.string({ error: DEPARTMENT }).check(z.regex(/^[0-9a-z]{10,40}$/, DEPARTMENT))),
  employment_status_id: z.optional(z.string({ error: STATUS }).check(z.regex(/^[0-9a-z]{10,40}$/, STATUS))),
  sort: z.optional(z.enum(TOTALS_SORTS, { error: '並べ替えの項目を選択してください' })),
  order: z.optional(z.enum(['asc', 'desc'], { error: '並び順は昇順か降順を選択してください' })),
  ...pageFields(TOTALS_PAGE_LIMIT),
});
