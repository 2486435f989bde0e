/**
 * Issue 18 item 3 through the gateway: 社員番号, フリガナ, 入社日 and 退職日 on staff create and edit,
 * Japanese field errors that write nothing, 社員番号 unique per company (atomically, also under
 * concurrent creates), and the staff list in 五十音 order.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../functions/db/service.js';
import { backfillEmailGuards, backfillListOrder, heldIdentities } from '../../functions/db/staff.js';
import { listOrderKey } from '../../functions/domain/staff-identity.js';
import { dynamo } from '../../functions/shared/clients/dynamodb.js';
import { sealCursor } from '../../functions/shared/signing.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import type { HttpClient } from '../support/http-client.js';
import { jobFinished } from '../support/grant-runs.js';
import { employeePoolUser, tableSnapshot } from './admin-support.js';

const stack = useTestStack();
const TEMP = 'Temp#Passw0rd2026';
const DEFECT = '登録内容に不備があります。';
const TAKEN = 'この社員番号はすでに使われています。';

let tenant: TestTenant;
let other: TestTenant;
let admin: HttpClient;
let otherAdmin: HttpClient;
let n = 0;
const email = () => `identity-${Date.now().toString(36)}-${n++}@example.test`;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant({ employees: 0 }), createTenant({ employees: 0 })]);
  [admin, otherAdmin] = await Promise.all([
    signIn(stack.baseUrl, 'admin', tenant.admin),
    signIn(stack.baseUrl, 'admin', other.admin),
  ]);
});

const newStaff = (overrides: Record<string, unknown> = {}) => ({
  last_name: '山田',
  first_name: '花子',
  email: email(),
  password: TEMP,
  department_id: null,
  employment_status_id: null,
  ...overrides,
});

type Res = { status: number; body: { message: string; errors?: Record<string, string[]>; data?: unknown } };
const expectTaken = (res: Res) => {
  expect(res.status).toBe(409);
  expect(res.body.message).toBe(TAKEN);
  expect(res.body.errors).toEqual({ employee_number: [TAKEN] });
};
const guards = async (companyId: string) =>
  (
    await db()
      .entities.UniqueValue.query.byValue({ partition: `c#${companyId}#employee-numbers` })
      .go({ pages: 'all' })
  ).data.map((g) => [g.value, g.ownerId]);

describe('create and edit with each field', () => {
  it('stores and returns 社員番号, フリガナ (normalised), 入社日 and 退職日; edits and clears them', async () => {
    const body = newStaff({
      employee_number: 'Ｅ－１００',
      name_kana: 'やまだ　ﾊﾅｺ',
      hire_date: '2024-04-01',
      leave_date: '2026-03-31',
    });
    const created = await admin.post('/api/v1/employees', body);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      employee_number: 'E-100',
      name_kana: 'ヤマダ ハナコ',
      hire_date: '2024-04-01',
      leave_date: '2026-03-31',
    });
    const id = created.body.data.id as string;
    expect((await admin.get(`/api/v1/employees/${id}`)).body.data).toEqual(created.body.data);
    const listed = (await admin.get('/api/v1/employees')).body.data.find((s: { id: string }) => s.id === id);
    expect(listed).toMatchObject({ employee_number: 'E-100', name_kana: 'ヤマダ ハナコ', leave_date: '2026-03-31' });
    expect(await guards(tenant.companyId)).toContainEqual(['number#E-100', id]);

    // Each field edited.
    const edited = await admin.put(`/api/v1/employees/${id}`, {
      ...body,
      password: '',
      employee_number: 'e-101',
      name_kana: 'ヤマダ ハルコ',
      hire_date: '2024-05-01',
      leave_date: '2026-04-30',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      employee_number: 'e-101',
      name_kana: 'ヤマダ ハルコ',
      hire_date: '2024-05-01',
      leave_date: '2026-04-30',
    });
    // New employment dates recompute the member in the background (issue 29 item 8): the answer names
    // the job; wait for it, the profile is the rest of the answer.
    const { recompute, ...profile } = edited.body.data;
    expect(recompute).toMatchObject({ id: expect.any(String) });
    await jobFinished(admin, recompute);
    expect((await admin.get(`/api/v1/employees/${id}`)).body.data).toEqual(profile);
    // The guard moved: the old number is free, the new one held.
    const held = await guards(tenant.companyId);
    expect(held).toContainEqual(['number#E-101', id]);
    expect(held.map(([v]) => v)).not.toContain('number#E-100');

    // Left out (a client of the spec's field list): kept. Null or blank: cleared.
    const spec = await admin.put(`/api/v1/employees/${id}`, {
      last_name: '山田',
      first_name: '春子',
      email: body.email,
      password: '',
      department_id: null,
      employment_status_id: null,
      hire_date: '2024-05-01',
    });
    expect(spec.status).toBe(200);
    expect(spec.body.data).toMatchObject({
      employee_number: 'e-101',
      name_kana: 'ヤマダ ハルコ',
      leave_date: '2026-04-30',
    });
    const cleared = await admin.put(`/api/v1/employees/${id}`, {
      ...body,
      password: '',
      employee_number: '',
      name_kana: null,
      leave_date: '',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ employee_number: null, name_kana: null, leave_date: null });
    const { data: item } = await db().entities.Employee.get({ companyId: tenant.companyId, employeeId: id }).go();
    expect(item).not.toHaveProperty('employeeNumber');
    expect(item).not.toHaveProperty('nameKana');
    expect(item).not.toHaveProperty('leaveDate');
    expect((await guards(tenant.companyId)).map(([, owner]) => owner)).not.toContain(id);

    // Clearing freed the number: another member takes it.
    expect((await admin.post('/api/v1/employees', newStaff({ employee_number: 'E-101' }))).status).toBe(201);
  });

  it('staff without the new fields stay valid (the spec’s create body)', async () => {
    const res = await admin.post('/api/v1/employees', newStaff());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ employee_number: null, name_kana: null, hire_date: null, leave_date: null });
  });
});

describe('bad input writes nothing', () => {
  const NUMBER = '社員番号は半角英数字・「-」・「_」の20文字以内で入力してください';
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['number over 20 characters', { employee_number: 'A'.repeat(21) }, 'employee_number', NUMBER],
    ['number with a space', { employee_number: 'A 1' }, 'employee_number', NUMBER],
    ['number in kanji', { employee_number: '社員一' }, 'employee_number', NUMBER],
    ['kana in kanji', { name_kana: '山田 花子' }, 'name_kana', 'フリガナは全角カタカナで入力してください'],
    ['kana in latin letters', { name_kana: 'Yamada' }, 'name_kana', 'フリガナは全角カタカナで入力してください'],
    ['kana over 60', { name_kana: 'ア'.repeat(61) }, 'name_kana', 'フリガナは60文字以内で入力してください'],
    ['malformed leave date', { leave_date: '2026/03/31' }, 'leave_date', ''],
    [
      'leave before hire',
      { hire_date: '2025-04-01', leave_date: '2025-03-31' },
      'leave_date',
      '退職日は入社日以降の日付を入力してください',
    ],
  ];
  it.each(cases)('%s → 400 with the field error', async (_, overrides, field, message) => {
    const body = newStaff(overrides);
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    const res = await admin.post('/api/v1/employees', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(DEFECT);
    expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
    if (message) expect(res.body.errors?.[field]).toEqual([message]);
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);
    expect(await employeePoolUser(body.email)).toBeNull();
  });

  it('on edit too (bad 社員番号, フリガナ, 退職日, and a 退職日 before the 入社日)', async () => {
    const body = newStaff({ hire_date: '2025-04-01', employee_number: 'EDIT-1' });
    const id = (await admin.post('/api/v1/employees', body)).body.data.id as string;
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    for (const overrides of [
      { employee_number: 'ｘ'.repeat(21) },
      { name_kana: '花子' },
      { leave_date: '2025-02-30' },
    ]) {
      const res = await admin.put(`/api/v1/employees/${id}`, { ...body, password: '', ...overrides });
      expect(res.status).toBe(400);
    }
    const bad = await admin.put(`/api/v1/employees/${id}`, {
      ...body,
      password: '',
      hire_date: '2025-04-01',
      leave_date: '2025-01-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ leave_date: ['退職日は入社日以降の日付を入力してください'] });
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);
  });
});

describe('社員番号 is unique per company', () => {
  it('a number in use is refused on create and on edit (case does not matter), nothing changes', async () => {
    const first = await admin.post('/api/v1/employees', newStaff({ employee_number: 'DUP-1' }));
    expect(first.status).toBe(201);
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    const again = newStaff({ employee_number: 'dup-1' });
    expectTaken(await admin.post('/api/v1/employees', again));
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);
    // The Cognito user made before the profile write was deleted again.
    expect(await employeePoolUser(again.email)).toBeNull();

    const body = newStaff({ employee_number: 'DUP-2' });
    const second = (await admin.post('/api/v1/employees', body)).body.data;
    const snapshot = await tableSnapshot(stack.dynamo, stack.tableName);
    expectTaken(await admin.put(`/api/v1/employees/${second.id}`, { ...body, password: '', employee_number: 'DUP-1' }));
    // With a new e-mail too: the e-mail change is put back.
    const newEmail = email();
    expectTaken(
      await admin.put(`/api/v1/employees/${second.id}`, {
        ...body,
        email: newEmail,
        password: '',
        employee_number: 'DUP-1',
      }),
    );
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(snapshot);
    expect((await employeePoolUser(body.email))?.attrs.email).toBe(body.email);

    // Re-saving one's own number (or its case) is fine.
    const same = await admin.put(`/api/v1/employees/${second.id}`, { ...body, password: '', employee_number: 'dup-2' });
    expect(same.status).toBe(200);
    expect(same.body.data.employee_number).toBe('dup-2');
  });

  it('two concurrent creates with one number: exactly one is written', async () => {
    const bodies = [newStaff({ employee_number: 'RACE-1' }), newStaff({ employee_number: 'RACE-1' })];
    const results = await Promise.all(bodies.map((b) => admin.post('/api/v1/employees', b)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expectTaken(results.find((r) => r.status === 409)!);
    const list = (await admin.get('/api/v1/employees')).body.data as { employee_number: string | null }[];
    expect(list.filter((s) => s.employee_number === 'RACE-1')).toHaveLength(1);
    const loser = bodies[results.findIndex((r) => r.status === 409)]!;
    expect(await employeePoolUser(loser.email)).toBeNull();
  });

  it('the same number in two companies is fine', async () => {
    expect((await admin.post('/api/v1/employees', newStaff({ employee_number: 'SHARED-1' }))).status).toBe(201);
    expect((await otherAdmin.post('/api/v1/employees', newStaff({ employee_number: 'SHARED-1' }))).status).toBe(201);
  });
});

describe('五十音 order', () => {
  /** A new company with five staff (渡辺 and 阿部 with the フリガナ given, 無記入 without one); ids by 姓. */
  const companyWithFive = async (watanabe: string, abe: string) => {
    const company = await createTenant({ employees: 0 });
    const client = await signIn(stack.baseUrl, 'admin', company.admin);
    const ids: Record<string, string> = {};
    for (const [last, first, kana] of [
      ['渡辺', '一郎', watanabe],
      ['無記入', '太郎', ''],
      ['阿部', '花子', abe],
      ['後藤', '次郎', 'ゴトウ ジロウ'],
      ['加藤', '三郎', 'カトウ サブロウ'],
    ] as const) {
      const res = await client.post(
        '/api/v1/employees',
        newStaff({ last_name: last, first_name: first, name_kana: kana }),
      );
      expect(res.status).toBe(201);
      ids[last] = (res.body.data as { id: string }).id;
    }
    return { client, ids, companyId: company.companyId };
  };

  it('lists staff by フリガナ, then name, then id; staff without フリガナ last', async () => {
    const { client } = await companyWithFive('わたなべ いちろう', 'ｱﾍﾞ ﾊﾅｺ');
    const list = (await client.get('/api/v1/employees')).body.data as { name: string }[];
    expect(list.map((s) => s.name)).toEqual(['阿部 花子', '加藤 三郎', '後藤 次郎', '渡辺 一郎', '無記入 太郎']);
    // The paid-leave staff list too.
    const leave = (await client.get('/api/v1/paid_leave/employees')).body.data as { name: string }[];
    expect(leave.map((s) => s.name)).toEqual(['阿部 花子', '加藤 三郎', '後藤 次郎', '渡辺 一郎', '無記入 太郎']);
  });

  it('pages the staff list in that order: one page a call, edits and retirement move or drop a member', async () => {
    const { client, ids } = await companyWithFive('ワタナベ イチロウ', 'アベ ハナコ');
    type Page = { body: { data: { name: string }[]; next_cursor: string | null } };
    const all = async (limit: number) => {
      const names: string[][] = [];
      let cursor: string | null = null;
      do {
        const res = (await client.get(
          `/api/v1/employees?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        )) as unknown as Page & { status: number };
        expect(res.status).toBe(200);
        names.push(res.body.data.map((s) => s.name));
        cursor = res.body.next_cursor;
      } while (cursor);
      return names;
    };
    // Five members two a page: three pages, the last one short and without a next cursor.
    expect(await all(2)).toEqual([['阿部 花子', '加藤 三郎'], ['後藤 次郎', '渡辺 一郎'], ['無記入 太郎']]);
    // A page exactly full at the end has no next cursor either (the Query reads one more to know).
    expect(await all(5)).toEqual([['阿部 花子', '加藤 三郎', '後藤 次郎', '渡辺 一郎', '無記入 太郎']]);

    // A new フリガナ moves the member; an edit that leaves the フリガナ out keeps its place.
    const edit = (id: string, body: Record<string, unknown>) =>
      client.put(`/api/v1/employees/${id}`, { ...newStaff(), password: '', ...body });
    const current = (await client.get(`/api/v1/employees/${ids['無記入']}`)).body.data as { email: string };
    expect(
      (
        await edit(ids['無記入']!, {
          last_name: '無記入',
          first_name: '太郎',
          email: current.email,
          name_kana: 'イトウ タロウ',
        })
      ).status,
    ).toBe(200);
    const abe = (await client.get(`/api/v1/employees/${ids['阿部']}`)).body.data as { email: string };
    expect((await edit(ids['阿部']!, { last_name: '阿部', first_name: '花子', email: abe.email })).status).toBe(200);
    expect((await all(100)).flat()).toEqual(['阿部 花子', '無記入 太郎', '加藤 三郎', '後藤 次郎', '渡辺 一郎']);
    // Retired staff leave the list.
    expect((await client.delete(`/api/v1/employees/${ids['加藤']}`)).status).toBe(200);
    expect((await all(100)).flat()).toEqual(['阿部 花子', '無記入 太郎', '後藤 次郎', '渡辺 一郎']);
  });

  it("refuses a forged cursor, another company's cursor and a bad limit with 400", async () => {
    const first = (await admin.get('/api/v1/employees?limit=1')).body as { next_cursor: string | null };
    const fromOther = (await otherAdmin.get('/api/v1/employees?limit=1')).body as { next_cursor: string | null };
    // Sealed for this company's list, but not a list position (no listOrder + NUL + id inside).
    const notAPosition = sealCursor('no-separator', `employees\n${tenant.companyId}`)!;
    for (const path of [
      '/api/v1/employees?cursor=forged',
      `/api/v1/employees?cursor=${encodeURIComponent(notAPosition)}`,
      ...(fromOther.next_cursor ? [`/api/v1/employees?cursor=${encodeURIComponent(fromOther.next_cursor)}`] : []),
    ]) {
      const res = await admin.get(path);
      expect(res.status).toBe(400);
      expect(res.body.errors?.cursor).toEqual(['続きの読み込みに失敗しました。一覧を最初から読み込み直してください。']);
    }
    expect((await admin.get('/api/v1/employees?limit=x')).body.errors?.limit).toEqual(['半角数字で入力してください']);
    for (const limit of ['0', '101'])
      expect((await admin.get(`/api/v1/employees?limit=${limit}`)).body.errors?.limit).toEqual([
        '件数は1〜100で指定してください',
      ]);
    expect(first).toHaveProperty('next_cursor');
  });

  it('the one-off backfill puts staff stored before the index into it; a rerun writes nothing', async () => {
    const { client, companyId: company } = await companyWithFive('ワタナベ イチロウ', 'アベ ハナコ');
    // A member as the table held them before issue 19: no listOrder, no gsi1 keys.
    await dynamo().send(
      new PutCommand({
        TableName: process.env.TABLE_NAME!,
        Item: {
          pk: `c#${company}`,
          sk: 'employee#old-member',
          companyId: company,
          employeeId: 'old-member',
          lastName: '伊藤',
          firstName: '古参',
          nameKana: 'イトウ コサン',
          email: 'old-member@example.test',
          status: 'active',
          createdAt: '2025-04-01T00:00:00.000Z',
          updatedAt: '2025-04-01T00:00:00.000Z',
          __edb_e__: 'employee',
          __edb_v__: '1',
        },
      }),
    );
    // A member stored after the 五十音 index but before the 氏名 index: listOrder and gsi1 keys, no nameKey.
    const listOrder = listOrderKey('イノウエ チュウキ', '井上 中期');
    await dynamo().send(
      new PutCommand({
        TableName: process.env.TABLE_NAME!,
        Item: {
          pk: `c#${company}`,
          sk: 'employee#mid-member',
          gsi1pk: `c#${company}#staff#active`,
          gsi1sk: `${listOrder}#mid-member`,
          companyId: company,
          employeeId: 'mid-member',
          lastName: '井上',
          firstName: '中期',
          nameKana: 'イノウエ チュウキ',
          listOrder,
          email: 'mid-member@example.test',
          status: 'active',
          createdAt: '2026-11-01T00:00:00.000Z',
          updatedAt: '2026-11-01T00:00:00.000Z',
          __edb_e__: 'employee',
          __edb_v__: '1',
        },
      }),
    );
    const names = async () =>
      ((await client.get('/api/v1/employees')).body.data as { name: string }[]).map((s) => s.name);
    const found = async (q: string) =>
      ((await client.get(`/api/v1/employees?q=${encodeURIComponent(q)}`)).body.data as { name: string }[]).map(
        (s) => s.name,
      );
    expect(await names()).not.toContain('伊藤 古参');
    expect(await names()).toContain('井上 中期');
    expect([await found('伊藤'), await found('井上')]).toEqual([[], []]);
    expect(await backfillListOrder(company)).toBe(2);
    expect(await names()).toEqual([
      '阿部 花子',
      '伊藤 古参',
      '井上 中期',
      '加藤 三郎',
      '後藤 次郎',
      '渡辺 一郎',
      '無記入 太郎',
    ]);
    expect([await found('伊藤'), await found('井上')]).toEqual([['伊藤 古参'], ['井上 中期']]);
    expect(await backfillListOrder(company)).toBe(0);

    // Nor had they an e-mail unique item: the import preview finds them once the backfill wrote it.
    const email = 'old-member@example.test';
    expect((await heldIdentities(company, [email], [])).takenEmails.has(email)).toBe(false);
    // (Both members written by hand lack one: 2.)
    expect(await backfillEmailGuards(company)).toBe(2);
    expect(await backfillEmailGuards(company)).toBe(0);
    expect((await heldIdentities(company, [email], [])).takenEmails.has(email)).toBe(true);
  });
});

