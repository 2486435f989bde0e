/**
 * Issue 29 item 15, through the API: the punch screen (`GET /api/v1/timestamps/today`) and 勤怠一覧
 * (`GET /api/v1/timestamps?year&month`) say the same of a day — its kind, whether it is a day off, a
 * 振替 on it, and its schedule (pattern, times, or none) — because both come from one function of the
 * day (functions/domain/worktime/employee-day.ts: calendar + 振替 + shift + pattern). The tester saw
 * Saturday (a 所定休日) as 「予定 9:00–18:00 日勤」 on the punch screen and without schedule in 勤怠一覧.
 *
 * The company: 日勤 9:00–18:00 (break 12:00–13:00) the default of everyone, 早番 7:00–16:00 (break
 * 11:00–12:00); calendar from 2026-11-01: Sunday the 法定休日, Saturday and Sunday off, 祝日 off,
 * 2026-12-30 a 会社休日 (年末年始休暇), Saturday 2026-12-12 an extra working day (棚卸). The employee's
 * shifts: Thu 12-10 a day off, Sat 12-19 早番, Sun 12-27 日勤 (on the 法定休日: planned 休日労働). An
 * approved 振替 (filed on 11-28): work Sunday 12-20, rest Wednesday 12-16 instead.
 * Days (checked with `date`): 2026-11-23 Mon 勤労感謝の日; 12-02 Wed; 12-05 Sat; 12-06 Sun; 12-10 Thu;
 * 12-12 Sat; 12-16 Wed; 12-19 Sat; 12-20 Sun; 12-27 Sun; 12-30 Wed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceDayView } from '../../functions/api/timestamps/month-view.js';
import { db } from '../../functions/db/service.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { pinClock } from '../support/test-clock.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;
let staff: HttpClient;

/** Tokyo instants of the patterns (UTC+9). */
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+09:00`).toISOString();

beforeAll(async () => {
  pinClock('2026-11-28', '10:00');
  tenant = await createTenant({ employees: 1, name: '予定株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  const { entities } = db();
  const companyId = tenant.companyId;
  const employeeId = tenant.employees[0]!.id;
  await entities.WorkPatternItem.put([
    {
      companyId,
      patternId: 'day',
      name: '日勤',
      startMinute: 9 * 60,
      endMinute: 18 * 60,
      breakWindows: [{ startMinute: 12 * 60, endMinute: 13 * 60 }],
    },
    {
      companyId,
      patternId: 'early',
      name: '早番',
      startMinute: 7 * 60,
      endMinute: 16 * 60,
      breakWindows: [{ startMinute: 11 * 60, endMinute: 12 * 60 }],
    },
  ]).go();
  await entities.PatternAssignment.put({
    companyId,
    scope: 'group',
    departmentId: RULE_ANY,
    employmentStatusId: RULE_ANY,
    employeeId: RULE_ANY,
    effectiveFrom: '2026-01-01',
    patternId: 'day',
  }).go();
  const calendar = await admin.put('/api/v1/company_calendar', {
    effective_from: '2026-11-01',
    legal_holiday: 0,
    weekly_days_off: [0, 6],
    public_holidays_off: true,
    company_days_off: [{ date: '2026-12-30', name: '年末年始休暇' }],
    extra_working_days: [{ date: '2026-12-12', name: '棚卸' }],
  });
  expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
  // The version dated in the past recomputes November in the background: let it finish first.
  await pollUntil(
    async () => (await admin.get(`/api/v1/recompute_jobs/${calendar.body.data.recompute.id}`)).body.data,
    (j) => j.status === 'done' || j.status === 'failed',
  );
  const shift = (date: string, v: { dayOff?: boolean; patternId?: string }) =>
    entities.Shift.put({ companyId, yearMonth: date.slice(0, 7), employeeId, date, ...v }).go();
  await shift('2026-12-10', { dayOff: true });
  await shift('2026-12-19', { patternId: 'early' });
  await shift('2026-12-27', { patternId: 'day' });
  const filed = await staff.post('/api/v1/holiday_requests', {
    kind: 2,
    year: 2026,
    month: 12,
    day: 16,
    work_date: '2026-12-20',
    reason: '棚卸の応援',
  });
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  const approved = await admin.put(`/api/v1/holiday_requests/${filed.body.data.id}`, { status: 1 });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
});

interface Expected {
  day_kind: string;
  is_day_off: boolean;
  transfer: 'working' | 'day_off' | null;
  schedule: null | { kind: 'day_off' } | { kind: 'pattern'; name: string; start: string; end: string };
}

const CASES: [string, string, Expected][] = [
  [
    'a working day',
    '2026-12-02',
    {
      day_kind: 'working',
      is_day_off: false,
      transfer: null,
      schedule: { kind: 'pattern', name: '日勤', start: '09:00', end: '18:00' },
    },
  ],
  // The tester's day: a Saturday with the default pattern of everyone, which applies only on working days.
  ['a 所定休日 (Saturday)', '2026-12-05', { day_kind: 'day_off', is_day_off: true, transfer: null, schedule: null }],
  [
    'the 法定休日 (Sunday)',
    '2026-12-06',
    { day_kind: 'legal_holiday', is_day_off: true, transfer: null, schedule: null },
  ],
  [
    'a 祝日 (勤労感謝の日)',
    '2026-11-23',
    { day_kind: 'public_holiday', is_day_off: true, transfer: null, schedule: null },
  ],
  ['a 会社休日', '2026-12-30', { day_kind: 'company_day_off', is_day_off: true, transfer: null, schedule: null }],
  [
    'an extra working day of the calendar (Saturday 棚卸)',
    '2026-12-12',
    {
      day_kind: 'extra_working',
      is_day_off: false,
      transfer: null,
      schedule: { kind: 'pattern', name: '日勤', start: '09:00', end: '18:00' },
    },
  ],
  [
    'a shift’s day off on a weekday',
    '2026-12-10',
    { day_kind: 'day_off', is_day_off: true, transfer: null, schedule: { kind: 'day_off' } },
  ],
  [
    'a shift on a Saturday (made a working day)',
    '2026-12-19',
    {
      day_kind: 'working',
      is_day_off: false,
      transfer: null,
      schedule: { kind: 'pattern', name: '早番', start: '07:00', end: '16:00' },
    },
  ],
  [
    'a shift on the 法定休日 (planned 休日労働: still the 法定休日)',
    '2026-12-27',
    {
      day_kind: 'legal_holiday',
      is_day_off: true,
      transfer: null,
      schedule: { kind: 'pattern', name: '日勤', start: '09:00', end: '18:00' },
    },
  ],
  [
    'the Sunday a 振替 made a working day',
    '2026-12-20',
    {
      day_kind: 'working',
      is_day_off: false,
      transfer: 'working',
      schedule: { kind: 'pattern', name: '日勤', start: '09:00', end: '18:00' },
    },
  ],
  [
    'the Wednesday a 振替 made the day off (the 法定休日 it was swapped with)',
    '2026-12-16',
    { day_kind: 'legal_holiday', is_day_off: true, transfer: 'day_off', schedule: null },
  ],
];

describe('the punch screen and 勤怠一覧 agree about the day, on every kind of day', () => {
  it.each(CASES)('%s (%s)', async (_, date, expected) => {
    pinClock(date, '08:00');
    const punch = (await staff.get('/api/v1/timestamps/today')).body.data;
    const [year, month] = date.split('-').map(Number);
    const table = (await staff.get(`/api/v1/timestamps?year=${year}&month=${month}`)).body.data;
    const row = (table.days as AttendanceDayView[]).find((d) => d.date === date)!;

    // What the punch screen says of today …
    const punchSays = {
      day_kind: punch.day?.day_kind,
      is_day_off: punch.day?.is_day_off,
      transfer: punch.day?.transfer,
      transfer_date: punch.day?.transfer_date,
      schedule_kind: punch.schedule?.kind ?? null,
      pattern_name: punch.schedule?.pattern_name ?? null,
      scheduled_start: punch.schedule?.scheduled_start ?? null,
      scheduled_end: punch.schedule?.scheduled_end ?? null,
    };
    // … is what the month table's row says of the same date.
    expect(punchSays).toEqual({
      day_kind: row.day_kind,
      is_day_off: row.is_day_off,
      transfer: row.transfer,
      transfer_date: row.transfer_date,
      schedule_kind: row.schedule_kind,
      pattern_name: row.pattern_name,
      scheduled_start: row.scheduled_start,
      scheduled_end: row.scheduled_end,
    });
    // And both say what the calendar, the shift and the 振替 make of it.
    const s = expected.schedule;
    expect(punchSays).toMatchObject({
      day_kind: expected.day_kind,
      is_day_off: expected.is_day_off,
      transfer: expected.transfer,
      schedule_kind: s?.kind ?? null,
      pattern_name: s?.kind === 'pattern' ? s.name : null,
      scheduled_start: s?.kind === 'pattern' ? at(date, s.start) : null,
      scheduled_end: s?.kind === 'pattern' ? at(date, s.end) : null,
    });
  });
});
