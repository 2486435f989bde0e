import * as z from 'zod/mini';
import { IsoDateSchema, WorkingPatternSchema } from '../../domain/paid-leave/schemas.js';
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
import { MESSAGES } from '../../shared/messages.js';
import { passwordProblem } from '../../services/sessions/sign-in.js';
import { IdSchema } from '../schemas.js';

/** Staff form bodies (spec §7: POST/PUT /api/v1/employees). Shared by the routes and the tests. */
const NameSchema = nameSchema(50);
export const StaffEmailSchema = z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)), z.email());

const problem = (password: string, message: string) => passwordProblem(password) !== message;
export const TemporaryPasswordSchema = z.string().check(
  z.maxLength(256),
  z.refine((p) => problem(p, MESSAGES.passwordPolicy), { message: MESSAGES.passwordPolicy }),
  z.refine((p) => problem(p, MESSAGES.passwordTooCommon), { message: MESSAGES.passwordTooCommon }),
);

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

export const NewStaffSchema = z.strictObject({
  last_name: NameSchema,
  first_name: NameSchema,
  email: StaffEmailSchema,
  password: TemporaryPasswordSchema,
  department_id: OptionalRefSchema,
  employment_status_id: OptionalRefSchema,
  hire_date: HireDateFieldSchema,
  working_pattern: PatternFieldSchema,
  employee_number: keepOrClear(EmployeeNumberSchema),
  name_kana: keepOrClear(NameKanaSchema),
  leave_date: keepOrClear(IsoDateSchema),
});

/** Editing: the password may be left empty (unchanged). */
export const EditStaffSchema = z.extend(NewStaffSchema, {
  password: z.pipe(
    z.optional(z.union([z.literal(''), TemporaryPasswordSchema])),
    z.transform((v) => v || null),
  ),
});

export type NewStaffBody = z.infer<typeof NewStaffSchema>;
export type EditStaffBody = z.infer<typeof EditStaffSchema>;

/** A staff form body as the staff service takes it: camelCase fields, the password as sent (null keeps it). */
export function staffFields<B extends NewStaffBody | EditStaffBody>(
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
  };
}
