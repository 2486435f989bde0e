/**
 * Every admin route acts inside the admin's own company only: an admin of company A gets 404 for
 * every id of company B, and B's data is unchanged afterwards.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import type { HttpClient } from '../support/http-client.js';
import { ROUTES } from '../../functions/routes.js';
import { tableSnapshot } from './admin-support.js';
import { workingDay } from '../support/working-days.js';
import { workStatusAfterRefresh } from '../support/work-status.js';
import { testToday } from '../support/test-clock.js';

const stack = useTestStack();

let a: TestTenant;
let b: TestTenant;
let adminA: HttpClient;
let adminB: HttpClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  [a, b] = await Promise.all([
    createTenant({ employees: 1, name: 'A社' }),
    createTenant({ employees: 1, name: 'B社' }),
  ]);
  adminA = await signIn(stack.baseUrl, 'admin', a.admin);
  adminB = await signIn(stack.baseUrl, 'admin', b.admin);
  const employeeB = await signIn(stack.baseUrl, 'employee', b.employees[0]!);
  expect((await employeeB.post('/api/v1/timestamps', { note: '' })).status).toBeLessThan(300);
  const [year, month] = testToday().split('-').map(Number);
  for (const [kind, body] of [
    ['holiday_requests', { kind: 0, year, month, day: workingDay(year!, month!, 0) }],
    ['holiday_work_requests', { year, month, day: 2 }],
    ['over_work_requests', { year, month, day: 3 }],
  ] as const) {
    ids[kind] = (await employeeB.post(`/api/v1/${kind}`, body)).body.data.id;
  }
  const days = (await adminB.get(`/api/v1/timestamps?id=${b.employees[0]!.id}&year=${year}&month=${month}`)).body.data
    .days;
  ids.timestamp = days.find((d: { id: string | null }) => d.id)!.id;
  ids.employee = b.employees[0]!.id;
  ids.department = b.departmentId;
  ids.employment_status = b.employmentStatusId;
  ids.work_pattern = (
    await adminB.post('/api/v1/work_patterns', {
      name: '日勤',
      start_time: '09:00',
      end_time: '18:00',
      crosses_midnight: false,
      breaks: [],
    })
  ).body.data.id;
});

/** Admin routes with an id (path or query), each called with company B's id. */
const CASES: [string, (c: HttpClient) => Promise<{ status: number }>][] = [
  ['GET /api/v1/employees/{id}', (c) => c.get(`/api/v1/employees/${ids.employee}`)],
  [
    'PUT /api/v1/employees/{id}',
    (c) =>
      c.put(`/api/v1/employees/${ids.employee}`, {
        last_name: 'x',
        first_name: 'y',
        email: 'x@example.test',
        password: '',
      }),
  ],
  ['DELETE /api/v1/employees/{id}', (c) => c.delete(`/api/v1/employees/${ids.employee}`)],
  ['POST /api/v1/employees/{id}/password_reset', (c) => c.post(`/api/v1/employees/${ids.employee}/password_reset`)],
  ['GET /api/v1/departments/{id}', (c) => c.get(`/api/v1/departments/${ids.department}`)],
  ['PUT /api/v1/departments/{id}', (c) => c.put(`/api/v1/departments/${ids.department}`, { name: '乗っ取り' })],
  ['DELETE /api/v1/departments/{id}', (c) => c.delete(`/api/v1/departments/${ids.department}`)],
  ['GET /api/v1/employment_statuses/{id}', (c) => c.get(`/api/v1/employment_statuses/${ids.employment_status}`)],
  [
    'PUT /api/v1/employment_statuses/{id}',
    (c) => c.put(`/api/v1/employment_statuses/${ids.employment_status}`, { name: '乗っ取り' }),
  ],
  ['DELETE /api/v1/employment_statuses/{id}', (c) => c.delete(`/api/v1/employment_statuses/${ids.employment_status}`)],
  ['DELETE /api/v1/timestamps/{id}', (c) => c.delete(`/api/v1/timestamps/${ids.timestamp}`)],
  ['GET /api/v1/timestamps', (c) => c.get(`/api/v1/timestamps?id=${ids.employee}&year=2026&month=4`)],
  [
    'PUT /api/v1/holiday_requests/{id}',
    (c) => c.put(`/api/v1/holiday_requests/${ids.holiday_requests}`, { status: 1 }),
  ],
  [
    'PUT /api/v1/holiday_work_requests/{id}',
    (c) => c.put(`/api/v1/holiday_work_requests/${ids.holiday_work_requests}`, { status: 1 }),
  ],
  [
    'PUT /api/v1/over_work_requests/{id}',
    (c) => c.put(`/api/v1/over_work_requests/${ids.over_work_requests}`, { status: 2 }),
  ],
  ['GET /api/v1/working_times', (c) => c.get(`/api/v1/working_times?department_id=${ids.department}`)],
  ['GET /api/v1/break_times', (c) => c.get(`/api/v1/break_times?employment_status_id=${ids.employment_status}`)],
  [
    'PUT /api/v1/work_patterns/{id}',
    (c) =>
      c.put(`/api/v1/work_patterns/${ids.work_pattern}`, {
        name: '乗っ取り',
        start_time: '09:00',
        end_time: '18:00',
        crosses_midnight: false,
        breaks: [],
      }),
  ],
  ['DELETE /api/v1/work_patterns/{id}', (c) => c.delete(`/api/v1/work_patterns/${ids.work_pattern}`)],
];

describe('an admin of company A gets 404 for every id of company B', () => {
  it('covers every admin route that takes an id in its path', () => {
    const covered = new Set(CASES.map(([name]) => name));
    const withId = ROUTES.filter((r) => r.roles.includes('admin') && r.path.includes('{id}')).map(
      (r) => `${r.method} ${r.path}`,
    );
    // Exports, paid leave, announcements and recompute jobs have their own tenancy tests (attendance-export,
    // paid-leave, operator-info-items, rule-versions, attendance-totals: another company's job is a 404;
    // payroll-layouts: another company's layout is a 404; staff-import: another company's import job is a
    // 404; approvals: another company's correction request is a 404 to decide and to bulk-approve;
    // mail-outbox: another company's mail is a 404 to 再送).
    const elsewhere = [
      'info_items',
      'attendance_exports',
      'leave_register_exports',
      'paid_leave',
      'recompute_jobs',
      'attendance_totals_exports',
      'payroll_layouts',
      'employee_imports',
      'correction_requests',
      'mail_outbox',
    ];
    expect(withId.filter((r) => !covered.has(r) && !elsewhere.some((e) => r.includes(e)))).toEqual([]);
  });

  it.each(CASES)('%s', async (_, call) => {
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    const res = await call(adminA);
    expect(res.status).toBe(404);
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);
  });

  it('and the lists of A never show B’s data', async () => {
    const staff = (await adminA.get('/api/v1/employees')).body.data.map((s: { id: string }) => s.id);
    expect(staff).toEqual([a.employees[0]!.id]);
    const depts = (await adminA.get('/api/v1/departments')).body.data.map((d: { id: string }) => d.id);
    expect(depts).toEqual([a.departmentId]);
    const [year, month] = testToday().split('-').map(Number);
    expect((await adminA.get(`/api/v1/holiday_requests?year=${year}&month=${month}`)).body.data).toEqual([]);
    expect((await workStatusAfterRefresh(adminA, '/api/v1/work_status')).body.data.count_employees).toBe(1);
  });
});
