import * as z from 'zod/mini';
import { MESSAGES } from '../../shared/messages.js';
import { passwordProblem } from '../../services/sessions/sign-in.js';
import { IsoDateSchema } from '../../domain/paid-leave/schemas.js';
import { STAFF_NAME_FIELDS, STAFF_PROFILE_FIELDS } from './staff-profile-schema.js';

/**
 * Staff form bodies (spec §7: POST/PUT /api/v1/employees): the profile fields
 * (staff-profile-schema.ts) and the temporary password, checked against the pool's policy and the
 * common-password list.
 */
const problem = (password: string, message: string) => passwordProblem(password) !== message;
export const TemporaryPasswordSchema = z.string().check(
  z.maxLength(256),
  z.refine((p) => problem(p, MESSAGES.passwordPolicy), { message: MESSAGES.passwordPolicy }),
  z.refine((p) => problem(p, MESSAGES.passwordTooCommon), { message: MESSAGES.passwordTooCommon }),
);

export const NewStaffSchema = z.strictObject({
  ...STAFF_NAME_FIELDS,
  password: TemporaryPasswordSchema,
  ...STAFF_PROFILE_FIELDS,
});

/**
 * Editing: the password may be left empty (unchanged). `assignment_from` (issue 29 item 11) is the
 * first day a new department / employment status applies (a move); left out or blank = today.
 */
export const EditStaffSchema = z.extend(NewStaffSchema, {
  password: z.pipe(
    z.optional(z.union([z.literal(''), TemporaryPasswordSchema])),
    z.transform((v) => v || null),
  ),
  assignment_from: z.pipe(
    z.optional(z.union([z.literal(''), z.null(), IsoDateSchema])),
    z.transform((v) => v || undefined),
  ),
});

export type NewStaffBody = z.infer<typeof NewStaffSchema>;
export type EditStaffBody = z.infer<typeof EditStaffSchema>;
