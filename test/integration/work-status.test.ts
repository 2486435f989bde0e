/**
 * Work status and staff-list figures come from per-employee monthly summaries that the engine keeps
 * current on every punch-out, correction, approval and rule change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { freshWorkStatus } from '../support/work-status.js';

const stack = useTestStack();
let tenant: TestTenant;
let staff: HttpClient;
let admin: HttpClient;
const realNow = clock.now;
const at = (iso: string) => {
  clock.now = () => new Date(iso);
};

beforeAll(async () => {
  tenant = await createTenant({ employees: 2 });
  // These figures are of days with the company's break (none is deemed without one since issue 29).
  await putTwoTierBreakRule(tenant.companyId);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
});
afterAll(() => {
  clock.now = realNow;
});

const status = () => freshWorkStatus(admin);
const summary = async () =>
  (
    await db()
      .entities.WorkSummary.get({ companyId: tenant.companyId, month: '2026-04', employeeId: tenant.employees[0]!.id })
      .go()
  ).data;

describe('summaries follow every change', () => {
  it('counts a closed shift: 09:00–20:00 is 11 h restraint − 60 min break = 600 min, 120 min beyond 8 h', async () => {
    at('2026-04-20T00:00:00Z'); // Monday 09:00 in Tokyo
    await staff.post('/api/v1/timestamps', {});
    at('2026-04-20T11:00:00Z'); // 20:00
    await staff.post('/api/v1/timestamps', {});
    const s = await status();
    // The averages are over the members with work in the period (issue 29 item 20): 社員 2号 has none.
    expect(s).toMatchObject({
      month: '2026-04',
      count_employees: 2,
      count_with_data: 1,
      total_working_time: 600,
      average_working_time: 600,
      total_over_working_time: 120,
      average_over_working_time: 120,
    });
    // No deemed overtime: the whole overtime is excess.
    expect(s.total_unpaid_working_time).toBe(120);
    expect(s.employees).toEqual([
      expect.objectContaining({ id: tenant.employees[0]!.id, working_minutes: 600, statutory_overtime_minutes: 120 }),
    ]);

    const list = (await admin.get('/api/v1/employees')).body.data;
    expect(list.find((e: { id: string }) => e.id === tenant.employees[0]!.id)).toMatchObject({
      monthly_working_minutes: 600,
      overtime_minutes: 120,
      over_legal_limit_minutes: 120,
    });
    expect(list.find((e: { id: string }) => e.id === tenant.employees[1]!.id)).toMatchObject({
      monthly_working_minutes: 0,
    });
  });

  it('adds a corrected day: 4/17 09:00–18:00 is 540 − 60 = 480 min, no overtime', async () => {
    at('2026-04-20T12:00:00Z');
    const res = await staff.post('/api/v1/modify_timestamps', {
      year: 2026,
      month: 4,
      day: 17,
      punch_in_at: '09:00',
      punch_out_at: '18:00',
      reason: '打刻漏れ',
    });
    expect(res.status).toBe(201);
    expect(await status()).toMatchObject({ total_working_time: 1080, total_over_working_time: 120 });
  });

  it('counts approved paid leave', async () => {
    const filed = await staff.post('/api/v1/holiday_requests', { kind: 0, year: 2026, month: 4, day: 21 });
    expect((await summary())?.paidLeaveDays).toBe(0);
    await admin.put(`/api/v1/holiday_requests/${filed.body.data.id}`, { status: 1 });
    expect((await summary())?.paidLeaveDays).toBe(1);
  });

  it('recomputes the month when a rule changes: a 7 h fixed day turns the 8th hour into 法内残業', async () => {
    // A version from 1 April covers both days; the stored month is recomputed by a background job.
    const res = await admin.post('/api/v1/working_times', {
      fixed_hour: 7,
      fixed_minute: 0,
      over_hour: 1,
      over_minute: 0,
      department_id: tenant.departmentId,
      employment_status_id: null,
      effective_from: '2026-04-01',
    });
    expect(res.status).toBe(200);
    await expect
      .poll(async () => (await admin.get(`/api/v1/recompute_jobs/${res.body.data.recompute.id}`)).body.data.status, {
        timeout: 30_000,
      })
      .toBe('done');
    // 4/20: 600 = 420 regular + 60 法内 + 120 法定外; 4/17: 480 = 420 + 60 法内 → overtime 180 + 60.
    expect(await status()).toMatchObject({ total_working_time: 1080, total_over_working_time: 240 });
    expect(await summary()).toMatchObject({
      scheduledOvertimeMinutes: 120,
      statutoryOvertimeMinutes: 120,
      ruleVersion: expect.any(String),
    });
  });

  it('averages over the members with work: the recompute gave 社員 2号 a summary without a day of work', async () => {
    // The rule change above recomputed every member's April; 社員 2号 worked no day, so the averages stay
    // over 社員 1号 alone (issue 29 item 20: dividing by every registered member halved them).
    const { data: empty } = await db()
      .entities.WorkSummary.get({ companyId: tenant.companyId, month: '2026-04', employeeId: tenant.employees[1]!.id })
      .go();
    expect(empty).toMatchObject({ workedMinutes: 0, workDays: 0 });
    expect(await status()).toMatchObject({
      count_employees: 2,
      count_with_data: 1,
      total_working_time: 1080,
      average_working_time: 1080,
      total_over_working_time: 240,
      average_over_working_time: 240,
    });
  });

  it('explains each day in the monthly table with the rule that applied', async () => {
    const month = (await staff.get('/api/v1/timestamps?year=2026&month=4')).body.data;
    const day = month.days.find((d: { date: string }) => d.date === '2026-04-20');
    expect(day).toMatchObject({
      worked_minutes: 600,
      break_minutes: 60,
      scheduled_overtime_minutes: 60,
      statutory_overtime_minutes: 120,
      status: 'complete',
    });
    expect(day.explanation.map((l: { message: string }) => l.message).join('\n')).toMatch(/法定外/);
    expect(month.totals).toMatchObject({ worked_minutes: 1080, overtime_minutes: 240 });
    expect(month.rule_version).toEqual(expect.any(String));
  });

  it('answers the explanation lines as codes with params and the text in the caller’s language', async () => {
    // 2026-04-20: punched 09:00–20:00 (拘束 660), break 60 → work 600 = 法内 60 + 法定外 120 (above) +
    // 所定内 600 − 60 − 120 = 420; nothing between 22:00 and 05:00, so late night 0.
    type Line = { code: string; params: Record<string, unknown>; message: string };
    const dayIn = async (language: string): Promise<Line[]> => {
      const res = await staff.get('/api/v1/timestamps?year=2026&month=4', { headers: { 'accept-language': language } });
      expect(res.status).toBe(200);
      return res.body.data.days.find((d: { date: string }) => d.date === '2026-04-20').explanation;
    };
    const ja = await dayIn('ja-JP,ja;q=0.9');
    const en = await dayIn('en-GB,en;q=0.9');
    // The same codes and params in either language; only the text differs.
    expect(en.map(({ code, params }) => ({ code, params }))).toEqual(ja.map(({ code, params }) => ({ code, params })));
    const byCode = (lines: Line[], code: string) => lines.find((l) => l.code === code)?.message;
    expect(ja.find((l) => l.code === 'day.worked')).toEqual({
      code: 'day.worked',
      params: expect.objectContaining({ minutes: 600, lateNight: 0 }),
      message: '労働: 600分 = 所定内420 + 法内残業60 + 法定外120、うち深夜0分',
    });
    expect(byCode(ja, 'day.restraint')).toBe('拘束: 09:00–20:00 660分');
    expect(byCode(en, 'day.worked')).toBe(
      'Work: 600 min = scheduled 420 + non-statutory overtime 60 + statutory overtime 120, of which late night 0 min',
    );
    expect(byCode(en, 'day.restraint')).toBe('On duty: 09:00–20:00, 660 min');
    // No Japanese in an English user's lines (the day has no user data such as a holiday name).
    for (const l of en) expect(l.message).not.toMatch(/[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/);
  });
});

describe('36協定 alerts', () => {
  it('lists staff over the 36協定 alert and shows the employee their own figures', async () => {
    // 月10時間 with the alert at 10 % of it: 600 × 10 ÷ 100 = 60 minutes; 社員 1号 has 120 法定外.
    const set = await admin.put('/api/v1/overtime_agreement', {
      effective_from: '2026-04-01',
      start_month: 4,
      variant: 'standard',
      monthly_limit_hours: 10,
      annual_limit_hours: 100,
      special_clause: false,
      alert_percent: 10,
    });
    expect(set.status).toBe(200);
    const s = await status();
    expect(s.alert_limit_minutes).toBe(60);
    expect(s.alerts).toEqual(
      expect.arrayContaining([expect.objectContaining({ employee_id: tenant.employees[0]!.id, code: 'alert_limit' })]),
    );
    const me = (await staff.get('/api/v1/work_status/me')).body.data;
    expect(me).toMatchObject({
      month: '2026-04',
      working_minutes: 1080,
      statutory_overtime_minutes: 120,
      alert_limit_minutes: 60,
    });
    expect(me.findings.map((f: { code: string }) => f.code)).toContain('alert_limit');
  });

  it('the old アラート設定 route is gone (issue 29 item 19): 404, nothing written', async () => {
    const res = await admin.put('/api/v1/work_status/alert', { alert_hours: 5, special_clause: false });
    expect(res.status).toBe(404);
    const { data: company } = await db().entities.Company.get({ companyId: tenant.companyId }).go();
    expect(company?.overtimeAlertMinutes).toBe(45 * 60);
    expect((await status()).alert_limit_minutes).toBe(60);
  });
});

/**
 * Issue 15 item 4: the 80 h notice uses 則52条の2 — total worked − 40 h × calendar days ÷ 7 — not
 * 法定外 + 休日. April 2026 has 30 days: 40 × 30 ÷ 7 h = 10,285.71 min, truncated to 10,285.
 * Shifts 05:00–23:00 Tokyo: 拘束 1,080; work over 8 h needs 60 min (60 leaves 1,020 > 480 with
 * 60 ≥ 60; less than 60 leaves over 8 h) → 1,020 worked = 480 所定内 + 540 法定外 a day. Weekdays
 * only, 5 a week at most: 5 × 480 = 2,400 所定内 a week, so no weekly 法定外.
 */
