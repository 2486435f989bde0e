import * as z from 'zod/mini';
import { INPUT_MESSAGES, integerSchema } from '../domain/input.js';
import { daysInMonth } from '../domain/time.js';
import { MESSAGES } from '../shared/messages.js';

/** Shared request pieces (one schema per concept; the SPA imports the same ones). */
export const MIN_YEAR = 2022;

/** Lowercase ULID-style ids; anything else can't be ours, so it is refused before any read. */
export const IdSchema = z.string().check(z.regex(/^[0-9a-z]{10,40}$/));
export const IdParamsSchema = z.strictObject({ id: IdSchema });

// Integers or decimal digit strings only: a coercion would take `true`, `[2]`, `"0x1f"` and `"1e1"`.
const intFrom = integerSchema;

export const YearMonthQuerySchema = z.strictObject({
  year: intFrom(MIN_YEAR, 2100),
  month: intFrom(1, 12),
  id: z.optional(IdSchema),
});

/** year/month/day fields; combine with `realDate` so Feb 30 is refused. */
export const YMD_FIELDS = {
  year: intFrom(MIN_YEAR, 2100, INPUT_MESSAGES.date),
  month: intFrom(1, 12, INPUT_MESSAGES.date),
  day: intFrom(1, 31, INPUT_MESSAGES.date),
};

export const realDate: [
  (v: { year: number; month: number; day: number }) => boolean,
  { message: string; path: string[] },
] = [(v) => v.day <= daysInMonth(v.year, v.month), { message: MESSAGES.nonexistentDate, path: ['day'] }];

export const YmdSchema = z.strictObject(YMD_FIELDS).check(z.refine(...realDate));

export const ymdToDate = (v: { year: number; month: number; day: number }) =>
  `${v.year}-${String(v.month).padStart(2, '0')}-${String(v.day).padStart(2, '0')}`;

/**
 * `?year&month` of work status: the payroll period 〇月度 (the period whose 締め日 falls in that month);
 * both or neither (neither = the period holding today).
 */
export const PeriodQuerySchema = z
  .strictObject({ year: z.optional(intFrom(MIN_YEAR, 2100)), month: z.optional(intFrom(1, 12)) })
  .check(
    z.refine((v) => v.year !== undefined || v.month === undefined, {
      message: INPUT_MESSAGES.blank,
      path: ['year'],
    }),
    z.refine((v) => v.month !== undefined || v.year === undefined, {
      message: INPUT_MESSAGES.blank,
      path: ['month'],
    }),
  );
