import * as z from 'zod/mini';
import { PeriodIdSchema } from '../period-closings/schemas.js';
import { LayoutRefSchema } from './payroll-layout-schemas.js';
import { DEPARTMENT, STATUS } from './schemas.js';
import { codeText } from '../../shared/i18n/code-text.js';

// Its own module: the layout schema brings the payroll layouts and their encoders, which the 勤怠集計
// list route (schemas.ts) must not load (its cold start is budgeted).
/** `POST /api/v1/attendance_totals_exports`: the CSV of a period's totals, every active staff member (filters optional). */
export const TotalsExportSchema = z.strictObject({
  period: PeriodIdSchema,
  department_id: z.optional(
    z.nullable(z.string({ error: DEPARTMENT }).check(z.regex(/^[0-9a-z]{10,40}$/, DEPARTMENT))),
  ),
  employment_status_id: z.optional(z.nullable(z.string({ error: STATUS }).check(z.regex(/^[0-9a-z]{10,40}$/, STATUS)))),
  encoding: z._default(z.optional(z.enum(['utf8', 'sjis'], { error: codeText('export.encoding') })), 'utf8'),
  /** A payroll layout (preset id or the company's layout id): its columns and its encoding replace `encoding`. */
  layout: z.optional(z.nullable(LayoutRefSchema)),
});
