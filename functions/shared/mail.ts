import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { signingConfig } from './clients/signing.js';
import { env } from './env.js';

/** One plain-text mail. `template` names the template it was rendered from (for logs and tests; never its values). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  template: string;
}

/**
 * Sends one mail: to the SMTP server of SMTP_URL when it is set (the local stack and the tests run
 * lib/local/mail-server.ts), otherwise Amazon SES v2 SendEmail from MAIL_FROM.
 *
 * nodemailer is imported only on the SMTP branch, which the Lambda bundles drop (KINTAI_BUNDLE is
 * "lambda" there, lib/constructs/bundle-options.ts); on AWS the call is one SigV4-signed fetch, like
 * clients/lambda-invoke.ts, rather than the SES client (~100 KB for a single request).
 * Throws when the mail is not accepted; the outbox (services/mail-outbox.ts) records why
 * (`sendFailureOf`) and tries again later where that may help.
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const { SMTP_URL, MAIL_FROM, AWS_REGION } = env();
  if (process.env.KINTAI_BUNDLE !== 'lambda' && SMTP_URL) {
    await sendSmtp(SMTP_URL, MAIL_FROM, mail);
    return;
  }
  await sendSes(AWS_REGION, MAIL_FROM, mail);
}

async function sendSmtp(url: string, from: string, mail: OutgoingMail): Promise<void> {
  const nodemailer = await import('nodemailer');
  // One connection per mail: a handful of mails per request, and no pool to close at shutdown.
  const transport = nodemailer.createTransport({
    url,
    ignoreTLS: true,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  try {
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
  } finally {
    transport.close();
  }
}

/** SES v2 SendEmail (https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html), signed with SigV4. */
async function sendSes(region: string, from: string, mail: OutgoingMail, timeoutMs = 5_000): Promise<void> {
  const hostname = `email.${region}.amazonaws.com`;
  const body = JSON.stringify({
    FromEmailAddress: from,
    Destination: { ToAddresses: [mail.to] },
    Content: {
      Simple: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
      },
    },
  });
  const signer = new SignatureV4({ ...signingConfig(region), service: 'ses' });
  const signed = await signer.sign(
    new HttpRequest({
      method: 'POST',
      protocol: 'https:',
      hostname,
      path: '/v2/email/outbound-emails',
      headers: { host: hostname, 'content-type': 'application/json' },
      body,
    }),
  );
  const response = await fetch(`https://${hostname}${signed.path}`, {
    method: 'POST',
    headers: signed.headers,
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) {
    // The error type only (e.g. MessageRejected): SES's message may quote the addresses, which logs never hold.
    await response.body?.cancel();
    const type = response.headers.get('x-amzn-errortype')?.split(':')[0] ?? 'unknown';
    throw new SesSendError(response.status, type);
  }
}

/** SES answered with an error status (`type` is SES's error type, e.g. MessageRejected). */
export class SesSendError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
  ) {
    super(`SES SendEmail failed: ${status} ${type}`);
    this.name = 'SesSendError';
  }
}

/**
 * Why a send failed, as the outbox records it: `connection` (the server could not be reached: down,
 * refused, timed out), `temporary` (it answered "try later": SMTP 4xx, SES throttling or 5xx) or
 * `rejected` (it refused this mail for good: SMTP 5xx, any other SES 4xx). `status` is what the admins'
 * screen may show (`SMTP 550`, `SES 400`; null for a server not reached); `code` is for the logs (the
 * SMTP client's or SES's error code). Never the server's message, which may quote the addresses.
 */
export function sendFailureOf(error: unknown): {
  kind: 'connection' | 'temporary' | 'rejected';
  status: string | null;
  code: string;
} {
  if (error instanceof SesSendError) {
    const temporary = error.status >= 500 || error.status === 429 || /Throttl|TooManyRequests/.test(error.type);
    return { kind: temporary ? 'temporary' : 'rejected', status: `SES ${error.status}`, code: error.type };
  }
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown; name?: unknown };
  const code = (typeof e.code === 'string' ? e.code : typeof e.name === 'string' ? e.name : 'unknown').slice(0, 40);
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  if (responseCode !== undefined && responseCode >= 400)
    return { kind: responseCode >= 500 ? 'rejected' : 'temporary', status: `SMTP ${responseCode}`, code };
  return { kind: 'connection', status: null, code };
}
