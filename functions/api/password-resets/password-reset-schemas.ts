import * as z from 'zod/mini';

/** Which sign-in page the reset belongs to: the employee pool or the company admins' pool. */
const AudienceSchema = z.enum(['employee', 'admin']);
const EmailSchema = z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(254)), z.email());

export const StartPasswordResetSchema = z.strictObject({ audience: AudienceSchema, email: EmailSchema });

export const ConfirmPasswordResetSchema = z.strictObject({
  audience: AudienceSchema,
  email: EmailSchema,
  /** The mailed code; spaces a mail client or the person adds are dropped. */
  code: z.pipe(
    z.pipe(
      z.string().check(z.maxLength(16)),
      z.transform((v) => v.replace(/\s/g, '')),
    ),
    z.string().check(z.regex(/^\d{6}$/)),
  ),
  password: z.string().check(z.minLength(1), z.maxLength(256)),
});
