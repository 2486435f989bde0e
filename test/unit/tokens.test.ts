import { SignJWT, exportJWK, generateKeyPair, createLocalJWKSet, type JWK } from 'jose';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pools } from '../../functions/shared/auth/pools.js';
import { TokenError, verifyIdToken, type KeySource } from '../../functions/shared/auth/tokens.js';
import { applyUnitEnv } from '../support/unit-env.js';

let privateKey: CryptoKey;
let otherKey: CryptoKey;
let keys: KeySource;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const set = createLocalJWKSet({ keys: [jwk] });
  keys = () => set;
});

beforeEach(applyUnitEnv);

async function sign(
  claims: Record<string, unknown>,
  opts: { key?: CryptoKey; exp?: string; iss?: string; aud?: string; kid?: string } = {},
) {
  const p = pools();
  return new SignJWT({ token_use: 'id', 'custom:company_id': 'c1', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? 'k1' })
    .setSubject('user-1')
    .setIssuer(opts.iss ?? p.employee.issuer)
    .setAudience(opts.aud ?? p.employee.clientId)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? '1h')
    .sign(opts.key ?? privateKey);
}

describe('verifyIdToken', () => {
  it('accepts a valid employee-pool ID token and derives the role from the pool', async () => {
    const v = await verifyIdToken(await sign({}), keys);
    expect(v.role).toBe('employee');
    expect(v.claims['custom:company_id']).toBe('c1');
  });

  it('derives admin from the admin pool issuer', async () => {
    const p = pools();
    const v = await verifyIdToken(await sign({}, { iss: p.admin.issuer, aud: p.admin.clientId }), keys);
    expect(v.role).toBe('admin');
  });

  it('rejects a token of one pool carrying another pool client (wrong client)', async () => {
    const p = pools();
    await expect(verifyIdToken(await sign({}, { aud: p.admin.clientId }), keys)).rejects.toMatchObject({
      reason: 'invalid',
    });
  });

  it('rejects an unknown issuer, a foreign signing key, an unknown kid and a tampered payload', async () => {
    await expect(verifyIdToken(await sign({}, { iss: 'http://127.0.0.1:9229/other' }), keys)).rejects.toBeInstanceOf(
      TokenError,
    );
    await expect(verifyIdToken(await sign({}, { key: otherKey }), keys)).rejects.toMatchObject({ reason: 'invalid' });
    await expect(verifyIdToken(await sign({}, { kid: 'nope' }), keys)).rejects.toMatchObject({ reason: 'invalid' });
    const [h, , s] = (await sign({})).split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: 'admin', token_use: 'id', iss: pools().employee.issuer }),
    ).toString('base64url');
    await expect(verifyIdToken(`${h}.${forged}.${s}`, keys)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('rejects alg=none and access tokens', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({
        sub: 'x',
        token_use: 'id',
        iss: pools().employee.issuer,
        aud: pools().employee.clientId,
        exp: 9e9,
        iat: 1,
      }),
    ).toString('base64url');
    await expect(verifyIdToken(`${header}.${body}.`, keys)).rejects.toMatchObject({ reason: 'invalid' });
    await expect(verifyIdToken(await sign({ token_use: 'access' }), keys)).rejects.toMatchObject({ reason: 'invalid' });
    await expect(verifyIdToken('garbage', keys)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('reports an authentic but expired token as expired, with who it was (for server-side renewal)', async () => {
    const token = await new SignJWT({ token_use: 'id' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('user-1')
      .setIssuer(pools().employee.issuer)
      .setAudience(pools().employee.clientId)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(privateKey);
    const error = await verifyIdToken(token, keys).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenError);
    expect((error as TokenError).reason).toBe('expired');
    expect((error as TokenError).expired?.claims.sub).toBe('user-1');
  });
});
