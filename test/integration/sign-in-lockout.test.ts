/**
 * Nobody can lock a person out (issue 14 item 14). Sign-in brakes follow OWASP's device cookies: a
 * browser that has signed in to an account is braked on its own, so a stranger's failures — from any
 * address — never refuse the owner's browser; unknown devices get delays that double up to a cap
 * instead of a 15-minute lock; and one person's failures behind an office's shared address slow only
 * unknown devices there, briefly. Each client here has its own address (CloudFront-Viewer-Address,
 * trusted because the origin secret is configured, as on AWS) and the brakes read the moved clock.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from '../../functions/services/sessions/sign-in.js';
import { brakeDelaySeconds } from '../../functions/db/rate-limits.js';
import { COOKIE, DEVICE_SECONDS } from '../../functions/shared/auth/cookies.js';
import { deviceAccount, deviceToken } from '../../functions/shared/auth/device-cookie.js';
import { clock } from '../../functions/shared/clock.js';
import { resetEnvCache } from '../../functions/shared/env.js';
import type { Role } from '../../functions/routes.js';
import { createHttpClient, type HttpResponse } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { SIGN_IN_PATHS, createOperator, createTenant, type TestTenant, type TestUser } from '../support/tenant.js';
import { totp } from '../support/totp.js';
import { jaErrorBody } from '../support/error-body.js';

const stack = useTestStack();
const SECRET = 'origin-secret-lockout-0123456789';
const THROTTLED = 'ログインの試行回数が多すぎます。しばらく待ってから再度お試しください。';
const WRONG = 'Wrong#Passw0rd2026';

let tenant: TestTenant;
let operator: TestUser;

beforeAll(async () => {
  tenant = await createTenant({ employees: 8, name: 'ロックアウト株式会社' });
  operator = await createOperator(stack.baseUrl);
  // From here on, as on AWS: only requests through CloudFront, which names the viewer's address.
  process.env.ORIGIN_VERIFY_SECRET = SECRET;
  resetEnvCache();
});

afterAll(() => {
  delete process.env.ORIGIN_VERIFY_SECRET;
  resetEnvCache();
});

const realNow = clock.now;
let now = 0;
beforeEach(() => {
  now = realNow().getTime();
  clock.now = () => new Date(now);
});
afterEach(() => {
  clock.now = realNow;
});
const wait = (seconds: number) => {
  now += seconds * 1000;
};

/** A browser at a client address: its own cookie jar, the CSRF cookie fetched. */
async function browser(address: string) {
  const client = createHttpClient(stack.baseUrl);
  const headers = { 'x-origin-verify': SECRET, 'cloudfront-viewer-address': `${address}:50000` };
  expect((await client.get('/api/v1/session', { headers })).status).toBe(200);
  const signIn = async (role: Role, email: string, password: string, code?: string): Promise<HttpResponse> => {
    const { path, key } = SIGN_IN_PATHS[role];
    const res = await client.post(path, { [key]: { email, password } }, { headers });
    if (res.status !== 200 || res.body.data?.challenge !== 'SOFTWARE_TOKEN_MFA' || !code) return res;
    return client.post('/operators/mfa', { operator: { code } }, { headers });
  };
  return { client, signIn };
}

