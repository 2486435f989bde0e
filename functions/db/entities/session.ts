import { createSchema } from 'electrodb';

/**
 * Server-side session. Cognito tokens stay valid until they expire and cognito-local can neither revoke
 * them nor block disabled users, so every authenticated request also requires this item: deleting it
 * (sign-out, password change, disabling the user) cuts access on the very next request.
 */
export const Session = createSchema({
  model: { entity: 'session', version: '1', service: 'kintai' },
  attributes: {
    sessionId: { type: 'string', required: true, readOnly: true },
    role: { type: ['employee', 'admin', 'operator'] as const, required: true, readOnly: true },
    /** Cognito `sub` of the signed-in user: must equal the token's. */
    sub: { type: 'string', required: true, readOnly: true },
    companyId: { type: 'string' },
    userId: { type: 'string' },
    userName: { type: 'string', required: true },
    companyName: { type: 'string' },
    /** The company's IANA zone, so "today" needs no extra read per request. */
    timeZone: { type: 'string' },
    /** Kept server-side only, to renew the short-lived ID token. */
    refreshToken: { type: 'string' },
    /**
     * An operator signed in without TOTP: only enrolment and sign-out are allowed (middleware). Set
     * at sign-in, cleared once the operator has enrolled.
     */
    mfaPending: { type: 'boolean' },
    /** Cognito access token of an `mfaPending` session, for the enrolment calls; server-side only. */
    accessToken: { type: 'string' },
    createdAt: { type: 'string', readOnly: true, required: true, default: () => new Date().toISOString() },
    /** TTL (epoch seconds): DynamoDB removes expired sessions by itself; reads also check it. */
    expiresAt: { type: 'number', required: true, field: 'expires_at' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['sessionId'], template: 'session#${sessionId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'session', casing: 'none' },
    },
    // All sessions of one user, to end them when the user is disabled or changes password.
    byUser: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['sub'], template: 'user#${sub}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['sessionId'], template: 'session#${sessionId}', casing: 'none' },
    },
  },
});
