/**
 * Reading what the product sent (issue 18 item 6): mail reaches the local SMTP server that the test
 * global setup and `npm start` run (lib/local/mail-server.ts); tests read it back from there.
 *
 * CONTRACT (committed before the helpers start; the mail helper implements it).
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** ISO time the SMTP server received it. */
  receivedAt: string;
}

/**
 * The mails to `address` (case-insensitive) received so far, oldest first, waiting up to `timeoutMs`
 * (default 10 s) until at least `atLeast` (default 1) match `subject` (when given).
 */
export async function mailsTo(
  address: string,
  options: { subject?: RegExp; atLeast?: number; timeoutMs?: number } = {},
): Promise<ReceivedMail[]> {
  void address;
  void options;
  throw new Error('test/support/mail.ts: not implemented yet (issue 18 item 6)');
}
