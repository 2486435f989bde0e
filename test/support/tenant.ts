/**
 * Test tenants: a company with its admin and staff, created the way the product creates them
 * (profile items in DynamoDB, users in the matching Cognito pool with tenant ids as attributes).
 */
import { randomBytes } from 'node:crypto';
import { db } from '../../functions/db/service.js';
import { staffEmailGuard } from '../../functions/db/staff.js';
import type { Role } from '../../functions/routes.js';
import { newId } from '../../functions/shared/ids.js';
import { createPoolUser } from '../../functions/shared/pool-users.js';
import { loginKey } from '../../functions/db/logins.js';
import { createHttpClient, type HttpClient } from './http-client.js';
import { totp } from './totp.js';

export const PASSWORD = 'Test#Passw0rd2026';

const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@example.test`;

export interface TestUser {
  email: string;
  password: string;
  id: string;
  /** Base32 TOTP secret of an operator who has enrolled (signIn answers the challenge with it). */
  totpSecret?: string;
}

export interface TestTenant {
  companyId: string;
  companyName: string;
  admin: TestUser;
  employees: (TestUser & { name: string })[];
  departmentId: string;
  employmentStatusId: string;
}

/**
 * The login index item of a company user (db/entities/login-name.ts), as the product writes it with the
 * user's record (issue 30 item 3): sign-in finds the user by the e-mail through it.
 */
export async function putLoginItem(
  pool: 'employee' | 'admin',
  email: string,
  companyId: string,
  userId: string,
  username: string,
): Promise<void> {
  await db()
    .entities.LoginName.put({ pool, email: loginKey(email), companyId, userId, username })
    .go();
}

export async function createTenant(
  options: {
    employees?: number;
    timeZone?: string;
    name?: string;
    /**
     * E-mails to give the admin and the first employees instead of new ones: the same person in a
     * second company (issue 30 item 3), with the same test password.
     */
    adminEmail?: string;
    employeeEmails?: readonly string[];
  } = {},
): Promise<TestTenant> {
  const { entities } = db();
  const companyId = newId();
  const companyName = options.name ?? `テスト株式会社 ${companyId.slice(-4)}`;
  const admin = { email: options.adminEmail ?? unique('admin'), password: PASSWORD, id: newId() };
  const departmentId = newId();
  const employmentStatusId = newId();
  await entities.Company.put({
    companyId,
    name: companyName,
    staffName: '管理 太郎',
    email: admin.email,
    timeZone: options.timeZone ?? 'Asia/Tokyo',
  }).go();
  const adminSub = await createPoolUser({
    role: 'admin',
    email: admin.email,
    attributes: { company_id: companyId, admin_id: admin.id },
    temporaryPassword: PASSWORD,
    permanent: true,
  });
  await entities.CompanyAdmin.put({
    companyId,
    adminId: admin.id,
    name: '管理 太郎',
    email: admin.email,
    userSub: adminSub,
  }).go();
  // The login index item sign-in finds the admin by (db/companies.ts insertCompanyWithAdmin writes it).
  await putLoginItem('admin', admin.email, companyId, admin.id, adminSub);
  await entities.Department.put({ companyId, departmentId, name: '営業部' }).go();
  await entities.EmploymentStatus.put({ companyId, employmentStatusId, name: '正社員' }).go();

  const employees: TestTenant['employees'] = [];
  for (let i = 0; i < (options.employees ?? 1); i++) {
    const e = {
      email: options.employeeEmails?.[i] ?? unique(`staff${i}`),
      password: PASSWORD,
      id: newId(),
      name: `社員 ${i + 1}号`,
    };
    const userSub = await createPoolUser({
      role: 'employee',
      email: e.email,
      attributes: { company_id: companyId, employee_id: e.id },
      temporaryPassword: PASSWORD,
      permanent: true,
    });
    await entities.Employee.put({
      userSub,
      companyId,
      employeeId: e.id,
      lastName: '社員',
      firstName: `${i + 1}号`,
      email: e.email,
      departmentId,
      employmentStatusId,
    }).go();
    // The e-mail's unique item, as a member registered through the app has (db/staff.ts insertStaff).
    await entities.UniqueValue.put({ ...staffEmailGuard(companyId, e.email), ownerId: e.id }).go();
    // And its login index item (issue 30 item 3): sign-in finds the member by the e-mail.
    await putLoginItem('employee', e.email, companyId, e.id, userSub);
    employees.push(e);
  }
  return { companyId, companyName, admin, employees, departmentId, employmentStatusId };
}

/**
 * A platform operator. By default enrolled in TOTP through the API, as an operator does after the
 * first sign-in (the API lets an operator without TOTP do nothing else); `{ enrolled: false }` for
 * the enrolment tests.
 */
export async function createOperator(baseUrl: string, options: { enrolled?: boolean } = {}): Promise<TestUser> {
  const op: TestUser = { email: unique('operator'), password: PASSWORD, id: '' };
  op.id = await createPoolUser({
    role: 'operator',
    email: op.email,
    attributes: {},
    temporaryPassword: PASSWORD,
    permanent: true,
  });
  if (options.enrolled === false) return op;
  const client = await signIn(baseUrl, 'operator', op);
  const started = await client.post('/api/v1/operator_mfa');
  if (started.status !== 200)
    throw new Error(`TOTP enrolment failed: ${started.status} ${JSON.stringify(started.body)}`);
  const secret: string = started.body.data.secret;
  const verified = await client.put('/api/v1/operator_mfa', { code: totp(secret) });
  if (verified.status !== 200)
    throw new Error(`TOTP confirmation failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  op.totpSecret = secret;
  return op;
}

const SIGN_IN: Record<Role, { path: string; key: string }> = {
  employee: { path: '/users/sign_in', key: 'user' },
  admin: { path: '/companies/sign_in', key: 'company' },
  operator: { path: '/operators/sign_in', key: 'operator' },
};

/**
 * A client that fetched the CSRF cookie and signed in, like the SPA does; an enrolled operator also
 * answers the TOTP challenge with a code computed from `totpSecret`.
 */
export async function signIn(
  baseUrl: string,
  role: Role,
  user: { email: string; password: string; totpSecret?: string },
): Promise<HttpClient> {
  const client = createHttpClient(baseUrl);
  await client.get('/api/v1/session');
  const { path, key } = SIGN_IN[role];
  let res = await client.post(path, { [key]: { email: user.email, password: user.password } });
  if (res.status === 200 && res.body.data?.challenge === 'SOFTWARE_TOKEN_MFA') {
    if (!user.totpSecret) throw new Error(`sign-in as ${role}: TOTP asked but the test user has no secret`);
    res = await client.post('/operators/mfa', { [key]: { code: totp(user.totpSecret) } });
  }
  if (res.status !== 200) throw new Error(`sign-in as ${role} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

export const SIGN_IN_PATHS = SIGN_IN;
