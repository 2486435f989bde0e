import * as z from 'zod/mini';
import { IsoDateSchema, TakenBeforeRecordsSchema, WorkingPatternSchema } from '../../domain/paid-leave/schemas.js';
import { nameSchema } from '../../domain/input.js';
import {
  NAME_KANA_MAX,
  STAFF_IDENTITY_MESSAGES as IDENTITY,
  isEmployeeNumber,
  isNameKana,
  normaliseEmployeeNumber,
  normaliseKana,
} from '../../domain/staff-identity.js';
import type { StaffFields } from '../../db/staff.js';
import { IdSchema } from '../schemas.js';

/**
 * The staff form's fields other than the password (spec §7: POST/PUT /api/v1/employees), shared by the
 * staff routes and スタッフ一括登録, whose rows have no password (the import makes one per member).
 * Kept apart from the password's schema (staff-schemas.ts): that one checks the 10,000 common
 * passwords, a 70 KB list the import route would otherwise load at every cold start (issue 19).
 */
const NameSchema = nameSchema(50);
export const StaffEmailSchema = z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)), z.email());

const emptyToNull = (v: unknown): unknown => (v === '' || v === undefined ? null : v);

/**
 * A field that may be left out, sent blank ('') or null, all read as null. zod/mini has no
 * `preprocess`: a transform piped into the schema is what it stands for.
 */
const blankAsNull = <T extends z.core.SomeType>(schema: T) =>
  z.pipe(
    z.optional(z.pipe(z.transform(emptyToNull), z.nullable(schema))),
    z.transform((v) => v ?? null),
  );

/** An unchosen dropdown arrives as null or ''; both mean "none". */
const OptionalRefSchema = blankAsNull(IdSchema);

/** 入社日 (`YYYY-MM-DD`); optional: staff without one get no automatic paid-leave grants. */
export const HireDateFieldSchema = blankAsNull(IsoDateSchema);

/**
 * 所定労働日数・時間 for the proportional grant: per week (`days_per_week`) or per year
 * (`days_per_year`, shift work), with weekly hours. Validated by the paid-leave module's schema.
 */
export const WorkingPatternBodySchema = z.pipe(
  z.pipe(
    z.strictObject({
      basis: z.enum(['week', 'year']),
      days_per_week: z.nullish(z.number()),
      days_per_year: z.nullish(z.number()),
      weekly_hours: z.number(),
    }),
    z.transform((p) =>
      p.basis === 'week'
        ? { basis: 'week' as const, daysPerWeek: p.days_per_week, weeklyHours: p.weekly_hours }
        : { basis: 'year' as const, daysPerYear: p.days_per_year, weeklyHours: p.weekly_hours },
    ),
  ),
  WorkingPatternSchema,
);

const PatternFieldSchema = blankAsNull(WorkingPatternBodySchema);

/**
 * 社員番号, フリガナ and 退職日 (issue 18): left out = keep what is stored (clients of the spec's
 * field list never clear them by not knowing them); null or blank = clear; else the normalised value.
 */
const keepOrClear = <T extends z.core.SomeType>(schema: T) =>
  z.optional(
    z.pipe(
      z.transform((v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v)),
      z.nullable(schema),
    ),
  );

/** 社員番号: 全角 input becomes half-width (NFKC); 1–20 of A–Z a–z 0–9 - _. */
export const EmployeeNumberSchema = z.pipe(
  z.string().check(z.maxLength(200, IDENTITY.employeeNumberFormat)),
  z.pipe(
    z.transform(normaliseEmployeeNumber),
    z.string().check(z.refine(isEmployeeNumber, IDENTITY.employeeNumberFormat)),
  ),
);

/** フリガナ: ひらがな and 半角カナ become 全角カタカナ, spaces collapse to one; ≤ 60 characters. */
export const NameKanaSchema = z.pipe(
  z.string().check(z.maxLength(400, IDENTITY.nameKanaLength)),
  z.pipe(
    z.transform(normaliseKana),
    z
      .string()
      .check(z.maxLength(NAME_KANA_MAX, IDENTITY.nameKanaLength), z.refine(isNameKana, IDENTITY.nameKanaFormat)),
  ),
);

/** The fields in the form's order; the staff routes put the password after the e-mail. */
export const STAFF_NAME_FIELDS = { last_name: NameSchema, first_name: NameSchema, email: StaffEmailSchema };
export const STAFF_PROFILE_FIELDS = {
  department_id: OptionalRefSchema,
  employment_status_id: OptionalRefSchema,
  hire_date: HireDateFieldSchema,
  working_pattern: PatternFieldSchema,
  employee_number: keepOrClear(EmployeeNumberSchema),
  name_kana: keepOrClear(NameKanaSchema),
  leave_date: keepOrClear(IsoDateSchema),
  /** 記録開始前の有給取得日数 (issue 29 item 8): left out = keep, null or blank = clear (not stated). */
  leave_taken_before_records: keepOrClear(TakenBeforeRecordsSchema),
};

/** One member's fields without a password (an import row). */
export const StaffProfileSchema = z.strictObject({ ...STAFF_NAME_FIELDS, ...STAFF_PROFILE_FIELDS });
export type StaffProfileBody = z.infer<typeof StaffProfileSchema>;

/** A staff form body as the staff service takes it: camelCase fields, the password as sent (null keeps it). */
export function staffFields<B extends StaffProfileBody & { password: string | null }>(
  body: B,
): StaffFields & { password: B['password'] } {
  return {
    lastName: body.last_name,
    firstName: body.first_name,
    email: body.email,
    password: body.password,
    departmentId: body.department_id,
    employmentStatusId: body.employment_status_id,
    hireDate: body.hire_date,
    pattern: body.working_pattern,
    employeeNumber: body.employee_number,
    nameKana: body.name_kana,
    leaveDate: body.leave_date,
    leaveTakenBeforeRecords: body.leave_taken_before_records,
  };
}
