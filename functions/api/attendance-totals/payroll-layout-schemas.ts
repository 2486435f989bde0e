import * as z from 'zod/mini';
import { nameSchema } from '../../domain/input.js';
import { PAYROLL_FIELD_IDS, PRESET_IDS } from '../../exports/payroll-layouts.js';
import { codeText } from '../../shared/i18n/code-text.js';

/** Limits of a company's own payroll layouts (レイアウト設定). */
export const LAYOUT_LIMITS = { layouts: 10, name: 40, columns: 40, header: 40 } as const;

export const LAYOUT_MESSAGES = {
  name: codeText('field.name_max_chars', { n: LAYOUT_LIMITS.name }),
  header: codeText('payroll_layout.header_max_chars', { n: LAYOUT_LIMITS.header }),
  field: codeText('payroll_layout.field'),
  columns: codeText('payroll_layout.columns', { max: LAYOUT_LIMITS.columns }),
  keyColumn: codeText('payroll_layout.key_column'),
  timeFormat: codeText('payroll_layout.time_format'),
  encoding: codeText('export.encoding'),
  nameTaken: codeText('payroll_layout.name_taken'),
  tooMany: codeText('payroll_layout.too_many', { n: LAYOUT_LIMITS.layouts }),
  layout: codeText('payroll_layout.layout'),
} as const;

// nameSchema trims and refuses blanks and invisible characters; the length limit is checked with its own wording.
const ColumnSchema = z.strictObject({
  field: z.enum(PAYROLL_FIELD_IDS as [string, ...string[]], { error: LAYOUT_MESSAGES.field }),
  header: nameSchema(10_000).check(z.maxLength(LAYOUT_LIMITS.header, LAYOUT_MESSAGES.header)),
});

/** `POST /api/v1/payroll_layouts` and `PUT /api/v1/payroll_layouts/{id}`: a whole layout. */
export const PayrollLayoutBodySchema = z
  .strictObject({
    name: nameSchema(10_000).check(z.maxLength(LAYOUT_LIMITS.name, LAYOUT_MESSAGES.name)),
    columns: z
      .array(ColumnSchema, { error: LAYOUT_MESSAGES.columns })
      .check(z.minLength(1, LAYOUT_MESSAGES.columns), z.maxLength(LAYOUT_LIMITS.columns, LAYOUT_MESSAGES.columns)),
    time_format: z.enum(['hmm', 'decimal'], { error: LAYOUT_MESSAGES.timeFormat }),
    encoding: z.enum(['utf8_bom', 'sjis'], { error: LAYOUT_MESSAGES.encoding }),
  })
  .check(
    z.refine((b) => b.columns.length === 0 || b.columns.some((c) => c.field === 'employee_number'), {
      message: LAYOUT_MESSAGES.keyColumn,
      path: ['columns'],
    }),
  );
export type PayrollLayoutBody = z.infer<typeof PayrollLayoutBodySchema>;

/** The `layout` of the 勤怠集計 export: a preset id or the id of one of the company's layouts. */
export const LayoutRefSchema = z
  .string({ error: LAYOUT_MESSAGES.layout })
  .check(z.refine((v) => PRESET_IDS.includes(v) || /^[0-9a-z]{10,40}$/.test(v), LAYOUT_MESSAGES.layout));
