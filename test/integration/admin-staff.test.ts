/**
 * Staff management through the gateway against cognito-local and DynamoDB Local: create → list →
 * edit → delete round-trips, compensation when one side fails, and 400s that write nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerStaff, staffDeps } from '../../functions/services/staff-service.js';
import { db } from '../../functions/db/service.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { createHttpClient, type HttpClient } from '../support/http-client.js';
import { employeePoolUser, tableSnapshot } from './admin-support.js';
import { testToday } from '../support/test-clock.js';

const stack = useTestStack();
const TEMP = 'Temp#Passw0rd2026';
const MINE = 'Mine#Passw0rd2026';
const DEFECT = '登録内容に不備があります。';

let tenant: TestTenant;
let admin: HttpClient;
let n = 0;
const email = () => `new-staff-${Date.now().toString(36)}-${n++}@example.test`;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: 'スタッフ株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
});

const newStaff = (overrides: Record<string, unknown> = {}) => ({
  last_name: '山田',
  first_name: '花子',
  email: email(),
  password: TEMP,
  department_id: tenant.departmentId,
  employment_status_id: tenant.employmentStatusId,
  ...overrides,
});

async function firstSignIn(address: string, temporary: string, chosen: string) {
  const client = createHttpClient(stack.baseUrl);
  await client.get('/api/v1/session');
  const first = await client.post('/users/sign_in', { user: { email: address, password: temporary } });
  expect(first.body.data?.challenge).toBe('NEW_PASSWORD_REQUIRED');
  const done = await client.post('/users/new_password', { user: { password: chosen } });
  expect(done.status).toBe(200);
  return client;
}

describe('staff round trip', () => {
  it('creates the Cognito user (temporary password, tenant ids) and the profile; lists, edits and retires it', async () => {
    const body = newStaff();
    const created = await admin.post('/api/v1/employees', body);
    expect(created.status).toBe(201);
    const staff = created.body.data;
    expect(staff).toMatchObject({
      name: '山田 花子',
      email: body.email,
      department_id: tenant.departmentId,
      department_name: '営業部',
      employment_status_name: '正社員',
      monthly_working_minutes: null,
    });

    const user = await employeePoolUser(body.email);
    expect(user?.status).toBe('FORCE_CHANGE_PASSWORD');
    expect(user?.attrs['custom:company_id']).toBe(tenant.companyId);
    expect(user?.attrs['custom:employee_id']).toBe(staff.id);

    const list = await admin.get('/api/v1/employees');
    expect(list.body.data.map((s: { id: string }) => s.id)).toContain(staff.id);
    expect((await admin.get(`/api/v1/employees/${staff.id}`)).body.data).toEqual(staff);

    // The first sign-in asks for a new password, then works.
    const employee = await firstSignIn(body.email, TEMP, MINE);
    expect((await employee.get('/api/v1/session')).body.data).toMatchObject({
      role: 'employee',
      user_name: '山田 花子',
    });

    const newEmail = email();
    const edited = await admin.put(`/api/v1/employees/${staff.id}`, {
      ...body,
      email: newEmail,
      first_name: '春子',
      password: '',
      department_id: null,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: '山田 春子',
      email: newEmail,
      department_id: null,
      department_name: '',
    });
    expect((await employeePoolUser(user!.username!))?.attrs.email).toBe(newEmail);
    // An edit without a password leaves the session alone; the new e-mail signs in.
    expect((await employee.get('/api/v1/timestamps/today')).status).toBe(200);
    expect(
      (await signIn(stack.baseUrl, 'employee', { email: newEmail, password: MINE })).cookie('__Host-kintai_sid'),
    ).toBeTruthy();

    // A punch, so there is attendance to keep.
    expect((await employee.post('/api/v1/timestamps', { note: '' })).status).toBeLessThan(300);

    const deleted = await admin.delete(`/api/v1/employees/${staff.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ data: { id: staff.id } });
    expect((await admin.get('/api/v1/employees')).body.data.map((s: { id: string }) => s.id)).not.toContain(staff.id);
    expect((await admin.get(`/api/v1/employees/${staff.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/v1/employees/${staff.id}`)).status).toBe(404);

    // Access ends at once; the profile and the attendance stay (five-year retention).
    expect((await employee.get('/api/v1/timestamps/today')).status).toBe(401);
    expect((await employeePoolUser(user!.username!))?.enabled).toBe(false);
    const { data: kept } = await db().entities.Employee.get({ companyId: tenant.companyId, employeeId: staff.id }).go();
    expect(kept?.status).toBe('retired');
    const { data: days } = await db()
      .entities.AttendanceDay.query.byEmployee({ companyId: tenant.companyId, employeeId: staff.id })
      .go();
    expect(days.length).toBe(1);
    const [year, monthNo] = testToday().split('-');
    const month = await admin.get(`/api/v1/timestamps?id=${staff.id}&year=${year}&month=${Number(monthNo)}`);
    expect(month.status).toBe(200);
    expect(month.body.data.days.some((d: { id: string | null }) => d.id !== null)).toBe(true);
  });

  it('a new password from the admin is temporary and ends the member’s sessions', async () => {
    const body = newStaff();
    const staff = (await admin.post('/api/v1/employees', body)).body.data;
    const employee = await firstSignIn(body.email, TEMP, MINE);
    const reset = await admin.put(`/api/v1/employees/${staff.id}`, { ...body, password: 'Reset#Passw0rd2026' });
    expect(reset.status).toBe(200);
    expect((await employee.get('/api/v1/timestamps/today')).status).toBe(401);
    await firstSignIn(body.email, 'Reset#Passw0rd2026', 'Again#Passw0rd2026');
  });
});

describe('the same e-mail twice', () => {
  it('is refused with a clear 409 on create and on edit, and nothing changes', async () => {
    const taken = tenant.employees[0]!.email;
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    const again = await admin.post('/api/v1/employees', newStaff({ email: taken }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('このメールアドレスはすでに登録されています。');
    // Upper case is the same address.
    expect((await admin.post('/api/v1/employees', newStaff({ email: taken.toUpperCase() }))).status).toBe(409);
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);

    const body = newStaff();
    const staff = (await admin.post('/api/v1/employees', body)).body.data;
    const snapshot = await tableSnapshot(stack.dynamo, stack.tableName);
    const clash = await admin.put(`/api/v1/employees/${staff.id}`, { ...body, email: taken });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('このメールアドレスはすでに登録されています。');
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(snapshot);
    expect((await employeePoolUser(body.email))?.attrs.email).toBe(body.email);
  });
});

describe('bad input', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['empty last name', { last_name: '  ' }],
    ['empty first name', { first_name: '' }],
    ['name over 50 characters', { last_name: 'あ'.repeat(51) }],
    ['invalid e-mail', { email: 'not-an-address' }],
    ['weak password', { password: 'short' }],
    ['missing password', { password: undefined }],
    ['unknown department', { department_id: '01jx7zzzzzzzzzzzzzzzzzzzzz' }],
    ['malformed status id', { employment_status_id: '../x' }],
    ['number as department id', { department_id: 5 }],
    ['unknown field', { admin: true }],
  ];
  it.each(cases)('%s → 400 登録内容に不備があります。 and no write', async (_, overrides) => {
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    const body = newStaff(overrides);
    const res = await admin.post('/api/v1/employees', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(DEFECT);
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);
    if (typeof body.email === 'string' && body.email.includes('@'))
      expect(await employeePoolUser(body.email)).toBeNull();
  });

  it('a foreign department on edit → 400 and nothing changes', async () => {
    const other = await createTenant({ employees: 0 });
    const staffId = tenant.employees[0]!.id;
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    const res = await admin.put(`/api/v1/employees/${staffId}`, {
      ...newStaff(),
      email: tenant.employees[0]!.email,
      department_id: other.departmentId,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: DEFECT, errors: { department_id: ['存在しない部署です。'] } });
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);
  });
});

describe('a failure on either side leaves neither behind', () => {
  it('a Cognito failure during staff creation leaves no profile item', async () => {
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    const failing = {
      ...staffDeps,
      createUser: async () => Promise.reject(Object.assign(new Error('boom'), { name: 'InternalErrorException' })),
    };
    const input = {
      lastName: '失敗',
      firstName: '一郎',
      email: email(),
      password: TEMP,
      departmentId: null,
      employmentStatusId: null,
    };
    await expect(registerStaff(tenant.companyId, input, failing)).rejects.toThrow('boom');
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);
  });

  it('a DynamoDB failure after the Cognito user exists deletes that user again', async () => {
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    const failing = {
      ...staffDeps,
      insertStaff: async () => Promise.reject(Object.assign(new Error('db down'), { name: 'InternalServerError' })),
    };
    const input = {
      lastName: '失敗',
      firstName: '二郎',
      email: email(),
      password: TEMP,
      departmentId: null,
      employmentStatusId: null,
    };
    await expect(registerStaff(tenant.companyId, input, failing)).rejects.toThrow('db down');
    expect(await employeePoolUser(input.email)).toBeNull();
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);
    // The address is free again.
    expect((await admin.post('/api/v1/employees', newStaff({ email: input.email }))).status).toBe(201);
  });
});
