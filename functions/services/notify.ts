/**
 * Mail notifications (issue 18 item 6): the one entry every route, worker and job calls about a mail.
 * `notify` resolves the recipients (the employee, or the company's admins), drops the optional kinds
 * for users who opted out, renders the Japanese template, stores each mail in the outbox and sends it
 * (services/mail-outbox.ts; functions/shared/mail.ts: Amazon SES on AWS, the local SMTP server under
 * `npm start` and tests).
 *
 * Every mail is stored before it is sent (issue 30 item 12): a mail the server does not take now is
 * tried again by the outbox's scheduled run, with a growing wait, and the company's admins see how each
 * went (メール送信状況). Where the change that causes a mail is one DynamoDB transaction (a request
 * filed or decided, a daily notice claimed), the caller stores the mails in that same transaction:
 * `prepareMails` before the change, db/mail-outbox.ts `outboxInTransaction` in it, `deliverMails`
 * after. Elsewhere (a Cognito call first: welcome and password mails) `notify` stores them right after.
 *
 * A mail that cannot be sent never fails or undoes the request that caused it: the write is the record,
 * the mail follows. Logs carry ids only, never a password, a code, a token or an address.
 *
 * CONTRACT (committed before the helpers start): event kinds and fields are fixed; the mail helper
 * replaces the body of `notify` and adds templates, recipients and opt-outs. Callers may rely on:
 * `await notify(event)` never throws.
 *
 * The scheduled notices (missed_punch, overtime_notice, paid_leave_pace) are sent by the daily job
 * (services/mail-notices.ts), which claims each one first so that a rerun does not send it again.
 */
import { adminMailRecipients, employeeMailRecipient } from '../db/mail.js';
import {
  isOptionalMailKind,
  missedPunchMail,
  overtimeNoticeMail,
  paidLeavePaceMail,
  passwordResetByAdminMail,
  passwordResetCodeMail,
  requestDecidedMail,
  requestFiledMail,
  welcomeMail,
  type MailContent,
} from '../domain/mail-templates.js';
import { storeMails, storePlatformMails, type OutboxMail } from '../db/mail-outbox.js';
import { clock } from '../shared/clock.js';
import { env } from '../shared/env.js';
import { newId } from '../shared/ids.js';
import { logger } from '../shared/logger.js';
import { sealText } from '../shared/signing.js';
import { deliverMails } from './mail-outbox.js';

/** Request kinds a mail can be about: the three request kinds and punch corrections (打刻修正申請). */
export type MailRequestKind = 'holiday' | 'holiday_work' | 'over_work' | 'correction';

export type MailEvent =
  /** An employee filed a request → every active admin of the company (optional: admins may opt out). */
  | {
      kind: 'request_filed';
      companyId: string;
      /** For the logs; absent when the mail is prepared before the filing's transaction gives it one. */
      requestId?: string;
      requestKind: MailRequestKind;
      employeeId: string;
      employeeName: string;
      /** The day the request is about, YYYY-MM-DD. */
      date: string;
    }
  /** An admin approved or rejected → the employee (optional). `reason` is the decision's reason, if any. */
  | {
      kind: 'request_decided';
      companyId: string;
      requestId: string;
      requestKind: MailRequestKind;
      employeeId: string;
      date: string;
      approved: boolean;
      reason?: string;
    }
  /**
   * A new account (staff form or bulk import) → the new user (always sent). The temporary password
   * goes into the mail body only: never into a log line, an audit item or an error.
   */
  | {
      kind: 'welcome';
      companyId: string;
      employeeId: string;
      email: string;
      name: string;
      temporaryPassword: string;
    }
  /** An admin reset a staff member's password → the staff member (always sent), same rule as welcome. */
  | {
      kind: 'password_reset_by_admin';
      companyId: string;
      employeeId: string;
      email: string;
      name: string;
      temporaryPassword: string;
    }
  /** "パスワードをお忘れの方": the confirmation code (always sent; nothing else reveals the account exists). */
  | {
      kind: 'password_reset_code';
      /** Which sign-in page the code belongs to (the link in the mail goes back to it). */
      audience: 'employee' | 'admin';
      email: string;
      name: string;
      code: string;
    }
  /** The daily job: yesterday's work has a start and no end, or scheduled work had no punch → the employee (optional). */
  | {
      kind: 'missed_punch';
      companyId: string;
      employeeId: string;
      date: string;
      missing: 'end' | 'both';
    }
  /**
   * The daily job: the month's overtime reached the company's 36協定 alert limit ("threshold") or
   * 80 h of overtime and holiday work ("eighty") → the employee and the admins (optional).
   */
  | {
      kind: 'overtime_notice';
      companyId: string;
      employeeId: string;
      /** YYYY-MM */
      month: string;
      level: 'threshold' | 'eighty';
      minutes: number;
      limitMinutes: number;
    }
  /** The daily job: 年5日の取得義務 behind pace → the employee and the admins (optional). */
  | {
      kind: 'paid_leave_pace';
      companyId: string;
      employeeId: string;
      taken: number;
      required: number;
      /** The last day of the grant's year, YYYY-MM-DD. */
      deadline: string;
    };

interface Recipient {
  to: string;
  content: MailContent;
}

const optedOut = (kind: string, optOut: readonly string[] | undefined) =>
  isOptionalMailKind(kind) && (optOut ?? []).includes(kind);

const fullName = (e: { lastName: string; firstName: string }) => `${e.lastName} ${e.firstName}`;

