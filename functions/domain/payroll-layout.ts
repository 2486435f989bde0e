/**
 * The shape of a payroll CSV layout (issue 18 item 2), shared by the store (db/payroll-layouts.ts) and
 * the export (exports/payroll-layouts.ts, which holds the fields, the presets and the formatting).
 */
export type TimeFormat = 'hmm' | 'decimal' | 'minutes';
/** `utf8_bom`: UTF-8 with a BOM; `utf8`: without; `sjis`: Shift_JIS (CP932). */
export type LayoutEncoding = 'utf8_bom' | 'utf8' | 'sjis';

export interface LayoutColumn<F extends string = string> {
  /** A field id of exports/payroll-layouts.ts PAYROLL_FIELDS. */
  field: F;
  header: string;
  /** A fixed value written in every row (presets only: マネーフォワードの Version = 2). */
  constant?: string;
}
