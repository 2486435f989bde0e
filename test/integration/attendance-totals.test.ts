/**
 * Issue 18 item 1, 勤怠集計: GET /api/v1/attendance_totals (a page of staff with their totals of a
 * payroll period) and the CSV (POST /api/v1/attendance_totals_exports, a background job with
 * progress). The totals are checked against the engine's per-day figures (the month table's rows);
 * a closed period's totals come from the closing snapshot and stay after a rule change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { ja } from '../../functions/shared/i18n/catalogues/ja.js';
import { refreshCompanyMonth } from '../../functions/db/summaries.js';
import { db } from '../../functions/db/service.js';
import { instantOf } from '../../functions/domain/time.js';
import { clock } from '../../functions/shared/clock.js';
import { newId } from '../../functions/shared/ids.js';
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
// 2026-11-10 12:00 in Tokyo: October (末日締め) has ended.
const NOW = '2026-11-10T03:00:00Z';
const kaihatsu = newId();
const third = newId();

beforeAll(async () => {
  clock.now = () => new Date(NOW);
  tenant = await createTenant({ employees: 2, name: '集計株式会社' });
  other = await createTenant({ employees: 1, name: '他社株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  const [a, b] = tenant.employees.map((e) => e.id) as [string, string];
  const { entities } = db();
  // 社員番号 and フリガナ as the staff form stores them; B has no フリガナ (sorts last in 五十音).
  // The names go with the フリガナ: the 五十音 key is built from all three (entities/employee.ts).
  const named = (await entities.Employee.get({ companyId: tenant.companyId, employeeId: a }).go()).data!;
  await entities.Employee.patch({ companyId: tenant.companyId, employeeId: a })
    .set({ employeeNumber: 'E002', nameKana: 'ヤマダ タロウ', lastName: named.lastName, firstName: named.firstName })
    .go();
  await entities.Employee.patch({ companyId: tenant.companyId, employeeId: b }).set({ employeeNumber: 'E001' }).go();
  // A third staff member in another department (開発部).
  await entities.Department.put({ companyId: tenant.companyId, departmentId: kaihatsu, name: '開発部' }).go();
  await entities.Employee.put({
    companyId: tenant.companyId,
    employeeId: third,
    lastName: '青木',
    firstName: '花子',
    nameKana: 'アオキ ハナコ',
    employeeNumber: 'E003',
    email: `aoki-${third}@example.com`,
    departmentId: kaihatsu,
    employmentStatusId: tenant.employmentStatusId,
  }).go();
  const day = (employeeId: string, date: string, inH: number, outH: number) => ({
    companyId: tenant.companyId,
    employeeId,
    workDate: date,
    punchInAt: instantOf(date, inH, 0, 'Asia/Tokyo'),
    punchOutAt: instantOf(date, outH, 0, 'Asia/Tokyo'),
  });
  await entities.AttendanceDay.put([
    day(a, '2026-10-01', 9, 18),
    day(a, '2026-10-02', 9, 21), // 法定外
    day(a, '2026-10-03', 9, 15), // 土曜 (所定休日) worked
    day(a, '2026-10-04', 10, 14), // 日曜 (法定休日) worked
    day(a, '2026-10-06', 13, 23), // 深夜
    { companyId: tenant.companyId, employeeId: a, workDate: '2026-10-07', leaveType: 0, leaveDays: 1 },
    { ...day(a, '2026-10-08', 14, 18), leaveType: 0, leaveUnit: 'am' as const, leaveDays: 0.5 },
    { companyId: tenant.companyId, employeeId: a, workDate: '2026-10-09', leaveType: 1, leaveDays: 1 },
    day(b, '2026-10-01', 9, 18),
    day(b, '2026-10-05', 8, 20),
    day(third, '2026-10-01', 9, 17),
  ]).go();
  await refreshCompanyMonth(tenant.companyId, 'Asia/Tokyo', 2026, 10);
  await refreshCompanyMonth(other.companyId, 'Asia/Tokyo', 2026, 10);
});
afterAll(() => {
  clock.now = realNow;
});

type Row = Record<string, unknown> & { employee_id: string };
const rowsOf = async (query: string) => {
  const res = await admin.get(`/api/v1/attendance_totals?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { rows: Row[]; closed: boolean; cursor: string | null; from: string; to: string };
};

interface DayView {
  worked_minutes: number | null;
  scheduled_overtime_minutes: number;
  statutory_overtime_minutes: number;
  legal_holiday_work_minutes: number;
  late_night_minutes: number;
  late_minutes: number;
  early_leave_minutes: number;
  is_absent: boolean;
  is_day_off: boolean;
}

describe('勤怠集計 list', () => {
  it("matches the sums of the month table's rows (the engine's per-day figures)", async () => {
    const data = await rowsOf('period=2026-10');
    expect(data).toMatchObject({ closed: false, from: '2026-10-01', to: '2026-10-31', cursor: null });
    const a = tenant.employees[0]!.id;
    const row = data.rows.find((r) => r.employee_id === a)!;
    const month = (await admin.get(`/api/v1/timestamps?year=2026&month=10&id=${a}`)).body.data;
    const days = month.days as DayView[];
    const sum = (f: (d: DayView) => number) => days.reduce((n, d) => n + f(d), 0);
    const worked = (d: DayView) => d.worked_minutes ?? 0;
    expect(row).toMatchObject({
      employee_number: 'E002',
      name: '社員 1号',
      name_kana: 'ヤマダ タロウ',
      department: '営業部',
      employment_status: '正社員',
      status: 'active',
      closed: false,
      recompute_pending: false,
      no_data: false,
      rounding: null,
      rounded: null,
      work_days: days.filter((d) => worked(d) > 0).length,
      scheduled_overtime_minutes: sum((d) => d.scheduled_overtime_minutes),
      statutory_overtime_minutes: sum((d) => d.statutory_overtime_minutes),
      legal_holiday_work_minutes: sum((d) => d.legal_holiday_work_minutes),
      late_night_minutes: sum((d) => d.late_night_minutes),
      late_minutes: sum((d) => d.late_minutes),
      early_leave_minutes: sum((d) => d.early_leave_minutes),
      absent_days: days.filter((d) => d.is_absent).length,
      regular_minutes: sum(
        (d) => worked(d) - d.scheduled_overtime_minutes - d.statutory_overtime_minutes - d.legal_holiday_work_minutes,
      ),
      legal_holiday_work_days: days.filter((d) => d.legal_holiday_work_minutes > 0).length,
      non_legal_holiday_work_days: days.filter(
        (d) => worked(d) > 0 && d.is_day_off && d.legal_holiday_work_minutes === 0,
      ).length,
      paid_leave_days: 1.5,
      substitute_leave_days: 1,
      transfer_holiday_days: 0,
      scheduled_days: month.totals.scheduled_days,
      overtime_over_60_minutes: month.totals.overtime_over_60_minutes,
    });
    // The month has what the figures are about: holiday work of both kinds, 法定外 and 深夜.
    expect(row.legal_holiday_work_days).toBe(1);
    expect(row.non_legal_holiday_work_days).toBe(1);
    expect(row.statutory_overtime_minutes).toBeGreaterThan(0);
    expect(row.late_night_minutes).toBe(60);
  });

  it('sorts in 五十音 order by default (no フリガナ last) and by a column either way', async () => {
    const ids = (rows: Row[]) => rows.map((r) => r.employee_id);
    const [a, b] = tenant.employees.map((e) => e.id) as [string, string];
    expect(ids((await rowsOf('period=2026-10')).rows)).toEqual([third, a, b]);
    expect(ids((await rowsOf('period=2026-10&sort=employee_number&order=asc')).rows)).toEqual([b, a, third]);
    const byOvertime = (await rowsOf('period=2026-10&sort=statutory_overtime_minutes&order=desc')).rows;
    const figures = byOvertime.map((r) => r.statutory_overtime_minutes as number);
    expect(figures).toEqual([...figures].sort((x, y) => y - x));
  });

  it('filters by department and status, and pages with a sealed cursor', async () => {
    expect((await rowsOf(`period=2026-10&department_id=${kaihatsu}`)).rows.map((r) => r.employee_id)).toEqual([third]);
    expect((await rowsOf(`period=2026-10&employment_status_id=${tenant.employmentStatusId}`)).rows).toHaveLength(3);
    const first = await rowsOf('period=2026-10&limit=2');
    expect(first.rows).toHaveLength(2);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await rowsOf(`period=2026-10&limit=2&cursor=${encodeURIComponent(first.cursor!)}`);
    expect(second.rows).toHaveLength(1);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.employee_id)).size).toBe(3);
    // A cursor of another filter is refused.
    const foreign = await admin.get(
      `/api/v1/attendance_totals?period=2026-10&limit=2&department_id=${kaihatsu}&cursor=${encodeURIComponent(first.cursor!)}`,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.cursor).toEqual([expect.stringContaining('続きの読み込みに失敗しました')]);
  });

  it('refuses employees and bad input (400 with Japanese field errors), and keeps companies apart', async () => {
    expect((await staff.get('/api/v1/attendance_totals?period=2026-10')).status).toBe(403);
    expect((await staff.post('/api/v1/attendance_totals_exports', { period: '2026-10' })).status).toBe(403);
    const missing = await admin.get('/api/v1/attendance_totals');
    expect(missing.status).toBe(400);
    expect(missing.body.errors.period).toEqual([ja['period.choose']]);
    const bad = await admin.get('/api/v1/attendance_totals?period=2026-10&sort=salary&order=up&limit=101');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.sort).toEqual(['並べ替えの項目を選択してください']);
    expect(bad.body.errors.order).toEqual(['並び順は昇順か降順を選択してください']);
    expect(bad.body.errors.limit).toEqual(['件数は1〜100で指定してください']);
    // Another company's admin sees only that company's staff; a foreign department is a 404.
    const theirs = (await otherAdmin.get('/api/v1/attendance_totals?period=2026-10')).body.data.rows as Row[];
    expect(theirs.map((r) => r.employee_id)).toEqual([other.employees[0]!.id]);
    const foreign = await otherAdmin.get(`/api/v1/attendance_totals?period=2026-10&department_id=${kaihatsu}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('データの取得に失敗しました');
    expect(JSON.stringify(foreign.body)).not.toContain(third);
    const before = await tableSnapshot(stack.tableName);
    const exp = await otherAdmin.post('/api/v1/attendance_totals_exports', {
      period: '2026-10',
      department_id: kaihatsu,
    });
    expect(exp.status).toBe(400);
    expect(exp.body.errors.department_id).toEqual(['部署を選択してください']);
    const enc = await admin.post('/api/v1/attendance_totals_exports', { period: '2026-10', encoding: 'latin1' });
    expect(enc.status).toBe(400);
    expect(enc.body.errors.encoding).toEqual(['文字コードを選択してください']);
    expect(await tableSnapshot(stack.tableName)).toBe(before);
  });

  it('says 再計算待ち for a stored summary that predates the new columns, and null figures', async () => {
    const a = tenant.employees[0]!.id;
    const { entities } = db();
    await entities.WorkSummary.put({
      companyId: tenant.companyId,
      month: '2026-09',
      employeeId: a,
      ruleVersion: 'old',
      workedMinutes: 480,
      scheduledOvertimeMinutes: 0,
      statutoryOvertimeMinutes: 0,
      overtimeMinutes: 0,
      overtimeOver60Minutes: 0,
      excessOvertimeMinutes: 0,
      legalHolidayWorkMinutes: 0,
      lateNightMinutes: 0,
      workDays: 1,
      paidLeaveDays: 0,
      incompleteDays: 0,
      computedAt: '2026-09-30T00:00:00.000Z',
    }).go();
    const rows = (await rowsOf('period=2026-09')).rows;
    expect(rows.find((r) => r.employee_id === a)).toMatchObject({
      recompute_pending: true,
      regular_minutes: null,
      legal_holiday_work_days: null,
      work_days: 1,
    });
    expect(rows.find((r) => r.employee_id === third)).toMatchObject({ no_data: true, work_days: null });
  });
});

async function exportJob(client: HttpClient, body: object) {
  const started = await client.post('/api/v1/attendance_totals_exports', body);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return pollUntil(
    async () => (await client.get(`/api/v1/attendance_totals_exports/${started.body.data.id}`)).body.data,
    (j) => j.status === 'done' || j.status === 'failed',
  );
}

describe('勤怠集計 CSV', () => {
  it('writes one row per employee, 社員番号 first, times as H:MM, UTF-8 with BOM, with progress', async () => {
    const job = await exportJob(admin, { period: '2026-10' });
    expect(job).toMatchObject({
      status: 'done',
      row_count: 3,
      file_name: '勤怠集計_202610.csv',
      progress: { done: 3, total: 3 },
    });
    const bytes = Buffer.from(await (await fetch(job.download_url)).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]!.startsWith('社員番号,氏名,フリガナ,部署,雇用形態,出勤予定日数,出勤日数,法定休日出勤日数')).toBe(
      true,
    );
    const rowA = lines.find((l) => l.startsWith('E002,'))!;
    const cells = rowA.split(',');
    const header = lines[0]!.split(',');
    expect(cells[header.indexOf('深夜労働時間')]).toBe('1:00');
    expect(cells[header.indexOf('有給休暇日数')]).toBe('1.5');
    expect(cells[header.indexOf('状態')]).toBe('集計中');
    expect(cells.at(-1)).toBe(tenant.employees[0]!.id);
    // Another company's admin cannot poll (or download) the job: 404.
    expect((await otherAdmin.get(`/api/v1/attendance_totals_exports/${job.id}`)).status).toBe(404);
  });

  it('writes Shift_JIS and honours the department filter', async () => {
    const job = await exportJob(admin, { period: '2026-10', department_id: kaihatsu, encoding: 'sjis' });
    expect(job).toMatchObject({ status: 'done', row_count: 1, encoding: 'sjis' });
    const text = iconv.decode(Buffer.from(await (await fetch(job.download_url)).arrayBuffer()), 'CP932');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[1]!.startsWith('E003,青木 花子,アオキ ハナコ,開発部,正社員,')).toBe(true);
  });
});

describe('a closed period', () => {
  it('reads the closing snapshot (closed: true), and the totals stay after a rule change', async () => {
    const closing = await admin.post('/api/v1/period_closings', { period: '2026-10' });
    expect(closing.status, JSON.stringify(closing.body)).toBe(201);
    await pollUntil(
      async () =>
        ((await admin.get('/api/v1/period_closings')).body.data.periods as { id: string; status: string }[]).find(
          (p) => p.id === '2026-10',
        )!,
      (p) => p.status === 'closed' || p.status === 'failed',
    );
    const page = await rowsOf('period=2026-10');
    const a = tenant.employees[0]!.id;
    const closedRow = (await rowsOf('period=2026-10')).rows.find((r) => r.employee_id === a)!;
    expect(closedRow.closed).toBe(true);
    expect(page.closed).toBe(true);
    // A rule change written straight to the table (bypassing the closed-period guard), then a recompute:
    // 所定 7 h, so each 9:00–18:00 day has 60 min of 法内残業 in the live summaries.
    await db()
      .entities.Rule.put({
        companyId: tenant.companyId,
        ruleType: 'working',
        departmentId: '-',
        employmentStatusId: '-',
        effectiveFrom: '2026-01-01',
        fixedMinutes: 420,
        overMinutes: 0,
      })
      .go();
    await refreshCompanyMonth(tenant.companyId, 'Asia/Tokyo', 2026, 10);
    const live = (
      await db().entities.WorkSummary.get({ companyId: tenant.companyId, month: '2026-10', employeeId: a }).go()
    ).data!;
    expect(live.scheduledOvertimeMinutes).not.toBe(closedRow.scheduled_overtime_minutes);
    const after = (await rowsOf('period=2026-10')).rows.find((r) => r.employee_id === a)!;
    expect(after).toEqual(closedRow);
    // The CSV of the closed period says 締め済 and has the snapshot's figures.
    const job = await exportJob(admin, { period: '2026-10' });
    const text = Buffer.from(await (await fetch(job.download_url)).arrayBuffer())
      .subarray(3)
      .toString('utf8');
    const lines = text.trimEnd().split('\r\n');
    const header = lines[0]!.split(',');
    const cells = lines.find((l) => l.startsWith('E002,'))!.split(',');
    expect(cells[header.indexOf('状態')]).toBe('締め済');
    const so = closedRow.scheduled_overtime_minutes as number;
    expect(cells[header.indexOf('法内残業時間')]).toBe(`${Math.floor(so / 60)}:${String(so % 60).padStart(2, '0')}`);
  });

  it('lists exactly the closing’s members: not one registered after it, and one retired since with its figures (issue 29 item 13)', async () => {
    const before = await rowsOf('period=2026-10');
    const frozenIds = before.rows.map((r) => r.employee_id).sort();
    expect(frozenIds).toEqual([...tenant.employees.map((e) => e.id), third].sort());
    const frozenThird = before.rows.find((r) => r.employee_id === third)!;
    // After the closing: a member is registered, another retires, a third moves to 営業部.
    const created = await admin.post('/api/v1/employees', {
      last_name: '後入',
      first_name: '社員',
      email: `late-${Date.now().toString(36)}@example.test`,
      password: 'Temp#Passw0rd2026',
      department_id: null,
      employment_status_id: null,
    });
    expect(created.status).toBe(201);
    const b = tenant.employees[1]!.id;
    expect((await admin.delete(`/api/v1/employees/${b}`)).status).toBe(200);
    await db()
      .entities.Employee.patch({ companyId: tenant.companyId, employeeId: third })
      .set({ departmentId: tenant.departmentId })
      .go();

    const after = await rowsOf('period=2026-10');
    expect(after.rows.map((r) => r.employee_id).sort()).toEqual(frozenIds);
    expect(after.rows.find((r) => r.employee_id === b)).toMatchObject({
      status: 'retired',
      closed: true,
      no_data: false,
    });
    // The department as it was at closing, and the filters by it.
    expect(after.rows.find((r) => r.employee_id === third)).toEqual(frozenThird);
    expect((await rowsOf(`period=2026-10&department_id=${kaihatsu}`)).rows.map((r) => r.employee_id)).toEqual([third]);
    // The open period lists today's active staff: the new member, not the retired one.
    const open = (await rowsOf('period=2026-11')).rows.map((r) => r.employee_id);
    expect(open).toContain(created.body.data.id);
    expect(open).not.toContain(b);
    // The closed period's CSV has one row per member of the closing.
    const job = await exportJob(admin, { period: '2026-10' });
    expect(job).toMatchObject({ status: 'done', row_count: 3, progress: { done: 3, total: 3 } });
  });
});
