/**
 * Issue 15: the company calendar as versions with `effective_from` (GET/PUT /api/v1/company_calendar,
 * admin only), and what it changes: leave only on its working days (item 8) and the month table's
 * day kinds. Calendar (checked with `date`): 2026-06-01 is a Monday; 6 June a Saturday, 7 and 14 June
 * Sundays, 10 June a Wednesday, 13 June a Saturday; 2026-04-29 is 昭和の日.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../functions/shared/clock.js';
import { MESSAGES } from '../../functions/shared/messages.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { pollUntil } from '../support/poll.js';
import { db } from '../../functions/db/service.js';
import { putPeriodClosing } from '../../functions/db/period-closings.js';
import { refreshSummary } from '../../functions/db/summaries.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { jaErrorBody } from '../support/error-body.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;
let staff: HttpClient;
const realNow = clock.now;
/** Noon in Tokyo on a company-local date. */
const on = (date: string) => {
  clock.now = () => new Date(`${date}T03:00:00Z`);
};
const ymd = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day };
};

const DEFAULTS = {
  effective_from: null,
  week_starts_on: 0,
  legal_holiday: 0,
  weekly_days_off: [0, 6],
  public_holidays_off: true,
  company_days_off: [],
  extra_working_days: [],
  special_44h_week: false,
  updated_at: null,
};

beforeAll(async () => {
  tenant = await createTenant({ employees: 1 });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
});
afterAll(() => {
  clock.now = realNow;
});

