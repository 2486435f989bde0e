/**
 * Resource definitions shared by the CDK stack and the local stack, so that what runs offline
 * is created from the same shapes as what is deployed.
 */

/** Single-table design: generic key attributes, overloaded by ElectroDB entities. */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Time-to-live attribute (epoch seconds): sessions and rate-limit counters expire by themselves. */
  ttlAttribute: 'expires_at',
  globalIndexes: [
    // gsi1: secondary access pattern of each entity (e.g. a company's requests by month).
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    // gsi2: a third access pattern where one is needed (e.g. user sessions by user, e-mail lookup).
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export const tableName = (stage: string) => `kintai-${stage}`;
export const exportsBucketName = (stage: string, account: string) => `kintai-${stage}-exports-${account}`;

/** CSV exports are short-lived: the object goes after a day, the link after five minutes. */
export const EXPORTS_LIFECYCLE_DAYS = 1;

export type PoolKey = 'employee' | 'admin' | 'operator';

export interface PoolDefinition {
  key: PoolKey;
  /** Suffix of the pool name: `kintai-<stage>-<suffix>`. */
  suffix: string;
  /** Custom attributes, immutable once the user exists, never writable by the app client. */
  customAttributes: readonly string[];
  mfa: PoolMfa;
}

/**
 * MFA of a pool, the same in the deployed and the local stack.
 * - `off`: password only, backed by the strong policy and Plus-tier threat protection.
 * - `totp-enforced-by-api`: Cognito offers TOTP only and as OPTIONAL, so it challenges every user who
 *   has enrolled; the API enforces enrolment itself — a user who signs in without TOTP gets a session
 *   that may only enrol (functions/shared/middleware.ts, session `mfaPending`). Not REQUIRED: Cognito
 *   would then answer a first sign-in with MFA_SETUP, whose Session-based enrolment cognito-local
 *   cannot run; enrolling with the session's access token works on AWS and locally alike.
 */
export type PoolMfa = 'off' | 'totp-enforced-by-api';

/** The pool's Cognito `MfaConfiguration` for a PoolMfa. */
export const cognitoMfaConfiguration = (mfa: PoolMfa): 'OFF' | 'OPTIONAL' => (mfa === 'off' ? 'OFF' : 'OPTIONAL');

export const POOLS: Record<PoolKey, PoolDefinition> = {
  employee: { key: 'employee', suffix: 'employees', customAttributes: ['company_id', 'employee_id'], mfa: 'off' },
  admin: { key: 'admin', suffix: 'company-admins', customAttributes: ['company_id', 'admin_id'], mfa: 'off' },
  // The platform operator acts on every company: TOTP, enforced by the API (see PoolMfa).
  operator: { key: 'operator', suffix: 'operators', customAttributes: [], mfa: 'totp-enforced-by-api' },
};

export const poolName = (stage: string, key: PoolKey) => `kintai-${stage}-${POOLS[key].suffix}`;
export const clientName = (stage: string, key: PoolKey) => `kintai-${stage}-${POOLS[key].suffix}-web`;

/** Strong password policy (cdk-nag AwsSolutions-COG1 and ASVS 5.0 §6.2). */
export const PASSWORD_POLICY = {
  minLength: 12,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
  tempPasswordValidityDays: 7,
} as const;

/** Token lifetimes: short ID/access tokens, refreshed server-side from the session item. */
export const TOKEN_VALIDITY = { idTokenMinutes: 60, accessTokenMinutes: 60, refreshTokenDays: 1 } as const;

/**
 * CloudFront adds this header, with a generated secret value, to every request it sends to the
 * HTTP API; the API middleware rejects requests without it when the variable is set, so the
 * default execute-api endpoint is useless to a browser or a bot that bypasses CloudFront (and WAF).
 * The local stack does not set the variable, so the check is off there.
 */
export const ORIGIN_VERIFY = { header: 'x-origin-verify', envVar: 'ORIGIN_VERIFY_SECRET' } as const;
