/**
 * One e-mail, users of several companies (issue 30 item 3, "cross-tenant enumeration"): registering
 * staff (form or bulk import) or a company admin never tells a company that another company uses the
 * address. Both registrations succeed; sign-in tries the password against each company's account and
 * asks which company only when it opens more than one — naming only those companies; a wrong password
 * answers exactly like an unknown e-mail. Through the gateway against DynamoDB Local and cognito-local.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../functions/shared/messages.js';
import { createHttpClient, type HttpClient } from '../support/http-client.js';
import { mailsTo } from '../support/mail.js';
import { useTestStack } from '../support/stack.js';
import { createOperator, createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { LOGIN_ACCOUNTS_PER_EMAIL } from '../../functions/db/logins.js';
import { db } from '../../functions/db/service.js';
import { poolUsernamesByEmail } from '../support/pool-users.js';
import { jaErrorBody } from '../support/error-body.js';

const stack = useTestStack();
/** The one refusal of a sign-in: the same body for a wrong password, an unknown e-mail and a wrong company. */
const SIGN_IN_FAILED = { code: 'auth.sign_in_failed', params: {}, message: MESSAGES.signInFailed, fields: [] };
const run = Date.now().toString(36);
let n = 0;
const address = (tag: string) => `shared-${tag}-${run}-${n++}@example.test`;

const TEMP_A = 'TempA#Passw0rd2026';
const TEMP_B = 'TempB#Passw0rd2026';
const TEMP_C = 'TempC#Passw0rd2026';
const SAME = 'Same#Passw0rd2026x';

let a: TestTenant;
let b: TestTenant;
let c: TestTenant;
let adminA: HttpClient;
let adminB: HttpClient;
let adminC: HttpClient;

beforeAll(async () => {
  [a, b, c] = await Promise.all([
    createTenant({ employees: 1, name: '共有アドレスA株式会社' }),
    createTenant({ employees: 1, name: '共有アドレスB株式会社' }),
    createTenant({ employees: 1, name: '共有アドレスC株式会社' }),
  ]);
  [adminA, adminB, adminC] = await Promise.all([
    signIn(stack.baseUrl, 'admin', a.admin),
    signIn(stack.baseUrl, 'admin', b.admin),
    signIn(stack.baseUrl, 'admin', c.admin),
  ]);
});

const staffBody = (t: TestTenant, email: string, password: string, overrides: Record<string, unknown> = {}) => ({
  last_name: '兼務',
  first_name: '一郎',
  email,
  password,
  department_id: t.departmentId,
  employment_status_id: t.employmentStatusId,
  ...overrides,
});

async function anonymous(): Promise<HttpClient> {
  const client = createHttpClient(stack.baseUrl);
  await client.get('/api/v1/session');
  return client;
}

const employeeSignIn = async (email: string, password: string, companyCode?: string, client?: HttpClient) =>
  (client ?? (await anonymous())).post('/users/sign_in', {
    user: { email, password, ...(companyCode ? { company_code: companyCode } : {}) },
  });

/** First sign-in on the temporary password (in the company named, when the address has several). */
async function choosePassword(email: string, temporary: string, chosen: string, companyCode?: string) {
  const client = await anonymous();
  const first = await employeeSignIn(email, temporary, companyCode, client);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect(first.body.data.challenge).toBe('NEW_PASSWORD_REQUIRED');
  const done = await client.post('/users/new_password', { user: { password: chosen } });
  expect(done.status).toBe(200);
  return done.body.data;
}

