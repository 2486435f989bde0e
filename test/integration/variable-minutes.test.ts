/**
 * Issue 29 item 6 through the API: under the 1か月単位の変形労働時間制 each worked minute is counted once,
 * in the order 日 → 週 → 期間 (昭63.1.1 基発1号), and a week's or period's excess is the work beyond the
 * schedule: 所定内 stays the scheduled minutes worked, 法内 is what is beyond the schedule and not
 * 法定外, and 所定内 + 法内 + 法定外 = worked. The filed case: a 30-day period scheduled at 168 h showed
 * 所定内 9,685 of 10,080 and 法内 600 instead of 205.
 *
 * The admin sets it up as on the screens: two work patterns, the status on 1か月単位 from 11/1, the month's
 * shifts. November 2026 has 30 days (the 1st a Sunday); 総枠 floor(2,400 × 30 ÷ 7) = 10,285. The clock
 * is pinned to 10 December 2026, so November is over. Figures derived by hand in the comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { pinClock, plusDays, tokyo } from '../support/test-clock.js';

const stack = useTestStack();
const realNow = clock.now;
let tenant: TestTenant;
let admin: HttpClient;
let me: HttpClient;

async function done(job: { id: string } | null | undefined) {
  if (!job) return;
  await pollUntil(
    async () => (await admin.get(`/api/v1/recompute_jobs/${job.id}`)).body.data,
    (j) => j.status === 'done' || j.status === 'failed',
  );
}

beforeAll(async () => {
  pinClock('2026-12-10', '12:00');
  tenant = await createTenant({ employees: 1, name: '変形集計株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  me = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  const pattern = async (name: string, end: string) => {
    const res = await admin.post('/api/v1/work_patterns', {
      name,
      start_time: name === '短日勤' ? '09:00' : '08:00',
      end_time: end,
      crosses_midnight: false,
      breaks: [{ start_time: '12:00', end_time: '13:00' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  // 短日勤 9:00–16:00 = 6 h (360); 9時間 8:00–18:00 = 9 h (540); both with lunch 12:00–13:00.
  const s6 = await pattern('短日勤', '16:00');
  const l9 = await pattern('9時間', '18:00');
  const system = await admin.put('/api/v1/working_time_systems', {
    scope: 'status',
    employment_status_id: tenant.employmentStatusId,
    system: 'monthly_variable',
    period_start: '2026-11-01',
    effective_from: '2026-11-01',
  });
  expect(system.status, JSON.stringify(system.body)).toBe(200);
  await done(system.body.data.recompute);
  // Schedule: weeks of 11/2, 11/9, 11/23: Mon 短日勤, Tue–Fri 9時間 → 2,520 (42 h, the week's line);
  // week of 11/16: Mon and Fri 短日勤, Tue–Thu 9時間 → 2,340 (line 40 h); Mon 11/30 短日勤. Total
  // 3 × 2,520 + 2,340 + 360 = 10,260 ≤ 10,285: lawful. (11/3 and 11/23 are public holidays the calendar
  // closes on: the shift makes them working days.)
  const plan: Record<string, string> = {};
  for (const monday of ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']) {
    plan[monday] = s6;
    for (let k = 1; k <= 4; k++) plan[plusDays(monday, k)] = l9;
  }
  plan['2026-11-20'] = s6;
  plan['2026-11-30'] = s6;
  const employeeId = tenant.employees[0]!.id;
  const shifts = await admin.put('/api/v1/shifts', {
    entries: Object.entries(plan).map(([date, pattern_id]) => ({
      employee_id: employeeId,
      date,
      pattern_id,
      day_off: false,
    })),
  });
  expect(shifts.status, JSON.stringify(shifts.body)).toBe(200);
  await done(shifts.body.data.recompute);
  // Work: each 短日勤 day 9:00–18:00 (8 h: 360 所定内 + 120 法内), each 9時間 day 8:00–18:00 as scheduled.
  await db()
    .entities.AttendanceDay.put(
      Object.entries(plan).map(([date, p]) => ({
        companyId: tenant.companyId,
        employeeId,
        workDate: date,
        punchInAt: tokyo(date, p === s6 ? '09:00' : '08:00').toISOString(),
        punchOutAt: tokyo(date, '18:00').toISOString(),
      })),
    )
    .go();
});
afterAll(() => {
  clock.now = realNow;
});

type Row = {
  date: string;
  worked_minutes: number | null;
  scheduled_overtime_minutes: number;
  statutory_overtime_minutes: number;
  legal_holiday_work_minutes: number;
};

describe('1か月単位: each minute counted once (issue 29 item 6)', () => {
  it('所定内 is the 10,260 scheduled minutes worked; the excess over week and 総枠 is the work beyond them', async () => {
    const res = await me.get('/api/v1/timestamps?year=2026&month=11');
    expect(res.status).toBe(200);
    const { days, totals } = res.body.data as { days: Row[]; totals: Record<string, number> };
    // Worked: fifteen 9時間 days (weeks 1, 2, 4: Tue–Fri; week 3: Tue–Thu) × 540 = 8,100 and six 短日勤
    // days (the four Mondays, 11/20, 11/30) × 480 = 2,880 → 10,980.
    // Beyond the schedule: 6 × 120 = 720. Weeks 1, 2, 4: 2,640 over 2,520 by 120 each; week 3: 2,580
    // over 2,400 by 180 → 540 weekly 法定外. Left 10,980 − 540 = 10,440 over 10,285 by 155 → period
    // 法定外. 法定外 695 = 10,980 − 10,285; 法内 720 − 695 = 25; 所定内 10,260 (all of the schedule).
    expect([
      totals.worked_minutes,
      totals.scheduled_overtime_minutes,
      totals.statutory_overtime_minutes,
      totals.period_statutory_overtime_minutes,
    ]).toEqual([10980, 25, 695, 155]);
    const regular = (d: Row) =>
      (d.worked_minutes ?? 0) -
      d.scheduled_overtime_minutes -
      d.statutory_overtime_minutes -
      d.legal_holiday_work_minutes;
    expect(days.reduce((n, d) => n + regular(d), 0)).toBe(10260);
    // Friday 11/6 passed its week's line but its 540 are scheduled: all 所定内; Monday 11/2's 120
    // beyond its 6 h are the week's 法定外.
    const on = (date: string) => days.find((d) => d.date === date)!;
    expect([regular(on('2026-11-06')), on('2026-11-06').statutory_overtime_minutes]).toEqual([540, 0]);
    expect([regular(on('2026-11-02')), on('2026-11-02').statutory_overtime_minutes]).toEqual([360, 120]);
  });
});
