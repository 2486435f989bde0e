/**
 * Token verification, property-tested with locally signed tokens (issue 7 §3): any mix of
 * expired, wrong pool, wrong client, alg=none, HS256 key confusion, unknown key id, foreign key,
 * wrong token_use, missing claims and tampering after signing is refused; a token whose ONLY defect
 * is its age is reported as expired (so the server may renew it from the session) and nothing else
 * is. Untouched tokens of any pool verify, with the role of the pool that signed them.
 */
import * as fc from 'fast-check';
import { SignJWT, createLocalJWKSet, exportJWK, exportSPKI, generateKeyPair, type JWK } from 'jose';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../functions/routes.js';
import { pools } from '../../functions/shared/auth/pools.js';
import { TokenError, verifyIdToken, type KeySource } from '../../functions/shared/auth/tokens.js';
import { applyUnitEnv } from '../support/unit-env.js';

const MUTATIONS = [
  'expired',
  'wrongPoolIssuer',
  'unknownIssuer',
  'wrongClient',
  'audienceList',
  'noAudience',
  'accessToken',
  'noTokenUse',
  'noSub',
  'noIat',
  'notYetValid',
  'algNone',
  'hs256Confusion',
  'unknownKid',
  'foreignKey',
  'tamperPayload',
  'tamperSignature',
  'tamperHeader',
] as const;
type Mutation = (typeof MUTATIONS)[number];

let privateKey: CryptoKey;
let foreignKey: CryptoKey;
let publicPem: string;
let keys: KeySource;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  publicPem = await exportSPKI(pair.publicKey);
  foreignKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const set = createLocalJWKSet({ keys: [jwk] });
  keys = () => set;
});

beforeEach(applyUnitEnv);

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const flip = (s: string, at: number) => {
  const i = at % s.length;
  const c = s[i] === 'A' ? 'B' : 'A';
  return s.slice(0, i) + c + s.slice(i + 1);
};

async function makeToken(role: Role, claims: Record<string, unknown>, m: Set<Mutation>, at: number): Promise<string> {
  const p = pools();
  const now = Math.floor(Date.now() / 1000);
  const other = ROLES.find((r) => r !== role)!;
  const payload: Record<string, unknown> = {
    ...claims,
    token_use: 'id',
    iss: p[role].issuer,
    aud: p[role].clientId,
    iat: now - 60,
    exp: now + 3600,
  };
  if (m.has('expired')) Object.assign(payload, { iat: now - 7200, exp: now - 3600 });
  if (m.has('wrongPoolIssuer')) payload.iss = p[other].issuer;
  if (m.has('unknownIssuer')) payload.iss = 'http://127.0.0.1:9229/local_evil';
  // With the other pool's issuer too, the other pool's client would make a genuine token of that pool
  // (the test pools share one key, as cognito-local's do): the wrong client then comes from a third pool.
  const third = ROLES.find((r) => r !== role && r !== other)!;
  if (m.has('wrongClient')) payload.aud = m.has('wrongPoolIssuer') ? p[third].clientId : p[other].clientId;
  if (m.has('audienceList')) payload.aud = [p[other].clientId, 'someone-else'];
  if (m.has('noAudience')) delete payload.aud;
  if (m.has('accessToken')) payload.token_use = 'access';
  if (m.has('noTokenUse')) delete payload.token_use;
  if (m.has('noSub')) delete payload.sub;
  if (m.has('noIat')) delete payload.iat;
  if (m.has('notYetValid')) payload.nbf = now + 3600;

  let token: string;
  if (m.has('algNone')) token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
  else if (m.has('hs256Confusion')) {
    // The classic: an HMAC signed with the RSA public key, hoping the verifier uses it as a secret.
    token = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .sign(new TextEncoder().encode(publicPem));
  } else {
    token = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: m.has('unknownKid') ? 'k-unknown' : 'k1' })
      .sign(m.has('foreignKey') ? foreignKey : privateKey);
  }
  const [h, body, sig] = token.split('.') as [string, string, string];
  if (m.has('tamperPayload')) token = `${h}.${b64({ ...payload, 'custom:company_id': 'another-company' })}.${sig}`;
  if (m.has('tamperHeader'))
    token = `${b64({ alg: 'RS256', kid: 'k1', jku: 'http://evil.example/jwks' })}.${body}.${sig}`;
  if (m.has('tamperSignature') && sig) token = `${h}.${body}.${flip(sig, at)}`;
  return token;
}

const claimsArb = fc.record({
  sub: fc.uuid(),
  'custom:company_id': fc.stringMatching(/^[0-9a-z]{26}$/),
  'custom:employee_id': fc.stringMatching(/^[0-9a-z]{26}$/),
  email: fc.emailAddress(),
});

/**
 * Built before the tests, not inside the timed one: fast-check builds its table of every code point the
 * first time `fc.string({ unit: 'binary' })` is constructed in a process (~5 s on a busy two-core machine,
 * which alone passed the 5 s test timeout); later constructions reuse it.
 */
let junkArb: fc.Arbitrary<string>;
beforeAll(() => {
  junkArb = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.base64String(),
    fc.array(fc.base64String(), { maxLength: 4 }).map((a) => a.join('.')),
  );
}, 120_000);

describe('verifyIdToken under random claim and signature mutations', () => {
  it('accepts untouched tokens of every pool, with the role of the signing pool', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROLES), claimsArb, async (role, claims) => {
        const v = await verifyIdToken(await makeToken(role, claims, new Set(), 0), keys);
        expect(v.role).toBe(role);
        expect(v.claims.sub).toBe(claims.sub);
      }),
      { numRuns: 30 },
    );
  });

  it('refuses every non-empty mix of defects; only a merely old token is "expired"', async () => {
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROLES),
        claimsArb,
        fc.uniqueArray(fc.constantFrom(...MUTATIONS), { minLength: 1, maxLength: 4 }),
        fc.nat(),
        async (role, claims, mutations, at) => {
          tried++;
          const m = new Set(mutations);
          const error = await verifyIdToken(await makeToken(role, claims, m, at), keys).then(
            () => null,
            (e: unknown) => e,
          );
          expect(error, `accepted a token with ${mutations.join('+')}`).toBeInstanceOf(TokenError);
          const onlyOld = mutations.every((x) => x === 'expired');
          expect((error as TokenError).reason, mutations.join('+')).toBe(onlyOld ? 'expired' : 'invalid');
          if (onlyOld) expect((error as TokenError).expired?.role).toBe(role);
        },
      ),
      { numRuns: 300 },
    );
    console.log(
      `SECURITY FIGURES: token verification — ${tried} mutated tokens (${MUTATIONS.length} defect kinds, up to 4 at once) all refused`,
    );
  });

  it('refuses each single defect (a readable list next to the random mixes)', async () => {
    for (const mutation of MUTATIONS) {
      const error = await verifyIdToken(
        await makeToken('employee', { sub: 'u-1', 'custom:company_id': 'c1' }, new Set([mutation]), 7),
        keys,
      ).catch((e: unknown) => e);
      expect(error, mutation).toBeInstanceOf(TokenError);
      expect((error as TokenError).reason, mutation).toBe(mutation === 'expired' ? 'expired' : 'invalid');
    }
  });

  it('refuses junk that is not a JWT at all', async () => {
    await fc.assert(
      fc.asyncProperty(junkArb, async (junk) => {
        await expect(verifyIdToken(junk, keys)).rejects.toBeInstanceOf(TokenError);
      }),
      { numRuns: 200 },
    );
  });
});
