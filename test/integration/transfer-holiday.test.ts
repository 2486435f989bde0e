/**
 * Issue 15 item 9, through the API: a 振替休日 (leave type 2) names the holiday to be worked
 * (`work_date`) and the swap day (`date`); approved, the holiday is an ordinary working day in the
 * employee's month (no 法定休日労働) and the swap day the day off. 代休 (leave type 1) leaves the
 * holiday work 法定休日労働 (LABOUR-LAW.md, 35条).
 *
 * Calendar (checked with `date`): October 2026 — Thu 1; Sun 18 – Sat 24 is one week (Sunday start)
 * with no public holiday (スポーツの日 is Mon 12). The clock starts on Thu 1 Oct 10:00 Tokyo, so every
 * day named is ahead (a 振替 is decided in advance), then moves to Mon 26 Oct to correct the punches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthAttendanceView } from '../../functions/api/timestamps/month-view.js';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { tableSnapshot } from './admin-support.js';
import { jaErrorBody } from '../support/error-body.js';

const stack = useTestStack();
let tenant: TestTenant;
let first: HttpClient;
let second: HttpClient;
let admin: HttpClient;
const realNow = clock.now;
const OCT_1 = () => new Date('2026-10-01T01:00:00Z');

beforeAll(async () => {
  tenant = await createTenant({ employees: 2 });
  // These figures are of days with the company's break (none is deemed without one since issue 29).
  await putTwoTierBreakRule(tenant.companyId);
  first = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  second = await signIn(stack.baseUrl, 'employee', tenant.employees[1]!);
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  clock.now = OCT_1;
});
afterAll(() => {
  clock.now = realNow;
});

const leave = (who: HttpClient, body: Record<string, unknown>) =>
  who.post('/api/v1/holiday_requests', { year: 2026, month: 10, reason: '', ...body });

const correct = async (who: HttpClient, day: number, from: string, to: string) => {
  const res = await who.post('/api/v1/modify_timestamps', {
    year: 2026,
    month: 10,
    day,
    punch_in_at: from,
    punch_out_at: to,
    reason: '打刻修正',
  });
  expect(res.status).toBe(201);
};

/** The week's shifts: Sun 18, Mon 19, Tue 20, Thu 22, Fri 23 09:00–18:00, Sat 24 09:00–14:00. */
const workTheWeek = async (who: HttpClient) => {
  for (const day of [18, 19, 20, 22, 23]) await correct(who, day, '09:00', '18:00');
  await correct(who, 24, '09:00', '14:00');
};

const monthOf = async (employeeId: string) =>
  (await admin.get(`/api/v1/timestamps?id=${employeeId}&year=2026&month=10`)).body.data;

