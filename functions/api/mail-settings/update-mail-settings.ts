import { setAdminMailOptOut, setEmployeeMailOptOut } from '../../db/mail.js';
import { NotFoundError } from '../../shared/errors.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { MailSettingsSchema, mailSettingsView } from './mail-settings-schemas.js';

/** Turns the caller's optional mails off or on again and sets their language (only their own profile). */
export const handler = api(
  'update-mail-settings',
  { body: MailSettingsSchema, invalidMessage: MESSAGES.invalidRequest },
  async ({ body, principal }) => {
    if (!principal.userId) throw new NotFoundError();
    const kinds = [...new Set(body.mail_opt_out)];
    const language =
      principal.role === 'admin'
        ? await setAdminMailOptOut(principal.companyId, principal.userId, kinds, body.language)
        : await setEmployeeMailOptOut(principal.companyId, principal.userId, kinds, body.language);
    return ok(mailSettingsView(kinds, language));
  },
);
