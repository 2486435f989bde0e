/**
 * Issue 29 item 10: フレックスタイム制's two figures on the punch screen — the 過不足 to date (against
 * 所定 so far) and the period's 実労働 projected to its end against the 総枠 (32条の3) — for a 1-month
 * and a 2-month 清算期間, derived here by hand from LABOUR-LAW.md (Flex: 総枠 = 40 × calendar days ÷ 7).
 *
 * Calendar (the company defaults: Saturday and Sunday off, Sunday the 法定休日, 祝日 off):
 *   November 2026: the 1st is a Sunday, 30 days. Weekdays: 2–6, 9–13, 16–20, 23–27 and 30 = 21, less
 *   the 祝日 on weekdays 11/3 (文化の日, Tue) and 11/23 (勤労感謝の日, Mon) → 19 working days.
 *   Working days 11/2–11/27: 20 weekdays − 2 = 18; 11/2–11/24: 16 weekdays − 2 = 14… counted below.
 *   December 2026: the 1st is a Tuesday, 31 days, no 祝日. Weekdays: 1–4, 7–11, 14–18, 21–25, 28–31 = 23.
 * Standard day (標準となる1日の労働時間) 8:00 = 480. A worked day is 09:00–20:00 with a punched break
 * 12:00–13:00: 11:00 − 1:00 = 10:00 = 600 of 実労働 (punched breaks count as taken, whatever the rule).
 */
import { describe, expect, it } from 'vitest';
import { addDays, instantOf, weekday } from '../../functions/domain/time.js';
import { companyCalendar } from '../../functions/domain/worktime/calendar.js';
import {
  computeMonth,
  DEFAULT_BREAK_RULE,
  DEFAULT_WORKING_RULE,
  type AttendanceRecord,
  type RulesInForce,
} from '../../functions/domain/worktime/index.js';
import { DEFAULT_FLEX_SETTINGS, STANDARD_SYSTEM, type WorkSystem } from '../../functions/domain/worktime/system.js';

const TZ = 'Asia/Tokyo';
const RULES: RulesInForce = { working: DEFAULT_WORKING_RULE, break: DEFAULT_BREAK_RULE };
const calendar = companyCalendar();

const flex = (periodMonths: number): WorkSystem => ({
  ...STANDARD_SYSTEM,
  kind: 'flex',
  periodStart: '2026-11-01',
  periodMonths,
  special44: false,
  flex: { ...DEFAULT_FLEX_SETTINGS, standardDailyMinutes: 480 },
  source: 'status',
  effectiveFrom: '2026-11-01',
});

/** 09:00–20:00 with the break 12:00–13:00 punched: 600 minutes of 実労働. */
const tenHours = (date: string): AttendanceRecord => ({
  workDate: date,
  punchInAt: instantOf(date, 9, 0, TZ),
  punchOutAt: instantOf(date, 20, 0, TZ),
  breaks: [{ startAt: instantOf(date, 12, 0, TZ), endAt: instantOf(date, 13, 0, TZ) }],
});

/** The calendar's working days `from`–`to` (weekdays that are not a 祝日). */
const workingDays = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (weekday(d) % 6 !== 0 && !calendar(d).isDayOff) out.push(d);
  return out;
};

/** The November month as the month table and the summary compute it, with today's date. */
const november = (system: WorkSystem, records: AttendanceRecord[], today: string) =>
  computeMonth({
    year: 2026,
    month: 11,
    timeZone: TZ,
    rules: RULES,
    records,
    calendar,
    system: () => system,
    today,
  });
const stateOn = (result: ReturnType<typeof november>, date: string) =>
  result.days.find((d) => d.workDate === date)!.flexPeriod!;