describe('振替休日 names the holiday worked and the swap day', () => {
  it.each([
    ['no work date', { kind: 2, day: 21 }, { work_date: ['出勤する休日を指定してください'] }],
    [
      'a work date with 有給',
      { kind: 0, day: 21, work_date: '2026-10-18' },
      { work_date: ['出勤する休日は振替休日の申請でのみ指定できます'] },
    ],
    [
      'the same day twice',
      { kind: 2, day: 18, work_date: '2026-10-18' },
      { work_date: ['振替休日と出勤する休日には別の日を指定してください'] },
    ],
    [
      'a working day as the day worked and a Saturday as the swap day',
      { kind: 2, day: 24, work_date: '2026-10-22' },
      {
        work_date: ['出勤する休日には勤務予定のない休日を指定してください'],
        date: ['選択した日は所定休日です。休暇は勤務予定のある出勤日にのみ申請できます'],
      },
    ],
    [
      'a holiday already past (that is 休日出勤 and 代休)',
      { kind: 2, day: 21, work_date: '2026-09-27' },
      {
        work_date: [
          '振替は出勤する休日の前日までに申請してください。当日以降は休日出勤を申請し、休みは代休として申請してください',
        ],
      },
    ],
    [
      'a swap day two months away',
      { kind: 2, day: 9, month: 12, work_date: '2026-10-18' },
      { date: ['振替休日は出勤する休日と同じ月か前後の月の日を指定してください'] },
    ],
    ['a date that does not exist', { kind: 2, day: 21, work_date: '2026-10-32' }, { work_date: [expect.any(String)] }],
  ])('refuses %s: 400 with the reason on its field, nothing written', async (_, body, errors) => {
    const before = await tableSnapshot(stack.dynamo, stack.tableName);
    const res = await leave(first, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(jaErrorBody('申請内容に不備があります。', errors));
    expect(await tableSnapshot(stack.dynamo, stack.tableName)).toEqual(before);
  });

  it('withdrawing or rejecting a 振替 frees both days; one holiday is swapped once', async () => {
    const filed = await leave(first, { kind: 2, day: 28, work_date: '2026-10-25' });
    expect(filed.status).toBe(201);
    expect(filed.body.data).toMatchObject({ kind: 2, date: '2026-10-28', work_date: '2026-10-25', status: 0 });
    // Another swap of the same Sunday is refused while the first is live.
    const twice = await leave(first, { kind: 2, day: 29, work_date: '2026-10-25' });
    expect(twice.status).toBe(409);
    expect((await first.delete(`/api/v1/holiday_requests/${filed.body.data.id}`)).status).toBe(200);
    const again = await leave(first, { kind: 2, day: 29, work_date: '2026-10-25' });
    expect(again.status).toBe(201);
    expect((await admin.put(`/api/v1/holiday_requests/${again.body.data.id}`, { status: 2 })).status).toBe(200);
    const third = await leave(first, { kind: 2, day: 28, work_date: '2026-10-25' });
    expect(third.status).toBe(201);
    await first.delete(`/api/v1/holiday_requests/${third.body.data.id}`);
    // Nothing was marked on the days by a withdrawn or rejected swap.
    const { data } = await db()
      .entities.AttendanceDay.get({
        companyId: tenant.companyId,
        employeeId: tenant.employees[0]!.id,
        workDate: '2026-10-25',
      })
      .go();
    expect(data).toBeNull();
  });

  it('approved, Sunday is a working day and Wednesday the 振替休日; 代休 keeps the 法定休日労働', async () => {
    const id = tenant.employees[0]!.id;
    const filed = await leave(first, { kind: 2, day: 21, work_date: '2026-10-18', reason: '展示会対応' });
    expect(filed.status).toBe(201);
    // The admin lists show both days.
    const list = (await admin.get('/api/v1/holiday_requests?year=2026&month=10')).body.data;
    expect(list.find((r: { id: string }) => r.id === filed.body.data.id)).toMatchObject({
      date: '2026-10-21',
      work_date: '2026-10-18',
      kind: 2,
    });
    const pending = (await admin.get('/api/v1/pending_requests')).body.data.requests;
    expect(pending.find((r: { id: string }) => r.id === filed.body.data.id)).toMatchObject({ work_date: '2026-10-18' });
    expect((await admin.put(`/api/v1/holiday_requests/${filed.body.data.id}`, { status: 1 })).status).toBe(200);

    // The second employee takes 代休 on Wed 21 for the same week's Sunday work.
    const daikyu = await leave(second, { kind: 1, day: 21 });
    expect(daikyu.status).toBe(201);
    expect((await admin.put(`/api/v1/holiday_requests/${daikyu.body.data.id}`, { status: 1 })).status).toBe(200);

    clock.now = () => new Date('2026-10-26T03:00:00Z');
    try {
      await workTheWeek(first);
      await workTheWeek(second);
    } finally {
      clock.now = OCT_1;
    }

    // 振替: Sun 18 is an ordinary working day. 09:00–18:00 = 540 − 60 break = 480 on Sun, Mon, Tue,
    // Thu, Fri → 2400 = 40 h by Friday; Sat 24 09:00–14:00 = 300 (no break up to 6 h) is beyond 40 h
    // → 300 weekly 法定外. 法定休日労働 0. Month: worked 2700, 法定外 300.
    const swapped = await monthOf(id);
    const day = (m: MonthAttendanceView, date: string) => m.days.find((d) => d.date === date)!;
    expect(day(swapped, '2026-10-18')).toMatchObject({
      is_day_off: false,
      is_legal_holiday: false,
      transfer: 'working',
      transfer_date: '2026-10-21',
      worked_minutes: 480,
      legal_holiday_work_minutes: 0,
      statutory_overtime_minutes: 0,
    });
    expect(day(swapped, '2026-10-18').flags).not.toContain('unapproved_holiday_work');
    expect(day(swapped, '2026-10-21')).toMatchObject({
      is_day_off: true,
      leave_type: 2,
      transfer: 'day_off',
      transfer_date: '2026-10-18',
    });
    expect(day(swapped, '2026-10-24')).toMatchObject({ worked_minutes: 300, statutory_overtime_minutes: 300 });
    expect(swapped.totals).toMatchObject({
      worked_minutes: 2700,
      statutory_overtime_minutes: 300,
      legal_holiday_work_minutes: 0,
    });
    const stored = async (employeeId: string) =>
      (await db().entities.WorkSummary.get({ companyId: tenant.companyId, month: '2026-10', employeeId }).go()).data;
    expect(await stored(id)).toMatchObject({
      workedMinutes: 2700,
      statutoryOvertimeMinutes: 300,
      legalHolidayWorkMinutes: 0,
    });

    // 代休: Sun 18's 480 stay 法定休日労働 and out of the week; Mon, Tue, Thu, Fri 1920 + Sat 300 =
    // 2220 ≤ 2400 → 法定外 0. Month: worked 2700, 法定休日労働 480.
    const other = await monthOf(tenant.employees[1]!.id);
    expect(day(other, '2026-10-18')).toMatchObject({
      is_day_off: true,
      is_legal_holiday: true,
      transfer: null,
      legal_holiday_work_minutes: 480,
    });
    expect(day(other, '2026-10-21')).toMatchObject({ leave_type: 1, transfer: null });
    expect(other.totals).toMatchObject({
      worked_minutes: 2700,
      statutory_overtime_minutes: 0,
      legal_holiday_work_minutes: 480,
    });
    expect(await stored(tenant.employees[1]!.id)).toMatchObject({
      statutoryOvertimeMinutes: 0,
      legalHolidayWorkMinutes: 480,
    });
  });
});
