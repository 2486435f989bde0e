/**
 * Issue 30 item 9: an empty or partial PUT never resets a company's settings, and the fields the README
 * lists as required are required. `PUT /api/v1/work_settings {}` and `PUT /api/v1/company_calendar {}`
 * used to save a version of defaults from today (the grace, the 勤務間インターバル and the company days
 * off silently gone); now a field left out keeps its value in the version in force on the version's
 * date, and the merged version is checked as a whole. A work pattern without `crosses_midnight` or
 * `breaks`, a shift entry without `day_off` and a company without `plan` are refused next to the
 * field, with nothing written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.js';
import { jobFinished } from '../support/grant-runs.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createOperator, createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { testToday } from '../support/test-clock.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '部分更新株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
});

describe('an empty or partial PUT keeps the settings in force', () => {
  it('work settings: {} saves today a version equal to the one in force, not the defaults', async () => {
    const first = await admin.put('/api/v1/work_settings', {
      effective_from: '2026-10-01',
      grace_minutes: 10,
      interval_minutes: 660,
      display_rounding_minutes: 15,
      monthly_rounding_30: false,
      hourly_leave_enabled: true,
      hourly_leave_days_per_year: 3,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await jobFinished(admin, first.body.data.recompute);

    const empty = await admin.put('/api/v1/work_settings', {});
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    await jobFinished(admin, empty.body.data.recompute);
    expect(empty.body.data.in_force).toMatchObject({
      effective_from: testToday(),
      grace_minutes: 10,
      interval_minutes: 660,
      display_rounding_minutes: 15,
      hourly_leave_enabled: true,
      hourly_leave_days_per_year: 3,
    });
    // One field given: only that one changes.
    const one = await admin.put('/api/v1/work_settings', { grace_minutes: 5 });
    expect(one.status).toBe(200);
    await jobFinished(admin, one.body.data.recompute);
    expect(one.body.data.in_force).toMatchObject({
      grace_minutes: 5,
      interval_minutes: 660,
      hourly_leave_enabled: true,
    });
    // An explicit null still clears the interval.
    const cleared = await admin.put('/api/v1/work_settings', { interval_minutes: null });
    expect(cleared.status).toBe(200);
    await jobFinished(admin, cleared.body.data.recompute);
    expect(cleared.body.data.in_force).toMatchObject({ grace_minutes: 5, interval_minutes: null });
  });

  it('company calendar: {} keeps the company days off; the merged version is checked as a whole', async () => {
    const first = await admin.put('/api/v1/company_calendar', {
      effective_from: '2026-10-01',
      week_starts_on: 1,
      legal_holiday: 0,
      weekly_days_off: [0, 6],
      public_holidays_off: true,
      company_days_off: [{ date: '2026-12-29', name: '年末休暇' }],
      extra_working_days: [],
      special_44h_week: false,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await jobFinished(admin, first.body.data.recompute);

    const empty = await admin.put('/api/v1/company_calendar', {});
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    await jobFinished(admin, empty.body.data.recompute);
    expect(empty.body.data.in_force).toMatchObject({
      effective_from: testToday(),
      week_starts_on: 1,
      company_days_off: [{ date: '2026-12-29', name: '年末休暇' }],
    });

    // The body alone is lawful, merged with the version in force it is not: refused next to the
    // field, nothing written.
    const before = await tableSnapshot(stack.tableName);
    const clash = await admin.put('/api/v1/company_calendar', {
      extra_working_days: [{ date: '2026-12-29', name: '棚卸し' }],
    });
    expect(clash.status).toBe(400);
    expect(clash.body.errors).toEqual({ extra_working_days: ['会社休日と出勤日に同じ日付は登録できません'] });
    const latest = await admin.put('/api/v1/company_calendar', { legal_holiday: 'latest', weekly_days_off: [] });
    expect(latest.status).toBe(400);
    expect(latest.body.errors.weekly_days_off).toEqual([
      '法定休日を「週の後の休日」にするには所定休日の曜日を1つ以上選択してください',
    ]);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });
});

describe('required fields are required', () => {
  it('a work pattern without crosses_midnight or breaks, and a shift without day_off, are refused; nothing is written', async () => {
    const before = await tableSnapshot(stack.tableName);
    const noNight = await admin.post('/api/v1/work_patterns', {
      name: '日勤',
      start_time: '09:00',
      end_time: '18:00',
      breaks: [],
    });
    expect(noNight.status).toBe(400);
    expect(noNight.body.errors).toEqual({ crosses_midnight: ['「終業は翌日」を選ぶかどうかを指定してください'] });
    const noBreaks = await admin.post('/api/v1/work_patterns', {
      name: '日勤',
      start_time: '09:00',
      end_time: '18:00',
      crosses_midnight: false,
    });
    expect(noBreaks.status).toBe(400);
    expect(noBreaks.body.errors).toEqual({ breaks: ['休憩時間を指定してください（なければ空の一覧）'] });
    const shift = await admin.put('/api/v1/shifts', {
      entries: [{ employee_id: tenant.employees[0]!.id, date: '2026-12-01', pattern_id: null }],
    });
    expect(shift.status).toBe(400);
    expect(shift.body.errors).toEqual({ 'entries.0.day_off': ['休みにするかどうかを指定してください'] });
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('a company without a plan is refused next to the field', async () => {
    const operator = await signIn(stack.baseUrl, 'operator', await createOperator(stack.baseUrl));
    const before = await tableSnapshot(stack.tableName);
    const res = await operator.post('/api/v1/companies', {
      name: '株式会社プラン未選択',
      staff_name: '代表 花子',
      email: `no-plan-${tenant.companyId}@example.test`,
      cell: '',
      password: 'Temp#Passw0rd2026',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['plan']);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });
});

describe('effective dates have bounds (issue 30 item 8)', () => {
  it('9999-12-31 and 1900-01-01 are refused next to the field on every settings route, writing nothing', async () => {
    // The bound: MIN_YEAR (2022) to the end of the fifth year from now (2031 on 2026-11-25).
    const message = '日付は2022年1月1日から5年後の12月31日までで入力してください';
    const before = await tableSnapshot(stack.tableName);
    for (const date of ['9999-12-31', '1900-01-01', '2021-12-31']) {
      for (const [path, body] of [
        ['/api/v1/payroll_period', { closing_day: 0 }],
        ['/api/v1/work_settings', {}],
        ['/api/v1/company_calendar', {}],
        ['/api/v1/work_pattern_assignments', { scope: 'group', pattern_id: null }],
        [
          '/api/v1/working_time_systems',
          { scope: 'employee', employee_id: tenant.employees[0]!.id, system: 'standard' },
        ],
      ] as const) {
        const res = await admin.put(path, { ...body, effective_from: date });
        expect([path, date, res.status, res.body.errors]).toEqual([path, date, 400, { effective_from: [message] }]);
      }
      const read = await admin.get(`/api/v1/payroll_period?on=${date}`);
      expect([date, read.status, read.body.errors]).toEqual([date, 400, { on: [message] }]);
    }
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
    // The last day of the fifth year ahead is still a plan the product takes.
    const ahead = `${Number(testToday().slice(0, 4)) + 5}-12-31`;
    const planned = await admin.put('/api/v1/work_settings', { effective_from: ahead, grace_minutes: 3 });
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    expect(planned.body.data.recompute).toBeNull();
  });
});

describe('a manual paid-leave grant has date bounds (issue 30 item 8)', () => {
  it('refuses a grant dated 9999-12-31 or before 2022 and an expiry beyond five years; 有給管理 keeps answering', async () => {
    const member = tenant.employees[0]!.id;
    const path = `/api/v1/paid_leave/employees/${member}/grants`;
    const grant = { days: 1, kind: 'extra', reason: '調整' };
    const before = await tableSnapshot(stack.tableName);
    for (const granted_on of ['9999-12-31', '2021-12-31']) {
      const res = await admin.post(path, { ...grant, granted_on });
      expect([granted_on, res.status, res.body.errors]).toEqual([
        granted_on,
        400,
        { granted_on: ['付与日は2022年1月1日から1年後までの日付を入力してください'] },
      ]);
    }
    const far = await admin.post(path, { ...grant, granted_on: '2026-06-01', expires_on: '2031-06-02' });
    expect(far.status).toBe(400);
    expect(far.body.errors).toEqual({ expires_on: ['有効期限は付与日から5年以内の日付を入力してください'] });
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
    expect((await admin.get(`/api/v1/paid_leave/employees/${member}`)).status).toBe(200);
    expect((await admin.get('/api/v1/paid_leave/employees')).status).toBe(200);
  });
});
