/** Departments and employment statuses: CRUD, the in-use refusal, and 400s that write nothing. */
import { beforeAll, describe, expect, it } from 'vitest';
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
