/**
 * メール送信状況 for the demo (issue 30 item 12): three mails of デモ株式会社's outbox, one in each state
 * the admins' screen tells apart — 送信済み (a request's mail to the admin), 再送待ち (a notice the
 * server did not take, next try in four hours) and 送信失敗 (refused by the server, with 再送). Written
 * with fixed ids (put overwrites), so seeding twice keeps three. Bodies are sealed as the outbox does.
 */
import { db } from '../../functions/db/service.js';
import { dueShardOf, OUTBOX_KEEP_DAYS } from '../../functions/domain/mail-outbox.js';
import { missedPunchMail, requestDecidedMail, requestFiledMail } from '../../functions/domain/mail-templates.js';
import { env } from '../../functions/shared/env.js';
import { sealText } from '../../functions/shared/signing.js';

const MAIL_IDS = {
  sent: '01jx7demm00000000000000001',
  retrying: '01jx7demm00000000000000002',
  failed: '01jx7demm00000000000000003',
} as const;

export async function seedDemoMails(
  companyId: string,
  now: Date,
  people: {
    admin: { email: string };
    filer: { name: string; email: string };
    absentee: { name: string; email: string };
  },
  dates: { filed: string; missed: string },
): Promise<void> {
  const appUrl = env().APP_URL;
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
  const expiresAt = Math.floor(now.getTime() / 1000) + OUTBOX_KEEP_DAYS * 24 * 3600;
  const filed = requestFiledMail(appUrl, {
    requestKind: 'holiday',
    employeeName: people.filer.name,
    date: dates.filed,
  });
  const missed = missedPunchMail(appUrl, { date: dates.missed, missing: 'end' }, people.absentee.name);
  const decided = requestDecidedMail(
    appUrl,
    { requestKind: 'holiday', date: dates.filed, approved: true },
    people.filer.name,
  );
  const { MailOutbox } = db().entities;
  await MailOutbox.put({
    companyId,
    mailId: MAIL_IDS.sent,
    kind: 'request_filed',
    to: people.admin.email,
    subject: filed.subject,
    state: 'sent',
    attempts: 1,
    createdAt: at(180),
    lastAttemptAt: at(180),
    sentAt: at(180),
    updatedAt: at(180),
    expiresAt,
  }).go();
  // Nine tries so far; the tenth, four hours after the ninth, is the last (domain/mail-outbox.ts).
  await MailOutbox.put({
    companyId,
    mailId: MAIL_IDS.retrying,
    kind: 'missed_punch',
    to: people.absentee.email,
    subject: missed.subject,
    body: sealText(missed.text, MAIL_IDS.retrying),
    state: 'retrying',
    attempts: 9,
    dueShard: dueShardOf(MAIL_IDS.retrying),
    dueAt: new Date(now.getTime() + 240 * 60_000).toISOString(),
    lastError: 'connection',
    createdAt: at(255),
    lastAttemptAt: at(0),
    updatedAt: at(0),
    expiresAt,
  }).go();
  await MailOutbox.put({
    companyId,
    mailId: MAIL_IDS.failed,
    kind: 'request_decided',
    to: people.filer.email,
    subject: decided.subject,
    body: sealText(decided.text, MAIL_IDS.failed),
    state: 'failed',
    attempts: 1,
    lastError: 'rejected',
    lastErrorDetail: 'SMTP 550',
    createdAt: at(90),
    lastAttemptAt: at(90),
    updatedAt: at(90),
    expiresAt,
  }).go();
}
