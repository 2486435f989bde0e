import * as z from 'zod/mini';
import { platformMailPage } from '../../db/mail-outbox.js';
import { okPage } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { sealCursor } from '../../shared/signing.js';
import { openPageCursor, pageFields } from '../paging.js';
import { MAIL_OUTBOX_PAGE_LIMIT } from './list-mail-outbox.js';
import { mailOutboxView } from './views.js';

const QuerySchema = z.strictObject(pageFields(MAIL_OUTBOX_PAGE_LIMIT));

/**
 * The operator's メール送信状況: the platform's own mails (the password-reset codes of パスワードをお忘れの方,
 * asked for before anyone signs in), newest first, one Query page per call. No 再送: a code expires
 * long before anyone would resend it; the person asks for a new one.
 */
export const handler = api('list-platform-mails', { query: QuerySchema }, async ({ query }) => {
  const scope = 'platform-mails';
  const after = openPageCursor(query.cursor, scope) ?? null;
  const page = await platformMailPage(query.limit ?? MAIL_OUTBOX_PAGE_LIMIT, after);
  // No 再送 for platform mails, whatever their state.
  return okPage(
    page.mails.map((m) => ({ ...mailOutboxView(m), can_resend: false })),
    sealCursor(page.cursor, scope),
  );
});