/** The answer every brake gives: 429, the Japanese message, and how long to wait. */
function retryAfter(res: HttpResponse): number {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(jaErrorBody(THROTTLED));
  const seconds = Number(res.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(1);
  return seconds;
}

/**
 * A stranger's guesses, each stranger from an address of its own, until the account's unknown-device
 * brake holds: at most `free` pass as 401 (fewer when the account's own unknown-device sign-ins came first).
 */
let strangers = 0;
async function strangerGuesses(role: Role, email: string) {
  const stranger = await browser(`203.0.113.${++strangers}`);
  for (let i = 0; i <= SIGN_IN_LIMITS.untrusted.free; i++) {
    const res = await stranger.signIn(role, email, `${WRONG}${i}`);
    if (res.status === 429) return retryAfter(res);
    expect(res.status).toBe(401);
  }
  throw new Error('the unknown-device brake never held');
}

const accounts = () =>
  [
    ['employee', tenant.employees[0]!],
    ['admin', tenant.admin],
    ['operator', operator],
  ] as const;

describe('a browser that has signed in is not locked out by failures from elsewhere', () => {
  it.each([0, 1, 2])('for each sign-in kind (%i: employee, company admin, operator)', async (index) => {
    const [role, user] = accounts()[index]!;
    const code = () => totp(user.totpSecret ?? '');
    const home = await browser('198.51.100.10');
    const first = await home.signIn(role, user.email, user.password, code());
    expect(first.status).toBe(200);
    const device = first.cookies.find((c) => c.startsWith(`${COOKIE.device}=`));
    expect(device).toMatch(/^__Host-kintai_device=[^;]+; Path=\/; Secure; SameSite=Strict; HttpOnly; Max-Age=\d+$/);
    expect(device).not.toContain(encodeURIComponent(user.email));

    await strangerGuesses(role, user.email);
    // The stranger's own browser, even with the right password, waits: the brake holds for unknown devices.
    const fresh = await browser('203.0.113.67');
    retryAfter(await fresh.signIn(role, user.email, user.password));

    // The owner's browser (signed out: only the device cookie left), from yet another address.
    const later = await browser('198.51.100.11');
    later.client.setCookie(COOKIE.device, home.client.cookie(COOKIE.device)!);
    const again = await later.signIn(role, user.email, user.password);
    expect(again.status).toBe(200);
    if (role === 'operator') expect(again.body.data.challenge).toBe('SOFTWARE_TOKEN_MFA');
    else expect(again.body.data.role).toBe(role);
  });
});

describe('unknown devices are slowed down, not locked out', () => {
  it('answers Retry-After 1, 2, 4 … up to the cap, each wait then lets one attempt through', async () => {
    const user = tenant.employees[1]!;
    const stranger = await browser('203.0.113.80');
    for (let i = 0; i < SIGN_IN_LIMITS.untrusted.free; i++) {
      expect((await stranger.signIn('employee', user.email, `${WRONG}${i}`)).status).toBe(401);
    }
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const seconds = retryAfter(await stranger.signIn('employee', user.email, WRONG));
      waits.push(seconds);
      wait(seconds);
      expect((await stranger.signIn('employee', user.email, `${WRONG}x${i}`)).status).toBe(401);
    }
    const { free, maxDelaySeconds } = SIGN_IN_LIMITS.untrusted;
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 120, 120]);
    expect(waits).toEqual(waits.map((_, i) => brakeDelaySeconds(SIGN_IN_LIMITS.untrusted, free + i)));
    expect(Math.max(...waits)).toBe(maxDelaySeconds);

    // The owner on a new device waits out the last delay (at most two minutes), not 15 minutes.
    const owner = await browser('198.51.100.20');
    expect(retryAfter(await owner.signIn('employee', user.email, user.password))).toBeLessThanOrEqual(120);
    wait(maxDelaySeconds);
    expect((await owner.signIn('employee', user.email, user.password)).status).toBe(200);
  });

  it('signs in several tabs at once within the free attempts; once the wait starts, concurrent guesses do not all pass', async () => {
    const user = tenant.employees[6]!;
    // Three new browsers of the owner at once (count 0 → 3, all below the 10 free): none is refused
    // because another was counted first.
    const tabs = await Promise.all([0, 1, 2].map((i) => browser(`198.51.100.${40 + i}`)));
    const answers = await Promise.all(tabs.map((tab) => tab.signIn('employee', user.email, user.password)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);

    // The three right passwords were taken back, so a stranger has all 10 free attempts, then sends 6
    // guesses at once: the 11th attempt starts a 1 s wait, so at most that one gets an answer (401);
    // the others get 429, none is a sign-in.
    const stranger = await browser('203.0.113.90');
    for (let i = 0; i < SIGN_IN_LIMITS.untrusted.free; i++) {
      expect((await stranger.signIn('employee', user.email, `${WRONG}${i}`)).status).toBe(401);
    }
    const burst = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => stranger.signIn('employee', user.email, `${WRONG}b${i}`)),
    );
    const statuses = burst.map((a) => a.status);
    expect(statuses.filter((st) => st === 401).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((st) => st !== 401).every((st) => st === 429)).toBe(true);
    for (const refused of burst.filter((a) => a.status === 429)) retryAfter(refused);
  });

  it('right passwords do not add up: the owner signs in from more fresh browsers than the free attempts', async () => {
    const user = tenant.employees[7]!;
    // Each a new browser with no device cookie (a kiosk in private mode, a test run): 15 > 10 free.
    for (let i = 0; i < SIGN_IN_LIMITS.untrusted.free + 5; i++) {
      const fresh = await browser(`198.51.100.${60 + i}`);
      expect((await fresh.signIn('employee', user.email, user.password)).status).toBe(200);
    }
    // Wrong passwords still do: a stranger gets the full 10 and then waits.
    expect(await strangerGuesses('employee', user.email)).toBe(1);
  });

  it('a device cookie for account A does not help account B, nor another kind of account', async () => {
    const a = tenant.employees[2]!;
    const b = tenant.employees[3]!;
    const shared = await browser('198.51.100.30');
    expect((await shared.signIn('employee', a.email, a.password)).status).toBe(200);
    await strangerGuesses('employee', b.email);
    retryAfter(await shared.signIn('employee', b.email, b.password));
    // Still trusted for A.
    expect((await shared.signIn('employee', a.email, a.password)).status).toBe(200);
    // A token for A's e-mail as an employee is nothing for the admin pool.
    const token = deviceToken(deviceAccount('employee', tenant.admin.email), new Date(now));
    await strangerGuesses('admin', tenant.admin.email);
    const other = await browser('198.51.100.31');
    other.client.setCookie(COOKIE.device, token);
    retryAfter(await other.signIn('admin', tenant.admin.email, tenant.admin.password));
  });

  it('a forged, altered or expired device cookie counts as an unknown device', async () => {
    const user = tenant.employees[4]!;
    const home = await browser('198.51.100.40');
    expect((await home.signIn('employee', user.email, user.password)).status).toBe(200);
    const real = home.client.cookie(COOKIE.device)!;
    await strangerGuesses('employee', user.email);

    const account = deviceAccount('employee', user.email);
    const [name, issued, nonce] = real.split('.');
    const candidates = {
      altered: `${name}.${issued}.${nonce}.${'A'.repeat(43)}`,
      'older issue date, same signature': `${name}.${(parseInt(issued!, 36) - 1).toString(36)}.${nonce}.${real.split('.')[3]}`,
      expired: deviceToken(account, new Date(now - (DEVICE_SECONDS + 60) * 1000)),
      'from the future': deviceToken(account, new Date(now + 3600 * 1000)),
      garbage: 'not-a-device-cookie',
    };
    for (const [label, cookie] of Object.entries(candidates)) {
      const attacker = await browser('203.0.113.200');
      attacker.client.setCookie(COOKIE.device, cookie);
      const res = await attacker.signIn('employee', user.email, user.password);
      expect(res.status, label).toBe(429);
    }
    // The genuine cookie still gets in.
    const owner = await browser('198.51.100.41');
    owner.client.setCookie(COOKIE.device, real);
    expect((await owner.signIn('employee', user.email, user.password)).status).toBe(200);
  });

  it('a known browser that keeps failing locks only itself, for the window, and says how long', async () => {
    const user = tenant.employees[5]!;
    const first = await browser('198.51.100.50');
    expect((await first.signIn('employee', user.email, user.password)).status).toBe(200);
    const second = await browser('198.51.100.51');
    expect((await second.signIn('employee', user.email, user.password)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_LIMITS.perDevice.limit; i++) {
      expect((await first.signIn('employee', user.email, `${WRONG}${i}`)).status).toBe(401);
    }
    const seconds = retryAfter(await first.signIn('employee', user.email, user.password));
    expect(seconds).toBeLessThanOrEqual(SIGN_IN_LIMITS.perDevice.windowSeconds);
    // The owner's other browser and unknown devices are not affected by it.
    expect((await second.signIn('employee', user.email, user.password)).status).toBe(200);
    expect((await (await browser('198.51.100.52')).signIn('employee', user.email, user.password)).status).toBe(200);
    wait(seconds);
    expect((await first.signIn('employee', user.email, user.password)).status).toBe(200);
  });
});

