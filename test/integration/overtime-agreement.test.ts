/**
 * Issue 15: the 36協定 settings are versions with `effective_from` (GET/PUT /api/v1/overtime_agreement,
 * admin only), and work status evaluates every month of the agreement year under the version in force
 * on each month's last day. Expected figures are worked by hand in the comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { MESSAGES } from '../../functions/shared/messages.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { workStatusAfterRefresh } from '../support/work-status.js';
import { jaErrorBody } from '../support/error-body.js';
import { standardAgreement } from '../support/agreement.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;
let staff: HttpClient;
const realNow = clock.now;
const at = (iso: string) => {
  clock.now = () => new Date(iso);
};

const base = standardAgreement();

beforeAll(async () => {
  tenant = await createTenant({ employees: 1 });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
});
afterAll(() => {
  clock.now = realNow;
});

describe('36協定 settings versions', () => {
  it('before any version: nothing in force, the agreement year from April 1st', async () => {
    at('2026-03-10T03:00:00Z');
    const res = await admin.get('/api/v1/overtime_agreement');
    expect(res.status).toBe(200);
    // 2026-03-10 with 起算日 April → the year that started on 2025-04-01.
    expect(res.body.data).toEqual({
      on: '2026-03-10',
      in_force: null,
      agreement_year_start: '2025-04-01',
      versions: [],
    });
  });

  it('effective_from omitted = today in the company zone; versions answer by ?on=', async () => {
    // 2026-03-31T16:00Z is 2026-04-01 01:00 in Tokyo: today there is April 1st, not March 31st.
    at('2026-03-31T16:00:00Z');
    const saved = await admin.put('/api/v1/overtime_agreement', base);
    expect(saved.status).toBe(200);
    expect(saved.body.data.in_force).toMatchObject({ effective_from: '2026-04-01', monthly_limit_hours: 45 });

    const later = await admin.put('/api/v1/overtime_agreement', {
      ...base,
      effective_from: '2026-06-01',
      variant: 'one_year_variable',
      monthly_limit_hours: 42,
      annual_limit_hours: 320,
      special_clause: true,
      special_monthly_limit_hours: 80,
      special_annual_limit_hours: 600,
      special_months: 4,
      alert_percent: 90,
    });
    expect(later.status).toBe(200);

    const on = async (date: string) => (await admin.get(`/api/v1/overtime_agreement?on=${date}`)).body.data;
    expect((await on('2026-03-31')).in_force).toBeNull();
    expect((await on('2026-05-31')).in_force).toMatchObject({ effective_from: '2026-04-01', variant: 'standard' });
    const june = await on('2026-06-01');
    expect(june.in_force).toMatchObject({
      effective_from: '2026-06-01',
      variant: 'one_year_variable',
      monthly_limit_hours: 42,
      special_clause: true,
      special_monthly_limit_hours: 80,
      special_annual_limit_hours: 600,
      special_months: 4,
      alert_percent: 90,
    });
    // 2026-06-01 with 起算日 April → 2026-04-01. History newest first.
    expect(june.agreement_year_start).toBe('2026-04-01');
    expect(june.versions.map((v: { effective_from: string }) => v.effective_from)).toEqual([
      '2026-06-01',
      '2026-04-01',
    ]);
    expect(june.versions[1]).toMatchObject({ special_clause: false, special_monthly_limit_hours: null });
  });

  it('saving again for the same day replaces that version, the others stay', async () => {
    at('2026-04-15T03:00:00Z');
    const res = await admin.put('/api/v1/overtime_agreement', {
      ...base,
      effective_from: '2026-04-01',
      alert_percent: 70,
    });
    expect(res.status).toBe(200);
    expect(
      res.body.data.versions.map((v: { effective_from: string; alert_percent: number }) => v.alert_percent),
    ).toEqual([90, 70]);
  });

  it.each([
    [
      'monthly over 45 h',
      { monthly_limit_hours: 46 },
      { monthly_limit_hours: ['月の限度時間は1〜45時間で入力してください'] },
    ],
    [
      'annual over 360 h',
      { annual_limit_hours: 361 },
      { annual_limit_hours: ['年の限度時間は1〜360時間で入力してください'] },
    ],
    [
      '43 h under the 1-year variable system',
      { variant: 'one_year_variable', monthly_limit_hours: 43, annual_limit_hours: 320 },
      { monthly_limit_hours: ['1年単位の変形労働時間制では月の限度時間は42時間以下で入力してください'] },
    ],
    [
      '321 h a year under the 1-year variable system',
      { variant: 'one_year_variable', monthly_limit_hours: 42, annual_limit_hours: 321 },
      { annual_limit_hours: ['1年単位の変形労働時間制では年の限度時間は320時間以下で入力してください'] },
    ],
    [
      'a special clause of 100 h a month',
      { special_clause: true, special_monthly_limit_hours: 100, special_annual_limit_hours: 720, special_months: 6 },
      {
        special_monthly_limit_hours: [
          '特別条項の月の上限（休日労働を含む）は100時間未満（99時間以下）で入力してください',
        ],
      },
    ],
    [
      'a special clause of 721 h a year',
      { special_clause: true, special_monthly_limit_hours: 99, special_annual_limit_hours: 721, special_months: 6 },
      { special_annual_limit_hours: ['特別条項の年の上限は720時間以下で入力してください'] },
    ],
    [
      'a special clause for 7 months',
      { special_clause: true, special_monthly_limit_hours: 99, special_annual_limit_hours: 720, special_months: 7 },
      { special_months: ['特別条項を適用できる回数は1〜6回で入力してください'] },
    ],
    [
      'a special clause without its limits',
      { special_clause: true },
      {
        special_monthly_limit_hours: ['特別条項の月の上限を入力してください'],
        special_annual_limit_hours: ['特別条項の年の上限を入力してください'],
        special_months: ['特別条項を適用できる回数を入力してください'],
      },
    ],
    ['alert 0 %', { alert_percent: 0 }, { alert_percent: ['アラート基準は限度時間の1〜100%で入力してください'] }],
    ['alert 101 %', { alert_percent: 101 }, { alert_percent: ['アラート基準は限度時間の1〜100%で入力してください'] }],
    ['起算日 month 13', { start_month: 13 }, { start_month: ['起算日の月は1〜12月から選択してください'] }],
    [
      'an impossible effective_from',
      { effective_from: '2026-02-30' },
      { effective_from: ['正しい日付を選択してください'] },
    ],
  ])('refuses %s with the field error, writing nothing', async (_, change, errors) => {
    const before = await tableSnapshot(stack.tableName);
    const res = await admin.put('/api/v1/overtime_agreement', { ...base, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(jaErrorBody(MESSAGES.settingDefect, errors));
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('refuses a bad ?on= with 400', async () => {
    const res = await admin.get('/api/v1/overtime_agreement?on=2026-13-01');
    expect(res.status).toBe(400);
  });

  it('employees may neither read nor change the settings', async () => {
    expect((await staff.get('/api/v1/overtime_agreement')).status).toBe(403);
    const before = await tableSnapshot(stack.tableName);
    expect((await staff.put('/api/v1/overtime_agreement', base)).status).toBe(403);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it("another company's admin sees none of these versions", async () => {
    const other = await createTenant({ employees: 1 });
    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    const res = await otherAdmin.get('/api/v1/overtime_agreement?on=2026-07-01');
    expect(res.body.data).toMatchObject({ in_force: null, versions: [] });
  });
});

/**
 * Work status per month. Company with 起算日 April; version from 2026-01-01: monthly 30 h, annual 80 h,
 * alert 100 %; version from 2026-05-01: monthly 45 h, annual 80 h, alert 100 %. Stored 法定外:
 * 2026-03 50 h, 2026-04 35 h, 2026-05 10 h so far. Checked on Wednesday 2026-05-20.
 * - March is the previous agreement year: not listed, not in the annual figure.
 * - April (settings of April 30th: monthly 30 h, alert 30 h): 35 h = 2,100 min > 1,800 →
 *   alert_limit warning and monthly_45h violation. Averages: Mar–Apr (50 + 35) ÷ 2 = 42.5 h ≤ 80.
 * - May (settings of today: 45 h): work days before the 20th: 1, 7, 8, 11–15, 18, 19 = 10 (3–6 May
 *   are holidays); left: 20–22, 25–29 = 8. Projection 600 + 600 ÷ 10 × 8 = 1,080 min = 18 h ≤ 45 h.
 *   Annual Apr + May = 45 h (projected 53 h) ≤ 80 h; rolling 12 months would be 95 h > 80 h.
 *   → no findings for May.
 */
