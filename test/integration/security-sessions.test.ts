/**
 * Sessions end on the server (issue 7 §3): after sign-out, an admin's password reset, the staff
 * member's retirement, an operator's password reset of a company admin and the company's closure, the
 * OLD cookies fail on the very next request with 401 — on the local stack too, where cognito-local
 * cannot revoke anything. A forged ID token riding on a live session id is refused. Sign-in answers
 * identically for an unknown user, a wrong password, a retired user and a closed company's user, and
 * is rate-limited per account and per client address.
 */
import { SignJWT, generateKeyPair } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_LIMITS } from '../../functions/services/sessions/sign-in.js';
import { pools } from '../../functions/shared/auth/pools.js';
import { clock } from '../../functions/shared/clock.js';
import { createHttpClient, type HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { PASSWORD, createOperator, createTenant, signIn, type TestTenant, type TestUser } from '../support/tenant.js';

// The local worker (in this process) can be held back, to prove a session check that does not wait
// for the background close (issue 30 item 4).
const worker = vi.hoisted(() => ({ held: null as unknown[] | null }));
vi.mock('../../functions/services/recompute-runner.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/services/recompute-runner.js')>();
  return {
    ...real,
    runWorkerEvent: (event: Parameters<typeof real.runWorkerEvent>[0]) =>
      worker.held ? (worker.held.push(event), Promise.resolve()) : real.runWorkerEvent(event),
  };
});

const stack = useTestStack();

let tenant: TestTenant;
let operatorUser: TestUser;
let operator: HttpClient;
const figures: string[] = [];

beforeAll(async () => {
  tenant = await createTenant({ employees: 4, name: 'セッション株式会社' });
  operatorUser = await createOperator(stack.baseUrl);
  operator = await signIn(stack.baseUrl, 'operator', operatorUser);
});

/** A client holding only a copy of another client's cookies: what a thief would replay. */
function replayOf(client: HttpClient): HttpClient {
  const copy = createHttpClient(stack.baseUrl);
  for (const [name, value] of client.cookies) copy.setCookie(name, value);
  return copy;
}

async function provesEnded(label: string, stolen: HttpClient, probe: string) {
  const res = await stolen.get(probe);
  expect(res.status, label).toBe(401);
  expect(res.body.message).toBe('ログインしてください。');
  expect((await stolen.get('/api/v1/session')).body.data, label).toBeNull();
  figures.push(label);
}