describe('フレックスタイム制: the 過不足 to date and the projection against the 総枠', () => {
  it('counts the working days the derivation uses', () => {
    expect(workingDays('2026-11-01', '2026-11-30')).toHaveLength(19);
    expect(workingDays('2026-11-01', '2026-11-27')).toHaveLength(18);
    expect(workingDays('2026-12-01', '2026-12-31')).toHaveLength(23);
  });

  it('1-month period, Saturday 11/28 with nothing worked (as the tester saw it)', () => {
    // 総枠 = 2400 × 30 ÷ 7 = 10285.7 → 10285 (171:25). 所定総労働時間 = 19 × 480 = 9120.
    // To date (through Sat 11/28): 所定 18 × 480 = 8640, worked 0 → 過不足 −8640 (−144:00).
    // Projection: worked 0 + the one working day left (Mon 11/30) × 480 = 480; the 28th is a day off,
    // so nothing is added for it → 480 − 10285 = −9805 (−163:25).
    const state = stateOn(november(flex(1), [], '2026-11-28'), '2026-11-28');
    expect(state).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
      asOf: '2026-11-28',
      totalFrameMinutes: 10285,
      requiredMinutes: 9120,
      requiredToDateMinutes: 8640,
      workedToDateMinutes: 0,
      balanceMinutes: -8640,
      actualToDateMinutes: 0,
      projectedMinutes: 480,
      projectedOverFrameMinutes: -9805,
    });
  });

  it('1-month period, Saturday 11/28 after 18 days of 10 hours', () => {
    // Worked 18 × 600 = 10800; 所定 to date 8640 → 過不足 +2160 (+36:00).
    // Projection: 10800 + 1 × 480 (11/30) = 11280 → 11280 − 10285 = +995 (+16:35): the 法定外 the
    // period heads for, far less than the +36:00 to date suggests (the 総枠 is above 所定).
    const records = workingDays('2026-11-01', '2026-11-27').map(tenHours);
    const state = stateOn(november(flex(1), records, '2026-11-28'), '2026-11-28');
    expect(state).toMatchObject({
      balanceMinutes: 2160,
      actualToDateMinutes: 10800,
      projectedMinutes: 11280,
      totalFrameMinutes: 10285,
      projectedOverFrameMinutes: 995,
    });
  });

  it('2-month period 11/1–12/31: the same 過不足 to date, another projection', () => {
    // 総枠 = 2400 × 61 ÷ 7 = 20914.3 → 20914 (348:34). 所定総労働時間 = (19 + 23) × 480 = 20160.
    // To date (11/28): the same as the 1-month period — worked 10800, 所定 8640 → +2160 (+36:00).
    // Projection: 10800 + (11/30 + 23 December days) 24 × 480 = 10800 + 11520 = 22320
    // → 22320 − 20914 = +1406 (+23:26).
    const records = workingDays('2026-11-01', '2026-11-27').map(tenHours);
    const state = stateOn(november(flex(2), records, '2026-11-28'), '2026-11-28');
    expect(state).toMatchObject({
      from: '2026-11-01',
      to: '2026-12-31',
      totalFrameMinutes: 20914,
      requiredMinutes: 20160,
      requiredToDateMinutes: 8640,
      balanceMinutes: 2160,
      actualToDateMinutes: 10800,
      projectedMinutes: 22320,
      projectedOverFrameMinutes: 1406,
    });
  });

  it('on a working day, today counts the standard day until it is punched out', () => {
    // Today Wed 11/25, 1-month period. Worked 09:00–20:00 on the working days 11/2–11/24: 2–6 less 3
    // (4), 9–13 (5), 16–20 (5), 24 (1; 23 is a 祝日) = 15 → 9000. 所定 through today 16 × 480 = 7680
    // → 過不足 +1320 (+22:00) (today's 480 is due already).
    // Morning, not punched: 9000 + today 480 + after today (26, 27, 30) 3 × 480 = 10920 → +635 (+10:35).
    // Punched out (09:00–20:00 = 600): 9600 + 1440 = 11040 → +755 (+12:35); 過不足 9600 − 7680 = +1920.
    const before = workingDays('2026-11-01', '2026-11-24').map(tenHours);
    expect(before).toHaveLength(15);
    const morning = stateOn(november(flex(1), before, '2026-11-25'), '2026-11-25');
    expect(morning).toMatchObject({
      balanceMinutes: 1320,
      actualToDateMinutes: 9000,
      projectedMinutes: 10920,
      projectedOverFrameMinutes: 635,
    });
    const evening = stateOn(november(flex(1), [...before, tenHours('2026-11-25')], '2026-11-25'), '2026-11-25');
    expect(evening).toMatchObject({
      balanceMinutes: 1920,
      actualToDateMinutes: 9600,
      projectedMinutes: 11040,
      projectedOverFrameMinutes: 755,
    });
  });

  it('paid leave counts toward the 過不足 to date but not toward the 総枠', () => {
    // 11/2 終日 有給 (480 toward 所定) and nothing else, as of Saturday 11/28, 1-month period:
    // 過不足 = 480 − 8640 = −8160; 実労働 0, so the projection is the one day left: 480 − 10285 = −9805.
    const state = stateOn(
      november(flex(1), [{ workDate: '2026-11-02', leaveType: 0, leaveDays: 1 }], '2026-11-28'),
      '2026-11-28',
    );
    expect(state).toMatchObject({
      workedToDateMinutes: 480,
      balanceMinutes: -8160,
      actualToDateMinutes: 0,
      projectedOverFrameMinutes: -9805,
    });
  });
});
