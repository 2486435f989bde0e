/**
 * Issue 16 item 5, half-day and hourly leave through the gateway against DynamoDB Local: the unit
 * each leave type takes, the field errors (nothing written), 時間単位 only where 勤務設定 enables it on
 * the leave date, hours below the day's schedule, the 39条4項 yearly cap with the day's hours rounded up
 * (reached exactly, exceeded, pending requests counted), what approval writes on the day, the balance
 * in days and hours, the five-day duty counting half days but not hours, closed periods, and roles.
 *
 * The company's day: 9:00–17:30 with a 12:00–13:00 break = 7 h 30 min, so a day's worth is 8 hours;
 * 勤務設定 allows one day's worth (8 hours) a year from 2026-01-01 and turns hourly leave off from
 * 2026-09-01 to 2026-12-31. A statutory grant of 10 days on 2026-04-01 (leave year 2026-04-01 – 2027-03-31).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { putPeriodClosing } from '../../functions/db/period-closings.js';
import { db } from '../../functions/db/service.js';
import { leaveRegisterRows } from '../../functions/exports/leave-register-rows.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient, HttpResponse } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

const stack = useTestStack();
const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});
/** 2026-06-15 (a Monday) noon in Tokyo. */
const today = () => {
  clock.now = () => new Date('2026-06-15T03:00:00Z');
};

let tenant: TestTenant;
let other: TestTenant;
let admin: HttpClient;
let otherAdmin: HttpClient;
let staff: HttpClient;
let second: HttpClient;

const ymd = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day };
};
const file = (client: HttpClient, date: string, extra: Record<string, unknown>, kind = 0) =>
  client.post('/api/v1/holiday_requests', { kind, ...ymd(date), reason: '', ...extra });
const decide = (id: string, status: 1 | 2) => admin.put(`/api/v1/holiday_requests/${id}`, { status });
const dayOf = async (employeeId: string, workDate: string) =>
  (await db().entities.AttendanceDay.get({ companyId: tenant.companyId, employeeId, workDate }).go()).data;

/** 400 with the field's message, and nothing written. */
async function invalid(call: () => Promise<HttpResponse>, field: string, message: string, status = 400) {
  const before = await tableSnapshot(stack.tableName);
  const res = await call();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.errors?.[field]).toEqual([message]);
  expect(await tableSnapshot(stack.tableName)).toEqual(before);
  return res;
}

