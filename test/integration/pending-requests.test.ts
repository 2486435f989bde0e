/**
 * 申請管理's 未処理 view and the side menu's count (issue 14 item 1): every unapproved request of every
 * kind and month, one page at a time behind a sealed cursor, inside the admin's own company only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import type { HttpClient } from '../support/http-client.js';
import { workingDayFrom } from '../support/working-days.js';
import { testToday } from '../support/test-clock.js';

const stack = useTestStack();

let a: TestTenant;
let b: TestTenant;
let adminA: HttpClient;
let adminB: HttpClient;
let staffA: HttpClient;
const [thisYear] = testToday().split('-').map(Number) as [number];
const nextYear = thisYear + 1;
const leaveDate = workingDayFrom(`${nextYear}-01-08`);

interface Pending {
  id: string;
  date: string;
  status: number;
  request_kind: string;
  employee_name: string;
  reason: string;
  kind?: number;
}

const pendingIds = async (admin: HttpClient) => {
  const res = await admin.get('/api/v1/pending_requests');
  expect(res.status).toBe(200);
  return (res.body.data.requests as Pending[]).map((r) => r.id);
};

beforeAll(async () => {
  [a, b] = await Promise.all([
    createTenant({ employees: 2, name: 'A社' }),
    createTenant({ employees: 1, name: 'B社' }),
  ]);
  adminA = await signIn(stack.baseUrl, 'admin', a.admin);
  adminB = await signIn(stack.baseUrl, 'admin', b.admin);
  staffA = await signIn(stack.baseUrl, 'employee', a.employees[0]!);
});

describe('GET /api/v1/pending_requests', () => {
  it('lists unapproved requests of every kind and month, next year included, and drops them once decided or withdrawn', async () => {
    const leave = await staffA.post('/api/v1/holiday_requests', {
      kind: 1,
      year: nextYear,
      month: 1,
      // Leave only on a working day (issue 15 item 8): 8 January, or the next working day after it.
      day: Number(leaveDate.slice(8)),
      reason: '年始の代休',
    });
    expect(leave.status).toBe(201);
    const work = await staffA.post('/api/v1/holiday_work_requests', { year: thisYear, month: 2, day: 1, reason: '' });
    const over = await staffA.post('/api/v1/over_work_requests', { year: thisYear, month: 3, day: 2, reason: '締め' });
    expect([work.status, over.status]).toEqual([201, 201]);

    const res = await adminA.get('/api/v1/pending_requests');
    expect(res.status).toBe(200);
    expect(res.body.data.cursor).toBeNull();
    const rows = res.body.data.requests as Pending[];
    // Oldest date first, each with the kind that says which decide route takes it.
    expect(rows.map((r) => [r.request_kind, r.date])).toEqual([
      ['holiday_work', `${thisYear}-02-01`],
      ['over_work', `${thisYear}-03-02`],
      ['holiday', leaveDate],
    ]);
    expect(rows[2]).toMatchObject({ id: leave.body.data.id, status: 0, kind: 1, reason: '年始の代休' });
    expect(rows[2]!.employee_name).toBe(leave.body.data.employee_name);
    expect((await adminA.get('/api/v1/pending_requests/count')).body.data).toEqual({ count: 3, more: false });

    // The admin's month list finds next year's request too (the year is not capped at this year).
    const month = await adminA.get(`/api/v1/holiday_requests?year=${nextYear}&month=1`);
    expect((month.body.data as Pending[]).map((r) => r.id)).toEqual([leave.body.data.id]);

    // Decided from the pending view through the kind's decide route: gone from the view and the count.
    expect((await adminA.put(`/api/v1/holiday_requests/${leave.body.data.id}`, { status: 1 })).status).toBe(200);
    expect((await adminA.put(`/api/v1/over_work_requests/${over.body.data.id}`, { status: 2 })).status).toBe(200);
    expect((await staffA.delete(`/api/v1/holiday_work_requests/${work.body.data.id}`)).status).toBe(200);
    expect(await pendingIds(adminA)).toEqual([]);
    expect((await adminA.get('/api/v1/pending_requests/count')).body.data).toEqual({ count: 0, more: false });
    // Rejecting frees the date: filing it again shows it again.
    const again = await staffA.post('/api/v1/over_work_requests', { year: thisYear, month: 3, day: 2, reason: '' });
    expect(await pendingIds(adminA)).toEqual([again.body.data.id]);
    await staffA.delete(`/api/v1/over_work_requests/${again.body.data.id}`);
  });

  it('pages with a sealed cursor that another company or a forged value cannot use', async () => {
    const staff = await signIn(stack.baseUrl, 'employee', a.employees[1]!);
    const filed: string[] = [];
    for (const day of [10, 11, 12, 13, 14]) {
      const res = await staff.post('/api/v1/over_work_requests', { year: thisYear, month: 4, day, reason: '' });
      expect(res.status).toBe(201);
      filed.push(res.body.data.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; body: { data: { requests: Pending[]; cursor: string | null } } } = await adminA.get(
        `/api/v1/pending_requests?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.data.requests.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.data.requests.map((r) => r.id));
      cursor = res.body.data.cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(filed);

    const first = await adminA.get('/api/v1/pending_requests?limit=2');
    const foreign = await adminB.get(`/api/v1/pending_requests?cursor=${encodeURIComponent(first.body.data.cursor)}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.cursor).toBeTruthy();
    expect((await adminA.get('/api/v1/pending_requests?cursor=abc')).status).toBe(400);
    expect((await adminA.get('/api/v1/pending_requests?limit=0')).status).toBe(400);
    expect((await adminA.get('/api/v1/pending_requests?limit=101')).status).toBe(400);
    for (const id of filed) await staff.delete(`/api/v1/over_work_requests/${id}`);
  });

  it("shows another company's admin nothing and refuses employees", async () => {
    const filed = await staffA.post('/api/v1/holiday_work_requests', { year: thisYear, month: 5, day: 5, reason: '' });
    expect(filed.status).toBe(201);
    expect(await pendingIds(adminB)).toEqual([]);
    expect((await adminB.get('/api/v1/pending_requests/count')).body.data).toEqual({ count: 0, more: false });
    expect((await adminA.get('/api/v1/pending_requests/count')).body.data).toEqual({ count: 1, more: false });
    // Another company's admin cannot decide it either.
    expect((await adminB.put(`/api/v1/holiday_work_requests/${filed.body.data.id}`, { status: 1 })).status).toBe(404);

    expect((await staffA.get('/api/v1/pending_requests')).status).toBe(403);
    expect((await staffA.get('/api/v1/pending_requests/count')).status).toBe(403);
    await staffA.delete(`/api/v1/holiday_work_requests/${filed.body.data.id}`);
  });
});
