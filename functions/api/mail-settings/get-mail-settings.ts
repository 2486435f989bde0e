import { employeeMailRecipient, findAdminMailSettings } from '../../db/mail.js';
import { NotFoundError } from '../../shared/errors.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { mailSettingsView } from './mail-settings-schemas.js';

/** The caller's own mail and language settings (employee 設定 screen, admin's own settings). */
export const handler = api('get-mail-settings', {}, async ({ principal }) => {
  if (!principal.userId) throw new NotFoundError();
  const found =
    principal.role === 'admin'
      ? await findAdminMailSettings(principal.companyId, principal.userId)
      : await employeeMailRecipient(principal.companyId, principal.userId);
  if (!found) throw new NotFoundError();
  return ok(mailSettingsView(found.mailOptOut, found.language));
});
