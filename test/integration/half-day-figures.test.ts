/**
 * Issue 29 item 5 through the API: work after a half day's scheduled end is overtime, not 所定内. A
 * minute of the day is either leave or 所定 to work, never both: after 午前半休 / 午後半休 / 時間単位 leave
 * the day's 所定 is what the schedule leaves to work; beyond it up to 8 h of work is 法内残業 (unpaid for
 * monthly staff if it were left 所定内), beyond 8 h 法定外 (32条; LABOUR-LAW.md "Day, week, working time").
 *
 * The company's day is 日勤 9:00–18:00 with the window 12:00–13:00 (8 h), every day's default from
 * 1 October 2026, and the lawful two-tier break rule. The leave is on the day as an approval writes it.
 * Figures derived by hand in the comments. October 2026 is over for the suite's clock (November).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { tokyo } from '../support/test-clock.js';

const stack = useTestStack();
let tenant: TestTenant;
let me: HttpClient;

type DayRow = {
  date: string;
  worked_minutes: number | null;
  scheduled_overtime_minutes: number;
  statutory_overtime_minutes: number;
  legal_holiday_work_minutes: number;
  late_night_minutes: number;
  late_minutes: number;
  explanation: { code: string; params: Record<string, unknown>; message: string }[];
};

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '半休残業株式会社' });
  me = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  const { entities } = db();
  const companyId = tenant.companyId;
  await putTwoTierBreakRule(companyId);
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
    effectiveFrom: '2026-10-01',
    patternId: 'day',
  }).go();
  const day = (date: string, from: string, to: string, leave: Record<string, unknown>) => ({
    companyId,
    employeeId: tenant.employees[0]!.id,
    workDate: date,
    punchInAt: tokyo(date, from).toISOString(),
    punchOutAt: tokyo(date, to).toISOString(),
    leaveType: 0,
    ...leave,
  });
  await entities.AttendanceDay.put([
    day('2026-10-07', '13:00', '23:00', { leaveUnit: 'am', leaveDays: 0.5 }),
    day('2026-10-08', '09:00', '19:00', { leaveUnit: 'pm', leaveDays: 0.5 }),
    day('2026-10-09', '09:00', '18:00', { leaveUnit: 'hours', leaveHours: 2, leaveDays: 0 }),
  ]).go();
});

async function month() {
  const res = await me.get('/api/v1/timestamps?year=2026&month=10');
  expect(res.status).toBe(200);
  return res.body.data as { days: DayRow[]; totals: Record<string, number> };
}
const rowOf = (m: { days: DayRow[] }, date: string) => m.days.find((d) => d.date === date)!;
/** 所定内 of a row: what is left of the worked minutes after the other buckets. */
const regular = (d: DayRow) =>
  d.worked_minutes! - d.scheduled_overtime_minutes - d.statutory_overtime_minutes - d.legal_holiday_work_minutes;

describe('所定 after half-day and hourly leave (issue 29 item 5)', () => {
  it('午前半休, worked 13:00–23:00: 13:00–18:00 所定内, 18:00–21:00 法内, 21:00–23:00 法定外', async () => {
    // 午前半休 covers 9:00–12:00; work is expected 13:00–18:00 (300 = the day's 所定 now). 拘束 600, the
    // window 12:00–13:00 lies outside the shift → no break: 600 worked. 13:00–18:00 300 所定内; up to 8 h
    // of work (21:00) 180 法内; 21:00–23:00 120 法定外, 22:00–23:00 深夜 60. Not late (expected 13:00).
    const d = rowOf(await month(), '2026-10-07');
    expect([d.worked_minutes, regular(d), d.scheduled_overtime_minutes, d.statutory_overtime_minutes]).toEqual([
      600, 300, 180, 120,
    ]);
    expect([d.late_night_minutes, d.late_minutes]).toEqual([60, 0]);
    expect(d.explanation.map((l) => l.message)).toContain(
      'この日の所定労働時間: 午前半休を除いた5:00（これを超えた労働は法内残業、1日の法定の枠を超えると法定外）',
    );
  });

  it('午後半休, worked 9:00–19:00: only the morning’s 3:00 is 所定内', async () => {
    // 午後半休 covers 13:00–18:00; work is expected 9:00–12:00 (180). 9:00–19:00 less the window = 540:
    // 9:00–12:00 180 所定内; 13:00–18:00 300 法内 (to 8 h of work); 18:00–19:00 60 法定外.
    const d = rowOf(await month(), '2026-10-08');
    expect([d.worked_minutes, regular(d), d.scheduled_overtime_minutes, d.statutory_overtime_minutes]).toEqual([
      540, 180, 300, 60,
    ]);
  });

  it('2 hours of 時間単位 leave, worked the whole day: 6:00 所定内 and 2:00 法内', async () => {
    // 所定 480 − 120 = 360; 9:00–18:00 less the window = 480 worked: 360 所定内 + 120 法内, 0 法定外.
    const m = await month();
    const d = rowOf(m, '2026-10-09');
    expect([d.worked_minutes, regular(d), d.scheduled_overtime_minutes, d.statutory_overtime_minutes]).toEqual([
      480, 360, 120, 0,
    ]);
    // The month: 法内 180 + 300 + 120 = 600, 法定外 120 + 60 = 180, worked 1,620; each minute once.
    expect([m.totals.scheduled_overtime_minutes, m.totals.statutory_overtime_minutes, m.totals.worked_minutes]).toEqual(
      [600, 180, 1620],
    );
  });
});
