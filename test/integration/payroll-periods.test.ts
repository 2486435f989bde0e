/**
 * Issue 15, payroll period (締め日), through the API: with 20日締め the stored summaries, work status
 * (`?year&month` = 〇月度), the employee's own figures and the staff list all use the period
 * 21st – 20th, named by the month of its closing day; with the default 末日締め nothing changes.
 *
 * Calendar (checked with `date`): 2026-11-15 is a Sunday, so the week (Sunday start) Sun 15 – Sat 21
 * November straddles the 20th: Mon 16 – Fri 20 are in 11月度 (10月21日〜11月20日), Sat 21 in 12月度
 * (11月21日〜12月20日). 11月23日 is 勤労感謝の日.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putPayrollVersion } from '../../functions/db/period-closings.js';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { workStatusAfterRefresh } from '../support/work-status.js';

const stack = useTestStack();
let twentieth: TestTenant;
let monthEnd: TestTenant;
let staff: HttpClient;
let admin: HttpClient;
let otherStaff: HttpClient;
let otherAdmin: HttpClient;
const realNow = clock.now;

beforeAll(async () => {
  [twentieth, monthEnd] = await Promise.all([createTenant({ employees: 1 }), createTenant({ employees: 1 })]);
  await putPayrollVersion(twentieth.companyId, { effectiveFrom: '2026-01-01', closingDay: 20 });
  // The figures below are of 8-hour days with an hour's break: the companies' break rule gives it
  // (none is deemed without one since issue 29).
  await Promise.all([putTwoTierBreakRule(twentieth.companyId), putTwoTierBreakRule(monthEnd.companyId)]);
  [staff, admin, otherStaff, otherAdmin] = await Promise.all([
    signIn(stack.baseUrl, 'employee', twentieth.employees[0]!),
    signIn(stack.baseUrl, 'admin', twentieth.admin),
    signIn(stack.baseUrl, 'employee', monthEnd.employees[0]!),
    signIn(stack.baseUrl, 'admin', monthEnd.admin),
  ]);
  // Tuesday 24 Nov 2026, 12:00 in Tokyo: the current period is 12月度 under 20日締め, November under 末日締め.
  clock.now = () => new Date('2026-11-24T03:00:00Z');
}, 120_000);
afterAll(() => {
  clock.now = realNow;
});

const correct = async (who: HttpClient, day: number, from: string, to: string) => {
  const res = await who.post('/api/v1/modify_timestamps', {
    year: 2026,
    month: 11,
    day,
    punch_in_at: from,
    punch_out_at: to,
    reason: '打刻修正',
  });
  expect(res.status).toBe(201);
};
const stored = async (tenant: TestTenant, month: string) =>
  (
    await db()
      .entities.WorkSummary.get({ companyId: tenant.companyId, month, employeeId: tenant.employees[0]!.id })
      .go()
  ).data;

describe('20日締め: figures by payroll period', () => {
  it('12月度 counts 21 November but not the 20th, with the weekly 法定外 of the week straddling the closing day', async () => {
    const id = twentieth.employees[0]!.id;
    // Sat 21 Nov 09:00–14:00: 300 worked (no break up to 6 h), the first day of 12月度.
    await correct(staff, 21, '09:00', '14:00');
    expect(await stored(twentieth, '2026-12')).toMatchObject({ workedMinutes: 300, statutoryOvertimeMinutes: 0 });
    // Then Mon 16 – Fri 20 Nov 09:00–18:00: 540 − 60 break = 480 each → the week reaches 2400 (40 h)
    // on Friday the 20th, so Saturday's 300 become weekly 法定外 (32条) — in 12月度. Each correction
    // refreshes both periods (the week of the 16th–20th ends on the 21st).
    for (const day of [16, 17, 18, 19, 20]) await correct(staff, day, '09:00', '18:00');

    // The stored summary of 12月度 covers 21 Nov – 20 Dec: 300 worked, 300 法定外; 11月度 has the 2400.
    expect(await stored(twentieth, '2026-12')).toMatchObject({
      from: '2026-11-21',
      to: '2026-12-20',
      workedMinutes: 300,
      statutoryOvertimeMinutes: 300,
      workDays: 1,
    });
    expect(await stored(twentieth, '2026-11')).toMatchObject({
      from: '2026-10-21',
      to: '2026-11-20',
      workedMinutes: 2400,
      statutoryOvertimeMinutes: 0,
      workDays: 5,
    });
    // No summary is keyed by the calendar month's figures: the 36協定 history lines are the periods'.
    const history = (await db().entities.OvertimeHistory.get({ companyId: twentieth.companyId, employeeId: id }).go())
      .data?.months as Record<string, { statutoryOvertimeMinutes: number; workedMinutes: number }>;
    expect(history['2026-12']).toMatchObject({ statutoryOvertimeMinutes: 300, workedMinutes: 300 });
    expect(history['2026-11']).toMatchObject({ statutoryOvertimeMinutes: 0, workedMinutes: 2400 });

    // Work status for 12月度, asked for and by default (today, 24 Nov, is in 12月度).
    for (const path of ['/api/v1/work_status?year=2026&month=12', '/api/v1/work_status']) {
      const res = await workStatusAfterRefresh(admin, path);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        month: '2026-12',
        period: { id: '2026-12', from: '2026-11-21', to: '2026-12-20', label: '2026年12月度（11月21日〜12月20日）' },
        total_working_time: 300,
        total_over_working_time: 300,
      });
      expect(res.body.data.employees).toEqual([
        expect.objectContaining({ id, working_minutes: 300, statutory_overtime_minutes: 300 }),
      ]);
    }
    // 11月度 (21 Oct – 20 Nov) holds the 20th and the days before.
    const november = (await workStatusAfterRefresh(admin, '/api/v1/work_status?year=2026&month=11')).body.data;
    expect(november).toMatchObject({
      month: '2026-11',
      period: { id: '2026-11', from: '2026-10-21', to: '2026-11-20' },
      total_working_time: 2400,
      total_over_working_time: 0,
    });

    // The employee's own figures and the staff list show the current period, 12月度.
    const own = (await staff.get('/api/v1/work_status/me')).body.data;
    expect(own).toMatchObject({
      month: '2026-12',
      period: { id: '2026-12', from: '2026-11-21', to: '2026-12-20' },
      working_minutes: 300,
      statutory_overtime_minutes: 300,
    });
    const list = (await admin.get('/api/v1/employees')).body.data;
    expect(list.find((e: { id: string }) => e.id === id)).toMatchObject({
      monthly_working_minutes: 300,
      over_legal_limit_minutes: 300,
    });

    // The month table still shows calendar November (live), all six days.
    const table = (await staff.get('/api/v1/timestamps?year=2026&month=11')).body.data;
    expect(table.totals.statutory_overtime_minutes).toBe(300);
  });

  it('refuses an incomplete or impossible ?year&month with field errors', async () => {
    const onlyYear = await admin.get('/api/v1/work_status?year=2026');
    expect(onlyYear.status).toBe(400);
    expect(onlyYear.body.errors).toHaveProperty('month');
    const badMonth = await admin.get('/api/v1/work_status?year=2026&month=13');
    expect(badMonth.status).toBe(400);
    expect(badMonth.body.errors).toHaveProperty('month');
  });
});

describe('末日締め (the default): calendar months as before', () => {
  it('the same days give calendar-month figures', async () => {
    await correct(otherStaff, 20, '09:00', '18:00');
    await correct(otherStaff, 21, '09:00', '14:00');
    expect(await stored(monthEnd, '2026-11')).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
      workedMinutes: 780,
    });
    const res = (await workStatusAfterRefresh(otherAdmin, '/api/v1/work_status')).body.data;
    expect(res).toMatchObject({
      month: '2026-11',
      period: { id: '2026-11', from: '2026-11-01', to: '2026-11-30' },
      total_working_time: 780,
    });
  });

  it('a month left without its own closing day by a change of 締め日 is refused, not answered empty', async () => {
    // 末日締め until 20 November, 20日締め from the 21st: November closes on neither the 20th (末日 was
    // still in force) nor the 30th (20日締め by then), so its days run on into 12月度 (1 Nov – 20 Dec).
    await putPayrollVersion(monthEnd.companyId, { effectiveFrom: '2026-11-21', closingDay: 20 });
    const res = await workStatusAfterRefresh(otherAdmin, '/api/v1/work_status?year=2026&month=11');
    expect(res.status).toBe(400);
    expect(res.body.errors.month).toEqual(['指定した月に締め日のある月度はありません。']);
    const december = (await workStatusAfterRefresh(otherAdmin, '/api/v1/work_status?year=2026&month=12')).body.data;
    expect(december.period).toEqual({
      id: '2026-12',
      from: '2026-11-01',
      to: '2026-12-20',
      label: '2026年12月度（11月1日〜12月20日）',
    });
  });
});
