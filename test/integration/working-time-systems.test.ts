/**
 * Issue 17 item 1: the working-time systems (GET/PUT /api/v1/working_time_systems, DELETE
 * /api/v1/working_time_systems/{scope}/{status_id}/{employee_id}/{effective_from}): versions per
 * employment status, company-wide ('-') or per employee; every field error of the law's limits
 * (400, nothing written); the same key and day replaced; closed periods refused (409); a save or
 * delete recomputing in the background from its date, never the months before it.
 * "Today" is Monday 10 August 2026 in Tokyo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putPeriodClosing } from '../../functions/db/period-closings.js';
import { scheduleSettings } from '../../functions/db/schedules.js';
import { db } from '../../functions/db/service.js';
import { WORK_SYSTEM_MESSAGES as M } from '../../functions/domain/work-systems.js';
import { clock } from '../../functions/shared/clock.js';
import { MESSAGES } from '../../functions/shared/messages.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { jaErrorBody } from '../support/error-body.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;
let staff: HttpClient;
const realNow = clock.now;
const PATH = '/api/v1/working_time_systems';

beforeAll(async () => {
  clock.now = () => new Date('2026-08-10T03:00:00Z');
  tenant = await createTenant({ employees: 2 });
  // These figures are of days with the company's break (none is deemed without one since issue 29).
  await putTwoTierBreakRule(tenant.companyId);
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
});
afterAll(() => {
  clock.now = realNow;
});

const finished = (id: string) =>
  pollUntil(
    async () => (await admin.get(`/api/v1/recompute_jobs/${id}`)).body.data,
    (j) => j.status === 'done' || j.status === 'failed',
  );

const FLEX = {
  scope: 'status',
  employment_status_id: '',
  system: 'flex',
  effective_from: '2026-08-01',
  period_start: '2026-07-01',
  period_months: 3,
  core_start: '10:00',
  core_end: '15:00',
  flexible_start: '07:00',
  flexible_end: '22:00',
  standard_daily_minutes: 450,
};
const MONTHLY = { scope: 'status', system: 'monthly_variable', period_start: '2026-08-01' };
const EMPTY_VIEW = {
  period_start: null,
  period_months: null,
  special_44: false,
  core_start: null,
  core_end: null,
  flexible_start: null,
  flexible_end: null,
  standard_daily_minutes: null,
  full_two_days_off: false,
  special_period_from: null,
  special_period_to: null,
};

describe('saving versions', () => {
  it('a status on flex (3-month 清算期間, core 10:00–15:00): stored in minutes, answered as HH:MM, recomputed from its date', async () => {
    const res = await admin.put(PATH, { ...FLEX, employment_status_id: tenant.employmentStatusId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      scope: 'status',
      employment_status_id: tenant.employmentStatusId,
      employee_id: null,
      effective_from: '2026-08-01',
      system: 'flex',
      system_label: 'フレックスタイム制',
      period_start: '2026-07-01',
      period_months: 3,
      special_44: false,
      core_start: '10:00',
      core_end: '15:00',
      flexible_start: '07:00',
      flexible_end: '22:00',
      standard_daily_minutes: 450,
      full_two_days_off: false,
    });
    // A status version recomputes every employee from August (one job whatever the staff count).
    expect(res.body.data.recompute).toMatchObject({ from_month: '2026-08' });
    expect(await finished(res.body.data.recompute.id)).toMatchObject({ status: 'done', total: 2 });
    const { systems } = await scheduleSettings(tenant.companyId);
    expect(systems).toEqual([
      expect.objectContaining({
        scope: 'status',
        employmentStatusId: tenant.employmentStatusId,
        employeeId: '-',
        coreStartMinute: 600,
        coreEndMinute: 900,
        flexibleStartMinute: 420,
        flexibleEndMinute: 1320,
        standardDailyMinutes: 450,
      }),
    ]);
  });

  it('company-wide (status "-"), per employee, and the list: company-wide first, then statuses, then employees', async () => {
    const company = await admin.put(PATH, { ...MONTHLY, employment_status_id: '-', effective_from: '2026-08-01' });
    expect(company.status, JSON.stringify(company.body)).toBe(200);
    expect(company.body.data).toMatchObject({ employment_status_id: null, period_months: 1 });
    const own = await admin.put(PATH, {
      scope: 'employee',
      employee_id: tenant.employees[1]!.id,
      system: 'manager',
      effective_from: '2026-09-01',
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    // A version dated after this month changes no stored month: no job.
    expect(own.body.data.recompute).toBeNull();
    const list = (await admin.get(PATH)).body.data;
    expect(list.map((v: { scope: string; system: string }) => [v.scope, v.system])).toEqual([
      ['status', 'monthly_variable'],
      ['status', 'flex'],
      ['employee', 'manager'],
    ]);
    expect(list[2]).toEqual({
      ...EMPTY_VIEW,
      scope: 'employee',
      employment_status_id: null,
      employee_id: tenant.employees[1]!.id,
      // Named, so the screen does not read the staff list to show who.
      employee_name: tenant.employees[1]!.name,
      effective_from: '2026-09-01',
      system: 'manager',
      system_label: '管理監督者',
      updated_at: expect.any(String),
    });
  });

  it('the same key and day replaces the version; another day adds one', async () => {
    const replaced = await admin.put(PATH, {
      ...MONTHLY,
      employment_status_id: '-',
      effective_from: '2026-08-01',
      special_44: true,
    });
    expect(replaced.status).toBe(200);
    await finished(replaced.body.data.recompute.id);
    const companyWide = (await admin.get(PATH)).body.data.filter(
      (v: { scope: string; employment_status_id: string | null }) =>
        v.scope === 'status' && v.employment_status_id === null,
    );
    expect(companyWide).toEqual([expect.objectContaining({ effective_from: '2026-08-01', special_44: true })]);
  });

  it('effective_from left out = today', async () => {
    const res = await admin.put(PATH, { scope: 'employee', employee_id: tenant.employees[0]!.id, system: 'standard' });
    expect(res.status).toBe(200);
    expect(res.body.data.effective_from).toBe('2026-08-10');
    expect(await finished(res.body.data.recompute.id)).toMatchObject({ status: 'done', total: 1 });
    const del = await admin.delete(`${PATH}/employee/-/${tenant.employees[0]!.id}/2026-08-10`);
    expect(del.status).toBe(200);
    await finished(del.body.data.recompute.id);
  });
});

describe('field errors (400, nothing written)', () => {
  const flex = (over: Record<string, unknown>) => ({ ...FLEX, employment_status_id: '-', ...over });
  it.each([
    ['an unknown system', { ...MONTHLY, system: 'shift' }, { system: [M.system] }],
    ['an unknown scope', { ...MONTHLY, scope: 'department' }, { scope: [M.scope] }],
    [
      'a 1-month 変形 without 起算日',
      { scope: 'status', system: 'monthly_variable' },
      { period_start: [M.periodStartRequired] },
    ],
    ['flex without 起算日', flex({ period_start: null }), { period_start: [M.periodStartRequired] }],
    [
      'a 起算日 on 通常',
      { scope: 'status', system: 'standard', period_start: '2026-08-01' },
      { period_start: [M.periodStartNotUsed] },
    ],
    ['a 1-month 変形 of 2 months', { ...MONTHLY, period_months: 2 }, { period_months: [M.monthlyMonths] }],
    [
      'a 1-year 変形 of 1 month',
      { ...MONTHLY, system: 'yearly_variable', period_months: 1 },
      { period_months: [M.yearlyMonths] },
    ],
    ['a 1-year 変形 without months', { ...MONTHLY, system: 'yearly_variable' }, { period_months: [M.yearlyMonths] }],
    [
      'a 1-year 変形 of 13 months',
      { ...MONTHLY, system: 'yearly_variable', period_months: 13 },
      { period_months: [M.yearlyMonths] },
    ],
    ['a 4-month 清算期間', flex({ period_months: 4 }), { period_months: [M.flexMonths] }],
    ['flex without 清算期間', flex({ period_months: null }), { period_months: [M.flexMonths] }],
    [
      'months on 管理監督者',
      { scope: 'status', system: 'manager', period_months: 3 },
      { period_months: [M.monthsNotUsed] },
    ],
    ['特例44h on a 3-month flex', flex({ special_44: true }), { special_44: [M.special44] }],
    [
      '特例44h on a 1-year 変形',
      { ...MONTHLY, system: 'yearly_variable', period_months: 12, special_44: true },
      { special_44: [M.special44] },
    ],
    ['a core time as 9:00', flex({ core_start: '9:00' }), { core_start: [M.time] }],
    ['a core time without its end', flex({ core_end: null }), { core_end: [M.corePair] }],
    ['a core time ending at its start', flex({ core_end: '10:00' }), { core_end: [M.coreOrder] }],
    ['a flexible time ending before it starts', flex({ flexible_end: '06:00' }), { flexible_end: [M.flexibleOrder] }],
    ['a core time outside the flexible time', flex({ core_start: '06:00' }), { core_start: [M.coreInsideFlexible] }],
    ['a standard day of 0 minutes', flex({ standard_daily_minutes: 0 }), { standard_daily_minutes: [M.standardDaily] }],
    [
      'a standard day of 1441 minutes',
      flex({ standard_daily_minutes: 1441 }),
      { standard_daily_minutes: [M.standardDaily] },
    ],
    [
      'a core time on 1-month 変形',
      { ...MONTHLY, core_start: '10:00', core_end: '15:00' },
      { core_start: [M.flexOnly], core_end: [M.flexOnly] },
    ],
    [
      '完全週休2日 on 通常',
      { scope: 'status', system: 'standard', full_two_days_off: true },
      { full_two_days_off: [M.flexOnly] },
    ],
    [
      'a 特定期間 on 1-month 変形',
      { ...MONTHLY, special_period_from: '2026-08-10', special_period_to: '2026-08-20' },
      { special_period_from: [M.specialPeriodYearly], special_period_to: [M.specialPeriodYearly] },
    ],
    [
      'a 特定期間 without its end',
      { ...MONTHLY, system: 'yearly_variable', period_months: 12, special_period_from: '2026-08-10' },
      { special_period_to: [M.specialPeriodPair] },
    ],
    [
      'a 特定期間 ending before it starts',
      {
        ...MONTHLY,
        system: 'yearly_variable',
        period_months: 12,
        special_period_from: '2026-08-10',
        special_period_to: '2026-08-01',
      },
      { special_period_to: [M.specialPeriodOrder] },
    ],
    [
      'an impossible date',
      { ...MONTHLY, effective_from: '2026-02-30' },
      { effective_from: ['正しい日付を選択してください'] },
    ],
    [
      'an employee version without the employee',
      { scope: 'employee', system: 'standard' },
      { employee_id: [M.employeeRequired] },
    ],
    [
      'a status version naming an employee',
      { scope: 'status', system: 'standard', employee_id: '01jx7unknown00000000000000' },
      { employee_id: [M.employeeOnStatus] },
    ],
    [
      'an employee version naming a status',
      {
        scope: 'employee',
        system: 'standard',
        employee_id: '01jx7unknown00000000000000',
        employment_status_id: '01jx7unknown00000000000000',
      },
      { employment_status_id: [M.statusOnEmployee] },
    ],
  ])('refuses %s', async (_, body, errors) => {
    const before = await tableSnapshot(stack.tableName);
    const res = await admin.put(PATH, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(jaErrorBody(MESSAGES.settingDefect, errors));
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('refuses an unknown field, status or employee', async () => {
    const before = await tableSnapshot(stack.tableName);
    const extra = await admin.put(PATH, { ...MONTHLY, shift: 1 });
    expect(extra.status).toBe(400);
    const unknown = '01jx7unknown00000000000000';
    const status = await admin.put(PATH, { ...MONTHLY, employment_status_id: unknown });
    expect(status.body).toEqual(
      jaErrorBody(MESSAGES.settingDefect, { employment_status_id: [MESSAGES.unknownEmploymentStatus] }),
    );
    const employee = await admin.put(PATH, { scope: 'employee', employee_id: unknown, system: 'standard' });
    expect(employee.body).toEqual(jaErrorBody(MESSAGES.settingDefect, { employee_id: [M.unknownEmployee] }));
    expect([status.status, employee.status]).toEqual([400, 400]);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });
});

describe('switching a status’s system from a date', () => {
  it('leaves the earlier months’ stored summaries exactly as they were', async () => {
    const other = await createTenant({ employees: 1 });
    await putTwoTierBreakRule(other.companyId);
    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    const worker = await signIn(stack.baseUrl, 'employee', other.employees[0]!);
    // Mon 6 – Fri 10 July 2026, 09:00–20:00 = 660 − 60 break (the company's rule) = 600 a day: 120
    // daily 法定外 each.
    for (const day of [6, 7, 8, 9, 10]) {
      const res = await worker.post('/api/v1/modify_timestamps', {
        year: 2026,
        month: 7,
        day,
        punch_in_at: '09:00',
        punch_out_at: '20:00',
        reason: '打刻修正',
      });
      expect(res.status).toBe(201);
    }
    const july = async () =>
      (
        await db()
          .entities.WorkSummary.get({
            companyId: other.companyId,
            month: '2026-07',
            employeeId: other.employees[0]!.id,
          })
          .go()
      ).data;
    const before = await july();
    expect(before).toMatchObject({ workedMinutes: 3000, statutoryOvertimeMinutes: 600 });

    // The status moves to 1-month 変形 from 1 August (the next month): August on is recomputed, July not.
    const res = await otherAdmin.put(PATH, {
      ...MONTHLY,
      employment_status_id: other.employmentStatusId,
      effective_from: '2026-08-01',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.recompute).toMatchObject({ from_month: '2026-08' });
    const job = await pollUntil(
      async () => (await otherAdmin.get(`/api/v1/recompute_jobs/${res.body.data.recompute.id}`)).body.data,
      (j) => j.status === 'done' || j.status === 'failed',
    );
    expect(job.status).toBe('done');
    expect(await july()).toEqual(before);
    const month = (await otherAdmin.get(`/api/v1/timestamps?id=${other.employees[0]!.id}&year=2026&month=7`)).body.data;
    expect(month.days.filter((d: { id: string | null }) => d.id)).toHaveLength(5);
  });
});

describe('closed periods and deleting', () => {
  it('refuses a version dated into a closed period and deleting one in force there; deletes the others', async () => {
    // A July version for the employee, then July is closed.
    const july = await admin.put(PATH, {
      scope: 'employee',
      employee_id: tenant.employees[0]!.id,
      system: 'manager',
      effective_from: '2026-07-15',
    });
    expect(july.status).toBe(200);
    await finished(july.body.data.recompute.id);
    await putPeriodClosing(tenant.companyId, {
      period: '2026-07',
      from: '2026-07-01',
      to: '2026-07-31',
      status: 'closed',
    });

    const before = await tableSnapshot(stack.tableName);
    const dated = await admin.put(PATH, { ...MONTHLY, employment_status_id: '-', effective_from: '2026-07-31' });
    expect(dated.status).toBe(409);
    expect(dated.body.errors.effective_from[0]).toContain('2026年7月度');
    const removing = await admin.delete(`${PATH}/employee/-/${tenant.employees[0]!.id}/2026-07-15`);
    expect(removing.status).toBe(409);
    expect(removing.body.message).toContain('2026年7月度');
    expect(await tableSnapshot(stack.tableName)).toEqual(before);

    // A version from 1 August follows it: the July one is still in force in July, still refused.
    const august = await admin.put(PATH, {
      scope: 'employee',
      employee_id: tenant.employees[0]!.id,
      system: 'standard',
      effective_from: '2026-08-01',
    });
    expect(august.status).toBe(200);
    await finished(august.body.data.recompute.id);
    expect((await admin.delete(`${PATH}/employee/-/${tenant.employees[0]!.id}/2026-07-15`)).status).toBe(409);

    // The August one is not in force in a closed period: deleted, the employee recomputed from August.
    const deleted = await admin.delete(`${PATH}/employee/-/${tenant.employees[0]!.id}/2026-08-01`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data).toMatchObject({ system: 'standard', effective_from: '2026-08-01' });
    expect(deleted.body.data.recompute).toMatchObject({ from_month: '2026-08' });
    expect(await finished(deleted.body.data.recompute.id)).toMatchObject({ status: 'done', total: 1 });
    const again = await admin.delete(`${PATH}/employee/-/${tenant.employees[0]!.id}/2026-08-01`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(M.notFound);
    const { systems } = await scheduleSettings(tenant.companyId);
    expect(systems.some((s) => s.effectiveFrom === '2026-08-01' && s.scope === 'employee')).toBe(false);
  });

  it('a malformed key is a 400', async () => {
    expect((await admin.delete(`${PATH}/team/-/-/2026-08-01`)).status).toBe(400);
    expect((await admin.delete(`${PATH}/status/-/-/2026-13-01`)).status).toBe(400);
  });
});

describe('the plan check of a 変形期間', () => {
  it('flags a 1-week period scheduled over 40 h and a 1-month period over its average; 通常 has nothing to check', async () => {
    const other = await createTenant({ employees: 1 });
    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    const id = other.employees[0]!.id;
    const check = (date: string) => otherAdmin.get(`${PATH}/check?employee_id=${id}&date=${date}`);
    const none = await check('2026-09-08');
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({
      system: { kind: 'standard', period_from: null, period_to: null },
      checked: false,
      violations: [],
    });

    // 長日勤 09:00–20:00 less a 1-hour break = 600 minutes, the whole company's default pattern.
    const long = await otherAdmin.post('/api/v1/work_patterns', {
      name: '長日勤',
      start_time: '09:00',
      end_time: '20:00',
      crosses_midnight: false,
      breaks: [{ start_time: '12:00', end_time: '13:00' }],
    });
    expect(long.status).toBe(201);
    const assigned = await otherAdmin.put('/api/v1/work_pattern_assignments', {
      scope: 'group',
      pattern_id: long.body.data.id,
      effective_from: '2026-08-01',
    });
    expect(assigned.status).toBe(200);
    await pollUntil(
      async () => (await otherAdmin.get(`/api/v1/recompute_jobs/${assigned.body.data.recompute.id}`)).body.data,
      (j) => j.status === 'done' || j.status === 'failed',
    );

    // 1週間単位 from Mon 7 Sep: Mon–Fri 7–11 Sep × 600 = 3,000 > 2,400 (40 h); 10 h a day is allowed.
    const weekly = await otherAdmin.put(PATH, {
      scope: 'employee',
      employee_id: id,
      system: 'weekly_variable',
      period_start: '2026-09-07',
      effective_from: '2026-09-01',
    });
    expect(weekly.status, JSON.stringify(weekly.body)).toBe(200);
    const week = (await check('2026-09-08')).body.data;
    expect(week).toMatchObject({
      system: {
        kind: 'weekly_variable',
        label: '1週間単位の非定型的変形労働時間制',
        period_from: '2026-09-07',
        period_to: '2026-09-13',
      },
      checked: true,
      scheduled_minutes: 3000,
    });
    expect(week.violations).toEqual([
      {
        code: 'weekly_over_40h',
        message: expect.stringContaining('40時間'),
        dates: ['2026-09-07', '2026-09-08', '2026-09-09', '2026-09-10', '2026-09-11'],
      },
    ]);

    // 1か月単位 for August: 20 working days (weekdays less 山の日 11 Aug) × 600 = 12,000 minutes over
    // the 総枠 40 h × 31 ÷ 7 = 10,628.57 minutes.
    const monthly = await otherAdmin.put(PATH, {
      scope: 'status',
      employment_status_id: other.employmentStatusId,
      system: 'monthly_variable',
      period_start: '2026-08-01',
      effective_from: '2026-08-01',
    });
    expect(monthly.status).toBe(200);
    const month = (await check('2026-08-20')).body.data;
    expect(month).toMatchObject({
      system: { kind: 'monthly_variable', period_from: '2026-08-01', period_to: '2026-08-31' },
      checked: true,
      scheduled_minutes: 12000,
    });
    expect(month.violations.map((v: { code: string }) => v.code)).toEqual(['average_over_limit']);
    expect(month.violations[0].dates).toEqual(['2026-08-01', '2026-08-31']);
  });

  it('an unknown or foreign employee is a 404, a malformed date a 400', async () => {
    const unknown = await admin.get(`${PATH}/check?employee_id=01jx7unknown00000000000000&date=2026-08-10`);
    expect(unknown.status).toBe(404);
    const other = await createTenant({ employees: 1 });
    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    expect((await otherAdmin.get(`${PATH}/check?employee_id=${tenant.employees[0]!.id}&date=2026-08-10`)).status).toBe(
      404,
    );
    const bad = await admin.get(`${PATH}/check?employee_id=${tenant.employees[0]!.id}&date=2026-02-30`);
    expect(bad.status).toBe(400);
    expect((await staff.get(`${PATH}/check?employee_id=${tenant.employees[0]!.id}&date=2026-08-10`)).status).toBe(403);
  });
});

describe('who may', () => {
  it('employees can neither read nor change any of it', async () => {
    const before = await tableSnapshot(stack.tableName);
    expect((await staff.get(PATH)).status).toBe(403);
    expect((await staff.put(PATH, MONTHLY)).status).toBe(403);
    expect((await staff.delete(`${PATH}/status/-/-/2026-08-01`)).status).toBe(403);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it("another company's admin sees none of it and can change none of it", async () => {
    const other = await createTenant({ employees: 1 });
    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    expect((await otherAdmin.get(PATH)).body.data).toEqual([]);
    const before = await tableSnapshot(stack.tableName);
    expect((await otherAdmin.delete(`${PATH}/status/-/-/2026-08-01`)).status).toBe(404);
    const put = await otherAdmin.put(PATH, { ...MONTHLY, employment_status_id: tenant.employmentStatusId });
    expect(put.status).toBe(400);
    const own = await otherAdmin.put(PATH, {
      scope: 'employee',
      employee_id: tenant.employees[0]!.id,
      system: 'manager',
    });
    expect(own.status).toBe(400);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });
});
