/**
 * Reading what the product sent (issue 18 item 6): mail reaches the local SMTP server that the test
 * global setup and `npm start` run (lib/local/mail-server.ts); tests read it back from there.
 *
 * CONTRACT (committed before the helpers start; the mail helper implements it).
 */
import { inject } from 'vitest';
import './provided';

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
 * (default 10 s) until at least `atLeast` (default 1) match `subject` (when given). After the timeout
 * it returns what matched (possibly fewer), so the test's assertion shows what arrived.
 *
 * `notify` awaits the SMTP server's acceptance, and the server stores a mail before accepting it: once
 * a handler has answered, its mails are here. `atLeast: 0` therefore reads "nothing was sent" at once.
 */
export async function mailsTo(
  address: string,
  options: { subject?: RegExp; atLeast?: number; timeoutMs?: number } = {},
): Promise<ReceivedMail[]> {
  const { subject, atLeast = 1, timeoutMs = 10_000 } = options;
  const url = new URL(inject('localStack').mailUrl);
  url.searchParams.set('format', 'json');
  url.searchParams.set('to', address.toLowerCase());
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`mail reader answered ${res.status}`);
    const { messages } = (await res.json()) as { messages: (ReceivedMail & { id: number })[] };
    const matching = messages
      .filter((m) => !subject || subject.test(m.subject))
      .map(({ from, to, subject: s, text, receivedAt }) => ({ from, to, subject: s, text, receivedAt }));
    if (matching.length >= atLeast || Date.now() >= deadline) return matching;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A mail server of the test's own (lib/local/mail-server.ts, loopback), which the test stops and starts
 * again on the same port to play a mail server that is down for a while; the handlers of this process
 * send to it until `close()`. Call it inside a hook or a test, after useTestStack's setup (which sets
 * SMTP_URL to the run's shared server). The shared server is left alone: other files use it meanwhile.
 */
export async function ownMailServer() {
  const { startMailServer } = await import('../../lib/local/mail-server.js');
  const { resetEnvCache } = await import('../../functions/shared/env.js');
  const server = await startMailServer();
  const previous = process.env.SMTP_URL;
  process.env.SMTP_URL = server.smtpUrl;
  resetEnvCache();
  return {
    /** Stops taking mail: senders get "connection refused" (what is kept stays). */
    down: () => server.pause(),
    /** Takes mail again, on the same port. */
    up: () => server.resume(),
    /** What it took for `address`, oldest first (matching `subject` when given). */
    mailsTo: (address: string, subject?: RegExp): ReceivedMail[] =>
      server
        .messages()
        .filter((m) => m.to.includes(address.toLowerCase()) && (!subject || subject.test(m.subject)))
        .map(({ from, to, subject: s, text, receivedAt }) => ({ from, to, subject: s, text, receivedAt })),
    close: async () => {
      process.env.SMTP_URL = previous;
      resetEnvCache();
      await server.stop();
    },
  };
}