/** The mails of one event, recipients resolved and opted-out ones dropped. */
async function mailsOf(event: MailEvent, appUrl: string): Promise<Recipient[]> {
  switch (event.kind) {
    case 'welcome':
      return [{ to: event.email, content: welcomeMail(appUrl, event) }];
    case 'password_reset_by_admin':
      return [{ to: event.email, content: passwordResetByAdminMail(appUrl, event) }];
    case 'password_reset_code':
      return [{ to: event.email, content: passwordResetCodeMail(appUrl, event) }];
    case 'request_filed': {
      const admins = await adminMailRecipients(event.companyId);
      return admins
        .filter((a) => !optedOut(event.kind, a.mailOptOut))
        .map((a) => ({ to: a.email, content: requestFiledMail(appUrl, event) }));
    }
    case 'request_decided':
    case 'missed_punch': {
      const employee = await employeeMailRecipient(event.companyId, event.employeeId);
      if (!employee || employee.status !== 'active' || optedOut(event.kind, employee.mailOptOut)) return [];
      const name = fullName(employee);
      const content =
        event.kind === 'request_decided'
          ? requestDecidedMail(appUrl, event, name)
          : missedPunchMail(appUrl, event, name);
      return [{ to: employee.email, content }];
    }
    case 'overtime_notice':
    case 'paid_leave_pace': {
      const [employee, admins] = await Promise.all([
        employeeMailRecipient(event.companyId, event.employeeId),
        adminMailRecipients(event.companyId),
      ]);
      if (!employee || employee.status !== 'active') return [];
      const employeeName = fullName(employee);
      const render = (audience: 'employee' | 'admin', name: string) =>
        event.kind === 'overtime_notice'
          ? overtimeNoticeMail(appUrl, { ...event, employeeName, audience }, name)
          : paidLeavePaceMail(appUrl, { ...event, employeeName, audience }, name);
      return [
        ...(optedOut(event.kind, employee.mailOptOut)
          ? []
          : [{ to: employee.email, content: render('employee', employeeName) }]),
        ...admins
          .filter((a) => !optedOut(event.kind, a.mailOptOut))
          .map((a) => ({ to: a.email, content: render('admin', a.name) })),
      ];
    }
  }
}

/** Ids only: never an address, a name, a password or a code. */
function idsOf(event: MailEvent): Record<string, string> {
  const ids: Record<string, string> = { mail_kind: event.kind };
  if ('companyId' in event) ids.company_id = event.companyId;
  if ('employeeId' in event) ids.employee_id = event.employeeId;
  if ('requestId' in event && event.requestId) ids.request_id = event.requestId;
  return ids;
}

/** An error's name and code only: SMTP and SES messages may quote the addresses. */
const errorSummary = (error: unknown) => ({
  error_name: error instanceof Error ? error.name : typeof error,
  error_code: String((error as { code?: unknown; responseCode?: unknown } | null)?.code ?? ''),
});

/**
 * The mails of one event, ready to store: recipients resolved, opted-out ones dropped, each with its
 * id and its body sealed (shared/signing.ts). Never throws: recipients that cannot be read are logged
 * and give no mail (a mail never fails the change that causes it). A company's event gives company
 * mails; the password-reset code (asked for before anyone signs in) a platform mail.
 */
export async function prepareMails(event: MailEvent, now: Date = clock.now()): Promise<OutboxMail[]> {
  return (await mailsOfEvent(event, now)) ?? [];
}

/** prepareMails, or null when the recipients could not be read (logged): the daily notices then claim nothing. */
export async function mailsOfEvent(event: MailEvent, now: Date = clock.now()): Promise<OutboxMail[] | null> {
  let mails: Recipient[];
  try {
    mails = await mailsOf(event, env().APP_URL);
  } catch (error) {
    logger.warn('mail not sent: recipients could not be read', { ...idsOf(event), ...errorSummary(error) });
    return null;
  }
  const companyId = 'companyId' in event ? event.companyId : null;
  return mails.map((m) => {
    const mailId = newId();
    return {
      companyId,
      mailId,
      kind: event.kind,
      to: m.to,
      subject: m.content.subject,
      body: sealText(m.content.text, mailId),
      createdAt: now.toISOString(),
    };
  });
}

/** Stores the mails of one event in the outbox and sends them. Never throws (see the file comment). */
export async function notify(event: MailEvent): Promise<MailOutcome> {
  return 'companyId' in event ? storeAndSend(event, storeMails) : storeAndSend(event, storePlatformMails);
}

/**
 * notify for the platform's own mail (the password-reset code): the public reset route calls this one,
 * so its code stores only platform mails (test/infra/route-code.ts reads which items a route writes).
 */
export const notifyPlatform = (event: Extract<MailEvent, { kind: 'password_reset_code' }>): Promise<MailOutcome> =>
  storeAndSend(event, storePlatformMails);

async function storeAndSend(
  event: MailEvent,
  store: (mails: readonly OutboxMail[]) => Promise<void>,
): Promise<MailOutcome> {
  const ids = idsOf(event);
  const mails = await mailsOfEvent(event);
  if (!mails?.length) return { recipients: mails ? 0 : null, sent: 0 };
  try {
    await store(mails);
  } catch (error) {
    // Nothing is sent that is not stored: a mail sent unrecorded could be sent again by nobody's
    // knowledge, and one stored after all (a time-out after the write) would be sent twice.
    logger.error('mail not sent: not stored', { ...ids, ...errorSummary(error) });
    return { recipients: mails.length, sent: 0 };
  }
  const sent = await deliverMails(mails);
  logger.info('mail sent', { ...ids, recipients: mails.length, sent });
  return { recipients: mails.length, sent };
}

/**
 * What a notify call did: how many recipients the event had (null when they could not be read) and
 * to how many the mail server took the mail at once (the others wait in the outbox for its next try).
 * Requests ignore it: a mail never fails a request.
 */
export interface MailOutcome {
  recipients: number | null;
  sent: number;
}
