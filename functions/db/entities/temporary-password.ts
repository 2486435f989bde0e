import { createSchema } from 'electrodb';

/**
 * The temporary password the product issued to a pool user (new staff, imported staff, a new company
 * admin, an admin's reset), as a salted keyed hash (issue 30 item 1). Sign-in checks the typed password
 * against it before it answers Cognito's first-sign-in challenge: cognito-local answers
 * NEW_PASSWORD_REQUIRED without checking the password, so without this anyone who knew the e-mail of a
 * user on a temporary password could set their own and sign in. On AWS Cognito checks too; the product
 * does not rely on either. One item per user, replaced by the next temporary password; the TTL removes
 * it when Cognito's temporary password would have expired, and reads check `expiresAt` too.
 */
export const TemporaryPassword = createSchema({
  model: { entity: 'temporaryPassword', version: '1', service: 'kintai' },
  attributes: {
    /** Keyed hash of `<role>:<Cognito username>` (shared/signing.ts, purpose `temppw`): no username in the key. */
    account: { type: 'string', required: true, readOnly: true },
    /** Random salt of this password's hash (base64url). */
    salt: { type: 'string', required: true },
    /** HMAC of `<account>:<salt>:<password>` (purpose `temppw`), never the password. */
    passwordHash: { type: 'string', required: true },
    /** TTL (epoch seconds): Cognito's temporary-password validity after issue. */
    expiresAt: { type: 'number', required: true, field: 'expires_at' },
  },
  indexes: {
    byAccount: {
      pk: { field: 'pk', composite: ['account'], template: 'temppw#${account}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'temppw', casing: 'none' },
    },
  },
});
