/**
 * The local stand-in for Amazon SES: a real SMTP server (smtp-server + mailparser) on the loopback
 * interface that keeps every message it receives in memory, and a page to read them
 * (`GET /_local/mail` on the local gateway: HTML, or JSON with `?format=json` / `Accept: application/json`).
 * `npm start` and the test global setup start it and point the handlers at it with SMTP_URL.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { LOCAL_HOST } from './emulators';

/** Path of the reading page on the local gateway (and of the test reader's own small HTTP server). */
export const MAIL_PAGE_PATH = '/_local/mail';

/** Same shape as test/support/mail.ts ReceivedMail. */
interface StoredMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

export interface LocalMailServer {
  /** `smtp://127.0.0.1:<port>`, the SMTP_URL of the handlers. */
  readonly smtpUrl: string;
  /** What was received so far, oldest first (the newest MAX_KEPT). */
  messages(): readonly StoredMail[];
  /** Answers `GET /_local/mail` (HTML or JSON; `?to=` filters by recipient). */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /**
   * Stops taking mail (the port is closed: senders get "connection refused") and keeps what it has;
   * `resume()` listens on the same port again, so SMTP_URL stays right. For tests of a mail server that
   * is down for a while (the outbox, services/mail-outbox.ts); loopback only.
   */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** Memory is the only store: the oldest mails go first beyond this many. */
const MAX_KEPT = 5_000;
const MAX_SIZE = 1024 * 1024;

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) =>
    a.value.map((v) => v.address?.toLowerCase() ?? '').filter(Boolean),
  );

export async function startMailServer(port = 0): Promise<LocalMailServer> {
  const kept: StoredMail[] = [];
  let nextId = 1;
  // One SMTPServer per listening spell: a closed one cannot listen again.
  const create = () =>
    new SMTPServer({
      // Plain SMTP on loopback: no TLS to negotiate, no accounts.
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      size: MAX_SIZE,
      banner: 'kintai local mail',
      logger: false,
      onData(stream, session, done) {
        simpleParser(stream)
          .then((parsed) => {
            const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
            kept.push({
              id: nextId++,
              from: addresses(parsed.from)[0] ?? (session.envelope.mailFrom || undefined)?.address ?? '',
              to: envelopeTo.length ? envelopeTo : addresses(parsed.to),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              receivedAt: new Date().toISOString(),
            });
            kept.splice(0, Math.max(0, kept.length - MAX_KEPT));
            done();
          })
          .catch((error: unknown) => done(error instanceof Error ? error : new Error(String(error))));
      },
    });
  const listen = async (on: number) => {
    const server = create();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, LOCAL_HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
    // A client that misbehaves must not take the local stack down.
    server.on('error', (error) => console.error('[mail] SMTP server error:', error.message));
    return server;
  };
  const close = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

  let server: SMTPServer | null = await listen(port);
  const address = (server as unknown as { server: { address(): AddressInfo } }).server.address();

  return {
    smtpUrl: `smtp://${LOCAL_HOST}:${address.port}`,
    messages: () => kept,
    handle: (req, res) => serveMailPage(req, res, kept),
    pause: async () => {
      const paused = server;
      server = null;
      if (paused) await close(paused);
    },
    resume: async () => {
      server ??= await listen(address.port);
    },
    stop: async () => {
      const stopped = server;
      server = null;
      if (stopped) await close(stopped);
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function serveMailPage(req: IncomingMessage, res: ServerResponse, kept: readonly StoredMail[]): void {
  req.resume();
  const url = new URL(req.url ?? '/', 'http://local');
  const to = url.searchParams.get('to')?.toLowerCase();
  const list = to ? kept.filter((m) => m.to.includes(to)) : kept;
  const wantsJson = url.searchParams.get('format') === 'json' || /application\/json/.test(req.headers.accept ?? '');
  const headers = {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  };
  if (wantsJson) {
    res.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ messages: list }));
    return;
  }
  const rows = [...list]
    .reverse()
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">${escapeHtml(m.receivedAt)} · From ${escapeHtml(m.from)} · To ${escapeHtml(m.to.join(', '))}</p><pre>${escapeHtml(m.text)}</pre></article>`,
    )
    .join('\n');
  res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>送信メール (ローカル) - 勤怠管理</title>
<style>body{font-family:sans-serif;margin:1rem;max-width:60rem}article{border-bottom:1px solid #ccc;padding:.5rem 0}
h2{font-size:1.1rem;margin:.2rem 0}.meta{color:#555;font-size:.85rem;margin:0}pre{white-space:pre-wrap;font:inherit}</style>
</head><body><h1>送信メール (ローカル)</h1>
<p>npm start のローカル環境で送信されたメールです (新しい順、${list.length} 件)。再起動すると消えます。</p>
${rows || '<p>まだメールはありません。</p>'}
</body></html>`);
}
