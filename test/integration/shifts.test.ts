/**
 * Issue 16 item 2, shifts (シフト): GET /api/v1/shifts (a page of staff with every day resolved, or
 * one's own schedule for an employee) and PUT /api/v1/shifts (bulk; every entry validated with its
 * index and nothing written unless all pass; closed periods refused; a background recompute of only
 * the named staff). Calendar (checked with `date`): 2026-11-02 is a Monday; "now" is 2026-11-10 noon
 * in Tokyo, so October can be closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putPeriodClosing } from '../../functions/db/period-closings.js';
import { employeeShifts } from '../../functions/db/schedules.js';
import { db } from '../../functions/db/service.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { jaErrorBody } from '../support/error-body.js';

const stack = useTestStack();
let a: TestTenant;
let b: TestTenant;
let adminA: HttpClient;
let adminB: HttpClient;
let staffA: HttpClient;
const realNow = clock.now;

const pattern = (companyId: string, patternId: string, name: string, start: number, end: number, deleted = false) =>
  db()
    .entities.WorkPatternItem.put({
      companyId,
      patternId,
      name,
      startMinute: start * 60,
      endMinute: end * 60,
      breakWindows: end - start > 6 ? [{ startMinute: 12 * 60, endMinute: 13 * 60 }] : [],
      ...(deleted ? { deletedAt: '2026-01-01T00:00:00.000Z' } : {}),
    })
    .go();

beforeAll(async () => {
  clock.now = () => new Date('2026-11-10T03:00:00Z');
  [a, b] = await Promise.all([createTenant({ employees: 3 }), createTenant({ employees: 1 })]);
  await Promise.all([
    pattern(a.companyId, 'day', '日勤', 9, 18),
    pattern(a.companyId, 'night', '夜勤', 22, 31),
    pattern(a.companyId, 'old', '旧シフト', 10, 19, true),
    pattern(b.companyId, 'bonly', '他社', 8, 17),
    // Everyone's default: 日勤 from 1 Jan.
    db()
      .entities.PatternAssignment.put({
        companyId: a.companyId,
        scope: 'group',
        departmentId: RULE_ANY,
        employmentStatusId: RULE_ANY,
        employeeId: RULE_ANY,
        effectiveFrom: '2026-01-01',
        patternId: 'day',
      })
      .go(),
  ]);
  [adminA, adminB, staffA] = await Promise.all([
    signIn(stack.baseUrl, 'admin', a.admin),
    signIn(stack.baseUrl, 'admin', b.admin),
    signIn(stack.baseUrl, 'employee', a.employees[0]!),
  ]);
});
afterAll(() => {
  clock.now = realNow;
});

const e = (i: number) => a.employees[i]!.id;
const month = (client: HttpClient, extra = '') => client.get(`/api/v1/shifts?year=2026&month=11${extra}`);

describe('PUT /api/v1/shifts', () => {
  it('saves patterns and days off, answers a recompute of only the named staff, and its job finishes', async () => {
    const res = await adminA.put('/api/v1/shifts', {
      entries: [
        { employee_id: e(0), date: '2026-11-02', pattern_id: 'night', day_off: false },
        { employee_id: e(0), date: '2026-11-03', pattern_id: null, day_off: true },
        { employee_id: e(1), date: '2026-11-04', pattern_id: 'day', day_off: false },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.saved).toBe(3);
    const job = res.body.data.recompute;
    expect(job).toMatchObject({ from_month: '2026-11', to_month: '2026-11' });
    const done = await pollUntil(
      async () => (await adminA.get(`/api/v1/recompute_jobs/${job.id}`)).body.data,
      (j) => j.status === 'done' || j.status === 'failed',
    );
    // Two of the three staff, not the whole company.
    expect(done).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });

    const got = (await month(adminA)).body.data;
    expect(got.entries).toEqual(
      expect.arrayContaining([
        { employee_id: e(0), date: '2026-11-02', pattern_id: 'night', day_off: false },
        { employee_id: e(0), date: '2026-11-03', pattern_id: null, day_off: true },
        { employee_id: e(1), date: '2026-11-04', pattern_id: 'day', day_off: false },
      ]),
    );
    expect(got.entries).toHaveLength(3);
    // Live patterns only, with times as the grid shows them.
    expect(got.patterns).toEqual([
      {
        id: 'day',
        name: '日勤',
        start_time: '09:00',
        end_time: '18:00',
        crosses_midnight: false,
        breaks: [{ start_time: '12:00', end_time: '13:00' }],
      },
      {
        id: 'night',
        name: '夜勤',
        start_time: '22:00',
        end_time: '07:00',
        crosses_midnight: true,
        breaks: [{ start_time: '12:00', end_time: '13:00' }],
      },
    ]);
    const first = got.employees.find((x: { id: string }) => x.id === e(0));
    expect(first).toMatchObject({ name: '社員 1号', department_name: '営業部', employment_status_name: '正社員' });
    expect(first.days).toHaveLength(30);
    const day = (d: string) => first.days.find((x: { date: string }) => x.date === d);
    expect(day('2026-11-05')).toEqual({
      date: '2026-11-05',
      kind: 'pattern',
      pattern_id: 'day',
      pattern_name: '日勤',
      source: 'group',
      calendar_day_off: false,
    });
    // Sunday 11/1 is a day off by the company calendar: the default pattern does not apply there (as
    // in the engine, which finds no 欠勤 on it), only a shift would.
    expect(day('2026-11-01')).toEqual({
      date: '2026-11-01',
      kind: 'none',
      pattern_id: null,
      pattern_name: null,
      source: null,
      calendar_day_off: true,
    });
    expect(day('2026-11-02')).toMatchObject({ kind: 'pattern', pattern_id: 'night', source: 'shift' });
    expect(day('2026-11-03')).toMatchObject({ kind: 'day_off', pattern_id: null, source: 'shift' });
  });

  it('removes a shift when pattern_id is null and day_off false: the default applies again', async () => {
    const res = await adminA.put('/api/v1/shifts', {
      entries: [{ employee_id: e(0), date: '2026-11-02', pattern_id: null, day_off: false }],
    });
    expect(res.status).toBe(200);
    const got = (await month(adminA, `&employee_id=${e(0)}`)).body.data;
    expect(got.employees).toHaveLength(1);
    expect(got.entries.map((x: { date: string }) => x.date)).toEqual(['2026-11-03']);
    // Monday 11/2 falls back to the group's default; 11/3 (文化の日, a day off by the calendar) keeps its shift day off.
    expect(got.employees[0].days[1]).toMatchObject({ date: '2026-11-02', pattern_id: 'day', source: 'group' });
    expect(got.employees[0].days[2]).toMatchObject({ date: '2026-11-03', kind: 'day_off', calendar_day_off: true });
  });

  it('names every bad entry by its index and writes nothing', async () => {
    const before = await tableSnapshot(stack.tableName);
    const res = await adminA.put('/api/v1/shifts', {
      entries: [
        { employee_id: e(2), date: '2026-11-05', pattern_id: 'day', day_off: false },
        { employee_id: e(2), date: '2026-11-06', pattern_id: 'nosuch', day_off: false },
        { employee_id: b.employees[0]!.id, date: '2026-11-06', pattern_id: 'day', day_off: false },
        { employee_id: e(2), date: '2026-11-07', pattern_id: 'old', day_off: false },
        { employee_id: e(2), date: '2026-11-05', pattern_id: null, day_off: true },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      jaErrorBody('シフトの内容に不備があります。', {
        'entries.1.pattern_id': ['勤務パターンが見つかりません'],
        'entries.2.employee_id': ['スタッフが見つかりません'],
        'entries.3.pattern_id': ['勤務パターンが見つかりません'],
        'entries.4.date': ['同じスタッフと日付が重複しています'],
      }),
    );
    const shapes = await adminA.put('/api/v1/shifts', {
      entries: [
        { employee_id: e(2), date: '2026-11-05', pattern_id: 'day', day_off: false },
        { employee_id: e(2), date: '2026-02-30', pattern_id: 'day', day_off: false },
        { employee_id: e(2), date: '2026-11-08', pattern_id: 'day', day_off: true },
      ],
    });
    expect(shapes.status).toBe(400);
    expect(shapes.body.errors).toEqual({
      'entries.1.date': ['正しい日付を選択してください'],
      'entries.2.day_off': ['勤務パターンと休みは同時に指定できません'],
    });
    const many = await adminA.put('/api/v1/shifts', {
      entries: Array.from({ length: 501 }, (_, i) => ({
        employee_id: e(2),
        date: `2026-11-${String((i % 30) + 1).padStart(2, '0')}`,
        pattern_id: null,
        day_off: true,
      })),
    });
    expect(many.status).toBe(400);
    expect(many.body.errors).toEqual({ entries: ['一度に保存できるのは500件までです'] });
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('refuses a date in a closed payroll period (409 naming the period and the entry) and writes nothing', async () => {
    await putPeriodClosing(a.companyId, { period: '2026-10', from: '2026-10-01', to: '2026-10-31', status: 'closed' });
    const before = await tableSnapshot(stack.tableName);
    const res = await adminA.put('/api/v1/shifts', {
      entries: [
        { employee_id: e(1), date: '2026-11-20', pattern_id: 'day', day_off: false },
        { employee_id: e(1), date: '2026-10-30', pattern_id: null, day_off: true },
      ],
    });
    const message =
      '2026年10月度（10月1日〜10月31日）は締め済みのため変更できません。変更が必要な場合は管理者が締めを解除してください。';
    expect(res.status).toBe(409);
    expect(res.body).toEqual(jaErrorBody(message, { 'entries.1.date': [message] }));
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });
});

describe('roles and tenancy', () => {
  it('an employee sees only their own schedule and cannot save', async () => {
    const own = await month(staffA);
    expect(own.status).toBe(200);
    expect(own.body.data.employees.map((x: { id: string }) => x.id)).toEqual([e(0)]);
    expect(own.body.data.entries.every((x: { employee_id: string }) => x.employee_id === e(0))).toBe(true);
    expect((await month(staffA, `&employee_id=${e(0)}`)).status).toBe(200);
    expect((await month(staffA, `&employee_id=${e(1)}`)).status).toBe(404);
    const put = await staffA.put('/api/v1/shifts', {
      entries: [{ employee_id: e(0), date: '2026-11-20', pattern_id: null, day_off: true }],
    });
    expect(put.status).toBe(403);
  });

  it("another company's admin neither reads nor writes company A's shifts", async () => {
    expect((await month(adminB, `&employee_id=${e(0)}`)).status).toBe(404);
    const page = (await month(adminB)).body.data;
    expect(page.employees.map((x: { id: string }) => x.id)).toEqual([b.employees[0]!.id]);
    expect(page.entries).toEqual([]);
    expect(page.patterns.map((p: { id: string }) => p.id)).toEqual(['bonly']);
    const before = await tableSnapshot(stack.tableName);
    const res = await adminB.put('/api/v1/shifts', {
      entries: [{ employee_id: e(0), date: '2026-11-20', pattern_id: 'bonly', day_off: false }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'entries.0.employee_id': ['スタッフが見つかりません'] });
    const foreignPattern = await adminA.put('/api/v1/shifts', {
      entries: [{ employee_id: e(0), date: '2026-11-20', pattern_id: 'bonly', day_off: false }],
    });
    expect(foreignPattern.body.errors).toEqual({ 'entries.0.pattern_id': ['勤務パターンが見つかりません'] });
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });
});

describe('paging', () => {
  it('pages the staff in 五十音 order, the order of 勤怠集計, with a sealed cursor; a foreign or forged cursor is refused', async () => {
    // Readings that put the staff in another order than their ids: アオキ (社員 2号), カトウ (3号), ワタナベ (1号).
    // Changed deliberately (issue 29 item 21): the grid listed its staff by id, unlike every other list.
    for (const [i, kana] of [
      [0, 'ワタナベ イチロウ'],
      [1, 'アオキ ジロウ'],
      [2, 'カトウ サブロウ'],
    ] as const)
      await db()
        .entities.Employee.patch({ companyId: a.companyId, employeeId: e(i) })
        .set({ lastName: '社員', firstName: `${i + 1}号`, nameKana: kana })
        .go();
    const first = (await month(adminA, '&limit=2')).body.data;
    expect(first.employees).toHaveLength(2);
    expect(first.cursor).toEqual(expect.any(String));
    const second = (await month(adminA, `&limit=2&cursor=${first.cursor}`)).body.data;
    expect(second.cursor).toBeNull();
    const ids = [...first.employees, ...second.employees].map((x: { id: string }) => x.id);
    expect(ids).toEqual([e(1), e(2), e(0)]);
    const totals = (await adminA.get('/api/v1/attendance_totals?period=2026-11')).body.data;
    expect(totals.rows.map((r: { employee_id: string }) => r.employee_id)).toEqual(ids);
    // Each page answers its own staff's shifts, every one of them (the page is not a range of ids).
    expect(first.entries.every((x: { employee_id: string }) => ids.slice(0, 2).includes(x.employee_id))).toBe(true);
    expect(second.entries.every((x: { employee_id: string }) => x.employee_id === e(0))).toBe(true);
    const whole = (await month(adminA)).body.data;
    expect([...first.entries, ...second.entries]).toEqual(expect.arrayContaining(whole.entries));
    expect(first.entries.length + second.entries.length).toBe(whole.entries.length);
    expect(whole.entries.map((x: { employee_id: string }) => x.employee_id)).toContain(e(1));
    const forged = await month(adminB, `&limit=2&cursor=${first.cursor}`);
    expect(forged.status).toBe(400);
    const dept = (await month(adminA, `&department_id=${a.departmentId}`)).body.data;
    expect(dept.employees.map((x: { id: string }) => x.id)).toEqual(ids);
    const none = (await month(adminA, `&department_id=${b.departmentId}`)).body.data;
    expect(none.employees).toEqual([]);
  });
});

describe('the week of 前週をコピー', () => {
  it("answers the company's week start: Sunday by default, then the calendar's from the version in force on the 1st", async () => {
    const tenant = await createTenant({ employees: 1 });
    const admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
    expect((await admin.get('/api/v1/shifts?year=2026&month=11')).body.data.week_starts_on).toBe(0);
    const saved = await admin.put('/api/v1/company_calendar', { effective_from: '2026-11-01', week_starts_on: 1 });
    expect(saved.status).toBe(200);
    // The recompute the calendar started finishes before the file's table goes.
    const job = saved.body.data.recompute;
    if (job)
      await pollUntil(
        async () => (await admin.get(`/api/v1/recompute_jobs/${job.id}`)).body.data,
        (j) => j.status === 'done' || j.status === 'failed',
      );
    expect((await admin.get('/api/v1/shifts?year=2026&month=11')).body.data.week_starts_on).toBe(1);
    // October is still under the default calendar (暦週 from Sunday).
    expect((await admin.get('/api/v1/shifts?year=2026&month=10')).body.data.week_starts_on).toBe(0);
  });
});

describe("one employee's shifts of a date range (employeeShifts)", () => {
  it('includes the shifts on the first and the last date of the range, and a one-day range', async () => {
    // A regression: ElectroDB's `between` drops the sort key's `#shift` tail, so a bound of
    // `day#<to>` missed the last date's shift (the month's last day in the recompute, the leave date).
    const companyId = b.companyId;
    const employeeId = b.employees[0]!.id;
    for (const date of ['2026-12-01', '2026-12-15', '2026-12-31'])
      await db().entities.Shift.put({ companyId, yearMonth: '2026-12', employeeId, date, dayOff: true }).go();
    const dates = async (from: string, to: string) =>
      (await employeeShifts(companyId, employeeId, from, to)).map((s) => s.date);
    expect(await dates('2026-12-01', '2026-12-31')).toEqual(['2026-12-01', '2026-12-15', '2026-12-31']);
    expect(await dates('2026-12-31', '2026-12-31')).toEqual(['2026-12-31']);
    expect(await dates('2026-12-02', '2026-12-30')).toEqual(['2026-12-15']);
  });
});
