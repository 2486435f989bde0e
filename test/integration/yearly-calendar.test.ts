/**
 * Issue 29 item 7 through the API: a 1年単位の変形 plan (the 年間カレンダー made of shifts, default patterns
 * and the company calendar) fixes its 労働日 in advance, and 35条 needs at least one day off every week
 * — 則12条の4 allows 12 days in a row only inside a 特定期間, i.e. still with a day off each week. So:
 * - a shift pattern on the fixed 法定休日 (Sunday) is refused with a message naming the date — the
 *   engine kept the day the 法定休日 and silently dropped it from the plan;
 * - a shift save that leaves a whole week without a day off is refused, naming the week;
 * both as 400 with the field error on the entry (`entries.<i>.date`), in Japanese, nothing written;
 * and the plan check (`GET /api/v1/working_time_systems/check`) reports both on a stored plan.
 *
 * Staff under 1年単位 from 2026-04-01 for 12 months with the 特定期間 2026-05-01–2026-05-31. May 2026:
 * Sundays 3, 10, 17, 24, 31. Past for the suite's clock (November 2026), no closed period.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

const stack = useTestStack();
const INVALID = 'シフトの内容に不備があります。';
const LEGAL = (date: string) =>
  `${date}は法定休日のため、1年単位の変形労働時間制の労働日にできません（法定休日の労働は休日労働です）`;
const NO_DAY_OFF = (from: string, to: string) =>
  `${from}〜${to}の週に休日がありません（1年単位の変形労働時間制でも1週間に1日以上の休日が必要です。特定期間も同じです）`;

async function yearlyCompany(calendar?: Record<string, unknown>) {
  const t = await createTenant({ employees: 1 });
  const admin = await signIn(stack.baseUrl, 'admin', t.admin);
  const done = async (job: { id: string } | null | undefined) => {
    if (!job) return;
    await pollUntil(
      async () => (await admin.get(`/api/v1/recompute_jobs/${job.id}`)).body.data,
      (j) => j.status === 'done' || j.status === 'failed',
    );
  };
  if (calendar) {
    const cal = await admin.put('/api/v1/company_calendar', { effective_from: '2026-04-01', ...calendar });
    expect(cal.status, JSON.stringify(cal.body)).toBe(200);
    await done(cal.body.data.recompute);
  }
  const pattern = await admin.post('/api/v1/work_patterns', {
    name: '日勤',
    start_time: '09:00',
    end_time: '17:00',
    crosses_midnight: false,
    breaks: [{ start_time: '12:00', end_time: '13:00' }],
  });
  expect(pattern.status).toBe(201);
  const system = await admin.put('/api/v1/working_time_systems', {
    scope: 'status',
    employment_status_id: t.employmentStatusId,
    system: 'yearly_variable',
    period_start: '2026-04-01',
    period_months: 12,
    special_period_from: '2026-05-01',
    special_period_to: '2026-05-31',
    effective_from: '2026-04-01',
  });
  expect(system.status, JSON.stringify(system.body)).toBe(200);
  await done(system.body.data.recompute);
  return { t, admin, patternId: pattern.body.data.id as string };
}

const entry = (t: TestTenant, date: string, pattern_id: string | null, day_off = false) => ({
  employee_id: t.employees[0]!.id,
  date,
  pattern_id,
  day_off,
});

describe('1年単位の年間カレンダー: a pattern on the fixed 法定休日 (Sunday)', () => {
  let t: TestTenant;
  let admin: HttpClient;
  let patternId: string;
  beforeAll(async () => {
    ({ t, admin, patternId } = await yearlyCompany());
  });

  it('is refused with the date named on the entry, and nothing is written', async () => {
    const before = await tableSnapshot(stack.tableName);
    const res = await admin.put('/api/v1/shifts', {
      entries: [entry(t, '2026-05-09', patternId), entry(t, '2026-05-10', patternId)],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID);
    expect(res.body.errors).toEqual({ 'entries.1.date': [LEGAL('2026-05-10')] });
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
    // A Saturday (a 所定休日 of the calendar) is a lawful 労働日 of the plan: saved.
    const ok = await admin.put('/api/v1/shifts', { entries: [entry(t, '2026-05-09', patternId)] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('a plan stored before the check (a Sunday shift) is reported by the plan check with its date', async () => {
    await db()
      .entities.Shift.put({
        companyId: t.companyId,
        yearMonth: '2026-05',
        employeeId: t.employees[0]!.id,
        date: '2026-05-17',
        patternId,
      })
      .go();
    const check = await admin.get(
      `/api/v1/working_time_systems/check?employee_id=${t.employees[0]!.id}&date=2026-05-17`,
    );
    expect(check.status).toBe(200);
    const v = (check.body.data.violations as { code: string; message: string; dates: string[] }[]).find(
      (x) => x.code === 'legal_holiday_scheduled',
    );
    expect(v).toEqual({ code: 'legal_holiday_scheduled', message: LEGAL('2026-05-17'), dates: ['2026-05-17'] });
  });
});

describe('1年単位の年間カレンダー: a week without a day off', () => {
  // The rules fix no 法定休日 weekday ('latest'): Saturday and Sunday are 所定休日 a shift may plan work on.
  let t: TestTenant;
  let admin: HttpClient;
  let patternId: string;
  beforeAll(async () => {
    ({ t, admin, patternId } = await yearlyCompany({ legal_holiday: 'latest', weekly_days_off: [0, 6] }));
  });

  it('is refused, inside the 特定期間 too, naming the week; with a day off in it the save goes through', async () => {
    // Sat 5/9 off, Sun 5/10 – Sat 5/16 all 日勤: a run of 7 (the 特定期間 allows 12) but the week
    // 5/10–5/16 has no day off → refused on its first entry (5/10).
    const week = ['2026-05-10', '2026-05-11', '2026-05-12', '2026-05-13', '2026-05-14', '2026-05-15', '2026-05-16'];
    const before = await tableSnapshot(stack.tableName);
    const res = await admin.put('/api/v1/shifts', {
      entries: [entry(t, '2026-05-09', null, true), ...week.map((d) => entry(t, d, patternId))],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID);
    expect(res.body.errors).toEqual({ 'entries.1.date': [NO_DAY_OFF('2026-05-10', '2026-05-16')] });
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
    // Sat 5/16 a day off: the week keeps one, the save goes through.
    const ok = await admin.put('/api/v1/shifts', {
      entries: [
        entry(t, '2026-05-09', null, true),
        ...week.slice(0, 6).map((d) => entry(t, d, patternId)),
        entry(t, '2026-05-16', null, true),
      ],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // Planning work on that Saturday afterwards is refused the same way (the stored week is read).
    const again = await admin.put('/api/v1/shifts', { entries: [entry(t, '2026-05-16', patternId)] });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ 'entries.0.date': [NO_DAY_OFF('2026-05-10', '2026-05-16')] });
  });

  it('the plan check reports a stored week without a day off', async () => {
    // Stored directly (a plan saved before the check): 日勤 shifts on Sun 5/24 and Sat 5/30; Mon–Fri are
    // the calendar's 労働日 (no default pattern: the working rule's 8 h) → the week 5/24–5/30 has no day off.
    for (const date of ['2026-05-24', '2026-05-30'])
      await db()
        .entities.Shift.put({
          companyId: t.companyId,
          yearMonth: '2026-05',
          employeeId: t.employees[0]!.id,
          date,
          patternId,
        })
        .go();
    const check = await admin.get(
      `/api/v1/working_time_systems/check?employee_id=${t.employees[0]!.id}&date=2026-05-24`,
    );
    expect(check.status).toBe(200);
    const v = (check.body.data.violations as { code: string; message: string; dates: string[] }[]).filter(
      (x) => x.code === 'week_without_day_off',
    );
    expect(v.map((x) => x.message)).toEqual([NO_DAY_OFF('2026-05-24', '2026-05-30')]);
  });
});
