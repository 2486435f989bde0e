import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { newId } from '../../functions/shared/ids.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

const stack = useTestStack();
let tenant: TestTenant;
let other: TestTenant;
let me: HttpClient;
let colleague: HttpClient;
let admin: HttpClient;

const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});
const at = (iso: string) => {
  clock.now = () => new Date(iso);
};

const snapshot = () => tableSnapshot(stack.tableName);

beforeAll(async () => {
  tenant = await createTenant({ employees: 2, name: '従業員株式会社' });
  other = await createTenant({ employees: 1 });
  me = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  colleague = await signIn(stack.baseUrl, 'employee', tenant.employees[1]!);
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
});

describe('monthly attendance', () => {
  it('returns one row per calendar day with punches, holidays, days off and worked time', async () => {
    const who = { companyId: tenant.companyId, employeeId: tenant.employees[0]!.id };
    await db()
      .entities.AttendanceDay.put([
        {
          ...who,
          workDate: '2026-04-01',
          punchInAt: '2026-04-01T00:00:00.000Z',
          punchOutAt: '2026-04-01T09:00:00.000Z',
          note: '通常',
        },
        { ...who, workDate: '2026-05-01', punchInAt: '2026-05-01T00:00:00.000Z' },
      ])
      .go();
    const res = await me.get('/api/v1/timestamps?year=2026&month=4');
    expect(res.status).toBe(200);
    const { days, employee } = res.body.data;
    expect(employee).toEqual({ id: tenant.employees[0]!.id, name: '社員 1号' });
    expect(days).toHaveLength(30);
    expect(days[0]).toMatchObject({
      date: '2026-04-01',
      weekday: 3,
      punch_in_at: '2026-04-01T00:00:00.000Z',
      note: '通常',
      // 09:00–18:00 with no break punched, no pattern and no break rule: no break is deemed (issue 29),
      // so 540 are worked and the day is 60 short of 34条 (540 > 8 h needs 60).
      worked_minutes: 540,
      break_shortfall_minutes: 60,
    });
    expect(days[0].id).not.toBeNull();
    expect(days[1]).toMatchObject({ date: '2026-04-02', id: null, punch_in_at: null, worked_minutes: null });
    expect(days.find((d: { date: string }) => d.date === '2026-04-29')).toMatchObject({
      is_holiday: true,
      holiday_name: '昭和の日',
    });
    expect(days.find((d: { date: string }) => d.date === '2026-04-04')).toMatchObject({ is_day_off: true });
  });

  it('shows an employee only their own month, whatever id they send', async () => {
    const res = await me.get(`/api/v1/timestamps?year=2026&month=4&id=${tenant.employees[1]!.id}`);
    expect(res.status).toBe(404);
  });

  it("lets the admin read a staff member's month by id, but not another company's", async () => {
    const res = await admin.get(`/api/v1/timestamps?year=2026&month=4&id=${tenant.employees[0]!.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.days[0].punch_in_at).toBe('2026-04-01T00:00:00.000Z');
    const foreign = await admin.get(`/api/v1/timestamps?year=2026&month=4&id=${other.employees[0]!.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('データの取得に失敗しました');
  });

  it('refuses bad year/month with 400', async () => {
    for (const q of [
      'year=2021&month=4',
      'year=2026&month=13',
      'year=abc&month=1',
      'month=1',
      'year=2026&month=4&extra=1',
    ]) {
      expect((await me.get(`/api/v1/timestamps?${q}`)).status, q).toBe(400);
    }
  });
});

describe('punch correction', () => {
  it('shows the day, corrects it and records before/after in one go', async () => {
    at('2026-04-20T03:00:00Z');
    const day = await me.get('/api/v1/modify_timestamp?year=2026&month=4&day=1');
    expect(day.body.data).toMatchObject({ date: '2026-04-01', punch_in_at: '2026-04-01T00:00:00.000Z' });

    const res = await me.post('/api/v1/modify_timestamps', {
      year: 2026,
      month: 4,
      day: 1,
      punch_in_at: '08:30',
      punch_out_at: '17:45',
      reason: '打刻忘れ',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      modify_date: '2026-04-01',
      before_punch_in_at: '2026-04-01T00:00:00.000Z',
      after_punch_in_at: '2026-03-31T23:30:00.000Z',
      before_punch_out_at: '2026-04-01T09:00:00.000Z',
      after_punch_out_at: '2026-04-01T08:45:00.000Z',
      reason: '打刻忘れ',
    });
    const history = await me.get('/api/v1/modify_timestamps');
    expect(history.body.data[0]).toEqual(res.body.data);
    const stored = await db()
      .entities.AttendanceDay.get({
        companyId: tenant.companyId,
        employeeId: tenant.employees[0]!.id,
        workDate: '2026-04-01',
      })
      .go();
    expect(stored.data).toMatchObject({
      punchInAt: '2026-03-31T23:30:00.000Z',
      punchOutAt: '2026-04-01T08:45:00.000Z',
    });
  });

  it('creates a missing day and supports a clock-out on the next day', async () => {
    at('2026-04-20T03:00:00Z');
    const res = await me.post('/api/v1/modify_timestamps', {
      year: 2026,
      month: 4,
      day: 3,
      punch_in_at: '22:00',
      punch_out_at: '06:00',
      punch_out_next_day: true,
      reason: '夜勤',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      before_punch_in_at: null,
      after_punch_in_at: '2026-04-03T13:00:00.000Z',
      after_punch_out_at: '2026-04-03T21:00:00.000Z',
    });
  });

  it('refuses empty, reversed, future and impossible corrections with the spec message and writes nothing', async () => {
    at('2026-04-20T03:00:00Z');
    const before = await snapshot();
    const bad = [
      { year: 2026, month: 4, day: 2, punch_in_at: '', punch_out_at: '', reason: '' },
      { year: 2026, month: 4, day: 2, punch_in_at: '18:00', punch_out_at: '09:00', reason: '' },
      { year: 2026, month: 4, day: 25, punch_in_at: '09:00', punch_out_at: null, reason: '' },
      { year: 2026, month: 4, day: 20, punch_in_at: '09:00', punch_out_at: '18:00', reason: '' },
      { year: 2026, month: 2, day: 30, punch_in_at: '09:00', punch_out_at: '18:00', reason: '' },
      { year: 2026, month: 4, day: 2, punch_in_at: '25:00', punch_out_at: null, reason: '' },
      { year: 2026, month: 4, day: 2, punch_in_at: null, punch_out_at: '18:00', reason: '' },
      { year: 2026, month: 4, day: 2, punch_in_at: '09:00', punch_out_at: '18:00', reason: 'x'.repeat(501) },
    ];
    for (const body of bad) {
      const res = await me.post('/api/v1/modify_timestamps', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe('正しい時刻を設定してください');
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('requests', () => {
  const kinds = [
    ['holiday_requests', { kind: 0 }],
    ['holiday_work_requests', {}],
    ['over_work_requests', {}],
  ] as const;

  it.each(kinds)('files, lists and withdraws %s; refuses duplicates', async (path, extra) => {
    const created = await me.post(`/api/v1/${path}`, { ...extra, year: 2026, month: 5, day: 11, reason: '私用' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      date: '2026-05-11',
      status: 0,
      reason: '私用',
      employee_name: '社員 1号',
    });
    const dup = await me.post(`/api/v1/${path}`, { ...extra, year: 2026, month: 5, day: 11, reason: 'again' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('同じ日付の申請がすでにあります。');

    const list = await me.get(`/api/v1/${path}`);
    expect(list.body.data.map((r: { id: string }) => r.id)).toContain(created.body.data.id);
    expect((await colleague.get(`/api/v1/${path}`)).body.data).toEqual([]);

    // A colleague cannot withdraw it: to them it does not exist.
    expect((await colleague.delete(`/api/v1/${path}/${created.body.data.id}`)).status).toBe(404);
    const del = await me.delete(`/api/v1/${path}/${created.body.data.id}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ id: created.body.data.id });
    // The date is free again.
    expect((await me.post(`/api/v1/${path}`, { ...extra, year: 2026, month: 5, day: 11 })).status).toBe(201);
  });

  it('refuses bad requests with 申請内容に不備があります。 and writes nothing', async () => {
    const before = await snapshot();
    const bad: [string, unknown][] = [
      ['holiday_requests', { year: 2026, month: 5, day: 12 }],
      ['holiday_requests', { kind: 3, year: 2026, month: 5, day: 12 }],
      ['holiday_requests', { kind: 0, year: 2026, month: 2, day: 30 }],
      ['over_work_requests', { kind: 0, year: 2026, month: 5, day: 12 }],
      ['over_work_requests', { year: 2026, month: 5 }],
      ['holiday_work_requests', { year: 2026, month: 5, day: 12, reason: 'x'.repeat(501) }],
      ['holiday_work_requests', { year: 2026, month: 5, day: 12, status: 1 }],
      ['holiday_work_requests', { year: 2026, month: 5, day: 12, employee_id: tenant.employees[1]!.id }],
    ];
    for (const [path, body] of bad) {
      const res = await me.post(`/api/v1/${path}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe('申請内容に不備があります。');
    }
    expect(await snapshot()).toBe(before);
  });

  it('refuses to withdraw an approved request; approving leave marks the day as paid leave', async () => {
    const created = await me.post('/api/v1/holiday_requests', {
      kind: 0,
      year: 2026,
      month: 4,
      day: 24,
      reason: '旅行',
    });
    const decided = await admin.put(`/api/v1/holiday_requests/${created.body.data.id}`, { status: 1 });
    expect(decided.status).toBe(200);
    expect(decided.body.data).toMatchObject({ id: created.body.data.id, status: 1 });

    const del = await me.delete(`/api/v1/holiday_requests/${created.body.data.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('承認または却下された申請は取り消せません。');
    const month = await me.get('/api/v1/timestamps?year=2026&month=4');
    expect(month.body.data.days.find((d: { date: string }) => d.date === '2026-04-24')).toMatchObject({
      is_paid_leave: true,
      leave_type: 0,
    });
  });

  it('gives exactly one decision when two admins decide at once', async () => {
    const created = await me.post('/api/v1/over_work_requests', { year: 2026, month: 4, day: 27 });
    const second = await signIn(stack.baseUrl, 'admin', tenant.admin);
    const [a, b] = await Promise.all([
      admin.put(`/api/v1/over_work_requests/${created.body.data.id}`, { status: 1 }),
      second.put(`/api/v1/over_work_requests/${created.body.data.id}`, { status: 2 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.message).toBe('この申請はすでに処理されています。');
  });

  it("lists the company's requests of a month for the admin, and 404s another company's ids", async () => {
    const list = await admin.get('/api/v1/holiday_requests?year=2026&month=4');
    expect(list.status).toBe(200);
    expect(list.body.data.every((r: { date: string }) => r.date.startsWith('2026-04'))).toBe(true);
    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    expect((await otherAdmin.put(`/api/v1/holiday_requests/${list.body.data[0].id}`, { status: 2 })).status).toBe(404);
    expect((await otherAdmin.get('/api/v1/holiday_requests?year=2026&month=4')).body.data).toEqual([]);
    expect((await admin.put(`/api/v1/holiday_requests/${newId()}`, { status: 3 })).status).toBe(400);
  });
});

describe('settings', () => {
  it('shows the own profile and changes the phone number', async () => {
    const info = await me.get('/api/v1/employees/info');
    expect(info.body.data).toMatchObject({
      name: '社員 1号',
      department_name: '営業部',
      employment_status_name: '正社員',
      email: tenant.employees[0]!.email,
    });
    const res = await me.put('/api/v1/employees/update_cell', { cell: '09012345678' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ cell: '090-1234-5678' });
    expect((await me.get('/api/v1/employees/info')).body.data.cell).toBe('090-1234-5678');
  });

  it('refuses a number that is not a Japanese phone number and keeps the old one', async () => {
    for (const cell of ['', '12345', '090-1234-567', 'abc', '0'.repeat(30)]) {
      const res = await me.put('/api/v1/employees/update_cell', { cell });
      expect(res.status, cell).toBe(400);
      expect(res.body.message).toBe('登録内容に不備があります。');
    }
    expect((await me.get('/api/v1/employees/info')).body.data.cell).toBe('090-1234-5678');
  });
});

describe('announcements', () => {
  it('shows staff only the announcements inside their display window', async () => {
    const { entities } = db();
    const current = {
      infoItemId: newId(),
      title: '年末年始のお知らせ',
      detailText: '本文',
      startAt: '2026-04-01T00:00:00.000Z',
      endAt: '2026-05-01T00:00:00.000Z',
    };
    const past = {
      infoItemId: newId(),
      title: '終了',
      detailText: '本文',
      startAt: '2026-01-01T00:00:00.000Z',
      endAt: '2026-02-01T00:00:00.000Z',
    };
    await entities.InfoItem.put([current, past]).go();
    at('2026-04-15T00:00:00Z');
    const list = await me.get('/api/v1/info_items');
    expect(list.body.data.map((i: { title: string }) => i.title)).toEqual(['年末年始のお知らせ']);
    expect((await me.get(`/api/v1/info_items/${current.infoItemId}`)).body.data.detail_text).toBe('本文');
    expect((await me.get(`/api/v1/info_items/${past.infoItemId}`)).status).toBe(404);
  });
});

describe('retries with an Idempotency-Key', () => {
  it('replays the first answer to a retried request, scoped to the user', async () => {
    const key = { headers: { 'idempotency-key': 'file-leave-0001' } };
    const first = await me.post('/api/v1/holiday_work_requests', { year: 2026, month: 6, day: 6, reason: '棚卸' }, key);
    expect(first.status).toBe(201);
    const retry = await me.post('/api/v1/holiday_work_requests', { year: 2026, month: 6, day: 6, reason: '棚卸' }, key);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    // Without the key the duplicate is refused: the guard, not the key, keeps one request per date.
    expect((await me.post('/api/v1/holiday_work_requests', { year: 2026, month: 6, day: 6 })).status).toBe(409);
    // The same key from a colleague is their own request.
    const theirs = await colleague.post(
      '/api/v1/holiday_work_requests',
      { year: 2026, month: 6, day: 6, reason: '棚卸' },
      key,
    );
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.id).not.toBe(first.body.data.id);
    // Reusing a key for a different request is refused.
    expect((await me.post('/api/v1/holiday_work_requests', { year: 2026, month: 6, day: 7 }, key)).status).toBe(409);
  });

  it('replays an approval instead of reporting a conflict with itself', async () => {
    const created = await me.post('/api/v1/over_work_requests', { year: 2026, month: 6, day: 8 });
    const key = { headers: { 'idempotency-key': 'approve-0001-x' } };
    const first = await admin.put(`/api/v1/over_work_requests/${created.body.data.id}`, { status: 1 }, key);
    const retry = await admin.put(`/api/v1/over_work_requests/${created.body.data.id}`, { status: 1 }, key);
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
  });
});
