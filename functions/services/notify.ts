/**
 * Mail notifications (issue 18 item 6): the one entry every route, worker and job calls after its
 * write has committed. `notify` resolves the recipients (the employee, or the company's admins),
 * drops the optional kinds for users who opted out, renders the Japanese template and sends it
 * (functions/shared/mail.ts: Amazon SES on AWS, the local SMTP server under `npm start` and tests).
 *
 * A mail that cannot be sent is logged (never with a password, code or token) and never fails or
 * undoes the request that caused it: the write is the record, the mail is a courtesy.
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
import { env } from '../shared/env.js';
import { logger } from '../shared/logger.js';
import { sendMail } from '../shared/mail.js';

/** Request kinds a mail can be about: the three request kinds and punch corrections (打刻修正申請). */
export type MailRequestKind = 'holiday' | 'holiday_work' | 'over_work' | 'correction';

export type MailEvent =
  /** An employee filed a request → every active admin of the company (optional: admins may opt out). */
  | {
      kind: 'request_filed';
      companyId: string;
      requestId: string;
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
  if ('requestId' in event) ids.request_id = event.requestId;
  return ids;
}

/** An error's name and code only: SMTP and SES messages may quote the addresses. */
const errorSummary = (error: unknown) => ({
  error_name: error instanceof Error ? error.name : typeof error,
  error_code: String((error as { code?: unknown; responseCode?: unknown } | null)?.code ?? ''),
});

/** Sends the mail of one event. Never throws (see the file comment). */
export async function notify(event: MailEvent): Promise<MailOutcome> {
  const ids = idsOf(event);
  let mails: Recipient[];
  try {
    mails = await mailsOf(event, env().APP_URL);
  } catch (error) {
    logger.warn('mail not sent: recipients could not be read', { ...ids, ...errorSummary(error) });
    return { recipients: null, sent: 0 };
  }
  let sent = 0;
  for (const mail of mails) {
    try {
      await sendMail({ to: mail.to, subject: mail.content.subject, text: mail.content.text, template: event.kind });
      sent++;
    } catch (error) {
      logger.warn('mail not sent', { ...ids, ...errorSummary(error) });
    }
  }
  logger.info('mail sent', { ...ids, recipients: mails.length, sent });
  return { recipients: mails.length, sent };
}

/**
 * What a notify call did: how many recipients the event had (null when they could not be read) and
 * to how many the mail server took the mail. Requests ignore it (a mail never fails a request); the
 * daily notices give their claim back when nobody could be sent to, so the next run tries again.
 */
export interface MailOutcome {
  recipients: number | null;
  sent: number;
}
