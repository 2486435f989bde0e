import { createSchema } from 'electrodb';

/**
 * A pending "パスワードをお忘れの方" code (issue 18 item 7): one per sign-in page and e-mail, replaced
 * by the next code sent. Only the code's keyed hash is kept; the TTL removes the item, and reads
 * also check `expiresAt` (the TTL deletes late). A written-off code (too many wrong tries) stays
 * until it expires or a new code replaces it.
 */
export const PasswordReset = createSchema({
  model: { entity: 'passwordReset', version: '1', service: 'kintai' },
  attributes: {
    /** Keyed hash of `<audience>:<e-mail>` (shared/signing.ts): no e-mail in the key. */
    account: { type: 'string', required: true, readOnly: true },
    audience: { type: ['employee', 'admin'] as const, required: true },
    /** Cognito username of the (first) account: whose password the code sets and whose sessions end. */
    username: { type: 'string', required: true },
    /**
     * Every account of the e-mail on this sign-in page (issue 30 item 3: users of several companies may
     * share an address, and the mailbox proves all of them): the code sets the password of each. Absent
     * on codes stored before it: `username` alone.
     */
    usernames: { type: 'list', items: { type: 'string' } },
    /** HMAC of the code (shared/signing.ts, purpose `reset`), never the code itself. */
    codeHash: { type: 'string', required: true },
    /** Wrong codes typed so far; at the limit the code is written off. */
    attempts: { type: 'number', required: true, default: 0 },
    /** TTL (epoch seconds). */
    expiresAt: { type: 'number', required: true, field: 'expires_at' },
  },
  indexes: {
    byAccount: {
      pk: { field: 'pk', composite: ['account'], template: 'reset#${account}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'reset', casing: 'none' },
    },
  },
});
