/**
 * メール送信状況's list (issue 30 item 12), for the company's admins and the operator: one card per mail
 * (a card rather than a wide table, so it reads on a phone), newest first, with its state in words
 * (送信済み / 再送待ち / 送信失敗 / 送信中, never by colour alone), the kind, the masked recipient, the
 * times, the last error, and 再送 where the screen offers it.
 */
import type { MailOutboxView } from '../../../../functions/api/mail-outbox/views';
import { fmt, labelOf, t } from '../../i18n';
import { formatDateTime, inParentheses } from '../time';
import './mail-outbox.css';

const M = t.mailOutbox;

const STATUS_CLASS: Record<MailOutboxView['status'], string> = {
  sending: 'badge--pending',
  retrying: 'badge--pending',
  sent: 'badge--approved',
  failed: 'badge--rejected',
};

/** The row's error in words, with the server's short answer (`SMTP 550`) when there was one. */
const errorText = (mail: MailOutboxView) =>
  mail.error
    ? `${M.errors[mail.error] ?? mail.error}${mail.error_detail ? inParentheses(mail.error_detail) : ''}`
    : null;

export function MailOutboxList({
  mails,
  timeZone,
  resend,
}: {
  mails: readonly MailOutboxView[];
  timeZone: string;
  /** 再送 of a failed mail (the admins' screen); absent on the operator's. */
  resend?: { busyId: string | null; onResend: (mail: MailOutboxView) => void };
}) {
  return (
    <ol className="mail-outbox" aria-label={M.list}>
      {mails.map((mail) => (
        <MailCard key={mail.id} mail={mail} timeZone={timeZone} resend={resend} />
      ))}
    </ol>
  );
}

function MailCard({
  mail,
  timeZone,
  resend,
}: {
  mail: MailOutboxView;
  timeZone: string;
  resend?: { busyId: string | null; onResend: (mail: MailOutboxView) => void } | undefined;
}) {
  const titleId = `mail-${mail.id}`;
  const error = errorText(mail);
  const at = (instant: string | null) => (
    <time dateTime={instant ?? undefined}>{formatDateTime(instant, timeZone)}</time>
  );
  return (
    <li className="card mail-outbox__item" data-mail-id={mail.id}>
      <div className="mail-outbox__head">
        <h3 id={titleId} className="mail-outbox__kind">
          {labelOf(M.kinds, mail.kind) ?? mail.kind}
        </h3>
        <span className={`badge ${STATUS_CLASS[mail.status]}`}>{M.status[mail.status]}</span>
      </div>
      <p className="mail-outbox__subject">{mail.subject}</p>
      <dl className="mail-outbox__facts">
        <dt>{M.to}</dt>
        <dd className="mail-outbox__to">{mail.to}</dd>
        <dt>{M.createdAt}</dt>
        <dd>{at(mail.created_at)}</dd>
        {mail.sent_at ? (
          <>
            <dt>{M.sentAt}</dt>
            <dd>{at(mail.sent_at)}</dd>
          </>
        ) : (
          mail.last_attempt_at && (
            <>
              <dt>{M.lastAttemptAt}</dt>
              <dd>{at(mail.last_attempt_at)}</dd>
            </>
          )
        )}
        {mail.next_attempt_at && (
          <>
            <dt>{M.nextAttemptAt}</dt>
            <dd>{at(mail.next_attempt_at)}</dd>
          </>
        )}
        <dt>{M.attempts}</dt>
        <dd>{mail.attempts}</dd>
        {error && (
          <>
            <dt>{M.lastError}</dt>
            <dd className="mail-outbox__error">{error}</dd>
          </>
        )}
      </dl>
      {resend && mail.can_resend && (
        <button
          type="button"
          className="button button--primary button--small"
          disabled={resend.busyId !== null}
          onClick={() => resend.onResend(mail)}
        >
          {resend.busyId === mail.id ? M.resending : M.resend}
          <span className="visually-hidden">
            {inParentheses(
              fmt(t.common.nameAndDetail, { name: labelOf(M.kinds, mail.kind) ?? mail.kind, detail: mail.to }),
            )}
          </span>
        </button>
      )}
    </li>
  );
}
