import * as z from 'zod';

/**
 * The paid-leave concepts as zod schemas, for request parsing and the staff form. They accept
 * exactly what the pure functions accept, so a parsed value never makes them throw.
 */

export const IsoDateSchema = z.iso.date();

export const WorkingPatternSchema = z.discriminatedUnion('basis', [
  z.object({ basis: z.literal('week'), daysPerWeek: z.int().min(0).max(7), weeklyHours: z.number().min(0).max(168) }),
  z.object({ basis: z.literal('year'), daysPerYear: z.int().min(0).max(366), weeklyHours: z.number().min(0).max(168) }),
]);

export const DatedPatternSchema = z.object({ from: IsoDateSchema, pattern: WorkingPatternSchema });

export const LeaveEmployeeSchema = z.object({
  hireDate: IsoDateSchema,
  patterns: z.array(DatedPatternSchema).min(1),
  leftOn: IsoDateSchema.nullish(),
});

export const CommonGrantDateSchema = z.object({
  monthDay: z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/).refine((v) => v !== '02-29' && !['02-30', '02-31', '04-31', '06-31', '09-31', '11-31'].includes(v)),
  firstGrant: z.enum(['six_months', 'first_common_date', 'hire_date']),
});

/** A day or a half day. */
export const LeaveDaysSchema = z.union([z.literal(1), z.literal(0.5)]);

export const PeriodAttendanceSchema = z.union([
  z.object({ from: IsoDateSchema, ratio: z.number().min(0).max(1) }),
  z.object({ from: IsoDateSchema, scheduledDays: z.int().min(0), attendedDays: z.int().min(0) }).refine((a) => a.attendedDays <= a.scheduledDays),
]);

/** A manual grant or adjustment by an admin: half-day steps, with the reason the audit log keeps. */
export const ManualGrantSchema = z.object({
  grantedOn: IsoDateSchema,
  days: z.number().positive().multipleOf(0.5),
  expiresOn: IsoDateSchema.optional(),
  kind: z.enum(['statutory', 'extra']),
  reason: z.string().trim().min(1).max(500),
});