describe('staff search (?q=): フリガナ or 氏名 prefix, 社員番号 and e-mail exact', () => {
  type Row = { id: string; name: string };
  type Found = { status: number; body: { data: Row[]; next_cursor: string | null } };
  let company: TestTenant;
  let client: HttpClient;
  const people: Record<string, { id: string; email: string }> = {};
  const search = async (q: string, c: HttpClient = client, extra = '') => {
    const res = (await c.get(`/api/v1/employees?q=${encodeURIComponent(q)}${extra}`)) as unknown as Found;
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    return res.body.data.map((s) => s.name);
  };

  beforeAll(async () => {
    company = await createTenant({ employees: 0 });
    client = await signIn(stack.baseUrl, 'admin', company.admin);
    for (const [last, first, kana, number] of [
      ['山田', '太郎', 'ヤマダ タロウ', 'Ab-01'],
      ['山崎', '花子', 'ヤマザキ ハナコ', null],
      ['佐藤', '一郎', 'サトウ イチロウ', 'X-2'],
      ['山口', '退職', 'ヤマグチ タイショク', 'GONE-1'],
      ['矢間', '無記入', '', null],
    ] as const) {
      const body = newStaff({ last_name: last, first_name: first, name_kana: kana, employee_number: number });
      const res = await client.post('/api/v1/employees', body);
      expect(res.status).toBe(201);
      people[last] = { id: (res.body.data as Row).id, email: body.email };
    }
    expect((await client.delete(`/api/v1/employees/${people['山口']!.id}`)).status).toBe(200);
    // The other company has a ヤマ… member with the same 社員番号.
    expect(
      (await otherAdmin.post('/api/v1/employees', newStaff({ name_kana: 'ヤマモト ハナコ', employee_number: 'AB-01' })))
        .status,
    ).toBe(201);
  });

  it('finds by the start of the フリガナ typed in ひらがな, カタカナ or 半角カナ, 濁点 and small kana folded', async () => {
    for (const q of ['やま', 'ヤマ', 'ﾔﾏ', ' やま '])
      expect([q, await search(q)]).toEqual([q, ['山崎 花子', '山田 太郎']]);
    for (const q of ['やまだ', 'ﾔﾏﾀﾞ', 'やまた', 'ヤマダ　たろう'])
      expect([q, await search(q)]).toEqual([q, ['山田 太郎']]);
    expect(await search('やまさき')).toEqual(['山崎 花子']);
    expect(await search('さと')).toEqual(['佐藤 一郎']);
    // At most `limit`, and no next page: typing more narrows the search.
    expect(await search('やま', client, '&limit=1')).toEqual(['山崎 花子']);
    // Readings that do not start the フリガナ find nobody (the 名 alone is not the start of a key).
    for (const q of ['たろう', 'ん']) expect([q, await search(q)]).toEqual([q, []]);
  });

  it('finds by the start of the 氏名 as written (漢字), 姓 then 名, spaces and width ignored', async () => {
    // Key order: 山崎花子 < 山田太郎 (崎 U+5D0E < 田 U+7530).
    expect(await search('山')).toEqual(['山崎 花子', '山田 太郎']);
    for (const q of ['山田', '山田太', '山田 太郎', '山田　太郎', ' 山田太郎 '])
      expect([q, await search(q)]).toEqual([q, ['山田 太郎']]);
    expect(await search('矢間無')).toEqual(['矢間 無記入']);
    // The 名 alone, or a name that is not the start, finds nobody.
    for (const q of ['太郎', '田', '山田次郎']) expect([q, await search(q)]).toEqual([q, []]);
    expect(await search('山', client, '&limit=1')).toEqual(['山崎 花子']);
  });

  it('finds by the exact 社員番号 (any case, 全角 too) and e-mail (any case)', async () => {
    for (const q of ['Ab-01', 'ab-01', 'AB-01', 'ＡＢ－０１']) expect([q, await search(q)]).toEqual([q, ['山田 太郎']]);
    expect(await search('x-2')).toEqual(['佐藤 一郎']);
    expect(await search('Ab-0')).toEqual([]);
    expect(await search(people['山崎']!.email.toUpperCase())).toEqual(['山崎 花子']);
    expect(await search(people['矢間']!.email)).toEqual(['矢間 無記入']);
    expect(await search(people['山崎']!.email.slice(0, -1))).toEqual([]);
    // The rows are the list's rows.
    const row = (await client.get('/api/v1/employees?q=ab-01')).body.data[0] as Record<string, unknown>;
    expect(row).toMatchObject({ id: people['山田']!.id, employee_number: 'Ab-01', name_kana: 'ヤマダ タロウ' });
    expect(row).toHaveProperty('monthly_working_minutes', 0);
  });

  it('never finds retired staff or another company’s staff', async () => {
    expect(await search('やまぐち')).toEqual([]);
    expect(await search('GONE-1')).toEqual([]);
    expect(await search(people['山口']!.email)).toEqual([]);
    // The other company's ヤマモト and its AB-01 are not this company's; it finds only its own.
    expect(await search('やまも')).toEqual([]);
    expect(await search('やまも', otherAdmin)).toEqual(['山田 花子']);
    expect(await search('ab-01', otherAdmin)).toEqual(['山田 花子']);
    // By 氏名 too: 山口 is retired, and each company finds only its own 山田.
    expect(await search('山口')).toEqual([]);
    expect(await search('山田')).toEqual(['山田 太郎']);
    // (the other company has two 山田 花子 by now: this block's and the 社員番号 block's.)
    expect(await search('山田', otherAdmin)).toEqual(['山田 花子', '山田 花子']);
    expect(await search(people['山田']!.email, otherAdmin)).toEqual([]);
  });

  it('refuses a bad search with 400 and changes nothing', async () => {
    const SEARCH = '検索語は1〜254文字で入力してください';
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    for (const [query, field, message] of [
      ['q=', 'q', SEARCH],
      ['q=%20%20', 'q', SEARCH],
      [`q=${encodeURIComponent('ア'.repeat(255))}`, 'q', SEARCH],
      ['q=%E3%82%84%E3%81%BE&cursor=abc', 'cursor', '検索結果に続きはありません。検索語を変えてください'],
      ['q=%E3%82%84%E3%81%BE&limit=101', 'limit', '件数は1〜100で指定してください'],
      ['q=%E3%82%84%E3%81%BE&name=x', null, null],
    ] as const) {
      const res = await client.get(`/api/v1/employees?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      if (field) expect([query, res.body.errors?.[field]]).toEqual([query, [message]]);
    }
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);
  });

  it('follows a rename: the new 氏名 finds the member, the old one no longer does', async () => {
    const id = people['矢間']!.id;
    const rename = (last: string) =>
      client.put(`/api/v1/employees/${id}`, {
        ...newStaff({ last_name: last, first_name: '無記入' }),
        email: people['矢間']!.email,
        password: '',
      });
    expect((await rename('八木')).status).toBe(200);
    expect([await search('矢間'), await search('八木')]).toEqual([[], ['八木 無記入']]);
    expect((await rename('矢間')).status).toBe(200);
    expect([await search('矢間'), await search('八木')]).toEqual([['矢間 無記入'], []]);
  });
});
