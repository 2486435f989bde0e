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
 * Throws when the mail is not accepted; services/notify.ts catches and logs.
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
    throw new Error(`SES SendEmail failed: ${response.status} ${type}`);
  }
}
