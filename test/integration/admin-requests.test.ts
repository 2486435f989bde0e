/** The admin side of requests, deletion of attendance records, and the work status count. */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import type { HttpClient } from '../support/http-client.js';
import { db } from '../../functions/db/service.js';
import { tableSnapshot } from './admin-support.js';
import { workingDay } from '../support/working-days.js';
import { workStatusAfterRefresh } from '../support/work-status.js';
import { testToday } from '../support/test-clock.js';

const stack = useTestStack();

let tenant: TestTenant;
let admin: HttpClient;
let secondAdmin: HttpClient;
let employee: HttpClient;
// The company's (Tokyo) month, which is where today's punch lands.
const [year, month] = testToday().split('-').map(Number) as [number, number];
/** Leave only on a working day (issue 15 item 8): the month's third. */
const leaveDay = workingDay(year, month, 2);
const ymd = (day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

beforeAll(async () => {
  tenant = await createTenant({ employees: 2 });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  secondAdmin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  employee = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
});

const KINDS = ['holiday_requests', 'holiday_work_requests', 'over_work_requests'] as const;

describe('requests management', () => {
  it('lists each kind for a month; approving paid leave tints that day in the employee’s month', async () => {
    const filed = await employee.post('/api/v1/holiday_requests', {
      kind: 0,
      year,
      month,
      day: leaveDay,
      reason: '私用のため',
    });
    expect(filed.status).toBe(201);
    await employee.post('/api/v1/over_work_requests', { year, month, day: 4, reason: '月末処理' });
    await employee.post('/api/v1/holiday_work_requests', { year, month, day: 5, reason: '' });

    for (const kind of KINDS) {
      const list = await admin.get(`/api/v1/${kind}?year=${year}&month=${month}`);
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0]).toMatchObject({ employee_name: '社員 1号', status: 0 });
    }
    const other = month === 1 ? { y: year - 1, m: 12 } : { y: year, m: month - 1 };
    expect((await admin.get(`/api/v1/holiday_requests?year=${other.y}&month=${other.m}`)).body.data).toEqual([]);

    const approved = await admin.put(`/api/v1/holiday_requests/${filed.body.data.id}`, { status: 1 });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      id: filed.body.data.id,
      status: 1,
      date: ymd(leaveDay),
      reason: '私用のため',
      employee_name: '社員 1号',
    });

    const table = await admin.get(`/api/v1/timestamps?id=${tenant.employees[0]!.id}&year=${year}&month=${month}`);
    const day = table.body.data.days.find((d: { date: string }) => d.date === ymd(leaveDay));
    expect(day).toMatchObject({ is_paid_leave: true, leave_type: 0 });
    // Decided once, it cannot change.
    const again = await admin.put(`/api/v1/holiday_requests/${filed.body.data.id}`, { status: 2 });
    expect(again.status).toBe(409);
  });

  it('two admins deciding at once give exactly one decision and one conflict', async () => {
    const filed = await employee.post('/api/v1/over_work_requests', { year, month, day: 10, reason: '' });
    const id = filed.body.data.id;
    const answers = await Promise.all([
      admin.put(`/api/v1/over_work_requests/${id}`, { status: 1 }),
      secondAdmin.put(`/api/v1/over_work_requests/${id}`, { status: 2 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body.message).toBe('この申請はすでに処理されています。');
    const { data } = await db().entities.Request.get({ companyId: tenant.companyId, requestId: id }).go();
    expect(data?.status).toBe(winner.body.data.status);
  });

  it.each([[{ status: 0 }], [{ status: 3 }], [{ status: '1' }], [{}], [{ status: 1, extra: true }]])(
    'a bad decision %j → 400 承認できませんでした and no write',
    async (body) => {
      const filed = await employee.post('/api/v1/holiday_work_requests', {
        year,
        month,
        day: 11 + Object.keys(body).length,
        reason: '',
      });
      const before = await tableSnapshot(stack.dynamo, stack.tableName);
      const res = await admin.put(
        `/api/v1/holiday_work_requests/${filed.body.data?.id ?? '01jx7zzzzzzzzzzzzzzzzzzzzz'}`,
        body,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('承認できませんでした');
      expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);
      if (filed.body.data) await employee.delete(`/api/v1/holiday_work_requests/${filed.body.data.id}`);
    },
  );
});

describe('the month list a page at a time', () => {
  it('pages by date with a cursor sealed to the company, kind and month; a bad limit or cursor is a 400', async () => {
    // Three overtime requests of this month (days 20–22) besides those filed above.
    for (const day of [20, 21, 22]) {
      const res = await employee.post('/api/v1/over_work_requests', { year, month, day, reason: `残業${day}` });
      expect(res.status).toBe(201);
    }
    const base = `/api/v1/over_work_requests?year=${year}&month=${month}`;
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const path: string = `${base}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await admin.get(path);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.data.map((r: { date: string }) => r.date));
      cursor = res.body.next_cursor as string | null;
      pages++;
    } while (cursor && pages < 5);
    // The pages together are the month's whole list (default page of 100), in date order, across at
    // least two pages; days 20–22 are in it.
    const whole = (await admin.get(base)).body;
    expect(whole.next_cursor).toBeNull();
    expect(seen).toEqual(whole.data.map((r: { date: string }) => r.date));
    expect(seen).toEqual([...seen].sort());
    expect(seen).toEqual(expect.arrayContaining([ymd(20), ymd(21), ymd(22)]));
    expect(pages).toBeGreaterThanOrEqual(2);

    const first = await admin.get(`${base}&limit=2`);
    const next = encodeURIComponent(first.body.next_cursor);
    // Sealed to its list: another kind or month refuses it, as does another company.
    const other = await createTenant({ employees: 1 });
    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    for (const [client, path] of [
      [admin, `/api/v1/holiday_work_requests?year=${year}&month=${month}&cursor=${next}`],
      [admin, `/api/v1/over_work_requests?year=${year - 1}&month=${month}&cursor=${next}`],
      [otherAdmin, `${base}&cursor=${next}`],
      [admin, `${base}&cursor=forged`],
    ] as const) {
      const res = await client.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.errors.cursor).toBeDefined();
    }
    for (const q of ['limit=0', 'limit=101']) {
      const res = await admin.get(`${base}&${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.errors.limit).toBeDefined();
    }
    // An employee's own list is whole: paging parameters are refused, not ignored.
    const own = await employee.get('/api/v1/over_work_requests?limit=2');
    expect(own.status).toBe(400);
    expect(own.body.errors.limit).toEqual(['不要です']);
  });
});