describe('company calendar versions', () => {
  it('before any version: nothing in force, the defaults apply', async () => {
    on('2026-03-10');
    const res = await admin.get('/api/v1/company_calendar');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ on: '2026-03-10', in_force: null, settings: DEFAULTS, history: [] });
  });

  it('saves a version from today when effective_from is omitted, and answers each day with the version in force', async () => {
    // 2026-03-31T16:00Z is 1 April 01:00 in Tokyo: today there is April 1st.
    clock.now = () => new Date('2026-03-31T16:00:00Z');
    const first = await admin.put('/api/v1/company_calendar', {
      public_holidays_off: false,
      company_days_off: [{ date: '2026-04-30', name: '創立記念日' }],
    });
    expect(first.status).toBe(200);
    expect(first.body.data.in_force).toEqual({
      ...DEFAULTS,
      effective_from: '2026-04-01',
      public_holidays_off: false,
      company_days_off: [{ date: '2026-04-30', name: '創立記念日' }],
      updated_at: expect.any(String),
    });

    const later = await admin.put('/api/v1/company_calendar', {
      effective_from: '2026-06-01',
      week_starts_on: 1,
      legal_holiday: 'latest',
      weekly_days_off: [6, 0],
      company_days_off: [{ date: '2026-06-10', name: '創立記念日' }],
      extra_working_days: [{ date: '2026-06-13', name: '棚卸' }],
      special_44h_week: true,
    });
    expect(later.status).toBe(200);
    expect(later.body.data.in_force).toMatchObject({
      effective_from: '2026-06-01',
      week_starts_on: 1,
      legal_holiday: 'latest',
      weekly_days_off: [0, 6],
      special_44h_week: true,
    });
    expect(later.body.data.history.map((v: { effective_from: string }) => v.effective_from)).toEqual([
      '2026-06-01',
      '2026-04-01',
    ]);

    const at = async (date: string) => (await admin.get(`/api/v1/company_calendar?on=${date}`)).body.data;
    expect((await at('2026-03-31')).in_force).toBeNull();
    expect((await at('2026-05-31')).in_force).toMatchObject({ effective_from: '2026-04-01', legal_holiday: 0 });
    expect((await at('2026-06-01')).settings).toMatchObject({ effective_from: '2026-06-01', legal_holiday: 'latest' });
  });

  it('answers the days of ?year&month with their kind', async () => {
    const april = (await admin.get('/api/v1/company_calendar?year=2026&month=4')).body.data.days;
    expect(april).toHaveLength(30);
    const day = (date: string) => april.find((d: { date: string }) => d.date === date);
    // 1 April on: public holidays are working days, 30 April a company day off; Sunday the 法定休日.
    expect(day('2026-04-29')).toEqual({
      date: '2026-04-29',
      weekday: 3,
      kind: 'working',
      is_day_off: false,
      is_legal_holiday: false,
      holiday_name: '昭和の日',
      name: null,
    });
    expect(day('2026-04-30')).toMatchObject({ kind: 'company_day_off', is_day_off: true, name: '創立記念日' });
    expect(day('2026-04-05')).toMatchObject({ kind: 'legal_holiday', is_legal_holiday: true });
    expect(day('2026-04-04')).toMatchObject({ kind: 'day_off', is_day_off: true, is_legal_holiday: false });
  });

  it('saving again for the same day replaces that version and is in the audit trail', async () => {
    const res = await admin.put('/api/v1/company_calendar', {
      effective_from: '2026-04-01',
      company_days_off: [{ date: '2026-05-01', name: '会社休日' }],
    });
    expect(res.status).toBe(200);
    const history = (await admin.get('/api/v1/company_calendar')).body.data.history;
    expect(history).toHaveLength(2);
    // Issue 30 item 9: the fields the body left out keep the replaced version's values (祝日 worked).
    expect(history[1]).toMatchObject({
      effective_from: '2026-04-01',
      public_holidays_off: false,
      company_days_off: [{ date: '2026-05-01', name: '会社休日' }],
    });
    const events = (await admin.get('/api/v1/audit_events')).body.data.events as { action: string }[];
    expect(events.filter((e) => e.action === 'settings.company_calendar')).toHaveLength(3);
  });

  const many = Array.from({ length: 101 }, (_, i) => ({
    date: new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10),
    name: '休業',
  }));
  it.each([
    ['a week start of 7', { week_starts_on: 7 }, { week_starts_on: ['曜日は日曜日〜土曜日から選択してください'] }],
    [
      'a legal holiday that is neither a weekday nor latest',
      { legal_holiday: 'sunday' },
      { legal_holiday: ['法定休日は曜日か「週の後の休日」を選択してください'] },
    ],
    [
      'a weekday off of 8',
      { weekly_days_off: [0, 8] },
      { 'weekly_days_off.1': ['曜日は日曜日〜土曜日から選択してください'] },
    ],
    ['a repeated weekday off', { weekly_days_off: [0, 0] }, { weekly_days_off: ['所定休日の曜日が重複しています'] }],
    [
      "'latest' without any weekday off",
      { legal_holiday: 'latest', weekly_days_off: [] },
      { weekly_days_off: ['法定休日を「週の後の休日」にするには所定休日の曜日を1つ以上選択してください'] },
    ],
    [
      'an impossible company day off',
      { company_days_off: [{ date: '2026-02-30', name: '休業' }] },
      { 'company_days_off.0.date': ['正しい日付を選択してください'] },
    ],
    [
      'a blank name',
      { extra_working_days: [{ date: '2026-06-06', name: '　' }] },
      { 'extra_working_days.0.name': ['入力してください'] },
    ],
    [
      'the same date twice',
      {
        company_days_off: [
          { date: '2026-12-30', name: '年末年始' },
          { date: '2026-12-30', name: '年末' },
        ],
      },
      { company_days_off: ['会社休日に同じ日付が重複しています'] },
    ],
    ['more than 100 dates', { company_days_off: many }, { company_days_off: ['会社休日は1つの版に100日までです'] }],
    [
      'a date both off and working',
      {
        company_days_off: [{ date: '2026-12-30', name: '年末年始' }],
        extra_working_days: [{ date: '2026-12-30', name: '出勤' }],
      },
      { extra_working_days: ['会社休日と出勤日に同じ日付は登録できません'] },
    ],
    [
      'a 44 h week that is not a boolean',
      { special_44h_week: 'yes' },
      { special_44h_week: ['週44時間の特例を選択してください'] },
    ],
    [
      'an impossible effective_from',
      { effective_from: '2026-02-30' },
      { effective_from: ['正しい日付を選択してください'] },
    ],
  ])('refuses %s with the field error, writing nothing', async (_, body, errors) => {
    const before = await tableSnapshot(stack.tableName);
    const res = await admin.put('/api/v1/company_calendar', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(jaErrorBody(MESSAGES.settingDefect, errors));
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('refuses a bad ?on= or a month without its year with 400', async () => {
    expect((await admin.get('/api/v1/company_calendar?on=2026-13-01')).status).toBe(400);
    expect((await admin.get('/api/v1/company_calendar?month=4')).status).toBe(400);
  });

  it('employees may neither read nor change the calendar', async () => {
    expect((await staff.get('/api/v1/company_calendar')).status).toBe(403);
    const before = await tableSnapshot(stack.tableName);
    expect((await staff.put('/api/v1/company_calendar', {})).status).toBe(403);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it("another company's admin sees none of these versions and keeps the defaults", async () => {
    const other = await createTenant({ employees: 1 });
    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    const res = await otherAdmin.get('/api/v1/company_calendar?on=2026-06-10&year=2026&month=6');
    expect(res.body.data).toMatchObject({ in_force: null, settings: DEFAULTS, history: [] });
    const tenth = res.body.data.days.find((d: { date: string }) => d.date === '2026-06-10');
    expect(tenth).toMatchObject({ kind: 'working', is_day_off: false });
  });
});

describe('leave only on working days of the calendar (item 8), and the month table', () => {
  // In force from 1 June (saved above): weekdays off Saturday and Sunday, 10 June a company day off,
  // Saturday 13 June an extra working day.
  it('refuses leave on a Sunday or a company day off, changing nothing; accepts an extra working day', async () => {
    on('2026-06-01');
    const id = tenant.employees[0]!.id;
    const grant = await admin.post(`/api/v1/paid_leave/employees/${id}/grants`, {
      granted_on: '2026-06-01',
      days: 10,
      kind: 'extra',
      reason: '試験',
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(201);
    const balance = async () => (await staff.get('/api/v1/paid_leave')).body.data;
    const start = await balance();

    const before = await tableSnapshot(stack.tableName);
    // Issue 29 item 9: the reason names the kind of day off (a Sunday is a 所定休日 here: 'latest' mode).
    const refusal = (kind: string) => `選択した日は${kind}です。休暇は勤務予定のある出勤日にのみ申請できます`;
    for (const [kind, date, dayOff] of [
      [0, '2026-06-14', '所定休日'], // Sunday
      [0, '2026-06-10', '会社休日（創立記念日）'], // company day off
      [1, '2026-06-07', '所定休日'], // 代休 on a Sunday
    ] as const) {
      const res = await staff.post('/api/v1/holiday_requests', { kind, ...ymd(date), reason: '' });
      expect(res.status, date).toBe(400);
      expect(res.body).toEqual(jaErrorBody(MESSAGES.applicationDefect, { day: [refusal(dayOff)] }));
    }
    // A 振替 names the holiday worked as well; its swap day must be a working day of the calendar too.
    const transfer = await staff.post('/api/v1/holiday_requests', {
      kind: 2,
      ...ymd('2026-06-06'), // Saturday
      work_date: '2026-06-07',
      reason: '',
    });
    expect(transfer.status).toBe(400);
    expect(transfer.body.errors.date).toEqual([refusal('所定休日')]);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
    // Nothing filed: the balance and the five-day duty are as they were.
    expect(await balance()).toEqual(start);

    const saturday = await staff.post('/api/v1/holiday_requests', { kind: 0, ...ymd('2026-06-13'), reason: '' });
    expect(saturday.status, JSON.stringify(saturday.body)).toBe(201);
    expect((await balance()).pending_days).toBe(start.pending_days + 1);
  });

  it('the month table gives each day its kind from the stored calendar', async () => {
    const days = (await staff.get('/api/v1/timestamps?year=2026&month=6')).body.data.days as {
      date: string;
      day_kind: string;
      day_name: string | null;
      is_day_off: boolean;
    }[];
    const day = (date: string) => days.find((d) => d.date === date)!;
    expect(day('2026-06-10')).toMatchObject({ day_kind: 'company_day_off', day_name: '創立記念日', is_day_off: true });
    expect(day('2026-06-13')).toMatchObject({ day_kind: 'extra_working', day_name: '棚卸', is_day_off: false });
    // 'latest' mode: no day is the 法定休日 until every day off of a week was worked.
    expect(day('2026-06-14')).toMatchObject({ day_kind: 'day_off', is_day_off: true });
    expect(day('2026-06-11')).toMatchObject({ day_kind: 'working', is_day_off: false });
  });
});

describe('a version dated in the past: recomputed in the background, refused into a closed period', () => {
  it('stores the month again under the new version (legal holiday moved to Monday) and refuses a date in a closed period', async () => {
    on('2026-08-10');
    const employeeId = tenant.employees[0]!.id;
    // Monday 20 July, 9:00–18:00 (Tokyo) with a punched lunch 12:00–13:00: 拘束 9 h − 60 → 480 min
    // worked (no break is deemed since issue 29, so the break is punched). Under the June version
    // (weekly days off Sat + Sun) a Monday is a working day: 480 worked, 0 法定休日労働.
    await db()
      .entities.AttendanceDay.put({
        companyId: tenant.companyId,
        employeeId,
        workDate: '2026-07-20',
        punchInAt: '2026-07-20T00:00:00.000Z',
        punchOutAt: '2026-07-20T09:00:00.000Z',
        breaks: [{ startAt: '2026-07-20T03:00:00.000Z', endAt: '2026-07-20T04:00:00.000Z' }],
      })
      .go();
    await refreshSummary(tenant.companyId, employeeId, '2026-07-20', 'Asia/Tokyo');
    const stored = async () =>
      (await db().entities.WorkSummary.get({ companyId: tenant.companyId, month: '2026-07', employeeId }).go()).data;
    expect(await stored()).toMatchObject({ workedMinutes: 480, legalHolidayWorkMinutes: 0 });

    // From 1 July the 法定休日 is Monday: 20 July's 480 min become 法定休日労働 (35条), once the job ran.
    const res = await admin.put('/api/v1/company_calendar', { effective_from: '2026-07-01', legal_holiday: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const job = res.body.data.recompute;
    expect(job).toMatchObject({ id: expect.any(String), status: expect.any(String) });
    const done = await pollUntil(
      async () => (await admin.get(`/api/v1/recompute_jobs/${job.id}`)).body.data,
      (j) => j.status === 'done' || j.status === 'failed',
    );
    expect(done).toMatchObject({ status: 'done', failed: 0 });
    expect(await stored()).toMatchObject({ workedMinutes: 480, legalHolidayWorkMinutes: 480 });

    // July closed: a version from 15 July would change it — 409 on effective_from, nothing written.
    await putPeriodClosing(tenant.companyId, {
      period: '2026-07',
      from: '2026-07-01',
      to: '2026-07-31',
      status: 'closed',
    });
    const history = (await admin.get('/api/v1/company_calendar')).body.data.history;
    const refused = await admin.put('/api/v1/company_calendar', { effective_from: '2026-07-15', legal_holiday: 0 });
    expect(refused.status).toBe(409);
    expect(refused.body.errors.effective_from[0]).toContain('2026年7月度');
    expect((await admin.get('/api/v1/company_calendar')).body.data.history).toEqual(history);
    // From 1 August (after the closed period) it is accepted.
    const accepted = await admin.put('/api/v1/company_calendar', { effective_from: '2026-08-01', legal_holiday: 0 });
    expect(accepted.status).toBe(200);
  });
});