describe('work status evaluates every month of the agreement year', () => {
  it('lists April and May with their own findings, March left to the previous year', { timeout: 120_000 }, async () => {
    const t = await createTenant({ employees: 1 });
    const boss = await signIn(stack.baseUrl, 'admin', t.admin);
    at('2026-05-20T00:00:00Z');
    const version = { ...base, monthly_limit_hours: 30, annual_limit_hours: 80, alert_percent: 100 };
    expect((await boss.put('/api/v1/overtime_agreement', { ...version, effective_from: '2026-01-01' })).status).toBe(
      200,
    );
    expect(
      (
        await boss.put('/api/v1/overtime_agreement', {
          ...version,
          effective_from: '2026-05-01',
          monthly_limit_hours: 45,
        })
      ).status,
    ).toBe(200);
    const month = (h: number) => ({ statutoryOvertimeMinutes: h * 60, legalHolidayWorkMinutes: 0 });
    await db()
      .entities.OvertimeHistory.put({
        companyId: t.companyId,
        employeeId: t.employees[0]!.id,
        months: { '2026-03': month(50), '2026-04': month(35), '2026-05': month(10) },
      })
      .go();

    const s = (await workStatusAfterRefresh(boss, '/api/v1/work_status')).body.data;
    expect(s.month).toBe('2026-05');
    expect(s.agreement_year_start).toBe('2026-04');
    expect(s.alert_limit_minutes).toBe(2700);
    const codes = (alerts: { code: string; severity: string }[]) => alerts.map((a) => `${a.code}:${a.severity}`);
    expect(s.agreement_months.map((m: { month: string; alerts: [] }) => [m.month, codes(m.alerts)])).toEqual([
      ['2026-04', ['alert_limit:warning', 'monthly_45h:violation']],
      ['2026-05', []],
    ]);
    expect(s.agreement_months[0].alerts[1]).toMatchObject({
      employee_id: t.employees[0]!.id,
      month: '2026-04',
      value_minutes: 2100,
      limit_minutes: 1800,
      message: '時間外労働（35時間）が36協定の月の限度時間（30時間）を超えています',
    });
    expect(s.alerts).toEqual([]);

    // The employee's own status uses the version in force today: alert 100 % of 45 h = 2,700 min.
    const me = await signIn(stack.baseUrl, 'employee', t.employees[0]!);
    const own = (await me.get('/api/v1/work_status/me')).body.data;
    expect(own.alert_limit_minutes).toBe(2700);
    expect(own.findings).toEqual([]);
  });
});
