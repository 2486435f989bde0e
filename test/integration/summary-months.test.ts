/**
 * Issue 15 items 3 and 10, through the API. A change to a day refreshes the stored summary of every
 * month it can affect (the week of a late-September day ends in October), and an approved overtime or
 * holiday-work request clears that day's 未承認 warning in the employee's month.
 *
 * Calendar (checked with `date`): 2026-09-27 is a Sunday, so the week (暦週, Sunday start, the
 * product's default) Sun 27 Sep – Sat 3 Oct spans the two months; 2026-10-10 is a Saturday.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { workStatusAfterRefresh } from '../support/work-status.js';

const stack = useTestStack();
let tenant: TestTenant;
let first: HttpClient;
let second: HttpClient;
let admin: HttpClient;
const realNow = clock.now;

beforeAll(async () => {
  tenant = await createTenant({ employees: 2 });
  // These figures are of days with the company's break (none is deemed without one since issue 29).
  await putTwoTierBreakRule(tenant.companyId);
  first = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  second = await signIn(stack.baseUrl, 'employee', tenant.employees[1]!);
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  // Monday 12 Oct 2026, 21:00 in Tokyo: every day used below is in the past; "this month" is October.
  clock.now = () => new Date('2026-10-12T12:00:00Z');
});
afterAll(() => {
  clock.now = realNow;
});

const correct = async (who: HttpClient, month: number, day: number, from: string, to: string) => {
  const res = await who.post('/api/v1/modify_timestamps', {
    year: 2026,
    month,
    day,
    punch_in_at: from,
    punch_out_at: to,
    reason: '打刻修正',
  });
  expect(res.status).toBe(201);
};
const storedSummary = async (employeeId: string, month: string) =>
  (await db().entities.WorkSummary.get({ companyId: tenant.companyId, month, employeeId }).go()).data;

describe('a change refreshes every month it can affect', () => {
  it('correcting 28–30 Sep updates October’s stored 法定外 (work status and staff list)', async () => {
    const id = tenant.employees[0]!.id;
    // October days first: Thu 1 and Fri 2 Oct 09:00–18:00 = 540 − 60 break = 480 each;
    // Sat 3 Oct 09:00–14:00 = 300 (no break up to 6 h). Week so far 1260 < 2400 → 法定外 0.
    await correct(first, 10, 1, '09:00', '18:00');
    await correct(first, 10, 2, '09:00', '18:00');
    await correct(first, 10, 3, '09:00', '14:00');
    expect(await storedSummary(id, '2026-10')).toMatchObject({ workedMinutes: 1260, statutoryOvertimeMinutes: 0 });

    // Then Mon 28 – Wed 30 Sep 09:00–18:00 = 480 each: the week reaches 1440 + 960 = 2400 (40 h) by
    // Friday, so Saturday's 300 minutes become weekly 法定外 — in October. September keeps 1440
    // worked and 0 法定外; October 1260 worked, 300 法定外 (no deemed overtime: all excess).
    await correct(first, 9, 28, '09:00', '18:00');
    await correct(first, 9, 29, '09:00', '18:00');
    await correct(first, 9, 30, '09:00', '18:00');

    expect(await storedSummary(id, '2026-09')).toMatchObject({ workedMinutes: 1440, statutoryOvertimeMinutes: 0 });
    expect(await storedSummary(id, '2026-10')).toMatchObject({ workedMinutes: 1260, statutoryOvertimeMinutes: 300 });

    const status = (await workStatusAfterRefresh(admin, '/api/v1/work_status?year=2026&month=10')).body.data;
    expect(status.employees).toEqual([
      expect.objectContaining({ id, working_minutes: 1260, statutory_overtime_minutes: 300, excess_minutes: 300 }),
    ]);
    const list = (await admin.get('/api/v1/employees')).body.data;
    expect(list.find((e: { id: string }) => e.id === id)).toMatchObject({
      monthly_working_minutes: 1260,
      over_legal_limit_minutes: 300,
    });
    // The 36協定 history line of October follows too.
    const history = (await db().entities.OvertimeHistory.get({ companyId: tenant.companyId, employeeId: id }).go()).data
      ?.months as Record<string, { statutoryOvertimeMinutes: number }>;
    expect(history['2026-10']!.statutoryOvertimeMinutes).toBe(300);
    expect(history['2026-09']!.statutoryOvertimeMinutes).toBe(0);
    // The employee's own month table (computed live) agrees with the stored figure.
    const own = (await first.get('/api/v1/timestamps?year=2026&month=10')).body.data;
    expect(own.totals.statutory_overtime_minutes).toBe(300);
  });
});

describe('approved overtime and holiday-work requests', () => {
  it('clear the day’s 未承認 warnings in the employee’s month', async () => {
    // Sat 10 Oct 09:00–19:00: 600 − 60 break = 540 worked on a 所定休日 (not the legal holiday):
    // 60 minutes beyond 8 h (overtime) and work on a day off, so both warnings show.
    await correct(second, 10, 10, '09:00', '19:00');
    const flags = async () =>
      (
        (await second.get('/api/v1/timestamps?year=2026&month=10')).body.data.days as {
          date: string;
          flags: string[];
        }[]
      ).find((d) => d.date === '2026-10-10')!.flags;
    expect(await flags()).toEqual(expect.arrayContaining(['unapproved_overtime', 'unapproved_holiday_work']));

    const over = await second.post('/api/v1/over_work_requests', {
      year: 2026,
      month: 10,
      day: 10,
      reason: '納期対応',
    });
    const holiday = await second.post('/api/v1/holiday_work_requests', {
      year: 2026,
      month: 10,
      day: 10,
      reason: '棚卸',
    });
    expect([over.status, holiday.status]).toEqual([201, 201]);
    // Filed but not yet approved: the warnings stay.
    expect(await flags()).toEqual(expect.arrayContaining(['unapproved_overtime', 'unapproved_holiday_work']));

    expect((await admin.put(`/api/v1/over_work_requests/${over.body.data.id}`, { status: 1 })).status).toBe(200);
    expect(await flags()).not.toContain('unapproved_overtime');
    expect(await flags()).toContain('unapproved_holiday_work');

    expect((await admin.put(`/api/v1/holiday_work_requests/${holiday.body.data.id}`, { status: 1 })).status).toBe(200);
    const after = await flags();
    expect(after).not.toContain('unapproved_overtime');
    expect(after).not.toContain('unapproved_holiday_work');

    // Approving refreshed the stored month (its figures are unchanged: 540 worked, 60 法定外) and the
    // admin's view of the same month shows no warning either.
    expect(await storedSummary(tenant.employees[1]!.id, '2026-10')).toMatchObject({
      workedMinutes: 540,
      statutoryOvertimeMinutes: 60,
    });
    const adminView = (await admin.get(`/api/v1/timestamps?year=2026&month=10&id=${tenant.employees[1]!.id}`)).body
      .data;
    expect(adminView.days.find((d: { date: string }) => d.date === '2026-10-10').flags).toEqual(
      expect.not.arrayContaining(['unapproved_overtime', 'unapproved_holiday_work']),
    );
  });

  it('an approval outlives the deletion of the day’s punches', async () => {
    const id = tenant.employees[1]!.id;
    expect((await admin.delete(`/api/v1/timestamps/${id}_2026-10-10`)).status).toBe(200);
    await correct(second, 10, 10, '09:00', '19:00');
    const day = (
      (await second.get('/api/v1/timestamps?year=2026&month=10')).body.data.days as { date: string; flags: string[] }[]
    ).find((d) => d.date === '2026-10-10')!;
    expect(day.flags).not.toContain('unapproved_overtime');
    expect(day.flags).not.toContain('unapproved_holiday_work');
  });
});
