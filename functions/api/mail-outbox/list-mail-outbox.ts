import * as z from 'zod/mini';
import { companyMailPage } from '../../db/mail-outbox.js';
import { okPage } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { sealCursor } from '../../shared/signing.js';
import { openPageCursor, pageFields } from '../paging.js';
import { mailOutboxView } from './views.js';

/** Rows in one page of メール送信状況. */
export const MAIL_OUTBOX_PAGE_LIMIT = 50;

const QuerySchema = z.strictObject(pageFields(MAIL_OUTBOX_PAGE_LIMIT));

/**
 * メール送信状況: the company's mails, newest first (送信済み / 再送待ち / 送信失敗, the kind, the masked
 * recipient, the times and the last error), one Query page per call with a sealed cursor for the next.
 */
export const handler = api('list-mail-outbox', { query: QuerySchema }, async ({ query, principal }) => {
  const scope = `mail-outbox\n${principal.companyId}`;
  const after = openPageCursor(query.cursor, scope) ?? null;
  const page = await companyMailPage(principal.companyId, query.limit ?? MAIL_OUTBOX_PAGE_LIMIT, after);
  return okPage(page.mails.map(mailOutboxView), sealCursor(page.cursor, scope));
});
