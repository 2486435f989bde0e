/**
 * Issue 17 wiring: the working-time systems reach every place figures are computed and shown. The
 * systems are written straight into the table (WorkSystemItem; the settings routes are another
 * helper's work), with the real engine (flex.ts: 過不足 = worked − 標準 8 h × working days from the
 * 清算期間's start, paid leave counted at the standard day); what is checked is the plumbing: the days from the
 * period's start reach the engine, a change recomputes through the period's end (never past today),
 * the month answer, work status, the punch screen's card, the staff list, the checklist and the CSV
 * name the system, and the 36協定 limits follow it.
 *
 * 2026, Asia/Tokyo, 末日締め. A: フレックスタイム制, 清算期間 3 months from 4/1 (4/1–6/30).
 * B: 1年単位の変形 (12 months from 4/1). C: 管理監督者. D: 通常 (nothing stored).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { employeeMonthSummary, refreshCompanyMonth } from '../../functions/db/summaries.js';
import { instantOf } from '../../functions/domain/time.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import { clock } from '../../functions/shared/clock.js';
import type { MonthAttendanceView } from '../../functions/api/timestamps/month-view.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { workStatusAfterRefresh } from '../support/work-status.js';

const stack = useTestStack();
const TZ = 'Asia/Tokyo';
const jst = (date: string, h: number, m = 0) => instantOf(date, h, m, TZ);
const realNow = clock.now;
const at = (iso: string) => {
  clock.now = () => new Date(iso);
};
let tenant: TestTenant;
let admin: HttpClient;
let staffA: HttpClient;
let a: string;
let b: string;
let c: string;
let d: string;

/** A day worked 9:00–18:00 with a one-hour break: 480 minutes. */
const workDay = (employeeId: string, workDate: string) =>
  db()
    .entities.AttendanceDay.put({
      companyId: tenant.companyId,
      employeeId,
      workDate,
      punchInAt: jst(workDate, 9),
      punchOutAt: jst(workDate, 18),
    })
    .go();

beforeAll(async () => {
  at(jst('2026-04-13', 8));
  tenant = await createTenant({ employees: 4, name: '制度株式会社' });
  // These figures are of days with the company's break (none is deemed without one since issue 29).
  await putTwoTierBreakRule(tenant.companyId);
  [a, b, c, d] = tenant.employees.map((e) => e.id) as [string, string, string, string];
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staffA = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  const { entities } = db();
  const own = (employeeId: string) => ({
    companyId: tenant.companyId,
    scope: 'employee' as const,
    employmentStatusId: RULE_ANY,
    employeeId,
    effectiveFrom: '2026-04-01',
  });
  await entities.WorkSystemItem.put({ ...own(a), system: 'flex', periodStart: '2026-04-01', periodMonths: 3 }).go();
  await entities.WorkSystemItem.put({
    ...own(b),
    system: 'yearly_variable',
    periodStart: '2026-04-01',
    periodMonths: 12,
  }).go();
  await entities.WorkSystemItem.put({ ...own(c), system: 'manager' }).go();
});
afterAll(() => {
  clock.now = realNow;
});