describe('the old cookie fails on the very next request', () => {
  it('after sign-out, for each of the three roles', async () => {
    const cases = [
      ['employee', tenant.employees[0]!, '/users/sign_out', '/api/v1/timestamps/today'],
      ['admin', tenant.admin, '/companies/sign_out', '/api/v1/employees'],
      ['operator', operatorUser, '/operators/sign_out', '/api/v1/companies'],
    ] as const;
    for (const [role, user, path, probe] of cases) {
      const client = await signIn(stack.baseUrl, role, user);
      const stolen = replayOf(client);
      expect((await stolen.get(probe)).status).toBe(200);
      expect((await client.delete(path)).status).toBe(204);
      await provesEnded(`sign-out (${role})`, stolen, probe);
    }
  });

  it('after the admin sets a new password for a staff member', async () => {
    const staff = tenant.employees[1]!;
    const employee = await signIn(stack.baseUrl, 'employee', staff);
    const admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
    const current = (await admin.get(`/api/v1/employees/${staff.id}`)).body.data;
    const res = await admin.put(`/api/v1/employees/${staff.id}`, {
      last_name: current.last_name,
      first_name: current.first_name,
      email: staff.email,
      password: 'Reset#Passw0rd2026',
      department_id: current.department_id,
      employment_status_id: current.employment_status_id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await provesEnded('password reset by the admin', employee, '/api/v1/timestamps/today');
  });

  it('after the staff member is retired (disabled)', async () => {
    const staff = tenant.employees[2]!;
    const employee = await signIn(stack.baseUrl, 'employee', staff);
    const admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
    expect((await admin.delete(`/api/v1/employees/${staff.id}`)).status).toBe(200);
    await provesEnded('staff member retired', employee, '/api/v1/timestamps/today');
  });

  it('after the operator sets a new password for a company admin', async () => {
    const other = await createTenant({ employees: 0, name: 'パスワード変更株式会社' });
    const admin = await signIn(stack.baseUrl, 'admin', other.admin);
    const company = (await operator.get(`/api/v1/companies/${other.companyId}`)).body.data;
    const res = await operator.put(`/api/v1/companies/${other.companyId}`, {
      name: company.name,
      staff_name: company.staff_name,
      email: company.email,
      password: 'Reset#Passw0rd2026',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await provesEnded('company admin password reset by the operator', admin, '/api/v1/employees');
  });

  it('after the company is closed, for its admin and its staff', async () => {
    const closing = await createTenant({ employees: 1, name: '解約セッション株式会社' });
    const admin = await signIn(stack.baseUrl, 'admin', closing.admin);
    const staff = await signIn(stack.baseUrl, 'employee', closing.employees[0]!);
    expect((await operator.delete(`/api/v1/companies/${closing.companyId}`)).status).toBe(200);
    // The close's worker ends the sessions (the request already stopped every sign-in): the operator
    // sees its job through.
    const job = await pollUntil(
      async () => (await operator.get(`/api/v1/companies/${closing.companyId}/closing`)).body.data,
      (j: { status: string }) => j.status === 'done' || j.status === 'failed',
    );
    expect(job).toMatchObject({ status: 'done', failed: 0 });
    await provesEnded('company closed (admin)', admin, '/api/v1/employees');
    await provesEnded('company closed (staff)', staff, '/api/v1/timestamps/today');
  });

  it('after the company is closed, before the background close has reached anyone', async () => {
    const closing = await createTenant({ employees: 1, name: '解約直後株式会社' });
    const admin = await signIn(stack.baseUrl, 'admin', closing.admin);
    const staff = await signIn(stack.baseUrl, 'employee', closing.employees[0]!);
    worker.held = [];
    try {
      expect((await operator.delete(`/api/v1/companies/${closing.companyId}`)).status).toBe(200);
      // The close's job is recorded and its worker not yet run: nobody's session was ended by it.
      expect(worker.held).toEqual([expect.objectContaining({ kind: 'company-close', companyId: closing.companyId })]);
      expect((await operator.get(`/api/v1/companies/${closing.companyId}/closing`)).body.data.status).toBe('pending');
      await provesEnded('company closed, close not yet run (admin)', admin, '/api/v1/employees');
      await provesEnded('company closed, close not yet run (staff)', staff, '/api/v1/timestamps/today');
    } finally {
      worker.held = null;
    }
    // Another company's sessions are untouched.
    expect((await (await signIn(stack.baseUrl, 'admin', tenant.admin)).get('/api/v1/employees')).status).toBe(200);
  });

  it('a forged ID token (foreign key, alg=none, edited payload) on a live session id is refused', async () => {
    const employee = await signIn(stack.baseUrl, 'employee', tenant.employees[3]!);
    const real = employee.cookie('__Host-kintai_id')!;
    const [header, payload] = real.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: JSON.parse(Buffer.from(header, 'base64url').toString()).kid })
      .sign(privateKey);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    const edited = `${header}.${Buffer.from(JSON.stringify({ ...claims, 'custom:company_id': 'someone-else' })).toString('base64url')}.${real.split('.')[2]}`;
    const adminIssuer = `${header}.${Buffer.from(JSON.stringify({ ...claims, iss: pools().admin.issuer })).toString('base64url')}.${real.split('.')[2]}`;
    for (const [label, token] of [
      ['foreign key', foreign],
      ['alg=none', none],
      ['edited payload', edited],
      ['other pool issuer', adminIssuer],
    ] as const) {
      const forged = replayOf(employee);
      forged.setCookie('__Host-kintai_id', token);
      expect((await forged.get('/api/v1/timestamps/today')).status, label).toBe(401);
    }
    // The genuine pair still works: the refusals above were about the token, not the session.
    expect((await employee.get('/api/v1/timestamps/today')).status).toBe(200);
  });
});

describe('sign-in does not tell who exists', () => {
  it('answers identically for an unknown user, a wrong password, a retired user and a closed company', async () => {
    const closed = await createTenant({ employees: 1, name: '閉鎖済み株式会社' });
    expect((await operator.delete(`/api/v1/companies/${closed.companyId}`)).status).toBe(200);
    const attempts = {
      'unknown user': { email: 'nobody-here@example.test', password: PASSWORD },
      'wrong password': { email: tenant.employees[0]!.email, password: 'Wrong#Passw0rd2026' },
      'retired user': { email: tenant.employees[2]!.email, password: PASSWORD },
      'closed company': { email: closed.employees[0]!.email, password: PASSWORD },
    };
    const answers = new Map<string, string>();
    for (const [label, user] of Object.entries(attempts)) {
      const client = createHttpClient(stack.baseUrl);
      await client.get('/api/v1/session');
      const res = await client.post('/users/sign_in', { user });
      const cookieNames = res.cookies.map((c) => c.split('=')[0]).sort();
      answers.set(label, JSON.stringify({ status: res.status, body: res.body, cookieNames }));
    }
    expect(new Set(answers.values()).size, [...answers].join('\n')).toBe(1);
    expect(JSON.parse([...answers.values()][0]!).status).toBe(401);
  });
});

describe('sign-in rate limits', () => {
  // The brakes read the domain clock: frozen here, so "the next attempt" is not a race with a 1 s delay.
  const realNow = clock.now;
  beforeEach(() => {
    const frozen = realNow();
    clock.now = () => frozen;
  });
  afterEach(() => {
    clock.now = realNow;
  });

  it(`per account, unknown devices: attempt ${SIGN_IN_LIMITS.untrusted.free + 1} waits (429, Retry-After) even with the right password`, async () => {
    const target = await createTenant({ employees: 1 });
    const client = createHttpClient(stack.baseUrl);
    await client.get('/api/v1/session');
    const email = target.employees[0]!.email;
    for (let i = 0; i < SIGN_IN_LIMITS.untrusted.free; i++) {
      expect((await client.post('/users/sign_in', { user: { email, password: `Wrong#Passw0rd${i}` } })).status).toBe(
        401,
      );
    }
    const blocked = await client.post('/users/sign_in', { user: { email, password: PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/試行回数/);
    expect(blocked.headers.get('retry-after')).toBe('1');
  });

  it(`per client address only failures count: ${SIGN_IN_LIMITS.perAddress.free + 5} staff of one office sign in from one address`, async () => {
    const office = await createTenant({ employees: SIGN_IN_LIMITS.perAddress.free + 5 });
    for (const member of office.employees) {
      const phone = createHttpClient(stack.baseUrl);
      await phone.get('/api/v1/session');
      const res = await phone.post('/users/sign_in', { user: { email: member.email, password: member.password } });
      expect(res.status, member.email).toBe(200);
    }
  });

  // Last in the file: it spends this address's budget (each test file has its own table and counters).
  it(`per client address: across accounts and pools, failure ${SIGN_IN_LIMITS.perAddress.free + 1} waits`, async () => {
    const client = createHttpClient(stack.baseUrl);
    await client.get('/api/v1/session');
    let attempts = 0;
    let refusedAt = 0;
    const paths = [
      ['/users/sign_in', 'user'],
      ['/companies/sign_in', 'company'],
      ['/operators/sign_in', 'operator'],
    ] as const;
    while (!refusedAt && attempts < SIGN_IN_LIMITS.perAddress.free + 5) {
      const [path, key] = paths[attempts % 3]!;
      const res = await client.post(path, {
        [key]: { email: `guess-${attempts}@example.test`, password: 'Wrong#Passw0rd1' },
      });
      attempts++;
      if (res.status === 429) {
        refusedAt = attempts;
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      } else expect(res.status).toBe(401);
    }
    // Earlier failed sign-ins of this file count against the same address, so the refusal may come sooner.
    expect(refusedAt).toBeGreaterThan(0);
    expect(refusedAt).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAddress.free + 1);
    console.log(
      `SECURITY FIGURES: sessions — old cookie refused with 401 on the next request after: ${figures.join('; ')}. ` +
        `Sign-in slowed per account after ${SIGN_IN_LIMITS.untrusted.free} attempts from unknown devices and per address after ${SIGN_IN_LIMITS.perAddress.free} failures (here: refused at attempt ${refusedAt} of this run).`,
    );
  });
});