describe('attendance records', () => {
  it('an admin deletes a day record of their staff; the list then shows the day empty', async () => {
    const who = tenant.employees[1]!;
    const punch = await signIn(stack.baseUrl, 'employee', who);
    expect((await punch.post('/api/v1/timestamps', { note: '出社' })).status).toBeLessThan(300);
    const monthDays = async () =>
      (await admin.get(`/api/v1/timestamps?id=${who.id}&year=${year}&month=${month}`)).body.data.days;
    const record = (await monthDays()).find((d: { id: string | null }) => d.id !== null);
    expect(record).toBeTruthy();

    const res = await admin.delete(`/api/v1/timestamps/${record.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ employee_id: who.id });
    expect((await monthDays()).every((d: { id: string | null }) => d.id === null)).toBe(true);
    expect((await admin.delete(`/api/v1/timestamps/${record.id}`)).status).toBe(404);
    expect((await admin.delete('/api/v1/timestamps/not-a-record')).status).toBe(400);
  });
});

describe('work status', () => {
  it('counts the active staff, with zero time figures before anyone has worked this month', async () => {
    const res = await workStatusAfterRefresh(admin, '/api/v1/work_status');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      count_employees: 2,
      total_working_time: 0,
      average_working_time: 0,
      total_over_working_time: 0,
      average_over_working_time: 0,
      total_unpaid_working_time: 0,
      average_unpaid_working_time: 0,
      alerts: [],
    });
  });
});
