/**
 * Issue 29 item 9, through the gateway against DynamoDB Local: leave of every type and unit only on
 * the employee's working days — the day as the punch screen and the month table show it (one function
 * of the day: the company calendar, the shift, an approved 振替; functions/domain/worktime/employee-day.ts).
 * A refusal is a 400 with the reason next to the date (`day`) naming the kind of day off, and nothing
 * is written; the month table says the same of each day.
 *
 * "Now" is Saturday 2026-11-28 10:00 in Tokyo (the day the tester filed). The company: 日勤 9:00–18:00
 * (break 12:00–13:00) the default of everyone, 時間単位年休 enabled, a calendar with Sunday the 法定休日,
 * Saturday and Sunday off, 祝日 off and 2026-12-29…31 as 会社休日 (年末年始休暇). Days (checked with
 * `date`): 12-02 Wed, 12-05 Sat, 12-06 Sun, 12-09 Wed, 12-12 Sat, 12-13 Sun, 12-30 Wed; 2027-01-11 is
 * 成人の日 (a Monday). The employee's shifts: 12-02 a day off, 12-12 日勤 (a Saturday made a working
 * day), 12-13 日勤 on the 法定休日 (planned 休日労働: the 法定休日 stays a day off).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { pinClock } from '../support/test-clock.js';
import { jaErrorBody } from '../support/error-body.js';
import { seedCompanyDayPattern } from '../support/day-pattern.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;
let staff: HttpClient;

const NOW = () => pinClock('2026-11-28', '10:00');
const ymd = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day };
};
const file = (date: string, body: Record<string, unknown>) =>
  staff.post('/api/v1/holiday_requests', { ...ymd(date), reason: '', ...body });

/** The reason shown next to the date, naming the kind of day off. */
const refusal = (kind: string) => `選択した日は${kind}です。休暇は勤務予定のある出勤日にのみ申請できます`;

/** Every leave type × unit the product takes (有給: 終日・午前半休・午後半休・時間単位; 代休: 終日・半休). */
const UNITS: Record<string, unknown>[] = [
  { kind: 0, unit: 'day' },
  { kind: 0, unit: 'am' },
  { kind: 0, unit: 'pm' },
  { kind: 0, unit: 'hours', hours: 2 },
  { kind: 1, unit: 'day' },
  { kind: 1, unit: 'am' },
  { kind: 1, unit: 'pm' },
];