describe('80 h doctor-interview notice (則52条の2)', () => {
  let other: TestTenant;
  let long: HttpClient;
  let short: HttpClient;
  let otherAdmin: HttpClient;

  beforeAll(async () => {
    other = await createTenant({ employees: 2 });
    // These figures are of days with the company's break (none is deemed without one since issue 29).
    await putTwoTierBreakRule(other.companyId);
    long = await signIn(stack.baseUrl, 'employee', other.employees[0]!);
    short = await signIn(stack.baseUrl, 'employee', other.employees[1]!);
    otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
  });

  const work = async (client: HttpClient, days: number[]) => {
    for (const d of days) {
      const date = `2026-04-${String(d).padStart(2, '0')}`;
      at(`${date}T05:00:00+09:00`);
      expect((await client.post('/api/v1/timestamps', {})).status).toBeLessThan(300);
      at(`${date}T23:00:00+09:00`);
      expect((await client.post('/api/v1/timestamps', {})).status).toBeLessThan(300);
    }
  };
  type Finding = { code: string; severity: string; projected: boolean };
  const notices = (findings: Finding[]) => findings.filter((f) => f.code === 'doctor_interview_80h');

  it('notifies on total worked − 171 h 25 min, not on 法定外 + 休日', { timeout: 180_000 }, async () => {
    // Long: 16 days (6–10, 13–17, 20–24, 27 April) × 1,020 = 16,320 worked; 16,320 − 10,285 = 6,035
    // min = 100 h 35 min > 80 h → notice with that figure (法定外 + 休日 would be 16 × 540 = 8,640).
    await work(long, [6, 7, 8, 9, 10, 13, 14, 15, 16, 17, 20, 21, 22, 23, 24, 27]);
    // Short: 10 days (6–10, 13–17) × 1,020 = 10,200 worked < 10,285 → 0 beyond → no notice, although
    // 法定外 = 10 × 540 = 5,400 = 90 h (the old formula's figure, over 80 h).
    await work(short, [6, 7, 8, 9, 10, 13, 14, 15, 16, 17]);
    // Checked on Tuesday 28 April 09:00. Pace: 19 work days before the 28th, 2 left (29th is 昭和の日):
    // short projects to 10,200 + 10,200 ÷ 19 × 2 = 11,274 → 989 beyond: no projected notice either.
    at('2026-04-28T09:00:00+09:00');

    const me = (await long.get('/api/v1/work_status/me')).body.data;
    expect(me).toMatchObject({ working_minutes: 16320, statutory_overtime_minutes: 8640 });
    expect(notices(me.findings)).toEqual([
      expect.objectContaining({
        severity: 'notice',
        projected: false,
        value_minutes: 6035,
        limit_minutes: 4800,
        message:
          '時間外・休日労働時間（月の総労働時間−40時間×暦日数÷7）（100時間35分）が80時間を超えています。本人への通知と医師による面接指導の案内が必要です',
      }),
    ]);

    const shortMe = (await short.get('/api/v1/work_status/me')).body.data;
    expect(shortMe).toMatchObject({ working_minutes: 10200, statutory_overtime_minutes: 5400 });
    expect(notices(shortMe.findings)).toEqual([]);

    const alerts = (await freshWorkStatus(otherAdmin)).alerts as (Finding & {
      employee_id: string;
      value_minutes: number;
    })[];
    expect(notices(alerts)).toEqual([
      expect.objectContaining({ employee_id: other.employees[0]!.id, severity: 'notice', value_minutes: 6035 }),
    ]);
  });
});