beforeAll(async () => {
  today();
  tenant = await createTenant({ employees: 2, name: '半休株式会社' });
  other = await createTenant({ employees: 1, name: '他社株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  second = await signIn(stack.baseUrl, 'employee', tenant.employees[1]!);
  const { entities } = db();
  const companyId = tenant.companyId;
  await entities.WorkPatternItem.put({
    companyId,
    patternId: 'std',
    name: '日勤',
    startMinute: 9 * 60,
    endMinute: 17 * 60 + 30,
    breakWindows: [{ startMinute: 12 * 60, endMinute: 13 * 60 }],
  }).go();
  await entities.PatternAssignment.put({
    companyId,
    scope: 'group',
    departmentId: RULE_ANY,
    employmentStatusId: RULE_ANY,
    employeeId: RULE_ANY,
    effectiveFrom: '2026-01-01',
    patternId: 'std',
  }).go();
  await entities.WorkSetting.put({
    companyId,
    effectiveFrom: '2026-01-01',
    hourlyLeaveEnabled: true,
    hourlyLeaveDaysPerYear: 1,
  }).go();
  await entities.WorkSetting.put({ companyId, effectiveFrom: '2026-09-01', hourlyLeaveEnabled: false }).go();
  await entities.WorkSetting.put({
    companyId,
    effectiveFrom: '2027-01-01',
    hourlyLeaveEnabled: true,
    hourlyLeaveDaysPerYear: 1,
  }).go();
  for (const e of tenant.employees) {
    const grant = await admin.post(`/api/v1/paid_leave/employees/${e.id}/grants`, {
      granted_on: '2026-04-01',
      days: 10,
      kind: 'statutory',
      reason: '法定付与',
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(201);
  }
});

describe('units by leave type and their field errors', () => {
  it('refuses a unit the leave type does not take, hours without 時間単位, and bad hours; writes nothing', async () => {
    today();
    await invalid(() => file(staff, '2026-06-16', { unit: 'hours' }), 'hours', '時間数を入力してください');
    await invalid(
      () => file(staff, '2026-06-16', { unit: 'am', hours: 2 }),
      'hours',
      '時間数は時間単位の休暇でのみ指定できます',
    );
    await invalid(
      () => file(staff, '2026-06-16', { unit: 'hours', hours: 2 }, 1),
      'unit',
      '代休は終日・午前半休・午後半休で申請してください',
    );
    await invalid(
      () => file(staff, '2026-06-16', { unit: 'am', work_date: '2026-06-20' }, 2),
      'unit',
      '振替休日は終日で申請してください',
    );
    await invalid(
      () => file(staff, '2026-06-16', { unit: 'evening' }),
      'unit',
      '終日・午前半休・午後半休・時間単位から選択してください',
    );
    await invalid(
      () => file(staff, '2026-06-16', { unit: 'hours', hours: 1.5 }),
      'hours',
      '時間数は1以上の整数で入力してください',
    );
    await invalid(
      () => file(staff, '2026-06-16', { unit: 'hours', hours: 0 }),
      'hours',
      '時間数は1以上の整数で入力してください',
    );
    // 7 h 30 min scheduled: 8 hours is a day, not hours.
    await invalid(
      () => file(staff, '2026-06-16', { unit: 'hours', hours: 8 }),
      'hours',
      '時間数は所定労働時間（7時間30分）未満で入力してください',
    );
    // A half day on a Saturday is still leave on a day off (issue 29 item 9: the reason names it).
    await invalid(
      () => file(staff, '2026-06-20', { unit: 'am' }),
      'day',
      '選択した日は所定休日です。休暇は勤務予定のある出勤日にのみ申請できます',
    );
    await invalid(
      () => staff.post('/api/v1/over_work_requests', { ...ymd('2026-06-16'), reason: '', unit: 'am' }),
      'unit',
      '不要です',
    );
  });

  it('hourly leave is refused where 勤務設定 does not enable it on the leave date', async () => {
    today();
    await invalid(
      () => file(staff, '2026-09-01', { unit: 'hours', hours: 2 }),
      'unit',
      '時間単位の有給休暇は会社で利用できません（勤務設定で時間単位年休が有効になっていません）',
    );
    // Another company with no 勤務設定 at all: off by default.
    const otherStaff = await signIn(stack.baseUrl, 'employee', other.employees[0]!);
    await invalid(
      () => file(otherStaff, '2026-06-16', { unit: 'hours', hours: 2 }),
      'unit',
      '時間単位の有給休暇は会社で利用できません（勤務設定で時間単位年休が有効になっていません）',
    );
    // Half days need no agreement: 代休 and 有給 take them anywhere.
    const half = await file(otherStaff, '2026-06-16', { unit: 'pm' }, 1);
    expect(half.status, JSON.stringify(half.body)).toBe(201);
    expect(half.body.data).toMatchObject({ kind: 1, unit: 'pm', hours: null });
  });
});

describe('leave only on the employee’s working days', () => {
  it('a shift’s day off refuses leave; a shift’s pattern on a Saturday (所定休日) takes it', async () => {
    today();
    const employeeId = tenant.employees[1]!.id;
    const shift = (date: string, v: { dayOff?: boolean; patternId?: string }) =>
      db()
        .entities.Shift.put({ companyId: tenant.companyId, yearMonth: date.slice(0, 7), employeeId, date, ...v })
        .go();
    await shift('2026-06-29', { dayOff: true });
    await shift('2026-06-27', { patternId: 'std' });
    await invalid(
      () => file(second, '2026-06-29', { unit: 'am' }),
      'day',
      '選択した日はシフトの休日です。休暇は勤務予定のある出勤日にのみ申請できます',
    );
    const saturday = await file(second, '2026-06-27', { unit: 'pm' });
    expect(saturday.status, JSON.stringify(saturday.body)).toBe(201);
    expect(saturday.body.data).toMatchObject({ unit: 'pm', date: '2026-06-27' });
  });
});

describe('each unit filed, approved and stored on the day', () => {
  const ids: Record<string, string> = {};

  it('files 終日 (also without a unit, as before), 午前半休, 午後半休 and 2 hours', async () => {
    today();
    const day = await file(staff, '2026-06-16', {});
    expect(day.status, JSON.stringify(day.body)).toBe(201);
    expect(day.body.data).toMatchObject({ kind: 0, unit: 'day', hours: null, date: '2026-06-16' });
    const am = await file(staff, '2026-06-17', { unit: 'am' });
    expect(am.body.data).toMatchObject({ kind: 0, unit: 'am', hours: null });
    const pm = await file(staff, '2026-06-18', { unit: 'pm' });
    expect(pm.body.data).toMatchObject({ unit: 'pm' });
    const hours = await file(staff, '2026-06-19', { unit: 'hours', hours: 2 });
    expect(hours.status, JSON.stringify(hours.body)).toBe(201);
    expect(hours.body.data).toMatchObject({ kind: 0, unit: 'hours', hours: 2 });
    Object.assign(ids, { day: day.body.data.id, am: am.body.data.id, pm: pm.body.data.id, hours: hours.body.data.id });

    // The employee's list, the admin's month list and the 未処理 list show the unit.
    const own = (await staff.get('/api/v1/holiday_requests')).body.data as { id: string; unit: string }[];
    expect(own.find((r) => r.id === ids.hours)).toMatchObject({ unit: 'hours', hours: 2 });
    const month = (await admin.get('/api/v1/holiday_requests?year=2026&month=6')).body.data as { id: string }[];
    expect(month.find((r) => r.id === ids.am)).toMatchObject({ unit: 'am', hours: null });
    const pending = (await admin.get('/api/v1/pending_requests')).body.data.requests as { id: string }[];
    expect(pending.find((r) => r.id === ids.hours)).toMatchObject({ unit: 'hours', hours: 2, request_kind: 'holiday' });
  });

  it('approval marks the day with the unit, the hours and the days it counts', async () => {
    today();
    for (const key of ['day', 'am', 'hours']) expect((await decide(ids[key]!, 1)).status).toBe(200);
    const employeeId = tenant.employees[0]!.id;
    expect(await dayOf(employeeId, '2026-06-16')).toMatchObject({ leaveType: 0, leaveUnit: 'day', leaveDays: 1 });
    expect(await dayOf(employeeId, '2026-06-17')).toMatchObject({ leaveType: 0, leaveUnit: 'am', leaveDays: 0.5 });
    const hourly = await dayOf(employeeId, '2026-06-19');
    expect(hourly).toMatchObject({ leaveType: 0, leaveUnit: 'hours', leaveHours: 2, leaveDays: 0 });
  });

  it('the balance counts the half day 0.5 and the hours as 2/8 of a day; the five-day duty counts the half, not the hours', async () => {
    today();
    const own = (await staff.get('/api/v1/paid_leave')).body.data;
    // 10 − 1 − 0.5 − 2/8 = 8.25 days = 8 days and 2 hours; the pending 午後半休 holds 0.5 more.
    expect(own).toMatchObject({
      remaining_days: 8.25,
      remaining: { days: 8, hours: 2 },
      pending_days: 0.5,
      pending_hours: 0,
      requestable_days: 7.75,
      requestable: { days: 7, hours: 6 },
      day_hours: 8,
      hourly_year: { from: '2026-04-01', to: '2027-03-31', used_hours: 2 },
      hourly_leave: { enabled: true, days_per_year: 1 },
    });
    expect(own.five_day).toHaveLength(1);
    // Approved 終日 1 + 午前半休 0.5 (planned: dated after today); the 2 hours do not count.
    expect(own.five_day[0]).toMatchObject({ planned_days: 1.5, taken_days: 0, remaining_days: 3.5 });

    const detail = (await admin.get(`/api/v1/paid_leave/employees/${tenant.employees[0]!.id}`)).body.data;
    expect(detail.takings).toEqual([
      { request_id: ids.day, date: '2026-06-16', days: 1, hours: null, status: 'approved' },
      { request_id: ids.am, date: '2026-06-17', days: 0.5, hours: null, status: 'approved' },
      { request_id: ids.pm, date: '2026-06-18', days: 0.5, hours: null, status: 'pending' },
      { request_id: ids.hours, date: '2026-06-19', days: 0, hours: 2, status: 'approved' },
    ]);
    expect(detail.remaining).toEqual({ days: 8, hours: 2 });
  });

  it('the register (管理簿) lists the days and the hours apart once taken', async () => {
    clock.now = () => new Date('2026-06-30T03:00:00Z');
    const detail = (await admin.get(`/api/v1/paid_leave/employees/${tenant.employees[0]!.id}`)).body.data;
    expect(detail.register[0]).toMatchObject({
      base_date: '2026-04-01',
      taken: [
        { date: '2026-06-16', days: 1, hours: null },
        { date: '2026-06-17', days: 0.5, hours: null },
        { date: '2026-06-19', days: 0.25, hours: 2 },
      ],
      days_taken: 1.5,
      hours_taken: 2,
      balance: 8.25,
    });
    expect(detail.five_day[0]).toMatchObject({ taken_days: 1.5, planned_days: 0 });
    // The 管理簿 CSV: the hours beside their date, days and hours taken and left.
    const csv: unknown[][] = [];
    for await (const row of leaveRegisterRows(tenant.companyId, { employeeIds: [tenant.employees[0]!.id] }))
      csv.push(row);
    expect(csv[1]!.slice(-3)).toEqual([
      '2026-06-16 2026-06-17（0.5日） 2026-06-19（2時間）',
      '1.5日と2時間',
      '8日と2時間',
    ]);
  });
});

describe('the yearly cap of hourly leave (39条4項)', () => {
  it('counts pending hours, allows the cap exactly and refuses beyond it with the hours left', async () => {
    today();
    // 2 hours approved above; 5 more pending → 7 of the 8.
    const five = await file(staff, '2026-06-22', { unit: 'hours', hours: 5 });
    expect(five.status, JSON.stringify(five.body)).toBe(201);
    const over = await invalid(
      () => file(staff, '2026-06-23', { unit: 'hours', hours: 2 }),
      'hours',
      '時間単位の有給休暇は年8時間までです（この年度の残り1時間）。',
      409,
    );
    expect(over.body.message).toBe('時間単位の有給休暇は年8時間までです（この年度の残り1時間）。');
    const exact = await file(staff, '2026-06-23', { unit: 'hours', hours: 1 });
    expect(exact.status, JSON.stringify(exact.body)).toBe(201);
    await invalid(
      () => file(staff, '2026-06-24', { unit: 'hours', hours: 1 }),
      'hours',
      '時間単位の有給休暇は年8時間までです（この年度の残り0時間）。',
      409,
    );
    // Half days are not hourly leave: still allowed.
    expect((await file(staff, '2026-06-24', { unit: 'am' })).status).toBe(201);
    // A rejected request gives its hours back.
    expect((await decide(exact.body.data.id, 2)).status).toBe(200);
    expect((await file(staff, '2026-06-25', { unit: 'hours', hours: 1 })).status).toBe(201);
    // The next leave year (from 2027-04-01) starts again at 8.
    expect((await file(staff, '2027-04-02', { unit: 'hours', hours: 7 })).status).toBe(201);
  });

  it('two filings that would pass the cap together: one is refused', async () => {
    today();
    const results = await Promise.all([
      file(second, '2026-06-16', { unit: 'hours', hours: 5 }),
      file(second, '2026-06-17', { unit: 'hours', hours: 5 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe('closed periods and roles are unchanged', () => {
  it('filing or approving a half day or hours in a closed period is refused and writes nothing', async () => {
    today();
    const open = await file(second, '2026-05-13', { unit: 'hours', hours: 1 });
    expect(open.status, JSON.stringify(open.body)).toBe(201);
    await putPeriodClosing(tenant.companyId, {
      period: '2026-05',
      from: '2026-05-01',
      to: '2026-05-31',
      status: 'closed',
    });
    const closed =
      '2026年5月度（5月1日〜5月31日）は締め済みのため変更できません。変更が必要な場合は管理者が締めを解除してください。';
    await invalid(() => file(second, '2026-05-12', { unit: 'am' }), 'date', closed, 409);
    await invalid(() => decide(open.body.data.id, 1), 'date', closed, 409);
  });

  it('only employees file, only their company’s admin decides', async () => {
    today();
    const filed = await file(second, '2026-06-26', { unit: 'pm' });
    expect(filed.status).toBe(201);
    expect((await admin.post('/api/v1/holiday_requests', { kind: 0, ...ymd('2026-06-26'), unit: 'am' })).status).toBe(
      403,
    );
    expect((await second.put(`/api/v1/holiday_requests/${filed.body.data.id}`, { status: 1 })).status).toBe(403);
    expect((await otherAdmin.put(`/api/v1/holiday_requests/${filed.body.data.id}`, { status: 1 })).status).toBe(404);
    expect((await otherAdmin.get('/api/v1/holiday_requests?year=2026&month=6')).body.data).not.toContainEqual(
      expect.objectContaining({ id: filed.body.data.id }),
    );
  });
});

describe("a day's worth of hourly leave is the employee's standard day, not the shift's", () => {
  it('a 5-hour 早番 shift limits the hours of that day but keeps 8 hours as a day and as the yearly cap', async () => {
    today();
    const { entities } = db();
    const companyId = tenant.companyId;
    const employeeId = tenant.employees[1]!.id;
    // 早番 9:00–14:00 without a break = 5 h on 2026-07-01 (a Wednesday); the default 日勤 is 7 h 30 min → 8 h.
    await entities.WorkPatternItem.put({
      companyId,
      patternId: 'short',
      name: '早番',
      startMinute: 540,
      endMinute: 840,
    }).go();
    await entities.Shift.put({
      companyId,
      yearMonth: '2026-07',
      employeeId,
      date: '2026-07-01',
      patternId: 'short',
    }).go();
    // Fewer hours than the day's own schedule (5 h) …
    await invalid(
      () => file(second, '2026-07-01', { unit: 'hours', hours: 5 }),
      'hours',
      '時間数は所定労働時間（5時間）未満で入力してください',
    );
    // … but a day's worth stays 8 hours (則24条の4: one figure per employee), so the yearly cap stays
    // 1 day × 8 hours: this employee has 6 hours filed in the leave year above, 2 are left. Taking the
    // shift's 5 hours as the day would make the cap 5 and refuse them.
    const two = await file(second, '2026-07-01', { unit: 'hours', hours: 2 });
    expect(two.status, JSON.stringify(two.body)).toBe(201);
    const { data: stored } = await entities.Request.get({ companyId, requestId: two.body.data.id }).go();
    expect(stored).toMatchObject({ leaveHours: 2, leaveDayHours: 8 });
  });
});