beforeAll(async () => {
  NOW();
  tenant = await createTenant({ employees: 1, name: '勤務日株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  const { entities } = db();
  const companyId = tenant.companyId;
  const employeeId = tenant.employees[0]!.id;
  await seedCompanyDayPattern(companyId);
  await entities.WorkSetting.put({
    companyId,
    effectiveFrom: '2026-01-01',
    hourlyLeaveEnabled: true,
    hourlyLeaveDaysPerYear: 5,
  }).go();
  const calendar = await admin.put('/api/v1/company_calendar', {
    effective_from: '2026-11-01',
    legal_holiday: 0,
    weekly_days_off: [0, 6],
    public_holidays_off: true,
    company_days_off: ['2026-12-29', '2026-12-30', '2026-12-31'].map((date) => ({ date, name: '年末年始休暇' })),
  });
  expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
  // A version dated in the past recomputes November in the background: let it finish before the
  // refusals compare the table (it writes the month's summary).
  const job = await pollUntil(
    async () => (await admin.get(`/api/v1/recompute_jobs/${calendar.body.data.recompute.id}`)).body.data,
    (j) => j.status === 'done' || j.status === 'failed',
  );
  expect(job).toMatchObject({ status: 'done', failed: 0 });
  const shift = (date: string, v: { dayOff?: boolean; patternId?: string }) =>
    entities.Shift.put({ companyId, yearMonth: date.slice(0, 7), employeeId, date, ...v }).go();
  await shift('2026-12-02', { dayOff: true });
  await shift('2026-12-12', { patternId: 'day' });
  await shift('2026-12-13', { patternId: 'day' });
  const grant = await admin.post(`/api/v1/paid_leave/employees/${employeeId}/grants`, {
    granted_on: '2026-10-01',
    days: 20,
    kind: 'statutory',
    reason: '法定付与',
  });
  expect(grant.status, JSON.stringify(grant.body)).toBe(201);
});

describe('leave only on the employee’s working days (39条), every type and unit', () => {
  it.each([
    ['a 会社休日', '2026-12-30', '会社休日（年末年始休暇）'],
    ['a 所定休日 (Saturday)', '2026-12-05', '所定休日'],
    ['the 法定休日 (Sunday)', '2026-12-06', '法定休日'],
    ['a 祝日 the company closes on', '2027-01-11', '祝日（成人の日）'],
    ['a shift’s day off on a weekday', '2026-12-02', 'シフトの休日'],
    ['the 法定休日 with a shift pattern (planned 休日労働, still a day off)', '2026-12-13', '法定休日'],
  ])('refuses %s with the reason next to the date, writing nothing', async (_, date, kind) => {
    NOW();
    const before = await tableSnapshot(stack.tableName);
    for (const body of UNITS) {
      const res = await file(date, body);
      expect(res.status, `${date} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body).toEqual(jaErrorBody('申請内容に不備があります。', { day: [refusal(kind)] }));
    }
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('a 振替 needs a working day to rest on too: the swap day is refused the same way', async () => {
    NOW();
    const before = await tableSnapshot(stack.tableName);
    // The shift's day off (Wed 12-02) as the rest day for working Saturday 12-05.
    const onShiftDayOff = await file('2026-12-02', { kind: 2, work_date: '2026-12-05' });
    expect(onShiftDayOff.status, JSON.stringify(onShiftDayOff.body)).toBe(400);
    expect(onShiftDayOff.body.errors).toEqual({ date: [refusal('シフトの休日')] });
    // A 会社休日 as the rest day for working Sunday 12-06.
    const onCompanyDayOff = await file('2026-12-30', { kind: 2, work_date: '2026-12-06' });
    expect(onCompanyDayOff.status).toBe(400);
    expect(onCompanyDayOff.body.errors).toEqual({ date: [refusal('会社休日（年末年始休暇）')] });
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('takes leave on a working day and on a Saturday a shift made one; the month table agrees', async () => {
    NOW();
    const weekday = await file('2026-12-09', { kind: 0, unit: 'am' });
    expect(weekday.status, JSON.stringify(weekday.body)).toBe(201);
    const shiftSaturday = await file('2026-12-12', { kind: 0, unit: 'pm' });
    expect(shiftSaturday.status, JSON.stringify(shiftSaturday.body)).toBe(201);
    expect(shiftSaturday.body.data).toMatchObject({ date: '2026-12-12', kind: 0, unit: 'pm' });

    const month = (await staff.get('/api/v1/timestamps?year=2026&month=12')).body.data.days as {
      date: string;
      day_kind: string;
      is_day_off: boolean;
      schedule_kind: string | null;
    }[];
    const row = (date: string) => month.find((d) => d.date === date)!;
    expect(row('2026-12-30')).toMatchObject({ day_kind: 'company_day_off', is_day_off: true, schedule_kind: null });
    expect(row('2026-12-05')).toMatchObject({ day_kind: 'day_off', is_day_off: true, schedule_kind: null });
    expect(row('2026-12-06')).toMatchObject({ day_kind: 'legal_holiday', is_day_off: true });
    expect(row('2026-12-02')).toMatchObject({ day_kind: 'day_off', is_day_off: true, schedule_kind: 'day_off' });
    expect(row('2026-12-13')).toMatchObject({ day_kind: 'legal_holiday', is_day_off: true, schedule_kind: 'pattern' });
    expect(row('2026-12-12')).toMatchObject({ day_kind: 'working', is_day_off: false, schedule_kind: 'pattern' });
    expect(row('2026-12-09')).toMatchObject({ day_kind: 'working', is_day_off: false, schedule_kind: 'pattern' });
  });
});
