import * as z from 'zod';
import { MESSAGES } from '../../shared/messages.js';
import { assertPasswordPolicy } from '../sessions/sign-in.js';
import { IdSchema } from '../shared/schemas.js';

/** Staff form bodies (spec §7: POST/PUT /api/v1/employees). Shared by the routes and the tests. */
const NameSchema = z.string().trim().min(1).max(50);
export const StaffEmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

const meetsPolicy = (password: string) => {
  try {
    assertPasswordPolicy(password);
    return true;
  } catch {
    return false;
  }
};
export const TemporaryPasswordSchema = z.string().max(256).refine(meetsPolicy, { message: MESSAGES.passwordPolicy });

/** An unchosen dropdown arrives as null or ''; both mean "none". */
const OptionalRefSchema = z
  .preprocess((v) => (v === '' || v === undefined ? null : v), IdSchema.nullable())
  .optional()
  .transform((v) => v ?? null);

export const NewStaffSchema = z.strictObject({
  last_name: NameSchema,
  first_name: NameSchema,
  email: StaffEmailSchema,
  password: TemporaryPasswordSchema,
  department_id: OptionalRefSchema,
  employment_status_id: OptionalRefSchema,
});

/** Editing: the password may be left empty (unchanged). */
export const EditStaffSchema = NewStaffSchema.extend({
  password: z
    .union([z.literal(''), TemporaryPasswordSchema])
    .optional()
    .transform((v) => v || null),
});

export type NewStaffBody = z.infer<typeof NewStaffSchema>;
export type EditStaffBody = z.infer<typeof EditStaffSchema>;
