import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../text-limits.js';
import { visibleText } from '../input.js';

/**
 * The paid-leave concepts as zod schemas, for request parsing and the staff form. They accept
 * exactly what the pure functions accept, so a parsed value never makes them throw.
 */

export const IsoDateSchema = z.iso.date();

export const WorkingPatternSchema = z.discriminatedUnion('basis', [
  z.object({
    basis: z.literal('week'),
    daysPerWeek: z.int().check(z.minimum(0), z.maximum(7)),
    weeklyHours: z.number().check(z.minimum(0), z.maximum(168)),
  }),
  z.object({
    basis: z.literal('year'),
    daysPerYear: z.int().check(z.minimum(0), z.maximum(366)),
    weeklyHours: z.number().check(z.minimum(0), z.maximum(168)),
  }),
]);

export const DatedPatternSchema = z.object({ from: IsoDateSchema, pattern: WorkingPatternSchema });

export const LeaveEmployeeSchema = z.object({
  hireDate: IsoDateSchema,
  patterns: z.array(DatedPatternSchema).check(z.minLength(1)),
  leftOn: z.nullish(IsoDateSchema),
});

export const CommonGrantDateSchema = z.object({
  monthDay: z.string().check(
    z.regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/),
    z.refine((v) => v !== '02-29' && !['02-30', '02-31', '04-31', '06-31', '09-31', '11-31'].includes(v)),
  ),
  firstGrant: z.enum(['six_months', 'first_common_date', 'hire_date']),
});

/** A day or a half day. */
export const LeaveDaysSchema = z.union([z.literal(1), z.literal(0.5)]);

export const PeriodAttendanceSchema = z.union([
  z.object({ from: IsoDateSchema, ratio: z.number().check(z.minimum(0), z.maximum(1)) }),
  z
    .object({
      from: IsoDateSchema,
      scheduledDays: z.int().check(z.minimum(0)),
      attendedDays: z.int().check(z.minimum(0)),
    })
    .check(z.refine((a) => a.attendedDays <= a.scheduledDays)),
]);

/** A manual grant or adjustment by an admin: half-day steps, with the reason the audit log keeps. */
export const ManualGrantSchema = z.object({
  grantedOn: IsoDateSchema,
  days: z.number().check(z.positive(), z.multipleOf(0.5)),
  expiresOn: z.optional(IsoDateSchema),
  kind: z.enum(['statutory', 'extra']),
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(TEXT_LIMITS.reason), visibleText()),
});

/** 記録開始前の有給取得日数 (staff form, issue 29 item 8): 0–40 days in half-day steps. */
/** A catalogue code (issue 31), rendered per caller by the request pipeline. */
export const TAKEN_BEFORE_RECORDS_MESSAGE = 'paid_leave.taken_before_records';
export const TakenBeforeRecordsSchema = z
  .number(TAKEN_BEFORE_RECORDS_MESSAGE)
  .check(
    z.minimum(0, TAKEN_BEFORE_RECORDS_MESSAGE),
    z.maximum(40, TAKEN_BEFORE_RECORDS_MESSAGE),
    z.multipleOf(0.5, TAKEN_BEFORE_RECORDS_MESSAGE),
  );
