/**
 * Issue 14 item 5: department and employment-status names are unique per company, compared as a
 * reader would (全角/半角, case, surrounding spaces incl. U+3000), refused with 409 and a field error on
 * `name`, atomically (a unique item written in the create's or rename's transaction).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import type { HttpClient } from '../support/http-client.js';

const stack = useTestStack();

let tenant: TestTenant;
let other: TestTenant;
let admin: HttpClient;
let otherAdmin: HttpClient;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant({ employees: 0 }), createTenant({ employees: 0 })]);
  [admin, otherAdmin] = await Promise.all([
    signIn(stack.baseUrl, 'admin', tenant.admin),
    signIn(stack.baseUrl, 'admin', other.admin),
  ]);
});

const KINDS = [
  { kind: 'department', path: '/api/v1/departments', taken: 'この部署名はすでに登録されています。' },
  { kind: 'employmentStatus', path: '/api/v1/employment_statuses', taken: 'この雇用形態名はすでに登録されています。' },
] as const;

type Unit = { id: string; name: string };

describe.each(KINDS)('$path', ({ kind, path, taken }) => {
  const names = async (client: HttpClient = admin) => ((await client.get(path)).body.data as Unit[]).map((u) => u.name);
  const expectTaken = (res: { status: number; body: { message: string; errors?: Record<string, string[]> } }) => {
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(taken);
    expect(res.body.errors).toEqual({ name: [taken] });
  };

  it.each([
    ['営業部', ' 営業部 '],
    ['営業二部', '\u3000営業二部\u3000'],
    ['ＡＢＣ', 'abc'],
    ['Sales', 'ＳＡＬＥＳ'],
    ['ｶｲﾊﾂ', 'カイハツ'],
  ])('refuses %j once %j exists, writing nothing', async (first, second) => {
    // The kind goes inside the surrounding spaces, so both kinds' cases stay apart in one company.
    const tag = (name: string) => name.replace(/^(\s*)(.*?)(\s*)$/u, `$1$2-${kind}$3`);
    expect((await admin.post(path, { name: tag(first) })).status).toBe(201);
    const before = await tableSnapshot(stack.tableName);
    expectTaken(await admin.post(path, { name: tag(second) }));
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('10 concurrent creates of one name write exactly one row', async () => {
    const name = `同時作成${kind}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => admin.post(path, { name })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expectTaken(r);
    expect((await names()).filter((n) => n === name)).toHaveLength(1);
  });

  it('refuses a rename to a taken name and changes nothing; a rename to its own name (or its case) is fine', async () => {
    const a = (await admin.post(path, { name: `改名A${kind}` })).body.data as Unit;
    const b = (await admin.post(path, { name: `改名B${kind}x` })).body.data as Unit;
    const before = await tableSnapshot(stack.tableName);
    expectTaken(await admin.put(`${path}/${b.id}`, { name: ` 改名Ａ${kind} ` }));
    expect(await tableSnapshot(stack.tableName)).toEqual(before);

    const same = await admin.put(`${path}/${a.id}`, { name: a.name });
    expect(same.status).toBe(200);
    expect(same.body.data).toEqual({ id: a.id, name: a.name });
    const cased = await admin.put(`${path}/${b.id}`, { name: `改名B${kind}X` });
    expect(cased.status).toBe(200);
    expect((await admin.get(`${path}/${b.id}`)).body.data.name).toBe(`改名B${kind}X`);

    // A rename frees the old name and takes the new one.
    expect((await admin.put(`${path}/${a.id}`, { name: `改名C${kind}` })).status).toBe(200);
    expect((await admin.post(path, { name: `改名A${kind}` })).status).toBe(201);
    expectTaken(await admin.post(path, { name: `改名c${kind}` }));
  });

  it('deleting frees the name for a new one', async () => {
    const name = `削除後${kind}`;
    const unit = (await admin.post(path, { name })).body.data as Unit;
    expect((await admin.delete(`${path}/${unit.id}`)).status).toBe(200);
    const again = await admin.post(path, { name: `${name}\u3000` });
    expect(again.status).toBe(201);
    expect((await names()).filter((n) => n === name)).toHaveLength(1);
  });

  it('is per company and per kind', async () => {
    const name = `共通名${kind}`;
    expect((await admin.post(path, { name })).status).toBe(201);
    expect((await otherAdmin.post(path, { name })).status).toBe(201);
    const otherKind = path === '/api/v1/departments' ? '/api/v1/employment_statuses' : '/api/v1/departments';
    expect((await admin.post(otherKind, { name })).status).toBe(201);
  });

  it('refuses names of rows written before the unique items existed, and lets those rows be renamed and deleted', async () => {
    // A row as the data layer wrote it before this change: no unique item for its name.
    const legacyId = `01jlegacy${kind.length}zzzzzzzzzzzzzzz`.slice(0, 26);
    const legacyName = `旧データ${kind}`;
    const entities = db().entities;
    if (kind === 'department') {
      await entities.Department.create({ companyId: tenant.companyId, departmentId: legacyId, name: legacyName }).go();
    } else {
      await entities.EmploymentStatus.create({
        companyId: tenant.companyId,
        employmentStatusId: legacyId,
        name: legacyName,
      }).go();
    }
    expectTaken(await admin.post(path, { name: ` ${legacyName.toUpperCase()} ` }));
    const other = (await admin.post(path, { name: `別名${kind}` })).body.data as Unit;
    expectTaken(await admin.put(`${path}/${other.id}`, { name: legacyName }));

    expect((await admin.put(`${path}/${legacyId}`, { name: legacyName })).status).toBe(200);
    expect((await admin.put(`${path}/${legacyId}`, { name: `${legacyName}改` })).status).toBe(200);
    expect((await admin.post(path, { name: legacyName })).status).toBe(201);
    expectTaken(await admin.post(path, { name: `${legacyName}改` }));
    expect((await admin.delete(`${path}/${legacyId}`)).status).toBe(200);
    expect((await admin.post(path, { name: `${legacyName}改` })).status).toBe(201);
  });
});
