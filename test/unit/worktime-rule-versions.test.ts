/**
 * Effective-dated working-time and break rules (issue 15 item 2): a day is computed with the version in
 * force on it, the month's deemed overtime (固定残業) with the version in force on its last day. Figures
 * derived by hand from ../shared/LABOUR-LAW.md (32条: 8 h a day, 40 h a week; 法内残業 = beyond the
 * company's scheduled hours but within 8 h / 40 h), not from the engine.
 */
import { describe, expect, it } from 'vitest';
import { instantOf } from '../../functions/domain/time.js';
import { companyCalendar } from '../../functions/domain/worktime/calendar.js';
import {
  computeMonth,
  resolveRules,
  rulesByDate,
  versionsInForce,
  type AttendanceRecord,
  type RuleRecord,
} from '../../functions/domain/worktime/index.js';
import { TWO_TIER_BREAK_RECORD } from '../support/break-rules.js';

const TZ = 'Asia/Tokyo';
const calendar = companyCalendar();

const working = (
  effectiveFrom: string,
  fixedMinutes: number,
  unpaidMinutes: number,
  departmentId = '-',
  employmentStatusId = '-',
): RuleRecord => ({
  ruleType: 'working',
  departmentId,
  employmentStatusId,
  effectiveFrom,
  fixedMinutes,
  unpaidMinutes,
});

const nineToSix = (date: string): AttendanceRecord => ({
  workDate: date,
  punchInAt: instantOf(date, 9, 0, TZ),
  punchOutAt: instantOf(date, 18, 0, TZ),
});

describe('the version in force on a date', () => {
  const versions = [working('2026-01-01', 480, 600), working('2026-06-16', 450, 1200)];

  it('takes the latest version that has started; none before the first', () => {
    expect(resolveRules(versions, null, null, '2026-06-15').working).toMatchObject({ fixedMinutes: 480 });
    expect(resolveRules(versions, null, null, '2026-06-16').working).toMatchObject({ fixedMinutes: 450 });
    expect(resolveRules(versions, null, null, '2025-12-31').working.level).toBe('default');
    expect(versionsInForce(versions, '2026-06-15')).toEqual([versions[0]]);
  });

  it('a pair whose only version starts later does not apply yet: the next level does', () => {
    const rules = [...versions, working('2026-07-01', 420, 0, 'd1')];
    expect(resolveRules(rules, 'd1', null, '2026-06-30').working).toMatchObject({
      level: 'company',
      fixedMinutes: 450,
    });
    expect(resolveRules(rules, 'd1', null, '2026-07-01').working).toMatchObject({
      level: 'department',
      fixedMinutes: 420,
    });
  });
});

describe('computeMonth with a rule version that changes mid-month', () => {
  // June 2026: the 1st is a Monday; no public holiday. Company working rule 8:00 (480) with 10 h deemed
  // overtime from 2026-01-01, then 7:30 (450) with 20 h deemed overtime from Tuesday 16 June.
  // The company's two-tier break rule (拘束8:46以上で1:00; test/support/break-rules.ts) gives the break.
  const versions = [working('2026-01-01', 480, 600), working('2026-06-16', 450, 1200), TWO_TIER_BREAK_RECORD];
  // Thu 11, Fri 12, Mon 15, Tue 16, Wed 17 June, 09:00–18:00 each: restraint 540 ≥ 526 → the rule's 60
  // min of break, so the work is 480 (= 8 h, so never 法定外 by the day). Weeks (from Sunday): 7–13 June 2 × 480 = 960, 14–20 June 3 × 480 = 1440,
  // both ≤ 40 h (2400): no weekly 法定外.
  const records = ['11', '12', '15', '16', '17'].map((d) => nineToSix(`2026-06-${d}`));

  it('days before the 16th are 480 所定内; from the 16th 450 所定内 + 30 法内; deemed from the last day', () => {
    // Before (11, 12, 15): scheduled 480 → 480 所定内, 0 法内, 0 法定外.
    // From the 16th (16, 17): scheduled 450 → 450 所定内; 480 − 450 = 30 beyond the schedule but within
    // 8 h → 30 法内 (32条), 0 法定外.
    // Month: 所定内 3 × 480 + 2 × 450 = 2340; 法内 2 × 30 = 60; 法定外 0; overtime 60; worked 2400.
    // Deemed overtime: the version in force on 30 June → 1200; excess max(0, 60 − 1200) = 0.
    const m = computeMonth({
      year: 2026,
      month: 6,
      timeZone: TZ,
      rules: rulesByDate(versions, null, null),
      records,
      calendar,
    });
    const day = (d: string) => m.days.find((x) => x.workDate === `2026-06-${d}`)!;
    for (const d of ['11', '12', '15'])
      expect([day(d).regularMinutes, day(d).scheduledOvertimeMinutes, day(d).statutoryOvertimeMinutes]).toEqual([
        480, 0, 0,
      ]);
    for (const d of ['16', '17'])
      expect([day(d).regularMinutes, day(d).scheduledOvertimeMinutes, day(d).statutoryOvertimeMinutes]).toEqual([
        450, 30, 0,
      ]);
    expect(m.totals).toMatchObject({
      workedMinutes: 2400,
      regularMinutes: 2340,
      scheduledOvertimeMinutes: 60,
      statutoryOvertimeMinutes: 0,
      overtimeMinutes: 60,
      deemedOvertimeMinutes: 1200,
      excessOvertimeMinutes: 0,
    });
    expect(m.rules.working.fixedMinutes).toBe(450);
  });

  it('May is computed with the 8:00 version only (a later version never reaches back)', () => {
    // Fri 29 May 2026, 09:00–18:00: 480 worked, scheduled 480 → 480 所定内, 0 法内; deemed 600 (May 31).
    const m = computeMonth({
      year: 2026,
      month: 5,
      timeZone: TZ,
      rules: rulesByDate(versions, null, null),
      records: [nineToSix('2026-05-29')],
      calendar,
    });
    expect(m.totals).toMatchObject({ regularMinutes: 480, scheduledOvertimeMinutes: 0, deemedOvertimeMinutes: 600 });
  });

  it('the plain object form still applies one set of rules to every day', () => {
    // All five days at 7:30: 5 × 450 = 2250 所定内, 5 × 30 = 150 法内.
    const m = computeMonth({
      year: 2026,
      month: 6,
      timeZone: TZ,
      rules: resolveRules(versions, null, null, '2026-06-30'),
      records,
      calendar,
    });
    expect(m.totals).toMatchObject({
      regularMinutes: 2250,
      scheduledOvertimeMinutes: 150,
      deemedOvertimeMinutes: 1200,
    });
  });
});
