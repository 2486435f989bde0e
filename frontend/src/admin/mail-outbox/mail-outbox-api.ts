import type { MailOutboxView } from '../../../../functions/api/mail-outbox/views';
import { api } from '../../lib/api';

/** One mail of `GET /api/v1/mail_outbox`: the backend's own type. */
export type OutboxMail = MailOutboxView;

/** The company's mails, newest first, a page (50) at a time. */
export const listCompanyMails = (cursor?: string | null) =>
  api.get<OutboxMail[]>('/api/v1/mail_outbox', cursor ? { cursor } : undefined);

/** 再送 of a failed mail: the mail as it stands after the try (送信済み, or 再送待ち). */
export const resendMail = (id: string) =>
  api.post<OutboxMail>(`/api/v1/mail_outbox/${encodeURIComponent(id)}/resend`, {});
