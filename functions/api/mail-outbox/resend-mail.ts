import * as z from 'zod/mini';
import { resendMail } from '../../services/mail-outbox.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { mailOutboxView } from './views.js';

/**
 * 再送 of one of the company's failed mails (送信失敗): queued again and sent at once; the mail as it
 * stands after the try (送信済み, or 再送待ち when the server still does not take it). 404 for a mail of
 * no such id in this company, 409 for one that has not failed.
 */
export const handler = api(
  'resend-mail',
  // No body: `{}` or none; anything else is refused (strict).
  { params: IdParamsSchema, body: z.strictObject({}), idempotent: true, audit: 'mail.resend' },
  async ({ params, principal }) => ok(mailOutboxView(await resendMail(principal.companyId, params.id))),
);
