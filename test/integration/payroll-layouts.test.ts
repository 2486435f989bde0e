/**
 * Issue 18 item 2 over HTTP: the payroll layouts (GET/POST /api/v1/payroll_layouts, PUT/DELETE
 * /api/v1/payroll_layouts/{id}) and the 勤怠集計 export with `layout` (a preset or the company's own),
 * written by the export worker. Bad input is a 400 with Japanese field errors and writes nothing; a
 * taken name or a concurrent change is a 409; another company's layout is a 404 (and cannot be used
 * in an export); employees are refused.
 */
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCompanyLayouts, companyLayouts } from '../../functions/db/payroll-layouts.js';
import { refreshCompanyMonth } from '../../functions/db/summaries.js';
import { db } from '../../functions/db/service.js';
import { instantOf } from '../../functions/domain/time.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

const stack = useTestStack();
let tenant: TestTenant;
let other: TestTenant;
let admin: HttpClient;
let otherAdmin: HttpClient;
let staff: HttpClient;
const realNow = clock.now;

const layout = (over: Record<string, unknown> = {}) => ({
  name: '自社給与',
  columns: [
    { field: 'employee_number', header: '社員No' },
    { field: 'name', header: '氏名' },
    { field: 'statutory_overtime_minutes', header: '時間外' },
  ],
  time_format: 'decimal',
  encoding: 'utf8_bom',
  ...over,
});

