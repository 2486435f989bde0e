import * as z from 'zod/mini';
import { OPTIONAL_MAIL_KINDS } from '../../domain/mail-templates.js';

/** The optional mail kinds a user turned off; welcome and password mails always go. */
export const MailSettingsSchema = z.strictObject({
  mail_opt_out: z
    .array(z.enum(OPTIONAL_MAIL_KINDS, { error: 'お知らせメールの種類が正しくありません' }))
    .check(z.maxLength(OPTIONAL_MAIL_KINDS.length)),
});

/** The settings as the API answers them (the SPA imports the type): every kind, in a fixed order. */
export const mailSettingsView = (optOut: readonly string[] | undefined) => ({
  mail_opt_out: OPTIONAL_MAIL_KINDS.filter((k) => (optOut ?? []).includes(k)),
  kinds: [...OPTIONAL_MAIL_KINDS],
});
export type MailSettingsView = ReturnType<typeof mailSettingsView>;
