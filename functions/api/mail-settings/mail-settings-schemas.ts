import * as z from 'zod/mini';
import { OPTIONAL_MAIL_KINDS } from '../../domain/mail-templates.js';
import { LANGUAGES, codeText } from '../../shared/i18n/index.js';

/**
 * The caller's own settings: the optional mail kinds they turned off (welcome and password mails
 * always go) and the language they read the product in (issue 31: a catalogue's language; null = the
 * browser's, then the company's; absent = unchanged).
 */
export const MailSettingsSchema = z.strictObject({
  mail_opt_out: z
    .array(z.enum(OPTIONAL_MAIL_KINDS, { error: codeText('mail.kind_invalid') }))
    .check(z.maxLength(OPTIONAL_MAIL_KINDS.length)),
  language: z.optional(z.nullable(z.enum(LANGUAGES, { error: codeText('field.language') }))),
});

/** The settings as the API answers them (the SPA imports the type): every kind, in a fixed order. */
export const mailSettingsView = (optOut: readonly string[] | undefined, language?: string | null) => ({
  mail_opt_out: OPTIONAL_MAIL_KINDS.filter((k) => (optOut ?? []).includes(k)),
  kinds: [...OPTIONAL_MAIL_KINDS],
  language: language && (LANGUAGES as readonly string[]).includes(language) ? language : null,
  languages: [...LANGUAGES],
});
export type MailSettingsView = ReturnType<typeof mailSettingsView>;