beforeAll(async () => {
  clock.now = () => new Date('2026-11-10T03:00:00Z');
  tenant = await createTenant({ employees: 1, name: '給与連携株式会社' });
  other = await createTenant({ employees: 1, name: '別会社株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  const a = tenant.employees[0]!.id;
  const { entities } = db();
  await entities.Employee.patch({ companyId: tenant.companyId, employeeId: a }).set({ employeeNumber: 'P001' }).go();
  await entities.AttendanceDay.put([
    {
      companyId: tenant.companyId,
      employeeId: a,
      workDate: '2026-10-01',
      punchInAt: instantOf('2026-10-01', 9, 0, 'Asia/Tokyo'),
      punchOutAt: instantOf('2026-10-01', 20, 30, 'Asia/Tokyo'), // 2:30 法定外 (a 60 min break)
      // The break is punched: since issue 29 none is deemed without a punch, pattern or rule.
      breaks: [
        { startAt: instantOf('2026-10-01', 12, 0, 'Asia/Tokyo'), endAt: instantOf('2026-10-01', 13, 0, 'Asia/Tokyo') },
      ],
    },
  ]).go();
  await refreshCompanyMonth(tenant.companyId, 'Asia/Tokyo', 2026, 10);
});
afterAll(() => {
  clock.now = realNow;
});

async function exportJob(client: HttpClient, body: object) {
  const started = await client.post('/api/v1/attendance_totals_exports', body);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return pollUntil(
    async () => (await client.get(`/api/v1/attendance_totals_exports/${started.body.data.id}`)).body.data,
    (j) => j.status === 'done' || j.status === 'failed',
  );
}
const download = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

describe('payroll layouts CRUD', () => {
  it('lists the five presets with their sources, the fields, and no own layout yet', async () => {
    const res = await admin.get('/api/v1/payroll_layouts');
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.presets.map((p: { id: string }) => p.id)).toEqual(['bugyo', 'yayoi', 'freee', 'moneyforward', 'pca']);
    for (const p of data.presets) expect(p.source.url).toMatch(/^https:\/\//);
    expect(data.layouts).toEqual([]);
    expect(data.fields).toContainEqual({ id: 'employee_number', label: '社員番号', kind: 'text' });
  });

  it('creates, updates and deletes a layout; a taken name is a 409 beside the name', async () => {
    const created = await admin.post('/api/v1/payroll_layouts', layout());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    expect(created.body.data).toMatchObject({ name: '自社給与', time_format: 'decimal', encoding: 'utf8_bom' });
    const before = await tableSnapshot(stack.tableName);
    const dup = await admin.post('/api/v1/payroll_layouts', layout({ name: '自社給与' }));
    expect(dup.status).toBe(409);
    expect(dup.body.errors.name).toEqual(['同じ名称のレイアウトがあります']);
    expect(await tableSnapshot(stack.tableName)).toBe(before);

    const second = await admin.post('/api/v1/payroll_layouts', layout({ name: '予備' }));
    expect(second.status).toBe(201);
    const renamed = await admin.put(`/api/v1/payroll_layouts/${second.body.data.id}`, layout({ name: '自社給与' }));
    expect(renamed.status).toBe(409);
    const edited = await admin.put(
      `/api/v1/payroll_layouts/${id}`,
      layout({ columns: [{ field: 'employee_number', header: '社員番号' }], time_format: 'hmm', encoding: 'sjis' }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const list = (await admin.get('/api/v1/payroll_layouts')).body.data.layouts;
    expect(list.map((l: { name: string }) => l.name)).toEqual(['自社給与', '予備']);
    expect(list[0]).toMatchObject({ time_format: 'hmm', encoding: 'sjis', columns: [{ header: '社員番号' }] });

    expect((await admin.delete(`/api/v1/payroll_layouts/${second.body.data.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/payroll_layouts/${second.body.data.id}`)).status).toBe(404);
    expect((await admin.put(`/api/v1/payroll_layouts/${second.body.data.id}`, layout({ name: 'x' }))).status).toBe(404);
  });

  it('refuses bad input with Japanese field errors and writes nothing', async () => {
    const before = await tableSnapshot(stack.tableName);
    const bad = await admin.post('/api/v1/payroll_layouts', {
      name: ' ',
      columns: [{ field: 'salary', header: '' }],
      time_format: 'seconds',
      encoding: 'latin1',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('設定内容に不備があります。');
    expect(bad.body.errors.name).toEqual(['入力してください']);
    expect(bad.body.errors['columns.0.field']).toEqual(['出力する項目を選択してください']);
    expect(bad.body.errors['columns.0.header']).toEqual(['入力してください']);
    expect(bad.body.errors.time_format).toEqual(['時間の形式を選択してください']);
    expect(bad.body.errors.encoding).toEqual(['文字コードを選択してください']);
    const noKey = await admin.post('/api/v1/payroll_layouts', layout({ columns: [{ field: 'name', header: '氏名' }] }));
    expect(noKey.status).toBe(400);
    expect(noKey.body.errors.columns).toEqual(['社員番号の列を含めてください（給与ソフトが社員を照合するキーです）']);
    const none = await admin.post('/api/v1/payroll_layouts', layout({ columns: [] }));
    expect(none.body.errors.columns).toEqual(['列は1〜40個で指定してください']);
    const long = await admin.post('/api/v1/payroll_layouts', layout({ name: 'あ'.repeat(41) }));
    expect(long.body.errors.name).toEqual(['名称は40文字以内で入力してください']);
    expect(await tableSnapshot(stack.tableName)).toBe(before);
  });

  it('keeps companies apart (404) and refuses employees (403)', async () => {
    const mine = (await admin.get('/api/v1/payroll_layouts')).body.data.layouts[0].id as string;
    expect((await otherAdmin.get('/api/v1/payroll_layouts')).body.data.layouts).toEqual([]);
    const before = await tableSnapshot(stack.tableName);
    expect((await otherAdmin.put(`/api/v1/payroll_layouts/${mine}`, layout({ name: '乗っ取り' }))).status).toBe(404);
    expect((await otherAdmin.delete(`/api/v1/payroll_layouts/${mine}`)).status).toBe(404);
    const foreign = await otherAdmin.post('/api/v1/attendance_totals_exports', { period: '2026-10', layout: mine });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.layout).toEqual(['出力レイアウトを選択してください']);
    expect(await tableSnapshot(stack.tableName)).toBe(before);
    expect((await staff.get('/api/v1/payroll_layouts')).status).toBe(403);
    expect((await staff.post('/api/v1/payroll_layouts', layout({ name: '従業員' }))).status).toBe(403);
    expect((await staff.delete(`/api/v1/payroll_layouts/${mine}`)).status).toBe(403);
  });

  it('answers 409 when the layouts changed since they were read (nothing lost)', async () => {
    const { layouts, revision } = await companyLayouts(tenant.companyId);
    // Another admin's save lands first…
    expect((await admin.post('/api/v1/payroll_layouts', layout({ name: '先に保存' }))).status).toBe(201);
    // …so a write made from the older read is refused.
    await expect(saveCompanyLayouts(tenant.companyId, layouts, revision)).rejects.toMatchObject({ statusCode: 409 });
    const names = (await companyLayouts(tenant.companyId)).layouts.map((l) => l.name);
    expect(names).toContain('先に保存');
  });

  it('refuses an 11th layout (409)', async () => {
    const have = (await admin.get('/api/v1/payroll_layouts')).body.data.layouts.length as number;
    for (let i = have; i < 10; i++)
      expect((await admin.post('/api/v1/payroll_layouts', layout({ name: `追加${i}` }))).status).toBe(201);
    const over = await admin.post('/api/v1/payroll_layouts', layout({ name: '11件目' }));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe('レイアウトは10件まで登録できます');
  });
});

describe('勤怠集計 export with a payroll layout', () => {
  it('writes the 給与奉行 preset: Shift_JIS, CRLF, 社員番号 first, times as H:MM', async () => {
    const job = await exportJob(admin, { period: '2026-10', layout: 'bugyo' });
    expect(job).toMatchObject({ status: 'done', row_count: 1, encoding: 'sjis', file_name: '給与奉行_202610.csv' });
    const bytes = await download(job.download_url);
    expect(bytes.subarray(0, 3).toString('hex')).not.toBe('efbbbf');
    const lines = iconv.decode(bytes, 'CP932').split('\r\n');
    expect(lines[0]).toBe(
      '社員番号,出勤日数,欠勤日数,有休日数,休日出勤日数,遅刻早退回数,遅刻早退時間,普通残業時間,深夜残業時間,休日出勤時間,60時間超残業時間',
    );
    expect(lines[1]!.split(',').slice(0, 2)).toEqual(['P001', '1']);
    expect(lines[1]!.split(',')[7]).toBe('2:30');
  });

  it('writes freee as UTF-8 without a BOM and decimal hours', async () => {
    const job = await exportJob(admin, { period: '2026-10', layout: 'freee' });
    const bytes = await download(job.download_url);
    expect(bytes.subarray(0, 3).toString('hex')).not.toBe('efbbbf');
    const lines = bytes.toString('utf8').split('\r\n');
    expect(lines[0]!.startsWith('従業員番号,')).toBe(true);
    expect(lines[1]!.split(',')[5]).toBe('2.50');
  });

  it("writes the company's own layout with its headers, format and encoding", async () => {
    const id = (await admin.get('/api/v1/payroll_layouts')).body.data.layouts.find(
      (l: { name: string }) => l.name === '先に保存',
    ).id as string;
    const job = await exportJob(admin, { period: '2026-10', layout: id });
    expect(job).toMatchObject({ status: 'done', file_name: '先に保存_202610.csv', encoding: 'utf8' });
    const bytes = await download(job.download_url);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('社員No,氏名,時間外');
    expect(lines[1]).toBe('P001,社員 1号,2.50');
  });

  it('writes a character Shift_JIS lacks as ? and says how many (unencodable_chars)', async () => {
    const list = (await admin.get('/api/v1/payroll_layouts')).body.data.layouts as { id: string; name: string }[];
    expect((await admin.delete(`/api/v1/payroll_layouts/${list.at(-1)!.id}`)).status).toBe(200);
    const sjis = await admin.post(
      '/api/v1/payroll_layouts',
      layout({ name: 'SJIS用', encoding: 'sjis', time_format: 'hmm' }),
    );
    expect(sjis.status).toBe(201);
    await db()
      .entities.Employee.patch({ companyId: tenant.companyId, employeeId: tenant.employees[0]!.id })
      .set({ lastName: '𠮷田', firstName: '1号' })
      .go();
    const job = await exportJob(admin, { period: '2026-10', layout: sjis.body.data.id });
    expect(job).toMatchObject({ status: 'done', encoding: 'sjis', unencodable_chars: 1 });
    const lines = iconv.decode(await download(job.download_url), 'CP932').split('\r\n');
    expect(lines[1]).toBe('P001,?田 1号,2:30');
  });

  it("writes no cell a spreadsheet would run as a formula: header names and a member's name included (issue 30 item 5)", async () => {
    const list = (await admin.get('/api/v1/payroll_layouts')).body.data.layouts as { id: string }[];
    for (const l of list) expect((await admin.delete(`/api/v1/payroll_layouts/${l.id}`)).status).toBe(200);
    const evil = await admin.post(
      '/api/v1/payroll_layouts',
      layout({
        name: '数式見出し',
        columns: [
          { field: 'employee_number', header: '=HYPERLINK("http://evil.example","社員")' },
          { field: 'name', header: '+氏名' },
          { field: 'department', header: '@部署' },
          { field: 'statutory_overtime_minutes', header: '-時間外' },
          { field: 'late_night_minutes', header: '＝深夜' },
        ],
        time_format: 'hmm',
      }),
    );
    expect(evil.status, JSON.stringify(evil.body)).toBe(201);
    await db()
      .entities.Employee.patch({ companyId: tenant.companyId, employeeId: tenant.employees[0]!.id })
      .set({ lastName: '=cmd|"/c calc"!A0', firstName: '太郎' })
      .go();
    const job = await exportJob(admin, { period: '2026-10', layout: evil.body.data.id });
    expect(job.status).toBe('done');
    const text = (await download(job.download_url)).subarray(3).toString('utf8');
    const [header, row] = text.split('\r\n');
    expect(header).toBe(`"'=HYPERLINK(""http://evil.example"",""社員"")",'+氏名,'@部署,'-時間外,'＝深夜`);
    // The name is text; the figures stay figures (2:30 法定外, no 深夜).
    expect(row).toBe(`P001,"'=cmd|""/c calc""!A0 太郎",営業部,2:30,0:00`);
  });

  it('refuses an unknown layout with a field error', async () => {
    const res = await admin.post('/api/v1/attendance_totals_exports', { period: '2026-10', layout: 'obc!' });
    expect(res.status).toBe(400);
    expect(res.body.errors.layout).toEqual(['出力レイアウトを選択してください']);
  });
});