/** The members of the admin's staff list with this e-mail. */
async function listed(admin: HttpClient, email: string) {
  const res = await admin.get(`/api/v1/employees?q=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return (res.body.data as { id: string; email: string }[]).filter((m) => m.email === email);
}

/** The login index items of an address (db/entities/login-name.ts). */
async function loginItems(pool: 'employee' | 'admin', email: string) {
  const { data } = await db()
    .entities.LoginName.query.byEmail({ pool, email: email.toLowerCase() })
    .go({ consistent: true });
  return data.map((d) => d.companyId).sort();
}

describe('the staff form', () => {
  it('registers the same e-mail in two companies (201 both), each company sees only its own member', async () => {
    const email = address('form');
    const inA = await adminA.post('/api/v1/employees', staffBody(a, email, TEMP_A));
    const inB = await adminB.post('/api/v1/employees', staffBody(b, email, TEMP_B));
    expect(inA.status, JSON.stringify(inA.body)).toBe(201);
    expect(inB.status, JSON.stringify(inB.body)).toBe(201);
    expect((await listed(adminA, email)).map((m) => m.id)).toEqual([inA.body.data.id]);
    expect((await listed(adminB, email)).map((m) => m.id)).toEqual([inB.body.data.id]);
    expect((await adminA.get(`/api/v1/employees/${inB.body.data.id}`)).status).toBe(404);
    expect(await loginItems('employee', email)).toEqual([a.companyId, b.companyId].sort());
  });

  it('refuses the same e-mail twice in one company with the 409 of today', async () => {
    const email = address('twice');
    expect((await adminA.post('/api/v1/employees', staffBody(a, email, TEMP_A))).status).toBe(201);
    const again = await adminA.post('/api/v1/employees', staffBody(a, email.toUpperCase(), TEMP_A));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.emailTaken);
    expect(await loginItems('employee', email)).toEqual([a.companyId]);
  });
});

describe('signing in with an e-mail of several companies', () => {
  it('a temporary password opens only its own company; the same password in both asks which company', async () => {
    const email = address('choice');
    await adminA.post('/api/v1/employees', staffBody(a, email, TEMP_A));
    await adminB.post('/api/v1/employees', staffBody(b, email, TEMP_B));
    // Each temporary password is checked against its own account: straight into that company's challenge.
    expect((await choosePassword(email, TEMP_A, SAME)).company_name).toBe(a.companyName);
    expect((await choosePassword(email, TEMP_B, SAME)).company_name).toBe(b.companyName);

    const ask = await employeeSignIn(email, SAME);
    expect(ask.status).toBe(409);
    expect(ask.body).toEqual({
      code: 'sign_in.company_required',
      params: {},
      message: MESSAGES.signInCompanyRequired,
      fields: [],
      companies: [
        { company_code: a.companyId, company_name: a.companyName },
        { company_code: b.companyId, company_name: b.companyName },
      ],
    });
    expect(ask.cookies.some((x) => x.startsWith('__Host-kintai_sid=') && !x.includes('Max-Age=0'))).toBe(false);

    const client = await anonymous();
    const chosen = await employeeSignIn(email, SAME, b.companyId, client);
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toMatchObject({ role: 'employee', company_name: b.companyName });
    expect((await client.get('/api/v1/session')).body.data.company_name).toBe(b.companyName);
    // A company the password does not open, or an unknown code: the ordinary failure.
    const wrongCompany = await employeeSignIn(email, SAME, c.companyId);
    expect(wrongCompany.status).toBe(401);
    expect(wrongCompany.body).toEqual(SIGN_IN_FAILED);
  });

  it('with a different password per company, each password goes straight into its company', async () => {
    const email = address('apart');
    await adminA.post('/api/v1/employees', staffBody(a, email, TEMP_A));
    await adminB.post('/api/v1/employees', staffBody(b, email, TEMP_B));
    await choosePassword(email, TEMP_A, 'OnlyA#Passw0rd2026');
    await choosePassword(email, TEMP_B, 'OnlyB#Passw0rd2026');
    const intoA = await employeeSignIn(email, 'OnlyA#Passw0rd2026');
    expect(intoA.status).toBe(200);
    expect(intoA.body.data.company_name).toBe(a.companyName);
    const intoB = await employeeSignIn(email, 'OnlyB#Passw0rd2026');
    expect(intoB.status).toBe(200);
    expect(intoB.body.data.company_name).toBe(b.companyName);
  });

  it('never lists a company whose password did not match', async () => {
    const email = address('three');
    await adminA.post('/api/v1/employees', staffBody(a, email, TEMP_A));
    await adminB.post('/api/v1/employees', staffBody(b, email, TEMP_B));
    await adminC.post('/api/v1/employees', staffBody(c, email, TEMP_C));
    await choosePassword(email, TEMP_A, SAME);
    await choosePassword(email, TEMP_B, SAME);
    await choosePassword(email, TEMP_C, 'OnlyC#Passw0rd2026');
    const ask = await employeeSignIn(email, SAME);
    expect(ask.status).toBe(409);
    expect(ask.body.companies.map((x: { company_code: string }) => x.company_code).sort()).toEqual(
      [a.companyId, b.companyId].sort(),
    );
    expect(JSON.stringify(ask.body)).not.toContain(c.companyName);
    // C's own password is C's alone: straight in.
    expect((await employeeSignIn(email, 'OnlyC#Passw0rd2026')).body.data.company_name).toBe(c.companyName);
  });

  it('answers a wrong password exactly like an unknown e-mail (status, body, no cookie of a session)', async () => {
    const email = address('wrong');
    await adminA.post('/api/v1/employees', staffBody(a, email, TEMP_A));
    await adminB.post('/api/v1/employees', staffBody(b, email, TEMP_B));
    await choosePassword(email, TEMP_A, SAME);
    await choosePassword(email, TEMP_B, SAME);
    const wrong = await employeeSignIn(email, 'Wrong#Passw0rd2026');
    const unknown = await employeeSignIn(address('nobody'), 'Wrong#Passw0rd2026');
    const oneCompany = await employeeSignIn(a.employees[0]!.email, 'Wrong#Passw0rd2026');
    for (const res of [wrong, unknown, oneCompany]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(SIGN_IN_FAILED);
    }
    // The temporary password no longer opens anything, in either company.
    expect((await employeeSignIn(email, TEMP_A)).status).toBe(401);
  });
});

describe('the login index follows the member', () => {
  it('moves with an e-mail change and leaves the other company alone; a retired member no longer signs in', async () => {
    const email = address('move');
    const inA = (await adminA.post('/api/v1/employees', staffBody(a, email, TEMP_A))).body.data;
    const inB = (await adminB.post('/api/v1/employees', staffBody(b, email, TEMP_B))).body.data;
    await choosePassword(email, TEMP_A, SAME);
    await choosePassword(email, TEMP_B, SAME);

    const moved = address('moved');
    const edit = await adminA.put(`/api/v1/employees/${inA.id}`, { ...staffBody(a, moved, TEMP_A), password: '' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await loginItems('employee', email)).toEqual([b.companyId]);
    expect(await loginItems('employee', moved)).toEqual([a.companyId]);
    // The old address now opens B only, the new one A.
    expect((await employeeSignIn(email, SAME)).body.data.company_name).toBe(b.companyName);
    expect((await employeeSignIn(moved, SAME)).body.data.company_name).toBe(a.companyName);

    // Back to the shared address: the company choice again.
    const back = await adminA.put(`/api/v1/employees/${inA.id}`, { ...staffBody(a, email, TEMP_A), password: '' });
    expect(back.status).toBe(200);
    expect((await employeeSignIn(email, SAME)).status).toBe(409);

    // B retires its member: the address opens A only.
    expect((await adminB.delete(`/api/v1/employees/${inB.id}`)).status).toBe(200);
    const left = await employeeSignIn(email, SAME);
    expect(left.status).toBe(200);
    expect(left.body.data.company_name).toBe(a.companyName);
  });
});

describe('the bulk import', () => {
  it('registers a row whose e-mail another company’s member has; the person then chooses the company', async () => {
    const email = address('import');
    await adminA.post('/api/v1/employees', staffBody(a, email, TEMP_A));
    const header = ['姓', '名', 'メールアドレス', '部署', '雇用形態'];
    const file = Buffer.from(`${header.join(',')}\r\n兼務,一郎,${email},営業部,正社員\r\n`).toString('base64');
    const preview = await adminB.post('/api/v1/employee_imports/preview', { file });
    expect(preview.body.data, JSON.stringify(preview.body)).toMatchObject({ ok: true, problems: [] });
    const started = await adminB.post('/api/v1/employee_imports', { file });
    expect(started.status).toBe(201);
    let job: { status: string; created: number; failures: unknown[] } | undefined;
    for (let i = 0; i < 200; i++) {
      job = (await adminB.get(`/api/v1/employee_imports/${started.body.data.id}`)).body.data;
      if (job!.status === 'done' || job!.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(job).toMatchObject({ status: 'done', created: 1, failures: [] });
    expect((await listed(adminB, email)).length).toBe(1);
    expect((await listed(adminA, email)).length).toBe(1);
    expect(await loginItems('employee', email)).toEqual([a.companyId, b.companyId].sort());

    const welcome = await mailsTo(email, { subject: /アカウントが登録されました/ });
    const temporary = /仮パスワード: (\S+)/.exec(welcome.at(-1)!.text)![1]!;
    expect((await choosePassword(email, temporary, SAME)).company_name).toBe(b.companyName);
    await choosePassword(email, TEMP_A, SAME);
    expect((await employeeSignIn(email, SAME)).body.companies).toHaveLength(2);
  });
});

describe('company admins', () => {
  it('the operator opens two companies with one admin e-mail; sign-in asks which company', async () => {
    const operator = await signIn(stack.baseUrl, 'operator', await createOperator(stack.baseUrl));
    const email = address('admin');
    const company = (name: string, password: string) => ({
      name,
      staff_name: '兼務 花子',
      email,
      cell: '03-1234-5678',
      password,
      plan: 1,
    });
    const one = await operator.post('/api/v1/companies', company('管理者共有一株式会社', TEMP_A));
    const two = await operator.post('/api/v1/companies', company('管理者共有二株式会社', TEMP_B));
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(two.status, JSON.stringify(two.body)).toBe(201);
    expect(await loginItems('admin', email)).toEqual([one.body.data.id, two.body.data.id].sort());

    for (const temporary of [TEMP_A, TEMP_B]) {
      const client = await anonymous();
      const first = await client.post('/companies/sign_in', { company: { email, password: temporary } });
      expect(first.body.data?.challenge).toBe('NEW_PASSWORD_REQUIRED');
      expect((await client.post('/companies/new_password', { company: { password: SAME } })).status).toBe(200);
    }
    const client = await anonymous();
    const ask = await client.post('/companies/sign_in', { company: { email, password: SAME } });
    expect(ask.status).toBe(409);
    expect(ask.body.code).toBe('sign_in.company_required');
    expect(ask.body.companies.map((x: { company_name: string }) => x.company_name).sort()).toEqual(
      ['管理者共有一株式会社', '管理者共有二株式会社'].sort(),
    );
    const chosen = await client.post('/companies/sign_in', {
      company: { email, password: SAME, company_code: two.body.data.id },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toMatchObject({ role: 'admin', company_name: '管理者共有二株式会社' });

    // The operator moves company one's admin to another address: the index follows.
    const moved = address('admin-moved');
    const edit = await operator.put(`/api/v1/companies/${one.body.data.id}`, {
      ...company('管理者共有一株式会社', ''),
      email: moved,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await loginItems('admin', email)).toEqual([two.body.data.id]);
    expect(await loginItems('admin', moved)).toEqual([one.body.data.id]);
  });
});

describe('the password reset of a shared address', () => {
  it('resets every account of the address (the mailbox proves all of them); sign-in then asks which company', async () => {
    const email = address('reset');
    await adminA.post('/api/v1/employees', staffBody(a, email, TEMP_A));
    await adminB.post('/api/v1/employees', staffBody(b, email, TEMP_B));
    await choosePassword(email, TEMP_A, 'OnlyA#Passw0rd2026');
    await choosePassword(email, TEMP_B, 'OnlyB#Passw0rd2026');
    const started = await (await anonymous()).post('/api/v1/password_resets', { audience: 'employee', email });
    const unknown = await (
      await anonymous()
    ).post('/api/v1/password_resets', {
      audience: 'employee',
      email: address('nobody'),
    });
    expect(started.status).toBe(200);
    expect(started.body).toEqual(unknown.body);
    const mails = await mailsTo(email, { subject: /パスワード再設定の確認コード/ });
    expect(mails).toHaveLength(1);
    const code = /確認コード: (\d{6})/.exec(mails[0]!.text)![1]!;
    const confirmed = await (
      await anonymous()
    ).post('/api/v1/password_resets/confirm', {
      audience: 'employee',
      email,
      code,
      password: 'Reset#Passw0rd2026',
    });
    expect(confirmed.status).toBe(200);
    const ask = await employeeSignIn(email, 'Reset#Passw0rd2026');
    expect(ask.status).toBe(409);
    expect(ask.body.companies).toHaveLength(2);
    expect((await employeeSignIn(email, 'OnlyA#Passw0rd2026')).status).toBe(401);
  });
});

describe('the bound on one address’s accounts', () => {
  it('refuses an eleventh account with a 409 that names no company, and makes nothing', async () => {
    const email = address('cap');
    // Ten accounts of other companies under the address (LOGIN_ACCOUNTS_PER_EMAIL).
    for (let i = 0; i < LOGIN_ACCOUNTS_PER_EMAIL; i++) {
      await db()
        .entities.LoginName.put({
          pool: 'employee',
          email,
          companyId: `01other${String(i).padStart(19, '0')}`,
          userId: `01user${String(i).padStart(20, '0')}`,
          username: `other.${i}`,
        })
        .go();
    }
    const refused = await adminA.post('/api/v1/employees', staffBody(a, email, TEMP_A));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      ...jaErrorBody(MESSAGES.emailAccountLimit, { email: [MESSAGES.emailAccountLimit] }),
      code: 'staff.email_account_limit',
    });
    expect(await listed(adminA, email)).toEqual([]);
    expect(await poolUsernamesByEmail('employee', email)).toEqual([]);
  });
});

describe('a malformed company code', () => {
  it('is a 400 with the field, not a 500 or a lenient sign-in', async () => {
    for (const code of ['', 'UPPER', 'a'.repeat(65), 'x;y', 42]) {
      const res = await (
        await anonymous()
      ).post('/users/sign_in', {
        user: { email: a.employees[0]!.email, password: 'Wrong#Passw0rd2026', company_code: code },
      });
      expect(res.status, String(code)).toBe(400);
    }
  });
});
