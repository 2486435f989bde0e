import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Role } from '../../routes.js';
import { pools, type PoolConfig } from './pools.js';

export interface IdClaims extends JWTPayload {
  sub: string;
  email?: string;
  token_use: 'id';
  'custom:company_id'?: string;
  'custom:employee_id'?: string;
  'custom:admin_id'?: string;
  'cognito:username'?: string;
}

/**
 * Whom a session belongs to: the Cognito username (issue 30 item 3). The product names company users
 * itself (shared/pool-users.ts poolUsername) and keeps that name on their record (`userSub`), so a
 * session keyed by it is the one an admin's reset, a retirement or a company close ends. In the
 * operator's pool the username is Cognito's `sub`; a token without the claim falls back to `sub`.
 */
export const sessionSubject = (claims: IdClaims): string =>
  typeof claims['cognito:username'] === 'string' && claims['cognito:username']
    ? claims['cognito:username']
    : claims.sub;

export interface VerifiedToken {
  role: Role;
  claims: IdClaims;
}

export type TokenFailure = 'invalid' | 'expired';

export class TokenError extends Error {
  /** For an expired token whose signature, issuer and audience were valid: who it was. */
  constructor(
    readonly reason: TokenFailure,
    readonly expired?: VerifiedToken,
  ) {
    super(`token ${reason}`);
  }
}

/** Key sources per pool; injectable so tests can verify against locally generated keys. */
export type KeySource = (pool: PoolConfig) => JWTVerifyGetKey;

const remoteSets = new Map<string, JWTVerifyGetKey>();
const remoteKeys: KeySource = (pool) => {
  let set = remoteSets.get(pool.jwksUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(pool.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 600_000 });
    remoteSets.set(pool.jwksUrl, set);
  }
  return set;
};

/**
 * Verifies a Cognito ID token: RS256 signature from the issuing pool's JWKS, exact issuer, audience =
 * that pool's app client, token_use = id, expiry. The role is the pool that issued the token, so a
 * token can never claim a role its pool does not grant.
 */
export async function verifyIdToken(token: string, keys: KeySource = remoteKeys): Promise<VerifiedToken> {
  let issuer: string | undefined;
  try {
    issuer = decodeJwt(token).iss;
  } catch {
    throw new TokenError('invalid');
  }
  // The pool that issued the token names the role (shared/ reads only the route table's types).
  const found = (Object.entries(pools()) as [Role, PoolConfig][]).find(([, p]) => p.issuer === issuer);
  if (!found) throw new TokenError('invalid');
  const [role, pool] = found;
  try {
    const { payload } = await jwtVerify(token, keys(pool), {
      issuer: pool.issuer,
      audience: pool.clientId,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    // Cognito ID tokens carry exactly one audience, their app client; a list is not one of ours.
    if (payload.token_use !== 'id' || typeof payload.aud !== 'string') throw new TokenError('invalid');
    return { role, claims: payload as IdClaims };
  } catch (error) {
    // jose checks the signature before the claims, so an expired token here is authentic.
    if (error instanceof errors.JWTExpired) {
      const claims = error.payload as IdClaims;
      if (
        claims.token_use === 'id' &&
        typeof claims.aud === 'string' &&
        claims.aud === pool.clientId &&
        typeof claims.sub === 'string'
      ) {
        throw new TokenError('expired', { role, claims });
      }
    }
    if (error instanceof TokenError) throw error;
    throw new TokenError('invalid');
  }
}
