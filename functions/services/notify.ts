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
 */

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
    };

/** Sends the mail of one event. Never throws (see the file comment). */
export async function notify(event: MailEvent): Promise<void> {
  // Wired by the mail helper (issue 18 item 6); until then events are dropped.
  void event;
}