/**
 * Issue 15 item 1 through the API: a company break of 45 min on an 8:45–17:30 day. 34条 is on work
 * time: 拘束 8:45 − 45 = 8:00 of work, not over 8 h, and 45 ≥ 45 → the company's 45 is lawful and
 * kept (before: raised to 60 because 拘束 exceeded 8 h, 465 paid minutes instead of 480).
 */
describe('a lawful company break is deducted as it stands', () => {
  it('8:45–17:30 with 拘束6:00以上→0:45 is 480 所定内 minutes, break 45', { timeout: 60_000 }, async () => {
    const t = await createTenant({ employees: 1 });
    const me = await signIn(stack.baseUrl, 'employee', t.employees[0]!);
    const boss = await signIn(stack.baseUrl, 'admin', t.admin);
    at('2026-04-06T08:00:00+09:00');
    const rule = await boss.post('/api/v1/break_times', {
      condition_hour: 6,
      condition_minute: 0,
      break_hour: 0,
      break_minute: 45,
    });
    expect(rule.status).toBe(200);
    at('2026-04-06T08:45:00+09:00');
    await me.post('/api/v1/timestamps', {});
    at('2026-04-06T17:30:00+09:00');
    await me.post('/api/v1/timestamps', {});

    const month = (await me.get('/api/v1/timestamps?year=2026&month=4')).body.data;
    const day = month.days.find((d: { date: string }) => d.date === '2026-04-06');
    expect(day).toMatchObject({
      worked_minutes: 480,
      break_minutes: 45,
      scheduled_overtime_minutes: 0,
      statutory_overtime_minutes: 0,
      status: 'complete',
    });
    expect(day.explanation.map((l: { message: string }) => l.message)).toContain(
      '休憩: 休憩ルール(全社)により45分（拘束6:00以上で0:45）、12:45–13:30に一括取得とみなす（出勤4時間後から）',
    );
    expect(await freshWorkStatus(boss)).toMatchObject({ total_working_time: 480 });
  });
});
