import { describe, expect, it } from 'vitest';
import { instantOf } from '../../functions/domain/time.js';
import { periodById } from '../../functions/domain/payroll-period.js';
import { companyCalendar } from '../../functions/domain/worktime/calendar.js';
import {
  computeMonth,
  DEFAULT_WORKING_RULE,
  type AttendanceRecord,
  type RulesInForce,
} from '../../functions/domain/worktime/index.js';
import {
  computePeriod,
  periodRange,
  periodsAffectedBy,
  periodsOverlappingMonth,
} from '../../functions/domain/worktime/period.js';
import { TWO_TIER_BREAK } from '../support/break-rules.js';

/**
 * 20日締め: 12月度 runs 11月21日 (Sat) – 12月20日 (Sun), 11月度 10月21日 – 11月20日 (Fri).
 * Asia/Tokyo, calendar weeks Sunday–Saturday, Sunday the 法定休日, Saturday a 所定休日,
 * 11月23日 (Mon) 勤労感謝の日. The week Sun 15 – Sat 21 November straddles the closing day:
 * Mon 16 – Fri 20 are in 11月度, Sat 21 in 12月度.
 */
const TZ = 'Asia/Tokyo';
/**
 * The built-in working rule with the common lawful two-tier company break rule (拘束6:01以上45分、
 * 拘束8:46以上60分; test/support/break-rules.ts): since rule 2026.5 no break is deemed that the company
 * did not give, and these figures assume 9:00–18:00 is 8 h of work.
 */
const RULES: RulesInForce = { working: DEFAULT_WORKING_RULE, break: TWO_TIER_BREAK };
const calendar = companyCalendar();
const TWENTIETH = [{ effectiveFrom: '2026-01-01', closingDay: 20 }];

const shift = (date: string, from: string, to: string): AttendanceRecord => {
  const [fh, fm] = from.split(':').map(Number) as [number, number];
  const [th, tm] = to.split(':').map(Number) as [number, number];
  return { workDate: date, punchInAt: instantOf(date, fh, fm, TZ), punchOutAt: instantOf(date, th, tm, TZ) };
};

const RECORDS: AttendanceRecord[] = [
  // Mon 16 – Fri 20 Nov, 09:00–18:00: 540 restraint − 60 break (34条, over 8 h) = 480 each, all regular
  // (8 h, within the day's limit); the week's running total reaches 5 × 480 = 2400 = 40 h on Friday.
  ...['16', '17', '18', '19', '20'].map((d) => shift(`2026-11-${d}`, '09:00', '18:00')),
  // Sat 21 Nov (所定休日), 09:00–14:00: 300 restraint, no break (≤ 6 h) → 300 worked, none beyond 8 h
  // a day; the week 2400 + 300 = 2700 > 2400 → all 300 are weekly 法定外 (32条: beyond 40 h in the week),
  // on 21 November: the first day of 12月度.
  shift('2026-11-21', '09:00', '14:00'),
  // Tue 24 – Fri 27 Nov, 09:00–19:00: 600 restraint − 60 = 540 → 60 beyond 8 h a day each (daily 法定外);
  // the week's regular total 4 × 480 = 1920 ≤ 2400 → no weekly 法定外 (daily 法定外 never counts twice).
  ...['24', '25', '26', '27'].map((d) => shift(`2026-11-${d}`, '09:00', '19:00')),
  // Sun 20 Dec (法定休日, the period's last day), 09:00–12:00: 180 legal-holiday work (35条), neither
  // 法定外 nor toward 40 h.
  shift('2026-12-20', '09:00', '12:00'),
  // Mon 21 Dec, 09:00–18:00: 1月度, outside 12月度.
  shift('2026-12-21', '09:00', '18:00'),
];