describe('an office behind one address', () => {
  it(`is not locked out by one person's ${SIGN_IN_LIMITS.perAddress.free} failures: known browsers pass, others wait seconds`, async () => {
    const office = '192.0.2.50';
    const [, , , , , , regular, newcomer] = tenant.employees;
    const desk = await browser(office);
    expect((await desk.signIn('employee', regular!.email, regular!.password)).status).toBe(200);

    const typist = await browser(office);
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress.free; i++) {
      const res = await typist.signIn('employee', `typo${i}-${tenant.employees[0]!.email}`, WRONG);
      expect(res.status).toBe(401);
    }
    // The next failure from the address waits a second; further failures double it up to the cap.
    expect(retryAfter(await typist.signIn('employee', `typo-x-${tenant.employees[0]!.email}`, WRONG))).toBe(1);

    // A colleague's browser that has signed in before is not braked by the address at all.
    expect((await desk.signIn('employee', regular!.email, regular!.password)).status).toBe(200);
    // A colleague on a new device waits the second, then signs in.
    const phone = await browser(office);
    expect(retryAfter(await phone.signIn('employee', newcomer!.email, newcomer!.password))).toBe(1);
    wait(1);
    expect((await phone.signIn('employee', newcomer!.email, newcomer!.password)).status).toBe(200);

    // However long the failures go on, nobody at the address waits more than the cap.
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      expect((await typist.signIn('employee', `typo-y${i}-${tenant.employees[0]!.email}`, WRONG)).status).toBe(401);
      const unknown = await browser(office);
      const seconds = retryAfter(await unknown.signIn('employee', newcomer!.email, newcomer!.password));
      waits.push(seconds);
      wait(seconds);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60, 60]);
    expect((await desk.signIn('employee', regular!.email, regular!.password)).status).toBe(200);
  });
});
