/**
 * Issue 16 item 3: the schedule reaches every figure. Patterns, default assignments, shifts and the
 * 勤務設定 are written straight into the table (their routes are other helpers' work); the month rows
 * (GET /api/v1/timestamps), work status, the staff list, the CSV export, the closing checklist and the
 * closing job then show 遅刻・早退・欠勤 — 欠勤 only once the day is over, and in the stored figures
 * through the daily refresh (no write happens on an absent day).
 *
 * April 2026, Asia/Tokyo, 末日締め. Pattern 日勤 9:00–18:00 (break 12:00–13:00) for everyone from
 * Thursday 4/16; employee B has a shift day off on 4/16. Employee A punches 9:01–17:50 on Monday 4/20.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import { instantOf } from '../../functions/domain/time.js';
import { refreshCompanyDaily } from '../../functions/services/daily-refresh.js';
import { findWorkStatusDigest } from '../../functions/db/work-status-digests.js';
import { handler as recomputeWorker } from '../../functions/jobs/recompute-worker.js';
import { clock } from '../../functions/shared/clock.js';
import type { AttendanceDayView, MonthAttendanceView } from '../../functions/api/timestamps/month-view.js';
import type { PeriodClosingView } from '../../functions/api/period-closings/views.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { periodClosingsAfterRefresh } from '../support/period-closings.js';
import { workStatusAfterRefresh } from '../support/work-status.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;
let staffA: HttpClient;
let a: string;
let b: string;
const realNow = clock.now;
const at = (iso: string) => {
  clock.now = () => new Date(iso);
};
const TZ = 'Asia/Tokyo';
const jst = (date: string, h: number, m = 0) => instantOf(date, h, m, TZ);

beforeAll(async () => {
  at('2026-04-15T03:00:00Z');
  tenant = await createTenant({ employees: 2, name: '予定株式会社' });
  [a, b] = tenant.employees.map((e) => e.id) as [string, string];
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staffA = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  const { entities } = db();
  const companyId = tenant.companyId;
  await entities.WorkPatternItem.put({
    companyId,
    patternId: 'day',
    name: '日勤',
    startMinute: 9 * 60,
    endMinute: 18 * 60,
    breakWindows: [{ startMinute: 12 * 60, endMinute: 13 * 60 }],
  }).go();
  await entities.PatternAssignment.put({
    companyId,
    scope: 'group',
    departmentId: RULE_ANY,
    employmentStatusId: RULE_ANY,
    employeeId: RULE_ANY,
    effectiveFrom: '2026-04-16',
    patternId: 'day',
  }).go();
  // No grace; punches shown rounded to 15 minutes; an 11-hour 勤務間インターバル.
  await entities.WorkSetting.put({
    companyId,
    effectiveFrom: '2026-01-01',
    graceMinutes: 0,
    displayRoundingMinutes: 15,
    intervalMinutes: 11 * 60,
  }).go();
  // A worked Sunday evening 4/19 until 23:30: Monday's 9:01 start comes 9 h 31 min later.
  await entities.AttendanceDay.put({
    companyId,
    employeeId: a,
    workDate: '2026-04-19',
    punchInAt: jst('2026-04-19', 20),
    punchOutAt: jst('2026-04-19', 23, 30),
  }).go();
  await entities.Shift.put({ companyId, yearMonth: '2026-04', employeeId: b, date: '2026-04-16', dayOff: true }).go();
});
afterAll(() => {
  clock.now = realNow;
});

const month = async (id?: string): Promise<MonthAttendanceView> => {
  const res = await (id ? admin : staffA).get(`/api/v1/timestamps?year=2026&month=4${id ? `&id=${id}` : ''}`);
  expect(res.status).toBe(200);
  return res.body.data;
};
const dayOf = (m: MonthAttendanceView, date: string) => m.days.find((d) => d.date === date) as AttendanceDayView;

describe('month rows carry the schedule', () => {
  it('is late by one minute and leaves ten minutes early; the day is scheduled 9:00–18:00 by the default pattern', async () => {
    at(jst('2026-04-20', 9, 1));
    expect((await staffA.post('/api/v1/timestamps', {})).status).toBe(200);
    at(jst('2026-04-20', 17, 50));
    expect((await staffA.post('/api/v1/timestamps', {})).status).toBe(200);
    at(jst('2026-04-20', 20));
    const m = await month();
    const d = dayOf(m, '2026-04-20');
    expect(d).toMatchObject({
      scheduled_start: jst('2026-04-20', 9),
      scheduled_end: jst('2026-04-20', 18),
      pattern_name: '日勤',
      schedule_kind: 'pattern',
      late_minutes: 1,
      early_leave_minutes: 10,
      is_absent: false,
      breaks: [],
      leave_unit: null,
      // Shown rounded (出勤 up, 退勤 down to 15 minutes); the figures stay to the minute.
      punch_in_at: jst('2026-04-20', 9, 1),
      punch_in_display: jst('2026-04-20', 9, 15),
      punch_out_display: jst('2026-04-20', 17, 45),
      rest_before_minutes: 9 * 60 + 31,
      short_interval: true,
    });
    expect(d.flags).toEqual(expect.arrayContaining(['late', 'early_leave', 'short_interval']));
    // Before the pattern's first day: nothing scheduled, nothing late or absent.
    expect(dayOf(m, '2026-04-15')).toMatchObject({ scheduled_start: null, is_absent: false, late_minutes: 0 });
    expect(m.totals).toMatchObject({
      late_days: 1,
      late_minutes: 1,
      early_leave_days: 1,
      early_leave_minutes: 10,
      short_interval_days: 1,
      display_rounding_minutes: 15,
      rounded30: null,
    });
  });

  it('counts a scheduled day without punch or leave as 欠勤 once it is over, never before', async () => {
    at(jst('2026-04-20', 12));
    const m = await month(b);
    // 4/16 is B's shift day off; 4/17 (Friday) is over and unpunched; today 4/20 is not over yet.
    expect(dayOf(m, '2026-04-16')).toMatchObject({ schedule_kind: 'day_off', is_absent: false });
    expect(dayOf(m, '2026-04-17')).toMatchObject({ is_absent: true, scheduled_start: jst('2026-04-17', 9) });
    expect(dayOf(m, '2026-04-17').flags).toContain('absent');
    expect(dayOf(m, '2026-04-20')).toMatchObject({ is_absent: false });
    expect(dayOf(m, '2026-04-21')).toMatchObject({ is_absent: false });
    expect(m.totals.absent_days).toBe(1);

    at(jst('2026-04-21', 0, 5));
    const next = await month(b);
    expect(dayOf(next, '2026-04-20')).toMatchObject({ is_absent: true });
    expect(next.totals.absent_days).toBe(2);
  });
});

describe('stored figures: work status, staff list, checklist', () => {
  it('has A figures from the punch-out; the daily refresh brings B 欠勤 that no write recorded', async () => {
    at(jst('2026-04-20', 20));
    let ws = (await workStatusAfterRefresh(admin, '/api/v1/work_status?year=2026&month=4')).body.data;
    expect(ws.employees.find((e: { id: string }) => e.id === a)).toMatchObject({
      late_days: 1,
      late_minutes: 1,
      early_leave_days: 1,
      early_leave_minutes: 10,
      absent_days: 2, // 4/16 and 4/17
      short_interval_days: 1,
    });
    expect(ws.employees.find((e: { id: string }) => e.id === b)).toBeUndefined();

    // The next morning, the recompute worker's daily run (its EventBridge schedule: an event without a
    // job) refreshes every company's summaries.
    at(jst('2026-04-21', 0, 5));
    expect(await recomputeWorker({ id: 'daily-schedule-event' })).toMatchObject({ failed: [] });
    ws = (await workStatusAfterRefresh(admin, '/api/v1/work_status?year=2026&month=4')).body.data;
    expect(ws.employees.find((e: { id: string }) => e.id === b)).toMatchObject({ absent_days: 2, late_days: 0 });
    expect(ws.employees.find((e: { id: string }) => e.id === a)).toMatchObject({ absent_days: 2, late_days: 1 });

    const list = (await admin.get('/api/v1/employees')).body.data as { id: string }[];
    expect(list.find((e) => e.id === b)).toMatchObject({ absent_days: 2, late_days: 0, early_leave_days: 0 });
    expect(list.find((e) => e.id === a)).toMatchObject({ absent_days: 2, late_days: 1, early_leave_days: 1 });

    const checklist = (await periodClosingsAfterRefresh(admin, '/api/v1/period_closings?period=2026-04')).body.data
      .checklist;
    expect(checklist.schedule_totals).toMatchObject({
      late_days: 1,
      late_minutes: 1,
      early_leave_days: 1,
      early_leave_minutes: 10,
      absent_days: 4,
      short_interval_days: 1,
    });
    expect(checklist.schedule_findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ employee_id: a, late_days: 1, absent_days: 2 }),
        expect.objectContaining({ employee_id: b, late_days: 0, absent_days: 2 }),
      ]),
    );
  });
});

async function exportLines(body: object): Promise<string[][]> {
  const started = await admin.post('/api/v1/attendance_exports', body);
  expect(started.status).toBe(201);
  const job = await pollUntil(
    async () => (await admin.get(`/api/v1/attendance_exports/${started.body.data.id}`)).body.data,
    (j) => j.status === 'done' || j.status === 'failed',
  );
  expect(job.status).toBe('done');
  const bytes = Buffer.from(await (await fetch(job.download_url)).arrayBuffer());
  return bytes
    .subarray(3)
    .toString('utf8')
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','));
}

describe('CSV and closing', () => {
  const APRIL = { start_year: 2026, start_month: 4, start_day: 1, end_year: 2026, end_month: 4, end_day: 30 };

  it('appends 予定出勤, 予定退勤, 遅刻(分), 早退(分), 欠勤, 休憩打刻, 休暇単位 after the existing columns', async () => {
    at(jst('2026-04-21', 9));
    const lines = await exportLines(APRIL);
    const header = lines[0]!;
    expect(header.slice(0, 19)).toEqual([
      '社員ID',
      '社員番号',
      '氏名',
      '部署',
      '雇用形態',
      '日付',
      '曜日',
      '祝日',
      '出勤',
      '退勤',
      '休憩',
      '労働時間',
      '法内残業',
      '法定外残業',
      '深夜労働',
      '法定休日労働',
      '休暇',
      '出勤メモ',
      '退勤メモ',
    ]);
    // 社員番号 (issue 18) follows 社員ID, so everything after it moves one column right.
    expect(header.slice(19, 26)).toEqual([
      '予定出勤',
      '予定退勤',
      '遅刻(分)',
      '早退(分)',
      '欠勤',
      '休憩打刻',
      '休暇単位',
    ]);
    // Issue 17 appends the working-time system columns after them.
    expect(header.slice(26)).toEqual(['労働時間制度', '法定外（期間）']);
    const row = (id: string, date: string) => lines.find((l) => l[0] === id && l[5] === date)!;
    expect(row(a, '2026-04-20').slice(8, 10)).toEqual(['09:01', '17:50']);
    expect(row(a, '2026-04-20').slice(19, 26)).toEqual(['09:00', '18:00', '1', '10', '', '', '']);
    expect(row(b, '2026-04-17').slice(19, 26)).toEqual(['09:00', '18:00', '0', '0', '欠勤', '', '']);
    expect(row(b, '2026-04-16').slice(19, 26)).toEqual(['', '', '', '', '', '', '']);
    expect(row(a, '2026-04-15').slice(19, 26)).toEqual(['', '', '', '', '', '', '']);
    for (const l of lines) expect(l).toHaveLength(28);
  });

  it('the closing job counts 遅刻・早退・欠勤 and stores the CSV with the new columns', async () => {
    // The daily run of May 1st refreshes April (the month of yesterday): every unpunched scheduled
    // working day of April is 欠勤 in the stored figures. The period is closed the day after.
    at(jst('2026-05-01', 0, 5));
    await refreshCompanyDaily(tenant.companyId, TZ);
    // …and ends by building 勤怠状況's digest of the period holding today (issue 19).
    expect((await findWorkStatusDigest(tenant.companyId, '2026-05'))?.asOf).toBe(clock.now().toISOString());
    at(jst('2026-05-02', 12));
    const before = (await periodClosingsAfterRefresh(admin, '/api/v1/period_closings?period=2026-04')).body.data
      .checklist;
    // 4/16–4/30 working days: 16, 17, 20–24, 27, 28, 30 (4/29 昭和の日) = 10; A worked 4/20, B had 4/16 off.
    expect(before.schedule_totals).toMatchObject({ late_days: 1, absent_days: 9 + 9 });

    expect((await admin.post('/api/v1/period_closings', { period: '2026-04' })).status).toBe(201);
    const closed = await pollUntil(
      async () =>
        ((await admin.get('/api/v1/period_closings?period=2026-04')).body.data.periods as PeriodClosingView[]).find(
          (p) => p.id === '2026-04',
        )!,
      (p) => p.status !== 'closing',
    );
    expect(closed).toMatchObject({
      status: 'closed',
      late_days: 1,
      early_leave_days: 1,
      absent_days: 18,
      break_below_legal_days: 0,
      short_interval_days: 1,
    });
    // The export of the closed period is the stored CSV: it has the schedule columns.
    const lines = await exportLines(APRIL);
    expect(lines[0]!.slice(19)).toEqual([
      '予定出勤',
      '予定退勤',
      '遅刻(分)',
      '早退(分)',
      '欠勤',
      '休憩打刻',
      '休暇単位',
      '労働時間制度',
      '法定外（期間）',
    ]);
    // And a filtered export of it takes the stored rows with the header they were written with.
    const filtered = await exportLines({ ...APRIL, id: b });
    expect(filtered[0]).toHaveLength(28);
    expect(filtered.find((l) => l[5] === '2026-04-17')![23]).toBe('欠勤');
  });
});
