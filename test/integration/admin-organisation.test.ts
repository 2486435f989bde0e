/** Departments and employment statuses: CRUD, the in-use refusal, and 400s that write nothing. */
import { beforeAll, describe, expect, it } from 'vitest';
import { backfillOrgUnitCounts } from '../../functions/db/organisation.js';
import { db } from '../../functions/db/service.js';
import { markRetired } from '../../functions/db/staff.js';
import { newId } from '../../functions/shared/ids.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import type { HttpClient } from '../support/http-client.js';
import { tableSnapshot } from './admin-support.js';

const stack = useTestStack();
const DEFECT = '登録内容に不備があります。';

let tenant: TestTenant;
let admin: HttpClient;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1 });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
});

const KINDS = [
  {
    path: '/api/v1/departments',
    usedId: () => tenant.departmentId,
    usedField: 'department_id',
    inUse: 'この部署はスタッフに設定されているため削除できません。',
  },
  {
    path: '/api/v1/employment_statuses',
    usedId: () => tenant.employmentStatusId,
    usedField: 'employment_status_id',
    inUse: 'この雇用形態はスタッフに設定されているため削除できません。',
  },
] as const;

describe.each(KINDS)('$path', ({ path, usedId, usedField, inUse }) => {
  it('creates, lists, reads, renames and deletes (names trimmed)', async () => {
    const created = await admin.post(path, { name: '  東京店  ' });
    expect(created.status).toBe(201);
    const { id } = created.body.data;
    expect(created.body.data).toEqual({ id, name: '東京店' });
    expect((await admin.get(path)).body.data).toContainEqual({ id, name: '東京店' });
    expect((await admin.get(`${path}/${id}`)).body.data).toEqual({ id, name: '東京店' });
    const renamed = await admin.put(`${path}/${id}`, { name: '大阪店' });
    expect(renamed.body.data).toEqual({ id, name: '大阪店' });
    expect((await admin.get(`${path}/${id}`)).body.data.name).toBe('大阪店');
    const deleted = await admin.delete(`${path}/${id}`);
    expect(deleted.body.data).toEqual({ id });
    expect((await admin.get(`${path}/${id}`)).status).toBe(404);
    expect((await admin.get(path)).body.data.map((u: { id: string }) => u.id)).not.toContain(id);
  });

  it('refuses to delete one that active staff still use (409), and allows it once they retire', async () => {
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    const res = await admin.delete(`${path}/${usedId()}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(inUse);
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);

    const unit = (await admin.post(path, { name: '退職者のみ' })).body.data;
    const staff = await admin.post('/api/v1/employees', {
      last_name: '退職',
      first_name: '予定',
      email: `retiring-${unit.id}@example.test`,
      password: 'Temp#Passw0rd2026',
      [usedField]: unit.id,
    });
    expect(staff.status).toBe(201);
    expect((await admin.delete(`${path}/${unit.id}`)).status).toBe(409);
    await admin.delete(`/api/v1/employees/${staff.body.data.id}`);
    expect((await admin.delete(`${path}/${unit.id}`)).status).toBe(200);
  });

  it('counts active staff: refused while a member uses it, allowed once they move; the new unit is then in use', async () => {
    const [from, to] = await Promise.all(
      ['移動元', '移動先'].map(async (name) => (await admin.post(path, { name: `${name}${Date.now()}` })).body.data.id),
    );
    const body = (unitId: string) => ({
      last_name: '異動',
      first_name: '予定',
      email: `moving-${from}@example.test`,
      [usedField]: unitId,
    });
    const staff = await admin.post('/api/v1/employees', { ...body(from), password: 'Temp#Passw0rd2026' });
    expect(staff.status).toBe(201);
    const member = staff.body.data.id as string;
    const refused = await admin.delete(`${path}/${from}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(inUse);

    expect((await admin.put(`/api/v1/employees/${member}`, body(to))).status).toBe(200);
    expect((await admin.delete(`${path}/${to}`)).status).toBe(409);
    expect((await admin.delete(`${path}/${from}`)).status).toBe(200);
    // Joining a deleted unit is refused with the form's field error and writes nothing.
    const back = await admin.put(`/api/v1/employees/${member}`, body(from));
    expect(back.status).toBe(400);
    expect(back.body.errors?.[usedField]).toBeDefined();
    expect((await admin.get(`/api/v1/employees/${member}`)).body.data[usedField]).toBe(to);

    // Clearing the field releases it too.
    expect((await admin.put(`/api/v1/employees/${member}`, body(''))).status).toBe(200);
    expect((await admin.delete(`${path}/${to}`)).status).toBe(200);
  });

  it('a delete racing an assignment never leaves an active member on a deleted unit', async () => {
    const staff = await admin.post('/api/v1/employees', {
      last_name: '競合',
      first_name: '確認',
      email: `race-${usedField}-${Date.now()}@example.test`,
      password: 'Temp#Passw0rd2026',
    });
    expect(staff.status).toBe(201);
    const member = staff.body.data.id as string;
    for (let round = 0; round < 4; round++) {
      const unit = (await admin.post(path, { name: `競合${round}-${Date.now()}` })).body.data.id as string;
      const [assigned, deleted] = await Promise.all([
        admin.put(`/api/v1/employees/${member}`, {
          last_name: '競合',
          first_name: '確認',
          email: staff.body.data.email,
          [usedField]: unit,
        }),
        admin.delete(`${path}/${unit}`),
      ]);
      const now = (await admin.get(`/api/v1/employees/${member}`)).body.data[usedField];
      if (deleted.status === 200) {
        expect(assigned.status).not.toBe(200);
        expect(now).not.toBe(unit);
      } else {
        expect(deleted.status).toBe(409);
        expect(assigned.status).toBe(200);
        expect(now).toBe(unit);
      }
    }
  });

  it('a unit stored before the counts is checked by reading the staff until the backfill counts it', async () => {
    const { Department, EmploymentStatus, Employee } = db().entities;
    const unit = newId();
    // As the table held them before the counts: no activeStaff, no staffCounted.
    if (usedField === 'department_id')
      await Department.put({ companyId: tenant.companyId, departmentId: unit, name: `旧${unit}` }).go();
    else await EmploymentStatus.put({ companyId: tenant.companyId, employmentStatusId: unit, name: `旧${unit}` }).go();
    const field = usedField === 'department_id' ? 'departmentId' : 'employmentStatusId';
    const oldMember = newId();
    await Employee.put({
      companyId: tenant.companyId,
      employeeId: oldMember,
      lastName: '古参',
      firstName: '社員',
      email: `old-${unit}@example.test`,
      [field]: unit,
    }).go();
    expect((await admin.delete(`${path}/${unit}`)).status).toBe(409);

    // A member registered since: the count moves, but means nothing until the unit is counted.
    const added = await admin.post('/api/v1/employees', {
      last_name: '新規',
      first_name: '社員',
      email: `new-${unit}@example.test`,
      password: 'Temp#Passw0rd2026',
      [usedField]: unit,
    });
    expect(added.status).toBe(201);
    expect(await backfillOrgUnitCounts(tenant.companyId)).toBeGreaterThanOrEqual(1);
    expect(await backfillOrgUnitCounts(tenant.companyId)).toBe(0);
    const stored = (
      usedField === 'department_id'
        ? await Department.get({ companyId: tenant.companyId, departmentId: unit }).go()
        : await EmploymentStatus.get({ companyId: tenant.companyId, employmentStatusId: unit }).go()
    ).data;
    expect(stored).toMatchObject({ activeStaff: 2, staffCounted: true });

    expect((await admin.delete(`/api/v1/employees/${added.body.data.id}`)).status).toBe(200);
    expect((await admin.delete(`${path}/${unit}`)).status).toBe(409);
    // The old member has no Cognito user here: retired as the route's data layer does it.
    await markRetired(tenant.companyId, oldMember, { [field]: unit });
    expect((await admin.delete(`${path}/${unit}`)).status).toBe(200);
  });

  it.each([
    ['empty name', { name: '' }],
    ['blank name', { name: '   ' }],
    ['name over 50 characters', { name: 'x'.repeat(51) }],
    ['missing name', {}],
    ['number as name', { name: 3 }],
    ['unknown field', { name: 'ok', company_id: 'x' }],
  ])('%s → 400 登録内容に不備があります。 and no write', async (_, body) => {
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    const created = await admin.post(path, body);
    expect(created.status).toBe(400);
    expect(created.body.message).toBe(DEFECT);
    const updated = await admin.put(`${path}/${usedId()}`, body);
    expect(updated.status).toBe(400);
    expect(updated.body.message).toBe(DEFECT);
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);
  });

  it('answers 404 for an id that does not exist, on read, rename and delete', async () => {
    const missing = '01jx7zzzzzzzzzzzzzzzzzzzzz';
    expect((await admin.get(`${path}/${missing}`)).status).toBe(404);
    expect((await admin.put(`${path}/${missing}`, { name: 'x' })).status).toBe(404);
    expect((await admin.delete(`${path}/${missing}`)).status).toBe(404);
  });
});