describe('a payroll period through the engine (computePeriod)', () => {
  it('20日締め 12月度: the week straddling the closing day puts its weekly 法定外 on 21 November', () => {
    const period = periodById('2026-12', TWENTIETH)!;
    expect(period).toEqual({ id: '2026-12', from: '2026-11-21', to: '2026-12-20' });
    const result = computePeriod({ ...period, timeZone: TZ, rules: RULES, records: RECORDS, calendar });
    // Every date of the period, 21 November to 20 December: 10 + 20 = 30 days.
    expect(result.days.map((d) => d.workDate)[0]).toBe('2026-11-21');
    expect(result.days.map((d) => d.workDate).at(-1)).toBe('2026-12-20');
    expect(result.days).toHaveLength(30);
    const sat = result.days[0]!;
    expect([sat.workedMinutes, sat.weeklyStatutoryOvertimeMinutes, sat.statutoryOvertimeMinutes]).toEqual([
      300, 300, 300,
    ]);
    // Worked: 300 (21st) + 4 × 540 (24th–27th) + 180 (20 Dec) = 2640; 16–20 Nov and 21 Dec not counted.
    // 法定外: daily 4 × 60 = 240, weekly 300 → 540. 法定休日労働 180 → 法定外 + 休日 720.
    // Days with work: 21st, 24th–27th, 20 Dec = 6.
    const t = result.totals;
    expect({
      worked: t.workedMinutes,
      daily: t.dailyStatutoryOvertimeMinutes,
      weekly: t.weeklyStatutoryOvertimeMinutes,
      statutory: t.statutoryOvertimeMinutes,
      holiday: t.legalHolidayWorkMinutes,
      withHoliday: t.overtimeAndHolidayWorkMinutes,
      workDays: t.workDays,
    }).toEqual({ worked: 2640, daily: 240, weekly: 300, statutory: 540, holiday: 180, withHoliday: 720, workDays: 6 });
  });

  it('20日締め 11月度 ends on Friday 20 November: the week’s 40 h are reached there, its 法定外 falls in 12月度', () => {
    const period = periodById('2026-11', TWENTIETH)!;
    expect(period).toEqual({ id: '2026-11', from: '2026-10-21', to: '2026-11-20' });
    const result = computePeriod({ ...period, timeZone: TZ, rules: RULES, records: RECORDS, calendar });
    // 16–20 Nov: 5 × 480 = 2400, exactly 40 h: no weekly 法定外 yet (it is 21 November's); nothing else.
    expect(result.days).toHaveLength(31);
    const t = result.totals;
    expect([t.workedMinutes, t.statutoryOvertimeMinutes, t.weeklyStatutoryOvertimeMinutes, t.workDays]).toEqual([
      2400, 0, 0, 5,
    ]);
  });

  it('the weekly pass starts from the week containing the first day', () => {
    // 21 November 2026 is a Saturday: its week began on Sunday the 15th (Monday the 16th with 月曜始まり).
    expect(periodRange('2026-11-21', '2026-12-20')).toEqual({ from: '2026-11-15', to: '2026-12-20' });
    expect(periodRange('2026-11-21', '2026-12-20', 1)).toEqual({ from: '2026-11-16', to: '2026-12-20' });
  });

  it('末日締め (the default): the period is the calendar month and the figures are computeMonth’s', () => {
    const period = periodById('2026-11')!;
    expect(period).toEqual({ id: '2026-11', from: '2026-11-01', to: '2026-11-30' });
    const input = { timeZone: TZ, rules: RULES, records: RECORDS, calendar };
    const byPeriod = computePeriod({ ...period, ...input });
    const byMonth = computeMonth({ year: 2026, month: 11, ...input });
    expect(byPeriod.days).toEqual(byMonth.days);
    expect(byPeriod.totals).toEqual(byMonth.totals);
    // By hand: worked 5 × 480 + 300 + 4 × 540 = 4860; 法定外 300 weekly + 240 daily = 540.
    expect([byPeriod.totals.workedMinutes, byPeriod.totals.statutoryOvertimeMinutes]).toEqual([4860, 540]);
  });
});

describe('which payroll periods a change can affect (periodsAffectedBy)', () => {
  it('20日締め: a change on 16 November reaches Saturday the 21st, the first day of 12月度', () => {
    // The week Sun 15 – Sat 21 November: weekly 法定外 may move onto the 21st (12月度).
    expect(periodsAffectedBy('2026-11-16', '2026-11-16', TWENTIETH).map((p) => p.id)).toEqual(['2026-11', '2026-12']);
    // A change on Sun 22 November: its week ends Sat 28th, inside 12月度.
    expect(periodsAffectedBy('2026-11-22', '2026-11-22', TWENTIETH).map((p) => p.id)).toEqual(['2026-12']);
    // 11 – 13 November: the week ends on the 14th, inside 11月度.
    expect(periodsAffectedBy('2026-11-11', '2026-11-13', TWENTIETH).map((p) => p.id)).toEqual(['2026-11']);
  });

  it('末日締め: the same months as monthsAffectedBy', () => {
    expect(periodsAffectedBy('2026-09-28').map((p) => p.id)).toEqual(['2026-09', '2026-10']);
    expect(periodsAffectedBy('2026-09-26').map((p) => p.id)).toEqual(['2026-09']);
  });

  it('the periods with a day in a calendar month', () => {
    expect(periodsOverlappingMonth('2026-11', TWENTIETH)).toEqual([
      { id: '2026-11', from: '2026-10-21', to: '2026-11-20' },
      { id: '2026-12', from: '2026-11-21', to: '2026-12-20' },
    ]);
    expect(periodsOverlappingMonth('2026-11')).toEqual([{ id: '2026-11', from: '2026-11-01', to: '2026-11-30' }]);
  });
});
