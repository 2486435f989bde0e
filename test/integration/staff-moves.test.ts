/**
 * Issue 29 item 11: a member's department and employment status are effective-dated. Moving a member
 * applies from the move's date: the days before it keep the old unit's rules, a closed period never
 * changes, and a move dated on or before a closed period's last day is refused.
 *
 * 営業部 has the working rule 所定 7:30 (450 min) from 2026-01-01; 開発部 has none (the built-in 8:00).
 * The member works 9:00–18:00 with a punched break 12:00–13:00 (540 − 60 = 480 worked) on Monday 9/7,
 * Monday 10/5 and Tuesday 10/20. Under 営業部: 450 所定内 + 30 法内残業 (480 − 450, within 8 h: 32条);
 * under 開発部: 480 所定内 + 0. September is closed; today is Saturday 2026-11-28.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthAttendanceView } from '../../functions/api/timestamps/month-view.js';
import { db } from '../../functions/db/service.js';
import { instantOf } from '../../functions/domain/time.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { pinClock } from '../support/test-clock.js';

const stack = useTestStack();
const realNow = clock.now;
let tenant: TestTenant;
let admin: HttpClient;
let member: string;
let kaihatsu: string;
const at = (date: string, h: number) => instantOf(date, h, 0, 'Asia/Tokyo');
const worked = (date: string) => ({
  companyId: tenant.companyId,
  employeeId: member,
  workDate: date,
  punchInAt: at(date, 9),
  punchOutAt: at(date, 18),
  breaks: [{ startAt: at(date, 12), endAt: at(date, 13) }],
});

beforeAll(async () => {
  pinClock('2026-11-28', '10:00');
  tenant = await createTenant({ employees: 1, name: '異動株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  member = tenant.employees[0]!.id;
  const dept = await admin.post('/api/v1/departments', { name: '開発部' });
  expect(dept.status).toBe(201);
  kaihatsu = dept.body.data.id;
  const { entities } = db();
  await entities.Rule.put({
    companyId: tenant.companyId,
    ruleType: 'working',
    departmentId: tenant.departmentId,
    employmentStatusId: '-',
    effectiveFrom: '2026-01-01',
    fixedMinutes: 450,
  }).go();
  await entities.AttendanceDay.put([worked('2026-09-07'), worked('2026-10-05'), worked('2026-10-20')]).go();
  const closing = await admin.post('/api/v1/period_closings', { period: '2026-09' });
  expect(closing.status, JSON.stringify(closing.body)).toBe(201);
  await pollUntil(
    async () =>
      ((await admin.get('/api/v1/period_closings')).body.data.periods as { id: string; status: string }[]).find(
        (p) => p.id === '2026-09',
      )!,
    (p) => p.status === 'closed' || p.status === 'failed',
  );
});
afterAll(() => {
  clock.now = realNow;
});

const day = async (year: number, month: number, date: string) => {
  const res = await admin.get(`/api/v1/timestamps?year=${year}&month=${month}&id=${member}`);
  expect(res.status).toBe(200);
  const d = (res.body.data as MonthAttendanceView).days.find((x) => x.date === date)!;
  return {
    worked: d.worked_minutes,
    regular: d.worked_minutes! - d.scheduled_overtime_minutes - d.statutory_overtime_minutes,
    law: d.scheduled_overtime_minutes,
  };
};
const staffBody = (departmentId: string, extra: Record<string, unknown> = {}) => ({
  last_name: '社員',
  first_name: '1号',
  email: tenant.employees[0]!.email,
  password: '',
  department_id: departmentId,
  employment_status_id: tenant.employmentStatusId,
  ...extra,
});

describe('moving a member to another department', () => {
  it('before any move: 450 所定内 + 30 法内 on each day under 営業部', async () => {
    expect(await day(2026, 9, '2026-09-07')).toEqual({ worked: 480, regular: 450, law: 30 });
    expect(await day(2026, 10, '2026-10-20')).toEqual({ worked: 480, regular: 450, law: 30 });
  });

  it('refuses a move dated inside the closed September (409 on the date, nothing written)', async () => {
    const before = await tableSnapshot(stack.tableName);
    const res = await admin.put(`/api/v1/employees/${member}`, staffBody(kaihatsu, { assignment_from: '2026-09-20' }));
    expect(res.status).toBe(409);
    expect(res.body.errors.assignment_from).toEqual([
      '2026年9月度（9月1日〜9月30日）は締め済みです。適用開始日は9月30日より後の日付にしてください。',
    ]);
    expect(await tableSnapshot(stack.tableName)).toBe(before);
  });

  it('a move from 10/15 changes the days from 10/15 only: September and 10/5 keep 営業部’s figures', async () => {
    const res = await admin.put(`/api/v1/employees/${member}`, staffBody(kaihatsu, { assignment_from: '2026-10-15' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      department_id: kaihatsu,
      department_name: '開発部',
      assignments: [
        { from: null, department_id: tenant.departmentId, department_name: '営業部' },
        { from: '2026-10-15', department_id: kaihatsu, department_name: '開発部' },
      ],
    });
    expect(await day(2026, 9, '2026-09-07')).toEqual({ worked: 480, regular: 450, law: 30 });
    expect(await day(2026, 10, '2026-10-05')).toEqual({ worked: 480, regular: 450, law: 30 });
    expect(await day(2026, 10, '2026-10-20')).toEqual({ worked: 480, regular: 480, law: 0 });
    // The stored figures of October follow in the background: 450 + 480 所定内, 30 法内.
    const job = res.body.data.recompute as { id: string };
    expect(job).toMatchObject({ id: expect.any(String) });
    await pollUntil(
      async () => (await admin.get(`/api/v1/recompute_jobs/${job.id}`)).body.data.status as string,
      (s) => s === 'done' || s === 'failed',
    );
    const october = (await admin.get('/api/v1/attendance_totals?period=2026-10')).body.data.rows[0];
    expect(october).toMatchObject({ regular_minutes: 930, scheduled_overtime_minutes: 30, department: '開発部' });
    // The closed September keeps its snapshot: 営業部, 450 + 30.
    const september = (await admin.get('/api/v1/attendance_totals?period=2026-09')).body.data.rows[0];
    expect(september).toMatchObject({ regular_minutes: 450, scheduled_overtime_minutes: 30, department: '営業部' });
    // The edit form reads the history back.
    expect((await admin.get(`/api/v1/employees/${member}`)).body.data.assignments).toHaveLength(2);
  });

  it('a move without a date applies from today; the October figures stay', async () => {
    const res = await admin.put(`/api/v1/employees/${member}`, staffBody(tenant.departmentId));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.assignments.map((v: { from: string | null }) => v.from)).toEqual([
      null,
      '2026-10-15',
      '2026-11-28',
    ]);
    expect(await day(2026, 10, '2026-10-20')).toEqual({ worked: 480, regular: 480, law: 0 });
    // 勤怠集計 of October lists the member under 開発部, the unit of the period's last day.
    const rows = (await admin.get(`/api/v1/attendance_totals?period=2026-10&department_id=${kaihatsu}`)).body.data
      .rows as { employee_id: string }[];
    expect(rows.map((r) => r.employee_id)).toEqual([member]);
  });

  it('refuses a 入社日 that would make a closed day 入社前, and recomputes for one that changes open days only', async () => {
    const before = await tableSnapshot(stack.tableName);
    // Hired 10/01: every day up to 9/30 — the closed September included — would be outside the employment.
    const late = await admin.put(
      `/api/v1/employees/${member}`,
      staffBody(tenant.departmentId, { hire_date: '2026-10-01' }),
    );
    expect(late.status).toBe(409);
    expect(late.body.errors.hire_date).toEqual([
      '2026年9月度（9月1日〜9月30日）は締め済みのため変更できません。変更が必要な場合は管理者が締めを解除してください。',
    ]);
    expect(await tableSnapshot(stack.tableName)).toBe(before);
    // A 退職日 of 11/20 changes only 11/21 on (open): accepted, the member's figures recomputed.
    const leaving = await admin.put(
      `/api/v1/employees/${member}`,
      staffBody(tenant.departmentId, { hire_date: '2020-04-01', leave_date: '2026-11-20' }),
    );
    expect(leaving.status, JSON.stringify(leaving.body)).toBe(200);
    expect(leaving.body.data.recompute).toMatchObject({ id: expect.any(String) });
    await pollUntil(
      async () =>
        (await admin.get(`/api/v1/recompute_jobs/${leaving.body.data.recompute.id}`)).body.data.status as string,
      (s) => s === 'done' || s === 'failed',
    );
    // From 11/21 the member is 退職後 in the stored November figures too: no 予定, no 欠勤 after the 20th.
    const november = (await admin.get(`/api/v1/timestamps?year=2026&month=11&id=${member}`)).body
      .data as MonthAttendanceView;
    expect(november.days.find((d) => d.date === '2026-11-24')).toMatchObject({ outside_employment: 'after_leave' });
  });
});
