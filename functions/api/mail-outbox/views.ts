/** The answers of メール送信状況 (`/api/v1/mail_outbox`, the operator's `/api/v1/platform_mails`), declared once: the SPA imports these types. */
import type { StoredMail } from '../../db/mail-outbox.js';
import { canResend, maskAddress, statusView, type MailError, type MailStatusView } from '../../domain/mail-outbox.js';

/** One stored mail as the screens show it: the recipient masked, the body never. */
export interface MailOutboxView {
  id: string;
  /** The template: request_filed, request_decided, welcome, password_reset_by_admin, … */
  kind: string;
  /** The recipient, masked (`sa***@demo.example.com`). */
  to: string;
  subject: string;
  /** 送信中 / 再送待ち / 送信済み / 送信失敗. */
  status: MailStatusView;
  /** Why the last try did not go (a code the SPA words), or null. */
  error: MailError | null;
  /** The server's answer to that try (`SMTP 550`, `SES 400`), or null (not reached, or no failure). */
  error_detail: string | null;
  attempts: number;
  created_at: string;
  last_attempt_at: string | null;
  sent_at: string | null;
  /** When the next try is due (再送待ち only). */
  next_attempt_at: string | null;
  /** 再送 is offered (送信失敗 with the body still kept). */
  can_resend: boolean;
}

export const mailOutboxView = (m: StoredMail): MailOutboxView => ({
  id: m.mailId,
  kind: m.kind,
  to: maskAddress(m.to),
  subject: m.subject,
  status: statusView(m.state),
  error: m.lastError ?? null,
  error_detail: m.lastErrorDetail ?? null,
  attempts: m.attempts,
  created_at: m.createdAt,
  last_attempt_at: m.lastAttemptAt ?? null,
  sent_at: m.sentAt ?? null,
  next_attempt_at: m.state === 'retrying' ? (m.dueAt ?? null) : null,
  can_resend: canResend(m.state) && m.body !== undefined,
});
