/**
 * Sending what the outbox holds (issue 30 item 12; rules in domain/mail-outbox.ts, items in
 * db/mail-outbox.ts). One send of a stored mail is: claim it (a conditional update only one sender
 * wins), open its sealed body, hand it to the mail server, record the outcome under the claim.
 *
 * - The request (or job) that stored a mail sends it at once (`deliverMails`): under normal conditions a
 *   mail has gone when the request answers, as before the outbox.
 * - The scheduled run (`runMailOutbox`: EventBridge every minute on AWS, functions/jobs/mail-outbox.ts;
 *   a timer under `npm start`, lib/local/mail-outbox-timer.ts) sends what is due: mails whose try
 *   failed for a reason that may pass (again after 1, 2, 4 … minutes, at most four hours apart, ten
 *   tries in all), and mails whose request died before sending them.
 * - An admin's 再送 (`resendMail`) queues a failed mail again and sends it at once.
 *
 * Nothing is sent twice. A claim that outlives its lease without an outcome (the sender died after the
 * server may have taken the mail) becomes `unknown`, shown as 送信失敗 and never retried by itself: we
 * prefer a mail possibly missing, visible to the admins with 再送, over one possibly sent twice (a
 * temporary password mailed twice, a request announced twice). A mail refused for good (SMTP 5xx, SES
 * MessageRejected) fails at once.
 */
import {
  claimMail,
  dueMails,
  findMail,
  markNotSent,
  markSent,
  markUnknown,
  requeueMail,
  type MailRef,
  type StoredMail,
} from '../db/mail-outbox.js';
import { retryWaitMinutes } from '../domain/mail-outbox.js';
import { clock } from '../shared/clock.js';
import { NotFoundError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { logger } from '../shared/logger.js';
import { sendFailureOf, sendMail } from '../shared/mail.js';
import { openText } from '../shared/signing.js';

export type SendOutcome = 'sent' | 'retrying' | 'failed' | 'skipped';

/** Ids only in the logs: never the address, the subject or the body. */
const idsOf = (mail: MailRef & { kind?: string }) => ({
  mail_id: mail.mailId,
  ...(mail.kind ? { mail_kind: mail.kind } : {}),
  ...(mail.companyId ? { company_id: mail.companyId } : {}),
});

/**
 * One send of a stored mail: claimed from `queued` (its own request, a 再送) or when `due` (the
 * scheduled run). 'skipped' when another sender holds it or it is not due.
 */
export async function sendStored(
  ref: MailRef,
  from: 'queued' | 'due',
  now: () => Date = clock.now,
): Promise<SendOutcome> {
  const owner = newId();
  const mail = await claimMail(ref, owner, now(), from);
  if (!mail) return 'skipped';
  const text = mail.body === undefined ? null : openText(mail.body, mail.mailId);
  if (text === null) {
    // Sealed with a key this server no longer has: no try will ever open it.
    await markNotSent(ref, owner, now(), { error: 'unreadable', detail: null }, null);
    logger.error('mail not sent: body unreadable', idsOf(mail));
    return 'failed';
  }
  try {
    await sendMail({ to: mail.to, subject: mail.subject, text, template: mail.kind });
  } catch (error) {
    const failure = sendFailureOf(error);
    const wait = failure.kind === 'rejected' ? null : retryWaitMinutes(mail.attempts);
    const at = now();
    const retryAt = wait === null ? null : new Date(at.getTime() + wait * 60_000);
    await markNotSent(ref, owner, at, { error: failure.kind, detail: failure.status }, retryAt);
    logger.warn('mail not sent', {
      ...idsOf(mail),
      error_kind: failure.kind,
      error_code: failure.code,
      attempts: mail.attempts,
      ...(retryAt ? { retry_at: retryAt.toISOString() } : { gave_up: true }),
    });
    return retryAt ? 'retrying' : 'failed';
  }
  // Sent. If recording it fails now, the claim runs out and the mail shows as unknown: never resent.
  await markSent(ref, owner, now());
  return 'sent';
}

/**
 * Sends mails this request or job has just stored, one after another; how many went. Never throws: a
 * mail not sent now waits in the outbox for the scheduled run.
 */
export async function deliverMails(mails: readonly MailRef[]): Promise<number> {
  let sent = 0;
  for (const mail of mails) {
    try {
      if ((await sendStored(mail, 'queued')) === 'sent') sent++;
    } catch (error) {
      // The outbox itself could not be written: the mail stays as it was (queued or sending), and the
      // scheduled run finds it when its grace or lease ends.
      logger.warn('mail not sent: outbox not updated', { ...idsOf(mail), error: error as Error });
    }
  }
  return sent;
}

export interface OutboxRunResult {
  sent: number;
  retrying: number;
  failed: number;
  /** Claims whose lease ran out without an outcome, now `unknown` (not sent again). */
  unknown: number;
}

/** Mails read per partition of the due index per run (eight company partitions and the platform's). */
export const OUTBOX_RUN_PAGE = 100;

/**
 * The scheduled run: every mail due by now is sent (queued ones whose request died, retries whose wait
 * is over), and every claim whose lease ran out is marked unknown. Bounded: one Query page per
 * partition of the due index; what is left waits for the next run a minute later.
 */
export async function runMailOutbox(now: () => Date = clock.now): Promise<OutboxRunResult> {
  const result: OutboxRunResult = { sent: 0, retrying: 0, failed: 0, unknown: 0 };
  const due = await dueMails(now(), OUTBOX_RUN_PAGE);
  for (const mail of due) {
    const ref = { companyId: mail.companyId, mailId: mail.mailId };
    try {
      if (mail.state === 'sending') {
        if (await markUnknown(ref, now())) {
          result.unknown++;
          logger.warn('mail outcome unknown: claim expired', idsOf(mail));
        }
        continue;
      }
      const outcome = await sendStored(ref, 'due', now);
      if (outcome !== 'skipped') result[outcome]++;
    } catch (error) {
      logger.error('mail outbox: send failed', { ...idsOf(mail), error: error as Error });
    }
  }
  if (due.length) logger.info('mail outbox run', { due: due.length, ...result });
  return result;
}

/**
 * An admin's 再送 of one of the company's failed mails: queued again (409 unless failed or unknown,
 * 404 for no such mail in this company) and sent at once. The mail as it stands after the try.
 */
export async function resendMail(companyId: string, mailId: string): Promise<StoredMail> {
  const ref = { companyId, mailId };
  await requeueMail(ref, clock.now());
  await sendStored(ref, 'queued');
  const mail = await findMail(ref);
  if (!mail) throw new NotFoundError();
  return mail;
}