const monthOf = async (client: HttpClient, year: number, month: number, id?: string): Promise<MonthAttendanceView> => {
  const res = await client.get(`/api/v1/timestamps?year=${year}&month=${month}${id ? `&id=${id}` : ''}`);
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('a change recomputes through the 清算期間 (bounded by today)', () => {
  it('a punch-out in April stores April only while the period’s later months have no days yet', async () => {
    at(jst('2026-04-13', 9));
    expect((await staffA.post('/api/v1/timestamps', {})).status).toBe(200);
    at(jst('2026-04-13', 18));
    expect((await staffA.post('/api/v1/timestamps', {})).status).toBe(200);
    const april = await employeeMonthSummary(tenant.companyId, a, '2026-04');
    expect(april).toMatchObject({
      system: 'flex',
      systemPeriodFrom: '2026-04-01',
      systemPeriodTo: '2026-06-30',
      systemPeriodMonths: 3,
      workedMinutes: 480,
      periodStatutoryOvertimeMinutes: 0,
    });
    // As of today (4/13): 4/1–4/13 has 9 working days (4/1–3, 6–10, 13) → 480 − 9 × 480.
    expect(april!.flexBalanceMinutes).toBe(480 - 9 * 480);
    expect(await employeeMonthSummary(tenant.companyId, a, '2026-05')).toBeNull();
    expect(await employeeMonthSummary(tenant.companyId, a, '2026-06')).toBeNull();
    // The history line carries the system (the 36協定 checks read it).
    const { data: history } = await db()
      .entities.OvertimeHistory.get({ companyId: tenant.companyId, employeeId: a })
      .go();
    expect(history!.months['2026-04']).toMatchObject({ system: 'flex', periodMonths: 3 });
  });

  it('a change to an April day, once June is computed, refreshes the stored June (the period’s last month)', async () => {
    await workDay(a, '2026-05-11');
    await workDay(a, '2026-06-08');
    at(jst('2026-07-02', 9));
    for (const m of [4, 5, 6]) await refreshCompanyMonth(tenant.companyId, TZ, 2026, m);
    const before = await employeeMonthSummary(tenant.companyId, a, '2026-06');
    // June's state covers the whole period: 3 days worked (4/13, 5/11, 6/8).
    expect(before).toMatchObject({ system: 'flex', workedMinutes: 480 });
    const required = 480 * 3 - before!.flexBalanceMinutes!;

    at(jst('2026-07-02', 10));
    expect((await admin.delete(`/api/v1/timestamps/${a}_2026-04-13`)).status).toBeLessThan(300);
    const after = await employeeMonthSummary(tenant.companyId, a, '2026-06');
    expect(after!.flexBalanceMinutes).toBe(480 * 2 - required);
    expect(after!.computedAt > before!.computedAt).toBe(true);
    // May too (inside the period), and nothing past the period (July is another 清算期間).
    expect((await employeeMonthSummary(tenant.companyId, a, '2026-05'))!.computedAt).toBe(after!.computedAt);
    expect(await employeeMonthSummary(tenant.companyId, a, '2026-07')).toBeNull();
  });
});

describe('the month answer', () => {
  it('names the flex system and its 清算期間 and gives the 過不足 computed from the period’s first day', async () => {
    at(jst('2026-07-02', 11));
    const june = await monthOf(staffA, 2026, 6);
    expect(june.system).toEqual({
      kind: 'flex',
      label: 'フレックスタイム制',
      period_from: '2026-04-01',
      period_to: '2026-06-30',
    });
    // Worked to date counts May's day (5/11) and June's (6/8): the days from 4/1 reached the engine.
    expect(june.flex).toMatchObject({ from: '2026-04-01', to: '2026-06-30', worked_to_date_minutes: 960 });
    expect(june.flex!.balance_minutes).toBe(june.flex!.worked_to_date_minutes - june.flex!.required_to_date_minutes);
    expect(june.days[0]).toHaveProperty('period_statutory_overtime_minutes', 0);
    expect(june.totals).toHaveProperty('period_statutory_overtime_minutes', 0);
    // The admin's staff month is the same answer.
    expect((await monthOf(admin, 2026, 6, a)).flex).toEqual(june.flex);
  });

  it('通常 (nothing stored): the 通常の労働時間制 without a period or flex state; 1年単位の変形 names its 変形期間', async () => {
    expect((await monthOf(admin, 2026, 6, d)).system).toEqual({
      kind: 'standard',
      label: '通常の労働時間制',
      period_from: null,
      period_to: null,
    });
    expect((await monthOf(admin, 2026, 6, d)).flex).toBeNull();
    expect((await monthOf(admin, 2026, 6, b)).system).toEqual({
      kind: 'yearly_variable',
      label: '1年単位の変形労働時間制',
      period_from: '2026-04-01',
      period_to: '2027-03-31',
    });
  });
});

describe('stored figures and 36協定 by system', () => {
  it('work status, the punch screen’s card and the staff list name the system', async () => {
    at(jst('2026-06-20', 12));
    await refreshCompanyMonth(tenant.companyId, TZ, 2026, 6);
    const ws = (await workStatusAfterRefresh(admin, '/api/v1/work_status?year=2026&month=6')).body.data;
    const rowA = ws.employees.find((e: { id: string }) => e.id === a);
    expect(rowA.system).toMatchObject({ kind: 'flex', label: 'フレックスタイム制', period_to: '2026-06-30' });
    expect(rowA.period_statutory_overtime_minutes).toBe(0);

    const me = (await staffA.get('/api/v1/work_status/me')).body.data;
    // As of 6/20: worked 4/1–6/20 = 5/11 and 6/8 (4/13 deleted); working days from 4/1 through 6/20.
    expect(me.system).toMatchObject({ kind: 'flex', period_from: '2026-04-01', period_to: '2026-06-30' });
    expect(typeof me.system.flex_balance_minutes).toBe('number');
    expect(me.system.flex_balance_minutes).toBeLessThan(0);

    const staff = (await admin.get('/api/v1/employees')).body.data as { id: string; work_system_label: string }[];
    expect(staff.find((e) => e.id === a)!.work_system_label).toBe('フレックスタイム制');
    expect(staff.find((e) => e.id === d)!.work_system_label).toBeNull();
  });

  it('1年単位の変形 over 3 months: 43 h of 法定外 breaks the 42 h limit; the same under 通常 does not', async () => {
    at(jst('2026-06-20', 12));
    const { entities } = db();
    const line = (system: string, periodMonths: number) => ({
      statutoryOvertimeMinutes: 43 * 60,
      legalHolidayWorkMinutes: 0,
      workedMinutes: 200 * 60,
      system,
      periodMonths,
    });
    await entities.OvertimeHistory.put({
      companyId: tenant.companyId,
      employeeId: b,
      months: { '2026-05': line('yearly_variable', 12) },
    }).go();
    await entities.OvertimeHistory.put({
      companyId: tenant.companyId,
      employeeId: d,
      months: { '2026-05': line('standard', 0) },
    }).go();
    // 管理監督者 with figures the engine never gives him (an old line): still no 36協定 finding. The
    // notice takes the month's total from the stored summary.
    await entities.OvertimeHistory.put({
      companyId: tenant.companyId,
      employeeId: c,
      months: {
        '2026-05': { ...line('manager', 0), statutoryOvertimeMinutes: 120 * 60, workedMinutes: 260 * 60 },
      },
    }).go();
    const summary = (await employeeMonthSummary(tenant.companyId, a, '2026-05'))!;
    await entities.WorkSummary.put({
      ...summary,
      employeeId: c,
      workedMinutes: 260 * 60,
      system: 'manager',
      systemPeriodFrom: undefined,
      systemPeriodTo: undefined,
      flexBalanceMinutes: undefined,
    }).go();
    // May is over (no projection).
    const ws = (await workStatusAfterRefresh(admin, '/api/v1/work_status?year=2026&month=5')).body.data;
    const codes = (id: string) =>
      (ws.alerts as { employee_id: string; code: string; limit_minutes: number }[])
        .filter((f) => f.employee_id === id)
        .map((f) => `${f.code}:${f.limit_minutes}`);
    expect(codes(b)).toEqual([`alert_limit:${42 * 60}`, `monthly_45h:${42 * 60}`]);
    expect(codes(d)).toEqual([]);
    // 260 h − 40 h × 31 ÷ 7 (177:08) = 82:52 beyond: the 80 h notice, and nothing else.
    expect(codes(c)).toEqual([`doctor_interview_80h:${80 * 60}`]);
  });

  it('the CSV appends 労働時間制度 and 法定外（期間）', async () => {
    at(jst('2026-07-02', 12));
    const started = await admin.post('/api/v1/attendance_exports', {
      start_year: 2026,
      start_month: 6,
      start_day: 1,
      end_year: 2026,
      end_month: 6,
      end_day: 30,
    });
    expect(started.status).toBe(201);
    const job = await pollUntil(
      async () => (await admin.get(`/api/v1/attendance_exports/${started.body.data.id}`)).body.data,
      (j) => j.status === 'done' || j.status === 'failed',
    );
    expect(job.status).toBe('done');
    const lines = Buffer.from(await (await fetch(job.download_url)).arrayBuffer())
      .subarray(3)
      .toString('utf8')
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(lines[0]!.slice(-2)).toEqual(['労働時間制度', '法定外（期間）']);
    // 社員ID, 社員番号, 氏名, 部署, 雇用形態, 日付 …
    const row = (id: string, date: string) => lines.find((l) => l[0] === id && l[5] === date)!;
    expect(row(a, '2026-06-08').slice(-2)).toEqual(['フレックスタイム制', '0:00']);
    expect(row(d, '2026-06-08').slice(-2)).toEqual(['通常の労働時間制', '']);
    expect(row(c, '2026-06-08').slice(-2)).toEqual(['管理監督者', '']);
  });
});
