/**
 * Operator TOTP, enforced by the API: an operator without TOTP may only enrol (403 elsewhere); the
 * enrolment needs a right code; from then on sign-in asks for the code, a wrong one is refused, and
 * an answered challenge cannot be replayed. Runs against cognito-local's TOTP.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { ROUTES } from '../../functions/routes.js';
import { SIGN_IN_LIMITS } from '../../functions/services/sessions/sign-in.js';
import { MESSAGES } from '../../functions/shared/messages.js';
import { createHttpClient, type HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { createOperator, signIn, type TestUser } from '../support/tenant.js';
import { totp } from '../support/totp.js';

const stack = useTestStack();

/** A six-digit code that is none of those Cognito accepts around now (±1 step; cognito-local checks codes on the real clock, not the test clock). */
function wrongCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((d) => totp(secret, Date.now() + d)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

const passwordSignIn = async (user: TestUser) => {
  const client = createHttpClient(stack.baseUrl);
  await client.get('/api/v1/session');
  const res = await client.post('/operators/sign_in', { operator: { email: user.email, password: user.password } });
  return { client, res };
};

const MFA_PENDING_ALLOWED = new Set(['start-operator-mfa', 'verify-operator-mfa', 'sign-out-operator']);
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '01JTESTID0000000000000000');

let operator: TestUser;
let pending: HttpClient;
let secret: string;

beforeAll(async () => {
  operator = await createOperator(stack.baseUrl, { enrolled: false });
});

describe('an operator who has not enrolled TOTP', () => {
  it('signs in with the password into a session marked mfa_pending; the access token stays on the server', async () => {
    const { client, res } = await passwordSignIn(operator);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: 'operator', mfa_pending: true });
    expect((await client.get('/api/v1/session')).body.data).toMatchObject({ role: 'operator', mfa_pending: true });

    const sessionId = client.cookie('__Host-kintai_sid')!;
    const { data: item } = await db().entities.Session.get({ sessionId }).go();
    expect(item?.mfaPending).toBe(true);
    expect(item?.accessToken).toMatch(/^ey/);
    const sent = JSON.stringify(res.body) + res.cookies.join(';');
    expect(sent).not.toContain(item!.accessToken!);
    pending = client;
  });

  it('gets 403 with the enrolment message on every other operator route', async () => {
    const routes = ROUTES.filter((r) => r.roles.includes('operator') && !MFA_PENDING_ALLOWED.has(r.name));
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const path = concrete(route.path);
      const res =
        route.method === 'GET'
          ? await pending.get(path)
          : await pending[route.method.toLowerCase() as 'post' | 'put' | 'delete'](path, {});
      expect([route.name, res.status]).toEqual([route.name, 403]);
      expect(res.body.message).toBe(MESSAGES.mfaEnrolmentRequired);
    }
    console.log(`operator MFA: ${routes.length} operator routes refused (403) before enrolment`);
  });

  it('gets a TOTP secret and an otpauth URI', async () => {
    const res = await pending.post('/api/v1/operator_mfa');
    expect(res.status).toBe(200);
    secret = res.body.data.secret;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(res.body.data.otpauth_uri).toBe(
      `otpauth://totp/${encodeURIComponent('勤怠管理')}:${encodeURIComponent(operator.email)}?secret=${secret}&issuer=${encodeURIComponent('勤怠管理')}`,
    );
  });

  it('refuses a wrong or malformed code with 400 and stays pending', async () => {
    for (const code of [wrongCode(secret), '12345', 'abcdef']) {
      const res = await pending.put('/api/v1/operator_mfa', { code });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.mfaCodeInvalid);
    }
    expect((await pending.get('/api/v1/companies')).status).toBe(403);
  });

  it('enrols with the right code: the session is lifted, other password-only sessions end', async () => {
    const { client: other } = await passwordSignIn(operator);
    expect((await other.get('/api/v1/session')).body.data.mfa_pending).toBe(true);

    const res = await pending.put('/api/v1/operator_mfa', { code: totp(secret) });
    expect(res.status).toBe(200);
    expect((await pending.get('/api/v1/session')).body.data).toMatchObject({ role: 'operator', mfa_pending: false });
    expect((await pending.get('/api/v1/companies')).status).toBe(200);
    const { data: item } = await db()
      .entities.Session.get({ sessionId: pending.cookie('__Host-kintai_sid')! })
      .go();
    expect(item?.accessToken).toBeUndefined();

    expect((await other.get('/api/v1/companies')).status).toBe(401);
    expect((await pending.post('/api/v1/operator_mfa')).status).toBe(409);
    operator.totpSecret = secret;
  });
});

