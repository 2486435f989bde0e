import { createSchema } from 'electrodb';
import { MAIL_ERRORS, MAIL_STATES } from '../../domain/mail-outbox.js';

/**
 * The mail outbox (issue 30 item 12; rules in domain/mail-outbox.ts): one item per mail, stored before
 * it is sent, moved through its states by conditional updates, so one sender at a time holds it and a
 * sent mail is never sent again. A company's mails live in its partition (`c#<companyId>`,
 * `mailout#<mailId>`); the platform's (password-reset codes, asked for before anyone signs in) in
 * `mailout#platform`, written by the public reset route under its own key prefix (config/table.ts
 * SESSION_KEY_PREFIXES). No e-mail address is part of any key.
 *
 * The scheduled run finds the mails it must act on through gsi1, a sparse index present only while a
 * mail is due (`queued`, `sending`, `retrying`): partition `mailout-due#<shard>` (or
 * `platform-mail-due#0`), sorted by `dueAt` — when a queued mail's grace ends, a claim's lease ends, or
 * the next try is due. Sent, failed and unknown mails leave the index.
 */
const attributes = {
  mailId: { type: 'string', required: true, readOnly: true },
  /** The template (functions/domain/mail-templates.ts): welcome, request_filed, … */
  kind: { type: 'string', required: true, readOnly: true },
  /** The recipient's address, as sent. The screens show it masked (domain/mail-outbox.ts maskAddress). */
  to: { type: 'string', required: true, readOnly: true },
  subject: { type: 'string', required: true, readOnly: true },
  /**
   * The body, sealed (AES-GCM, shared/signing.ts `sealText`): welcome and password mails carry a
   * temporary password or a code, which is never stored readable. Removed once the mail is sent.
   */
  body: { type: 'string' },
  state: { type: MAIL_STATES, required: true },
  /** Tries so far (claims). */
  attempts: { type: 'number', required: true, default: 0 },
  /** The due index's partition (fixed per mail) and when the mail is next due; absent once settled. */
  dueShard: { type: 'string' },
  dueAt: { type: 'string' },
  /** Who holds the claim of a `sending` mail (one id per send), so only that sender records the outcome. */
  owner: { type: 'string' },
  lastError: { type: MAIL_ERRORS },
  /** The server's answer to the last failed try (`SMTP 550`, `SES 400`; shared/mail.ts): never its message. Absent when it was not reached. */
  lastErrorDetail: { type: 'string' },
  createdAt: { type: 'string', required: true, readOnly: true },
  lastAttemptAt: { type: 'string' },
  sentAt: { type: 'string' },
  updatedAt: { type: 'string', required: true },
  /** TTL (epoch seconds): OUTBOX_KEEP_DAYS after the last change. */
  expiresAt: { type: 'number', required: true, field: 'expires_at' },
} as const;

/** A company's mail (request filings and decisions, notices, welcome and admin password-reset mails). */
export const MailOutbox = createSchema({
  model: { entity: 'mailOutbox', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    ...attributes,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}', casing: 'none' },
      sk: { field: 'sk', composite: ['mailId'], template: 'mailout#${mailId}', casing: 'none' },
    },
    // The scheduled run: mails due by now, across companies (a sparse index: see the comment above).
    byDue: {
      index: 'gsi1',
      condition: (a) => a.dueAt !== undefined,
      pk: { field: 'gsi1pk', composite: ['dueShard'], template: 'mailout-due#${dueShard}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['dueAt'], template: 'due#${dueAt}', casing: 'none' },
    },
  },
});

/** A platform mail: the password-reset code of "パスワードをお忘れの方" (the operator sees these). */
export const PlatformMail = createSchema({
  model: { entity: 'platformMail', version: '1', service: 'kintai' },
  attributes,
  indexes: {
    byId: {
      pk: { field: 'pk', composite: [], template: 'mailout#platform', casing: 'none' },
      sk: { field: 'sk', composite: ['mailId'], template: 'mailout#${mailId}', casing: 'none' },
    },
    byDue: {
      index: 'gsi1',
      condition: (a) => a.dueAt !== undefined,
      pk: { field: 'gsi1pk', composite: ['dueShard'], template: 'platform-mail-due#${dueShard}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['dueAt'], template: 'due#${dueAt}', casing: 'none' },
    },
  },
});
