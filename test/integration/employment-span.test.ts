/**
 * Issue 29 item 8: days before the 入社日 and after the 退職日 are outside the employment — neither
 * scheduled nor 欠勤 — everywhere an admin meets them: the month table (GET /api/v1/timestamps), the
 * attendance CSV and, through the summaries, 勤怠集計 and the payroll files. A member registered on a
 * Saturday with a hire date in the middle of the month used to show every earlier weekday as 欠勤.
 *
 * November 2026 (the figures are derived in test/unit/worktime-employment.test.ts): 19 working days —
 * nine before Monday the 16th (2, 4, 5, 6, 9, 10, 11, 12, 13), then 16–20, 24–27 and 30. Today is
 * Saturday the 28th; every working day has the group default 日勤 9:00–18:00.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceDayView, MonthAttendanceView } from '../../functions/api/timestamps/month-view.js';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { seedCompanyDayPattern } from '../support/day-pattern.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { pinClock } from '../support/test-clock.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;
let hired: string;
let leaver: string;
const realNow = clock.now;
let n = 0;
const newStaff = (overrides: Record<string, unknown>) => ({
  last_name: '新入',
  first_name: `社員${++n}`,
  email: `span-${Date.now().toString(36)}-${n}@example.test`,
  password: 'Temp#Passw0rd2026',
  department_id: null,
  employment_status_id: null,
  ...overrides,
});

beforeAll(async () => {
  pinClock('2026-11-28', '10:00');
  tenant = await createTenant({ employees: 0, name: '入社日株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  await seedCompanyDayPattern(tenant.companyId);
  const created = await admin.post('/api/v1/employees', newStaff({ hire_date: '2026-11-16', employee_number: 'N-1' }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  hired = created.body.data.id;
  const leaving = await admin.post(
    '/api/v1/employees',
    newStaff({ hire_date: '2020-04-01', leave_date: '2026-11-20' }),
  );
  expect(leaving.status).toBe(201);
  leaver = leaving.body.data.id;
});
afterAll(() => {
  clock.now = realNow;
});

const month = async (id: string): Promise<MonthAttendanceView> => {
  const res = await admin.get(`/api/v1/timestamps?year=2026&month=11&id=${id}`);
  expect(res.status).toBe(200);
  return res.body.data;
};
const dayOf = (m: MonthAttendanceView, date: string) => m.days.find((d) => d.date === date) as AttendanceDayView;

describe('the month table', () => {
  it('shows the days before the 入社日 as 入社前: no 予定, no 欠勤; totals count from the 16th', async () => {
    const m = await month(hired);
    for (const date of ['2026-11-02', '2026-11-13'])
      expect(dayOf(m, date)).toMatchObject({
        outside_employment: 'before_hire',
        schedule_kind: null,
        scheduled_start: null,
        is_absent: false,
      });
    expect(dayOf(m, '2026-11-16')).toMatchObject({
      outside_employment: null,
      schedule_kind: 'pattern',
      is_absent: true,
    });
    // 10 予定日 (16–20, 24–27, 30), 9 of them over without a punch; not 19 and 18.
    expect(m.totals).toMatchObject({ scheduled_days: 10, absent_days: 9 });
  });

  it('shows the days after the 退職日 as 退職後', async () => {
    const m = await month(leaver);
    expect(dayOf(m, '2026-11-24')).toMatchObject({ outside_employment: 'after_leave', is_absent: false });
    expect(dayOf(m, '2026-11-20')).toMatchObject({ outside_employment: null, is_absent: true });
    // 14 working days up to the 20th, all 欠勤 (no punch).
    expect(m.totals).toMatchObject({ scheduled_days: 14, absent_days: 14 });
  });
});

/** The November attendance CSV of one member: the header and the rows, split into cells. */
async function novemberCsv(id: string) {
  const started = await admin.post('/api/v1/attendance_exports', {
    start_year: 2026,
    start_month: 11,
    start_day: 1,
    end_year: 2026,
    end_month: 11,
    end_day: 30,
    id,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const job = await pollUntil(
    async () => (await admin.get(`/api/v1/attendance_exports/${started.body.data.id}`)).body.data,
    (j) => j.status === 'done' || j.status === 'failed',
  );
  expect(job.status).toBe('done');
  const text = Buffer.from(await (await fetch(job.download_url)).arrayBuffer())
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const [header, ...rows] = text
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','));
  const col = (name: string) => header!.indexOf(name);
  return { rows, col, row: (date: string) => rows.find((r) => r[col('日付')] === date)! };
}

describe('the attendance CSV', () => {
  it('writes no 予定 and no 欠勤 on the days before the 入社日', async () => {
    const { rows, col, row } = await novemberCsv(hired);
    expect([row('2026-11-13')[col('予定出勤')], row('2026-11-13')[col('欠勤')]]).toEqual(['', '']);
    expect([row('2026-11-16')[col('予定出勤')], row('2026-11-16')[col('欠勤')]]).toEqual(['09:00', '欠勤']);
    expect(rows.filter((r) => r[col('欠勤')] === '欠勤')).toHaveLength(9);
  });
});

describe('a member retired without a 退職日', () => {
  it('gets the day of retirement as 退職日: the CSV shows no 欠勤 after it', async () => {
    pinClock('2026-11-18', '10:00');
    const created = await admin.post('/api/v1/employees', newStaff({}));
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect((await admin.delete(`/api/v1/employees/${id}`)).status).toBe(200);
    const stored = await db().entities.Employee.get({ companyId: tenant.companyId, employeeId: id }).go();
    expect(stored.data).toMatchObject({ status: 'retired', leaveDate: '2026-11-18' });
    pinClock('2026-11-28', '10:00');
    const { rows, col, row } = await novemberCsv(id);
    // Working days up to the 18th (2, 4, 5, 6, 9–13, 16–18: twelve) are 欠勤; the six after it
    // (19, 20, 24–27) are not, though they are over and unpunched.
    expect(rows.filter((r) => r[col('欠勤')] === '欠勤')).toHaveLength(12);
    expect([row('2026-11-19')[col('予定出勤')], row('2026-11-19')[col('欠勤')]]).toEqual(['', '']);
  });
});
