/**
 * The mail outbox's rules (issue 30 item 12), pure: every mail is stored before it is sent, and a send
 * the mail server did not take is tried again later, with a growing wait, until it goes or the tries
 * run out. What the states mean, how long each wait is, and how a recipient is shown on the screens.
 *
 * States of one stored mail:
 * - `queued`: stored, not yet tried (the request that stored it sends it at once; if that request dies
 *   first, the scheduled run picks it up after QUEUED_GRACE_SECONDS);
 * - `sending`: claimed by one sender, which holds it for SEND_LEASE_SECONDS;
 * - `sent`: the mail server took it;
 * - `retrying`: a try failed for a reason that may pass (server down, busy): tried again at `dueAt`;
 * - `failed`: refused for good (the server rejected it) or MAX_ATTEMPTS tries failed;
 * - `unknown`: a sender claimed it and never said how the send went (it died between the send and the
 *   mark). It may have gone: the outbox does not send it again by itself (at most once, never twice),
 *   and the admins see it as 送信失敗, with 再送 if they judge it did not arrive.
 */

export const MAIL_STATES = ['queued', 'sending', 'sent', 'retrying', 'failed', 'unknown'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/**
 * Why the last try did not go, as a code (the screens word it):
 * - `connection`: the mail server could not be reached (down, refused, timed out);
 * - `temporary`: the server answered "try later" (SMTP 4xx, SES throttling or 5xx);
 * - `rejected`: the server refused this mail for good (SMTP 5xx, SES MessageRejected);
 * - `unknown_outcome`: the sender died between sending and recording (see `unknown` above);
 * - `unreadable`: the stored body cannot be opened any more (the signing secret changed).
 */
export const MAIL_ERRORS = ['connection', 'temporary', 'rejected', 'unknown_outcome', 'unreadable'] as const;
export type MailError = (typeof MAIL_ERRORS)[number];

/** Tries before a mail is given up (`failed`): the last wait ends about eight hours after the first try. */
export const MAX_ATTEMPTS = 10;

/** The first wait, doubled after every failed try, and the longest wait. */
const FIRST_WAIT_MINUTES = 1;
const LONGEST_WAIT_MINUTES = 240;

/**
 * Minutes to wait after failed try number `attempt` (1 = the first try): 1, 2, 4, … doubling, never
 * more than four hours; null after the last try (give up).
 */
export function retryWaitMinutes(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt ${attempt}`);
  if (attempt >= MAX_ATTEMPTS) return null;
  return Math.min(FIRST_WAIT_MINUTES * 2 ** (attempt - 1), LONGEST_WAIT_MINUTES);
}

/** How long one sender holds a claimed mail: far beyond any send (SMTP 5+10 s, SES 5 s time-outs). */
export const SEND_LEASE_SECONDS = 300;

/** How long a stored mail waits for the request that stored it to send it before the scheduled run may. */
export const QUEUED_GRACE_SECONDS = 60;

/** Stored mails are kept this long after their last change (TTL), then DynamoDB drops them. */
export const OUTBOX_KEEP_DAYS = 30;

/** Partitions of the scheduled run's index of due mails, so that a busy hour does not crowd one. */
export const DUE_SHARDS = 8;

/** The due index partition of a mail: fixed by its id, spread evenly over DUE_SHARDS. */
export function dueShardOf(mailId: string): string {
  let h = 0;
  for (const c of mailId) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return String(h % DUE_SHARDS);
}

/** What the screens show of a state: 送信中 (queued, sending), 再送待ち, 送信済み, 送信失敗 (failed, unknown). */
export type MailStatusView = 'sending' | 'retrying' | 'sent' | 'failed';

export const statusView = (state: MailState): MailStatusView =>
  state === 'queued' || state === 'sending' ? 'sending' : state === 'unknown' ? 'failed' : state;

/** A failed (or unknown) mail may be sent again by an admin; nothing else is. */
export const canResend = (state: MailState) => state === 'failed' || state === 'unknown';

/**
 * A recipient as the outbox screens show it: the first two characters of the local part, then `***`,
 * and the domain (`sa***@demo.example.com`); a local part of one or two characters keeps its first.
 * Enough for an admin to tell who it was, not the address to copy from a screenshot.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  const local = address.slice(0, at);
  const kept = local.length > 2 ? local.slice(0, 2) : local.slice(0, 1);
  return `${kept}***${address.slice(at)}`;
}
