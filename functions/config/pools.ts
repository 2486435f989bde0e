/**
 * The three user pools (employees, company admins, the platform operator), their password policy and
 * token lifetimes: read by the CDK stack, the local stack and the sign-in handlers alike. Plain data,
 * no CDK import (handlers bundle this module).
 */

export type PoolKey = 'employee' | 'admin' | 'operator';

export interface PoolDefinition {
  key: PoolKey;
  /** Suffix of the pool name: `kintai-<stage>-<suffix>`. */
  suffix: string;
  /** Custom attributes, immutable once the user exists, never writable by the app client. */
  customAttributes: readonly string[];
  mfa: PoolMfa;
  /**
   * How a user is named in the pool (issue 30 item 3). `email`: the e-mail is the sign-in alias, unique
   * in the pool (the operator). `account`: the username is an id the product makes from the company and
   * the user (functions/shared/pool-users.ts `poolUsername`) and the e-mail a plain attribute, so one
   * address may belong to users of several companies; sign-in finds them through the login index
   * (functions/db/logins.ts).
   */
  signIn: 'email' | 'account';
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
  employee: {
    key: 'employee',
    suffix: 'employees',
    customAttributes: ['company_id', 'employee_id'],
    mfa: 'off',
    signIn: 'account',
  },
  admin: {
    key: 'admin',
    suffix: 'company-admins',
    customAttributes: ['company_id', 'admin_id'],
    mfa: 'off',
    signIn: 'account',
  },
  // The platform operator acts on every company: TOTP, enforced by the API (see PoolMfa).
  operator: {
    key: 'operator',
    suffix: 'operators',
    customAttributes: [],
    mfa: 'totp-enforced-by-api',
    signIn: 'email',
  },
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