describe('signing in after enrolment', () => {
  it('asks for the TOTP code instead of starting a session', async () => {
    const { client, res } = await passwordSignIn(operator);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ challenge: 'SOFTWARE_TOKEN_MFA' });
    expect(client.cookie('__Host-kintai_sid')).toBeUndefined();
    expect(client.cookie('__Host-kintai_id')).toBeUndefined();
    const challenge = res.cookies.find((c) => c.startsWith('__Host-kintai_challenge='))!;
    expect(challenge).toMatch(/HttpOnly/i);
    expect((await client.get('/api/v1/session')).body.data).toBeNull();
  });

  it('refuses a wrong code with 401 and accepts the right one next', async () => {
    const { client } = await passwordSignIn(operator);
    const wrong = await client.post('/operators/mfa', { operator: { code: wrongCode(secret) } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(MESSAGES.mfaCodeInvalid);
    expect(client.cookie('__Host-kintai_sid')).toBeUndefined();

    const right = await client.post('/operators/mfa', { operator: { code: totp(secret) } });
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({ role: 'operator', mfa_pending: false });
    expect(client.cookie('__Host-kintai_challenge')).toBeUndefined();
    expect((await client.get('/api/v1/companies')).status).toBe(200);
  });

  it('does not let an answered challenge cookie start a second session', async () => {
    const { client, res } = await passwordSignIn(operator);
    expect(res.body.data.challenge).toBe('SOFTWARE_TOKEN_MFA');
    const cookie = client.cookie('__Host-kintai_challenge')!;
    expect((await client.post('/operators/mfa', { operator: { code: totp(secret) } })).status).toBe(200);

    const replay = createHttpClient(stack.baseUrl);
    await replay.get('/api/v1/session');
    replay.setCookie('__Host-kintai_challenge', cookie);
    const again = await replay.post('/operators/mfa', { operator: { code: totp(secret) } });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(MESSAGES.mfaChallengeExpired);
    expect(replay.cookie('__Host-kintai_sid')).toBeUndefined();
  });

  it('refuses a code without a challenge, and a first-sign-in challenge cookie', async () => {
    const client = createHttpClient(stack.baseUrl);
    await client.get('/api/v1/session');
    expect((await client.post('/operators/mfa', { operator: { code: totp(secret) } })).status).toBe(401);
    const forged = Buffer.from(JSON.stringify({ k: 'NEW_PASSWORD_REQUIRED', u: operator.email, s: 'x' })).toString(
      'base64url',
    );
    client.setCookie('__Host-kintai_challenge', forged);
    expect((await client.post('/operators/mfa', { operator: { code: totp(secret) } })).status).toBe(401);
  });

  it('signs in through the test helper with the code', async () => {
    const client = await signIn(stack.baseUrl, 'operator', operator);
    expect((await client.get('/api/v1/session')).body.data).toMatchObject({ role: 'operator', mfa_pending: false });
  });

  it(`brakes wrong codes per account: attempt ${SIGN_IN_LIMITS.totpPerAccount.limit + 1} in the window gets 429`, async () => {
    const other = await createOperator(stack.baseUrl);
    const { client } = await passwordSignIn(other);
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_LIMITS.totpPerAccount.limit; i++) {
      statuses.push((await client.post('/operators/mfa', { operator: { code: wrongCode(other.totpSecret!) } })).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Even the right code now waits for the window to pass.
    expect((await client.post('/operators/mfa', { operator: { code: totp(other.totpSecret!) } })).status).toBe(429);
  });
});
