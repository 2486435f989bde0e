/**
 * 変形労働時間制 in the engine (issue 17, rule version 2026.4, version.ts rule 18): 法定外 found per
 * day, per week and per period (1か月単位 32条の2, 1週間単位 32条の5), a 1年単位 joiner settled on
 * their own span (32条の4の2), and the checks of a 1年単位 calendar (則12条の4). Every figure is
 * derived by hand in the comment above it from ../shared/LABOUR-LAW.md "Flexible working-time
 * systems" and the shared decisions of issue 17 — never from the engine's code:
 *   day: beyond the schedule on a day scheduled over 8 h, else beyond 8 h;
 *   week: 所定内 + 法内 beyond the schedule in a week scheduled over 40 h, else beyond 40 h (less daily);
 *   period: 所定内 + 法内 left beyond 40 h × calendar days ÷ 7 (less both), on the period's last minutes.
 *
 * Asia/Tokyo (UTC+9). A hand-made calendar: every Sunday is the 法定休日, every other day a working
 * day of the calendar; each day's character then comes from the shifts (a shift day off makes a
 * calendar working day a 所定休日). Built-in rules: fixed time 8:00, no break rule.
 * Weeks run Sunday–Saturday. February 2026: the 1st is a Sunday, so the 28 days are four whole weeks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantOf } from '../../functions/domain/time.js';
import {
  computeMonth,
  computeSpan,
  DEFAULT_BREAK_RULE,
  DEFAULT_WORKING_RULE,
  WORKING_DAY,
  type AttendanceRecord,
  type DayCalendar,
  type DayResult,
  type RulesInForce,
  type ScheduleOf,
  type WorkPattern,
} from '../../functions/domain/worktime/index.js';
import { STANDARD_SYSTEM, type WorkSystem } from '../../functions/domain/worktime/system.js';
import { checkVariablePlan, type PlanDay } from '../../functions/domain/worktime/variable.js';
import { jaLines } from '../support/explanation.js';

const TZ = 'Asia/Tokyo';
const RULES: RulesInForce = { working: DEFAULT_WORKING_RULE, break: DEFAULT_BREAK_RULE };

const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return instantOf(date, h, m, TZ);
};
const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const dow = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Sunday = 法定休日; every other day a calendar working day. */
const calendar = (date: string): DayCalendar =>
  dow(date) === 0
    ? { isDayOff: true, isLegalHoliday: true, holidayName: null, kind: 'legal_holiday' }
    : { ...WORKING_DAY, kind: 'working' };

/** 長日勤 8:00–19:00, lunch 12:00–13:00: 10 h. */
const L10: WorkPattern = {
  id: 'l10',
  name: '長日勤',
  startMinute: 480,
  endMinute: 1140,
  breaks: [{ startMinute: 720, endMinute: 780 }],
};
/** 日勤 9:00–18:00, lunch 12:00–13:00: 8 h. */
const S8: WorkPattern = {
  id: 's8',
  name: '日勤',
  startMinute: 540,
  endMinute: 1080,
  breaks: [{ startMinute: 720, endMinute: 780 }],
};
/** 短日勤 9:00–16:00, lunch 12:00–13:00: 6 h. */
const S6: WorkPattern = {
  id: 's6',
  name: '短日勤',
  startMinute: 540,
  endMinute: 960,
  breaks: [{ startMinute: 720, endMinute: 780 }],
};

/** Shifts by date; a Monday–Saturday date without a pattern is a shift day off. */
const shifts =
  (patterns: Record<string, WorkPattern>): ScheduleOf =>
  (date) => {
    const p = patterns[date];
    if (p) return { kind: 'pattern', pattern: p, source: 'shift' };
    return dow(date) === 0 ? null : { kind: 'day_off', source: 'shift' };
  };

const work = (date: string, from: string, to: string): AttendanceRecord => ({
  workDate: date,
  punchInAt: at(date, from),
  punchOutAt: at(date, to),
});

const variable = (
  kind: WorkSystem['kind'],
  periodStart: string,
  periodMonths: number,
  extra: Partial<WorkSystem> = {},
): WorkSystem => ({
  ...STANDARD_SYSTEM,
  kind,
  periodStart,
  periodMonths,
  source: 'status',
  effectiveFrom: periodStart,
  ...extra,
});

const segs = (d: DayResult) => d.segments.map((s) => `${s.kind}:${s.minutes}`);
const byDate = (days: DayResult[]) => new Map(days.map((d) => [d.workDate, d]));

describe('1か月単位の変形労働時間制 (32条の2): 法定外 per day, week and period', () => {
  // The schedule of February 2026 (Sundays are the 法定休日, Saturdays shift days off):
  //   week 1  2/1–2/7:   Mon 2 L10, Tue 3 L10, Wed 4–Fri 6 S8     → 10+10+8+8+8 = 44 h (over 40 h)
  //   week 2  2/8–2/14:  Mon 9–Fri 13 S8                           → 40 h
  //   week 3  2/15–2/21: Mon 16–Wed 18 S8, Thu 19 S6, Fri 20 S6    → 8×3 + 6×2 = 36 h
  //   week 4  2/22–2/28: Mon 23–Fri 27 S8                          → 40 h
  // Total 44 + 40 + 36 + 40 = 160 h = 40 h × 28 ÷ 7 (the 総枠, 9,600 minutes): a lawful schedule.
  const patterns: Record<string, WorkPattern> = {
    '2026-02-02': L10,
    '2026-02-03': L10,
    '2026-02-04': S8,
    '2026-02-05': S8,
    '2026-02-06': S8,
    '2026-02-19': S6,
    '2026-02-20': S6,
  };
  for (const d of ['09', '10', '11', '12', '13', '16', '17', '18', '23', '24', '25', '26', '27'])
    patterns[`2026-02-${d}`] = S8;
  // Work: every scheduled day as scheduled (9:00–18:00 or 8:00–19:00, lunch from the pattern), except
  //   Mon 2/2 8:00–20:00 (11 h), Thu 2/19 (S6) 9:00–18:00 (8 h), and the day off Sat 2/14 9:00–14:00.
  const records: AttendanceRecord[] = [];
  for (const [date, p] of Object.entries(patterns)) {
    if (date === '2026-02-02') records.push(work(date, '08:00', '20:00'));
    else if (date === '2026-02-19') records.push(work(date, '09:00', '18:00'));
    else records.push(work(date, p === L10 ? '08:00' : '09:00', p === S6 ? '16:00' : p === L10 ? '19:00' : '18:00'));
  }
  records.push(work('2026-02-14', '09:00', '14:00'));
  const monthly = variable('monthly_variable', '2026-02-01', 1);
  const month = computeMonth({
    year: 2026,
    month: 2,
    timeZone: TZ,
    rules: RULES,
    records,
    calendar,
    schedule: shifts(patterns),
    system: () => monthly,
    weekStartsOn: 0,
  });
  const days = byDate(month.days);

  it('day: a 10 h day finds 法定外 beyond its schedule, not beyond 8 h', () => {
    // Mon 2/2, 長日勤 (10 h): 8:00–20:00 less lunch 12–13 = 11 h. Daily line = max(8 h, 10 h) = 10 h:
    // 8:00–12:00 240 + 13:00–19:00 360 = 600 所定内, 19:00–20:00 60 法定外 (日). Week 1 and the period
    // take nothing from it (see below).
    const d = days.get('2026-02-02')!;
    expect(segs(d)).toEqual(['regular:240', 'break:60', 'regular:360', 'statutory_overtime:60']);
    expect(d.dailyStatutoryOvertimeMinutes).toBe(60);
    expect(jaLines(d)).toContain('この日の所定労働時間: 勤務パターン「長日勤」の10:00（勤務ルールの8:00に代えて）');
    expect(jaLines(d)).toContain('法定外（日単位で判定）: この日の所定10:00が8時間を超えるため、所定10:00を超えた60分');
    // Tue 2/3 worked its 10 h exactly: no 法定外 at all (通常 would have had 120 minutes over 8 h).
    expect(days.get('2026-02-03')!.statutoryOvertimeMinutes).toBe(0);
  });

  it('week: a week scheduled over 40 h is held to its schedule; a 40 h week to 40 h', () => {
    // Week 1 (scheduled 44 h → line 44 h): 所定内 + 法内 = 600 + 600 + 480 × 3 = 2,640 = 44 h: no weekly
    // 法定外 (the daily 60 of 2/2 is not counted again). 通常 would have found 240 over 40 h.
    for (const d of ['01', '02', '03', '04', '05', '06', '07'])
      expect(days.get(`2026-02-${d}`)!.weeklyStatutoryOvertimeMinutes).toBe(0);
    // Week 2 (scheduled 40 h → line 40 h): Mon–Fri 480 × 5 = 2,400, then Sat 2/14 (a day off:
    // schedule 0, daily line 8 h) 9:00–14:00 = 300 (≤ 6 h, no break) 法内 → 2,700: the week passes
    // 40 h on Saturday by 300 → all of Saturday's 300 minutes are weekly 法定外.
    const sat = days.get('2026-02-14')!;
    expect(segs(sat)).toEqual(['weekly_statutory_overtime:300']);
    expect(jaLines(sat)).toContain(
      '法定外（週単位で判定）: 2026-02-08〜2026-02-14の週の所定40:00は40時間以下のため、40時間を超えた300分（日単位の法定外・法定休日労働を除く累計がこの日に超えたため、この日の終わりから）',
    );
    // Week 3 (scheduled 36 h → line 40 h): 480 × 3 + Thu 2/19 (S6 worked 8 h: 360 所定内 + 120 法内) +
    // Fri 2/20 360 = 2,280 ≤ 2,400: nothing. (Thu 2/19's 120 法内 become the period's 法定外 below.)
    expect(segs(days.get('2026-02-19')!)).toEqual([
      'regular:180',
      'break:60',
      'regular:180',
      'period_statutory_overtime:120',
    ]);
    for (const d of ['15', '16', '17', '18', '19', '20', '21'])
      expect(days.get(`2026-02-${d}`)!.weeklyStatutoryOvertimeMinutes).toBe(0);
  });

  it('period: what is left beyond 160 h is the work beyond the schedule (法内), walking back from the end', () => {
    // 所定内 + 法内 after the day and week passes: week 1 2,640 + week 2 2,400 (2,700 − 300) + week 3
    // 2,280 + week 4 480 × 5 = 2,400 → 9,720 (162:00). 総枠 = 2,400 × 28 ÷ 7 = 9,600 → 120 minutes of
    // period 法定外. The schedule is exactly the 総枠, so the excess is work beyond the schedule: the
    // only 法内 left in the period, Thu 2/19's 120 (16:00–18:00 after its 6 h 短日勤), walking back from
    // the end (issue 29: taking Fri 2/27's last scheduled 120 instead made 所定内 9,480 of 9,600 and left
    // 120 法内). Fri 2/27 stays 480 所定内.
    const fri = days.get('2026-02-27')!;
    expect(segs(fri)).toEqual(['regular:180', 'break:60', 'regular:300']);
    const thu = days.get('2026-02-19')!;
    expect(thu.segments[3]!.startAt).toBe(at('2026-02-19', '16:00'));
    expect(jaLines(thu)).toContain(
      '法定外（変形期間で判定）: 変形期間2026-02-01〜2026-02-28（28日）の総枠160:00（40時間×28日÷7）を、日・週の法定外と法定休日労働を除く労働162:00が超えた120分のうち120分（所定を超えた労働（法内残業）から先に、期間の最後から）',
    );
    // Each step found 法定外 once, and no minute twice: worked = week 1 (660 + 600 + 1,440) + week 2
    // (2,400 + 300) + week 3 2,280 + week 4 2,400 = 10,080; 法定外 = 60 + 300 + 120 = 480 =
    // 10,080 − 9,600 (worked beyond the 総枠, as every 法定外 minute is beyond it exactly once).
    const t = month.totals;
    expect([t.workedMinutes, t.dailyStatutoryOvertimeMinutes, t.weeklyStatutoryOvertimeMinutes]).toEqual([
      10080, 60, 300,
    ]);
    expect([t.periodStatutoryOvertimeMinutes, t.statutoryOvertimeMinutes, t.system]).toEqual([
      120,
      480,
      'monthly_variable',
    ]);
    // Each minute once: 所定内 = the 9,600 scheduled minutes, all worked; the 480 beyond the schedule
    // (2/2's hour past its 10 h, 2/19's 120, Sat 2/14's 300) are all 法定外, so 法内 is 0.
    expect([t.regularMinutes, t.scheduledOvertimeMinutes]).toEqual([9600, 0]);
    expect(t.regularMinutes + t.scheduledOvertimeMinutes + t.statutoryOvertimeMinutes).toBe(t.workedMinutes);
    const found = month.days.filter((d) => d.statutoryOvertimeMinutes > 0).map((d) => d.workDate);
    expect(found).toEqual(['2026-02-02', '2026-02-14', '2026-02-19']);
  });

  it('a period not yet over is not settled: only day and week are found, and the day says when', () => {
    // The same month computed up to 2/20 (computeSpan with last = 2/20): the period ends 2/28 > 2/20,
    // so no period 法定外 yet; day (60) and week (300) are found as before.
    const span = computeSpan(
      { timeZone: TZ, rules: RULES, records, calendar, schedule: shifts(patterns), system: () => monthly },
      '2026-02-01',
      '2026-02-20',
    );
    expect(span.reduce((n, d) => n + d.periodStatutoryOvertimeMinutes, 0)).toBe(0);
    expect(span.reduce((n, d) => n + d.statutoryOvertimeMinutes, 0)).toBe(360);
    expect(jaLines(span[span.length - 1]!)).toContain(
      '変形期間2026-02-01〜2026-02-28の総枠（40時間×28日÷7）を超えた法定外は期間の末日2026-02-28に判定',
    );
  });
  it('a change of system inside the period ends the period there and settles it on the days before', () => {
    // The status goes back to 通常 from Sun 2/8: the 変形期間 2/1–2/28 ends on Sat 2/7 (7 days, 総枠
    // 2,400 × 7 ÷ 7 = 2,400). Week 1 alone: 2,640 所定内 (line 44 h → no weekly 法定外); 2,640 − 2,400
    // = 240 period 法定外 on the last worked minutes: Fri 2/6 9:00–18:00 → 14:00–18:00 (Sat 2/7 unworked).
    const m = computeMonth({
      year: 2026,
      month: 2,
      timeZone: TZ,
      rules: RULES,
      records,
      calendar,
      schedule: shifts(patterns),
      system: (date) => (date < '2026-02-08' ? monthly : STANDARD_SYSTEM),
      weekStartsOn: 0,
    });
    const fri = byDate(m.days).get('2026-02-06')!;
    expect(segs(fri)).toEqual(['regular:180', 'break:60', 'regular:60', 'period_statutory_overtime:240']);
    expect(fri.segments[3]!.startAt).toBe(at('2026-02-06', '14:00'));
    expect(jaLines(fri)).toContain(
      '法定外（変形期間で判定）: 2026-02-08から労働時間制度が変わるため2026-02-07までで清算、変形期間2026-02-01〜2026-02-07（7日）の総枠40:00（40時間×7日÷7）を、日・週の法定外と法定休日労働を除く労働44:00が超えた240分のうち240分（所定を超えた労働（法内残業）から先に、期間の最後から）',
    );
    expect(m.days.filter((d) => d.periodStatutoryOvertimeMinutes > 0).map((d) => d.workDate)).toEqual(['2026-02-06']);
  });
  it('a change of system on the day after the month ends still settles the period in that month', () => {
    // Periods from the 16th (1/16–2/15, 2/16–3/15); 通常 from 3/1, so the period 2/16– ends on 2/28, the
    // month's last day (and the last computed day: 2/28 is a Saturday). 2/16–2/28 = 13 days, 総枠
    // floor(2,400 × 13 ÷ 7) = floor(4,457.14) = 4,457. Weeks cut at 2/16: 2/16–2/21 scheduled 36 h (line
    // 40 h) worked 2,280; 2/22–2/28 scheduled 40 h worked 2,400 → no weekly. 2,280 + 2,400 = 4,680 −
    // 4,457 = 223: first the work beyond the schedule, Thu 2/19's 120 法内; the cut period's schedule
    // (36 h + 40 h = 4,560) is itself over its 総枠, so the other 103 are scheduled minutes, from the end:
    // Fri 2/27 18:00 back 103 → 16:17–18:00 (13:00–16:17 = 197 stays 所定内).
    // The period 1/16–2/15 (31 days, 総枠 floor(2,400 × 31 ÷ 7) = 10,628) holds weeks 1–2: 2,640 +
    // 2,400 (after the week's 300) = 5,040 → nothing; day 60 and week 300 are found as before.
    const from16 = variable('monthly_variable', '2026-01-16', 1);
    const m = computeMonth({
      year: 2026,
      month: 2,
      timeZone: TZ,
      rules: RULES,
      records,
      calendar,
      schedule: shifts(patterns),
      system: (date) => (date < '2026-03-01' ? from16 : STANDARD_SYSTEM),
      weekStartsOn: 0,
    });
    const fri = byDate(m.days).get('2026-02-27')!;
    expect(segs(fri)).toEqual(['regular:180', 'break:60', 'regular:197', 'period_statutory_overtime:103']);
    expect(fri.segments[3]!.startAt).toBe(at('2026-02-27', '16:17'));
    expect(segs(byDate(m.days).get('2026-02-19')!)).toEqual([
      'regular:180',
      'break:60',
      'regular:180',
      'period_statutory_overtime:120',
    ]);
    const t = m.totals;
    expect([
      t.dailyStatutoryOvertimeMinutes,
      t.weeklyStatutoryOvertimeMinutes,
      t.periodStatutoryOvertimeMinutes,
    ]).toEqual([60, 300, 223]);
  });
});

describe('1週間単位の非定型的変形労働時間制 (32条の5)', () => {
  it('finds 法定外 per day and per week (the week is the period); the period pass finds nothing more', () => {
    // Week (period) Sun 4/5–Sat 4/11 2026, 起算日 4/5. Schedule: Mon 6 L10, Tue 7 L10, Wed 8 S6, Thu 9 S6,
    // Fri 10 S8, Sat 11 day off → 600 + 600 + 360 + 360 + 480 = 2,400 (40 h).
    // Work: Mon 8:00–20:00 = 660 → 600 所定内 + 60 法定外 (日: beyond the 10 h schedule);
    //   Tue 8:00–19:00 = 600; Wed 9:00–18:00 (S6) = 480 → 360 所定内 + 120 法内 (8 h line);
    //   Thu 9:00–16:00 = 360; Fri 9:00–18:00 = 480; Sat (day off) 9:00–12:00 = 180 法内.
    // Week: line 40 h (scheduled 40 h, not over). Running 所定内 + 法内: Mon 600, Tue 1,200, Wed 1,680,
    //   Thu 2,040, Fri 2,520 → passes 2,400 on Friday by 120: the work beyond the schedule up to Friday,
    //   latest first — Fri and Thu have none, Wed's 120 法内 (16:00–18:00) — so Friday stays 所定内;
    //   Sat 2,700 → its own 180 (法内: a day off). Weekly 法定外 300.
    // Period: 総枠 2,400 × 7 ÷ 7 = 2,400; left after the week 2,700 − 300 = 2,400 → 0.
    // Check: worked 660 + 600 + 480 + 360 + 480 + 180 = 2,760; 法定外 60 + 300 = 360 = 2,760 − 2,400.
    const patterns = { '2026-04-06': L10, '2026-04-07': L10, '2026-04-08': S6, '2026-04-09': S6, '2026-04-10': S8 };
    const records = [
      work('2026-04-06', '08:00', '20:00'),
      work('2026-04-07', '08:00', '19:00'),
      work('2026-04-08', '09:00', '18:00'),
      work('2026-04-09', '09:00', '16:00'),
      work('2026-04-10', '09:00', '18:00'),
      work('2026-04-11', '09:00', '12:00'),
    ];
    const weekly = variable('weekly_variable', '2026-04-05', 0);
    const days = computeSpan(
      { timeZone: TZ, rules: RULES, records, calendar, schedule: shifts(patterns), system: () => weekly },
      '2026-04-05',
      '2026-04-11',
    );
    const d = byDate(days);
    expect(d.get('2026-04-06')!.dailyStatutoryOvertimeMinutes).toBe(60);
    expect(segs(d.get('2026-04-08')!)).toEqual([
      'regular:180',
      'break:60',
      'regular:180',
      'weekly_statutory_overtime:120',
    ]);
    expect(segs(d.get('2026-04-10')!)).toEqual(['regular:180', 'break:60', 'regular:300']);
    expect(segs(d.get('2026-04-11')!)).toEqual(['weekly_statutory_overtime:180']);
    expect(jaLines(d.get('2026-04-08')!)).toContain(
      '法定外（週単位で判定）: 2026-04-05〜2026-04-11の週の所定40:00は40時間以下のため、40時間を超えた120分のうち120分（累計が2026-04-10に超えた分を、所定を超えた労働（法内残業）から先に）',
    );
    expect(jaLines(d.get('2026-04-11')!)).toContain(
      '法定外（週単位で判定）: 2026-04-05〜2026-04-11の週の所定40:00は40時間以下のため、40時間を超えた180分（日単位の法定外・法定休日労働を除く累計がこの日に超えたため、この日の終わりから）',
    );
    const sum = (f: (x: DayResult) => number) => days.reduce((n, x) => n + f(x), 0);
    // Each minute once: the 2,400 scheduled minutes are 所定内, the 360 beyond them all 法定外.
    expect([sum((x) => x.regularMinutes), sum((x) => x.scheduledOvertimeMinutes)]).toEqual([2400, 0]);
    expect([sum((x) => x.workedMinutes), sum((x) => x.statutoryOvertimeMinutes)]).toEqual([2760, 360]);
    expect([sum((x) => x.weeklyStatutoryOvertimeMinutes), sum((x) => x.periodStatutoryOvertimeMinutes)]).toEqual([
      300, 0,
    ]);
  });
});

describe('1年単位の変形労働時間制: a joiner settled on their own span (32条の4の2)', () => {
  // Period 2026-04-01–2027-03-31 (起算日 4/1, 12 months). Schedule from 3/15/2027 (Mon): Mon–Sat S8
  // (8 h × 6 = 48 h weeks, lawful: ≤ 10 h a day, ≤ 52 h a week), Sundays the 法定休日. The employee
  // joins on Mon 3/15 and works every scheduled day 9:00–18:00 (8 h).
  const patterns: Record<string, WorkPattern> = {};
  const records: AttendanceRecord[] = [];
  for (let date = '2027-03-15'; date <= '2027-03-31'; date = addDays(date, 1)) {
    if (dow(date) === 0) continue;
    patterns[date] = S8;
    records.push(work(date, '09:00', '18:00'));
  }
  const yearly = variable('yearly_variable', '2026-04-01', 12);
  const march = (employment?: { hireDate?: string }) =>
    computeMonth({
      year: 2027,
      month: 3,
      timeZone: TZ,
      rules: RULES,
      records,
      calendar,
      schedule: shifts(patterns),
      system: () => yearly,
      weekStartsOn: 0,
      employment,
    });

  it('finds the span 法定外 beyond 40 h × span days ÷ 7 on the span last days', () => {
    // Span 3/15–3/31 = 17 days; 総枠 = floor(2,400 × 17 ÷ 7) = floor(5,828.57) = 5,828 (97:08).
    // Day: 8 h days on 8 h schedules → nothing. Weeks cut at the span: 3/15–3/20 (6 × 480 = 2,880
    // scheduled, over 40 h → line 48 h; worked 2,880) → nothing; 3/21–3/27 the same; 3/28–3/31
    // (Mon–Wed 1,440, line 40 h) → nothing. Span total 2,880 + 2,880 + 1,440 = 7,200 (120:00) →
    // 7,200 − 5,828 = 1,372 minutes, from the end: Wed 3/31 480, Tue 3/30 480, Mon 3/29 the last
    // 412 (13:00–18:00 300 + 10:08–12:00 112), leaving it 9:00–10:08 = 68 所定内.
    const m = march({ hireDate: '2027-03-15' });
    const days = byDate(m.days);
    expect(segs(days.get('2027-03-31')!)).toEqual([
      'period_statutory_overtime:180',
      'break:60',
      'period_statutory_overtime:300',
    ]);
    expect(segs(days.get('2027-03-30')!)).toEqual([
      'period_statutory_overtime:180',
      'break:60',
      'period_statutory_overtime:300',
    ]);
    expect(segs(days.get('2027-03-29')!)).toEqual([
      'regular:68',
      'period_statutory_overtime:112',
      'break:60',
      'period_statutory_overtime:300',
    ]);
    expect(days.get('2027-03-29')!.segments[1]!.startAt).toBe(at('2027-03-29', '10:08'));
    expect(m.totals.periodStatutoryOvertimeMinutes).toBe(1372);
    expect([m.totals.dailyStatutoryOvertimeMinutes, m.totals.weeklyStatutoryOvertimeMinutes]).toEqual([0, 0]);
    expect(jaLines(days.get('2027-03-29')!)).toContain(
      '法定外（在籍期間で判定）: 途中入社・退職の清算（32条の4の2）、在籍期間2027-03-15〜2027-03-31（17日）の総枠97:08（40時間×17日÷7）を、日・週の法定外と法定休日労働を除く労働120:00が超えた1372分のうち412分（所定を超えた労働（法内残業）から先に、期間の最後から）',
    );
  });

  it('the same work by an employee in the period from its start finds nothing (the year 総枠 holds it)', () => {
    // Whole period 365 days: 総枠 floor(2,400 × 365 ÷ 7) = 125,142 ≫ 7,200 → no period 法定外.
    const m = march();
    expect(m.totals.statutoryOvertimeMinutes).toBe(0);
    expect(m.totals.workedMinutes).toBe(7200);
  });
});

describe('1年単位の変形労働時間制: a leaver settled on their own span (32条の4の2)', () => {
  it('settles the span period start … 退職日 in the month of leaving', () => {
    // Period from Wed 2026-04-01 (12 months); Mon–Sat S8 shifts until the 退職日 Fri 4/17, worked as
    // scheduled. Span 4/1–4/17 = 17 days, 総枠 floor(2,400 × 17 ÷ 7) = 5,828. Weeks cut at the span:
    // 4/1–4/4 (4 × 480 = 1,920, line 40 h), 4/5–4/11 (6 × 480 = 2,880 scheduled → line 48 h),
    // 4/12–4/17 (5 × 480 = 2,400, line 40 h) → no weekly. Worked 15 × 480 = 7,200 − 5,828 = 1,372 from
    // the end: Fri 4/17 480, Thu 4/16 480, Wed 4/15 412.
    const patterns: Record<string, WorkPattern> = {};
    const records: AttendanceRecord[] = [];
    for (let date = '2026-04-01'; date <= '2026-04-17'; date = addDays(date, 1)) {
      if (dow(date) === 0) continue;
      patterns[date] = S8;
      records.push(work(date, '09:00', '18:00'));
    }
    const yearly = variable('yearly_variable', '2026-04-01', 12);
    const m = computeMonth({
      year: 2026,
      month: 4,
      timeZone: TZ,
      rules: RULES,
      records,
      calendar,
      schedule: shifts(patterns),
      system: () => yearly,
      weekStartsOn: 0,
      employment: { hireDate: '2020-04-01', leaveDate: '2026-04-17' },
    });
    const got = m.days
      .filter((d) => d.periodStatutoryOvertimeMinutes > 0)
      .map((d) => [d.workDate, d.periodStatutoryOvertimeMinutes]);
    expect(got).toEqual([
      ['2026-04-15', 412],
      ['2026-04-16', 480],
      ['2026-04-17', 480],
    ]);
    expect([m.totals.workedMinutes, m.totals.statutoryOvertimeMinutes]).toEqual([7200, 1372]);
  });
});

describe('checkVariablePlan: a 1年単位 calendar that breaks each limit once (則12条の4)', () => {
  // Period Wed 2026-04-01 – Wed 2027-03-31: 365 days = 52 weeks + 1 day, so 52 Sundays. Base plan:
  // Mon–Sat 7 h (420), Sundays off → 313 working days. Weeks Sunday–Saturday, cut at the edges.
  // Changes (all Sundays below are checked: 4/5 is a Sunday, +7 days each):
  //   a. Mon 4/6 11 h (660): the only day over 10 h (its week 42 + 4 = 46 h).
  //   b. week 5/3–5/9: Mon–Sat 9 h = 54 h → over 52 h (and over 48 h).
  //   c. weeks 6/21, 6/28, 7/5, 7/12: Mon–Sat 8.5 h (510) = 51 h → four 48 h weeks in a row.
  //   d. weeks 10/4, 10/18, 11/1, 11/15: 51 h, not consecutive, four in the block 10/1–12/31.
  //   e. Sun 8/9 worked 4 h (240): Mon 8/3 … Sat 8/15 = 13 working days in a row (limit 6); its week 46 h,
  //      and the week Sun 8/9–Sat 8/15 has no day off at all (35条; issue 29).
  //   f. 特定期間 12/1–12/31: Sun 12/13 worked 4 h and Sat 12/19 off → Mon 12/7 … Fri 12/18 = 12 days in a
  //      row, all inside the 特定期間 → lawful (limit 12); the week 12/13–12/19 4 + 35 = 39 h.
  // Working days: 313 + 1 (8/9) + 1 (12/13) − 1 (12/19) = 314 > 280 = floor(280 × 365 ÷ 365).
  // Total: 313 × 420 = 131,460; + a 240 + b 120 × 6 = 720 + c 90 × 24 = 2,160 + d 2,160 + e 240
  //   + f 240 − 420 = 136,800 (2280:00) > 総枠 2,400 × 365 ÷ 7 = 125,142.86 (shown truncated: 2085:42).
  // 48 h weeks by 3-month block: 4/1–6/30: 5/3, 6/21, 6/28 = 3 (lawful); 7/1–9/30: 7/5, 7/12 = 2;
  //   10/1–12/31: 4 → one violation; 1/1–3/31: 0.
  const plan: Record<string, PlanDay> = {};
  for (let date = '2026-04-01'; date <= '2027-03-31'; date = addDays(date, 1))
    plan[date] = dow(date) === 0 ? { scheduledMinutes: 0, working: false } : { scheduledMinutes: 420, working: true };
  const week = (sunday: string, minutes: number) => {
    for (let i = 1; i <= 6; i++) plan[addDays(sunday, i)] = { scheduledMinutes: minutes, working: true };
  };
  plan['2026-04-06'] = { scheduledMinutes: 660, working: true };
  week('2026-05-03', 540);
  for (const s of ['2026-06-21', '2026-06-28', '2026-07-05', '2026-07-12']) week(s, 510);
  for (const s of ['2026-10-04', '2026-10-18', '2026-11-01', '2026-11-15']) week(s, 510);
  plan['2026-08-09'] = { scheduledMinutes: 240, working: true };
  plan['2026-12-13'] = { scheduledMinutes: 240, working: true };
  plan['2026-12-19'] = { scheduledMinutes: 0, working: false };
  const yearly = variable('yearly_variable', '2026-04-01', 12, {
    specialPeriod: { from: '2026-12-01', to: '2026-12-31' },
  });
  const found = checkVariablePlan(yearly, { from: '2026-04-01', to: '2027-03-31' }, plan, 0);

  it('reports each breach once, in order, with its dates', () => {
    expect(found.map((v) => v.code)).toEqual([
      'average_over_limit',
      'daily_over_10h',
      'weekly_over_52h',
      'consecutive_days',
      'week_without_day_off',
      'working_days_over',
      'weeks_over_48h_in_a_row',
      'weeks_over_48h_per_3_months',
    ]);
    const by = new Map(found.map((v) => [v.code, v]));
    // f's weeks keep a day off (12/6 and 12/19): only e's week is reported.
    expect(by.get('week_without_day_off')).toEqual({
      code: 'week_without_day_off',
      message:
        '2026-08-09〜2026-08-15の週に休日がありません（1年単位の変形労働時間制でも1週間に1日以上の休日が必要です。特定期間も同じです）',
      dates: ['2026-08-09', '2026-08-10', '2026-08-11', '2026-08-12', '2026-08-13', '2026-08-14', '2026-08-15'],
    });
    expect(by.get('average_over_limit')!.message).toBe(
      '変形期間2026-04-01〜2027-03-31の所定労働時間の合計2280:00が、週平均40時間の総枠2085:42（40時間×365日÷7）を超えています',
    );
    expect(by.get('daily_over_10h')).toEqual({
      code: 'daily_over_10h',
      message: '2026-04-06の所定労働時間11:00が1日の上限10時間を超えています',
      dates: ['2026-04-06'],
    });
    expect(by.get('weekly_over_52h')!.message).toBe(
      '2026-05-03〜2026-05-09の週の所定労働時間54:00が週の上限52時間を超えています',
    );
    expect(by.get('weekly_over_52h')!.dates).toEqual([
      '2026-05-04',
      '2026-05-05',
      '2026-05-06',
      '2026-05-07',
      '2026-05-08',
      '2026-05-09',
    ]);
    // e: 8/3–8/15 = 13 days; the 12 days in the 特定期間 (f) are not reported.
    expect(by.get('consecutive_days')!.message).toBe(
      '2026-08-03〜2026-08-15に13日連続して労働日があります（連続して労働させる日数の上限6日）',
    );
    expect(by.get('consecutive_days')!.dates).toHaveLength(13);
    // 314 working days, limit 280: the 34 beyond it. Counting back from the end: Mon 3/29–Wed 3/31
    // (3), five whole weeks Mon–Sat 2/22–3/27 (30), then Sat 2/20/2027 → the 281st working day.
    const days = by.get('working_days_over')!;
    expect(days.message).toBe('労働日数314日が上限280日（280日×365日÷365）を超えています');
    expect([days.dates.length, days.dates[0], days.dates[33]]).toEqual([34, '2027-02-20', '2027-03-31']);
    expect(by.get('weeks_over_48h_in_a_row')).toEqual({
      code: 'weeks_over_48h_in_a_row',
      message: '2026-06-21〜2026-07-18に48時間を超える週が4週連続しています（連続3週まで）',
      dates: ['2026-06-21', '2026-06-28', '2026-07-05', '2026-07-12'],
    });
    expect(by.get('weeks_over_48h_per_3_months')).toEqual({
      code: 'weeks_over_48h_per_3_months',
      message: '2026-10-01〜2026-12-31の3か月に48時間を超える週が4週あります（3か月ごとに3週まで）',
      dates: ['2026-10-04', '2026-10-18', '2026-11-01', '2026-11-15'],
    });
  });

  it('a whole week without a day off inside the 特定期間, and a pattern on the 法定休日, are refused (issue 29)', () => {
    // 1年単位 from 2026-04-01, 3 months, 特定期間 5/1–5/31. Base plan: Mon–Sat 7 h, Sundays off (91 days,
    // 13 Sundays). Changes: Sat 5/9 off and Sun 5/10 scheduled 6 h (a calendar working day): Sun 5/10 …
    // Sat 5/16 is a run of 7, within the 特定期間's 12 (and 5/4–5/8 a run of 5), yet the whole week
    // 5/10–5/16 has no day off (35条) — the case the run check let through.
    //   Sun 6/7 has a shift pattern but is the fixed 法定休日: the engine counts it 0 (休日労働), so the
    //   plan marks it onLegalHoliday and the check names the date; its week then has no day off either.
    const plan: Record<string, PlanDay> = {};
    for (let date = '2026-04-01'; date <= '2026-06-30'; date = addDays(date, 1))
      plan[date] = dow(date) === 0 ? { scheduledMinutes: 0, working: false } : { scheduledMinutes: 420, working: true };
    plan['2026-05-09'] = { scheduledMinutes: 0, working: false };
    plan['2026-05-10'] = { scheduledMinutes: 360, working: true };
    plan['2026-06-07'] = { scheduledMinutes: 0, working: false, onLegalHoliday: true };
    const yearly3 = variable('yearly_variable', '2026-04-01', 3, {
      specialPeriod: { from: '2026-05-01', to: '2026-05-31' },
    });
    const found = checkVariablePlan(yearly3, { from: '2026-04-01', to: '2026-06-30' }, plan, 0);
    expect(found.map((v) => [v.code, v.dates[0]])).toEqual([
      ['average_over_limit', '2026-04-01'],
      ['week_without_day_off', '2026-05-10'],
      ['week_without_day_off', '2026-06-07'],
      ['legal_holiday_scheduled', '2026-06-07'],
    ]);
    expect(found[3]!.message).toBe(
      '2026-06-07は法定休日のため、1年単位の変形労働時間制の労働日にできません（法定休日の労働は休日労働です）',
    );
    // Average: (78 − 1) × 420 + 360 = 32,700 > 2,400 × 91 ÷ 7 = 31,200 (a breach of its own, reported
    // first). With Sat 5/16 off as well the week keeps a day off; the 6/7 findings stay.
    plan['2026-05-16'] = { scheduledMinutes: 0, working: false };
    const fixed = checkVariablePlan(yearly3, { from: '2026-04-01', to: '2026-06-30' }, plan, 0);
    expect(fixed.map((v) => [v.code, v.dates[0]])).toEqual([
      ['average_over_limit', '2026-04-01'],
      ['week_without_day_off', '2026-06-07'],
      ['legal_holiday_scheduled', '2026-06-07'],
    ]);
  });

  it('a period of 3 months or less has no 280-day or 48 h-week limits; 1か月 and 1週間 have their own', () => {
    // The first 3 months (4/1–6/30) of the same plan under a 3-month 1年単位 system: 10 h (4/6) and 52 h
    // (5/3) are still breaches; 6 consecutive days hold; 280 days and the 48 h weeks do not apply.
    // Average: 4/1–6/30 = 91 days with 13 Sundays → 78 base days × 420 = 32,760; + a 240 + b 720 + c: the
    // week of 6/21 (6/22–6/27) 90 × 6 = 540 and of 6/28 only 6/29–6/30 inside, 90 × 2 = 180 → 34,440
    // (574:00) > 2,400 × 91 ÷ 7 = 31,200 (520:00): breached too.
    const quarter = variable('yearly_variable', '2026-04-01', 3);
    const q = checkVariablePlan(quarter, { from: '2026-04-01', to: '2026-06-30' }, plan, 0);
    expect(q.map((v) => v.code)).toEqual(['average_over_limit', 'daily_over_10h', 'weekly_over_52h']);
    expect(q[0]!.message).toContain('合計574:00が、週平均40時間の総枠520:00');
    // 1か月 特例 44 h: February 2026 (28 days, 4 Sundays): Mon–Sat 7:20 (440) → 24 × 440 = 10,560
    // (176:00): over 40 h × 28 ÷ 7 = 160 h but not over 44 h × 28 ÷ 7 = 176 h → lawful only with the 特例.
    const feb: Record<string, PlanDay> = {};
    for (let date = '2026-02-01'; date <= '2026-02-28'; date = addDays(date, 1))
      feb[date] = { scheduledMinutes: dow(date) === 0 ? 0 : 440, working: dow(date) !== 0 };
    const period = { from: '2026-02-01', to: '2026-02-28' };
    expect(checkVariablePlan(variable('monthly_variable', '2026-02-01', 1, { special44: true }), period, feb)).toEqual(
      [],
    );
    expect(checkVariablePlan(variable('monthly_variable', '2026-02-01', 1), period, feb).map((v) => v.code)).toEqual([
      'average_over_limit',
    ]);
    // 1週間単位 4/5–4/11: Mon 10:30, Tue–Fri 8 h, Sat 2 h → 630 + 1,920 + 120 = 2,670 (44:30): over 10 h a
    // day once and over 40 h in the week once.
    const wk: Record<string, PlanDay> = {
      '2026-04-06': { scheduledMinutes: 630, working: true },
      '2026-04-11': { scheduledMinutes: 120, working: true },
    };
    for (const d of ['07', '08', '09', '10']) wk[`2026-04-${d}`] = { scheduledMinutes: 480, working: true };
    const w = checkVariablePlan(
      variable('weekly_variable', '2026-04-05', 0),
      { from: '2026-04-05', to: '2026-04-11' },
      wk,
    );
    expect(w.map((v) => [v.code, v.dates.length])).toEqual([
      ['daily_over_10h', 1],
      ['weekly_over_40h', 6],
    ]);
    expect(w[1]!.message).toBe('2026-04-05〜2026-04-11の週の所定労働時間44:30が週の上限40時間を超えています');
  });
});

/**
 * Issue 29 item 6: a week's or period's excess is work beyond the schedule, so 所定内 stays the scheduled
 * minutes worked and 所定内 + 法内 + 法定外 = worked (昭63.1.1 基発1号: 日 → 週 → 期間, each minute once).
 * November 2026 under 1か月単位 from 11/1: 30 days, 総枠 floor(2,400 × 30 ÷ 7) = floor(10,285.71) = 10,285.
 * Sundays (1, 8, 15, 22, 29) are the 法定休日, Saturdays and unscheduled days shift days off.
 */
describe('1か月単位: each minute is counted once, 所定内 = the scheduled minutes worked (issue 29)', () => {
  /** 9 h day 8:00–18:00, lunch 12:00–13:00. */
  const L9: WorkPattern = { ...L10, id: 'l9', name: '9時間', endMinute: 1080 };
  // Schedule: weeks 1, 2, 4 (11/2–6, 9–13, 23–27): Mon S6 (360), Tue–Fri L9 (540) → 2,520 (42 h, line
  // 42 h); week 3 (11/16–20): Mon S6, Tue–Thu L9, Fri S6 → 360 + 1,620 + 360 = 2,340 (line 40 h);
  // Mon 11/30 S6. Total 3 × 2,520 + 2,340 + 360 = 10,260 ≤ 10,285 (lawful: average under 40 h).
  const patterns: Record<string, WorkPattern> = {};
  for (const monday of ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']) {
    patterns[monday] = S6;
    for (let k = 1; k <= 4; k++) patterns[addDays(monday, k)] = L9;
  }
  patterns['2026-11-20'] = S6;
  patterns['2026-11-30'] = S6;
  // Work: every S6 day 9:00–18:00 (8 h: 360 所定内 + 120 法内, within 8 h); every L9 day as scheduled.
  const records = Object.entries(patterns).map(([date, p]) =>
    p === S6 ? work(date, '09:00', '18:00') : work(date, '08:00', '18:00'),
  );
  const monthly = variable('monthly_variable', '2026-11-01', 1);
  const m = computeMonth({
    year: 2026,
    month: 11,
    timeZone: TZ,
    rules: RULES,
    records,
    calendar,
    schedule: shifts(patterns),
    system: () => monthly,
    weekStartsOn: 0,
  });
  const days = byDate(m.days);

  it('week: the excess is the week’s 法内, not the scheduled minutes of the day the week passes its line', () => {
    // Weeks 1, 2, 4: Mon 480 (360 + 120 法内), Tue–Fri 540 each (scheduled 9 h > 8 h: their line, no
    // daily 法定外) → 2,640 over the week's line 2,520 by 120, passed on Friday. The week's work beyond
    // its schedule is Monday's 120 法内 → weekly 法定外; Friday stays 540 所定内.
    for (const [mon, fri] of [
      ['2026-11-02', '2026-11-06'],
      ['2026-11-09', '2026-11-13'],
      ['2026-11-23', '2026-11-27'],
    ] as const) {
      expect(segs(days.get(mon)!)).toEqual(['regular:180', 'break:60', 'regular:180', 'weekly_statutory_overtime:120']);
      expect(segs(days.get(fri)!)).toEqual(['regular:240', 'break:60', 'regular:300']);
    }
    // Week 3: Mon 480 + Tue–Thu 1,620 + Fri 480 = 2,580 over 2,400 by 180, passed on Friday: Friday's
    // 120 法内, then Monday's: 60 (17:00–18:00). Monday keeps 60 法内 (16:00–17:00) for now.
    expect(segs(days.get('2026-11-20')!)).toEqual([
      'regular:180',
      'break:60',
      'regular:180',
      'weekly_statutory_overtime:120',
    ]);
    expect(jaLines(days.get('2026-11-20')!)).toContain(
      '法定外（週単位で判定）: 2026-11-15〜2026-11-21の週の所定39:00は40時間以下のため、40時間を超えた180分のうち120分（累計が2026-11-20に超えた分を、所定を超えた労働（法内残業）から先に）',
    );
    expect(days.get('2026-11-16')!.weeklyStatutoryOvertimeMinutes).toBe(60);
  });

  it('period: the excess over the 総枠 is the period’s 法内 left, walking back from its end', () => {
    // After the weeks: worked 3 × 2,640 + 2,580 + 480 (11/30) = 10,980; weekly 3 × 120 + 180 = 540 →
    // 所定内 + 法内 left 10,440 > 10,285 by 155: 11/30's 120 法内, then walking back to Mon 11/16's
    // 60 left: 35 (16:25–17:00). Mon 11/16 keeps 25 法内 (16:00–16:25).
    expect(segs(days.get('2026-11-30')!)).toEqual([
      'regular:180',
      'break:60',
      'regular:180',
      'period_statutory_overtime:120',
    ]);
    expect(segs(days.get('2026-11-16')!)).toEqual([
      'regular:180',
      'break:60',
      'regular:180',
      'scheduled_overtime:25',
      'period_statutory_overtime:35',
      'weekly_statutory_overtime:60',
    ]);
    // Totals by hand: the 10,260 scheduled minutes were all worked → 所定内 10,260; beyond the schedule
    // 720 (six S6 days × 120) → 法定外 540 + 155 = 695 (= worked − 総枠: 10,980 − 10,285), 法内 25.
    // (Before issue 29: 所定内 9,805 and 法内 480.)
    const t = m.totals;
    expect([t.workedMinutes, t.regularMinutes, t.scheduledOvertimeMinutes, t.statutoryOvertimeMinutes]).toEqual([
      10980, 10260, 25, 695,
    ]);
    expect([t.weeklyStatutoryOvertimeMinutes, t.periodStatutoryOvertimeMinutes]).toEqual([540, 155]);
    for (const d of m.days)
      expect(
        d.regularMinutes + d.scheduledOvertimeMinutes + d.statutoryOvertimeMinutes + d.legalHolidayWorkMinutes,
      ).toBe(d.workedMinutes);
  });

  it('half-day leave: 所定 after it under 変形, the daily line unchanged', () => {
    // Under the same system, 午前半休 on Mon 11/2 (S6 9:00–16:00, window 12:00–13:00): work expected
    // 13:00–16:00 = 180 (所定). Worked 13:00–18:00 = 300 (no window inside): 180 所定内 + 120 法内 (to the
    // 8 h line; S6 is scheduled under 8 h).
    const one = computeSpan(
      {
        timeZone: TZ,
        rules: RULES,
        records: [{ ...work('2026-11-02', '13:00', '18:00'), leaveType: 0, leaveUnit: 'am' }],
        calendar,
        schedule: shifts(patterns),
        system: () => monthly,
      },
      '2026-11-02',
      '2026-11-02',
    )[0]!;
    expect([one.workedMinutes, one.regularMinutes, one.scheduledOvertimeMinutes]).toEqual([300, 180, 120]);
  });
});

describe('変形: each minute once, 所定内 = the schedule worked (property)', () => {
  // February 2026 (four whole weeks), 1か月単位: random shifts (S6, S8, L10 or a day off) on Mon–Sat;
  // every scheduled day worked from its start to its end plus 0–4 h, a day off 0–8 h from 9:00. Derived
  // from the law, not the code: no minute is in two buckets (each day's and the month's buckets add up
  // to the worked time), 所定内 never exceeds a day's schedule, 法定外 is at least the work beyond the
  // 総枠 (9,600); and when the schedule is lawful (≤ 9,600), every week or period excess is work beyond
  // the schedule, so 所定内 is exactly the scheduled minutes and 法内 + 法定外 the rest.
  const plans = [S6, S8, L10, null] as const;
  it('holds for random schedules and work', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 240 })), {
          minLength: 28,
          maxLength: 28,
        }),
        (cells) => {
          const patterns: Record<string, WorkPattern> = {};
          const records: AttendanceRecord[] = [];
          let scheduledTotal = 0;
          cells.forEach(([plan, extra], k) => {
            const date = addDays('2026-02-01', k);
            if (dow(date) === 0) return;
            const p = plans[plan];
            const from = p ? p.startMinute : 9 * 60;
            const minutes = p ? p.endMinute - p.startMinute + extra : extra * 2;
            if (p) {
              patterns[date] = p;
              scheduledTotal += p.endMinute - p.startMinute - 60;
            }
            if (minutes === 0) return;
            const start = Date.parse(at(date, '00:00')) + from * 60_000;
            records.push({
              workDate: date,
              punchInAt: new Date(start).toISOString(),
              punchOutAt: new Date(start + minutes * 60_000).toISOString(),
            });
          });
          const month = computeMonth({
            year: 2026,
            month: 2,
            timeZone: TZ,
            rules: RULES,
            records,
            calendar,
            schedule: shifts(patterns),
            system: () => variable('monthly_variable', '2026-02-01', 1),
            weekStartsOn: 0,
          });
          for (const d of month.days) {
            expect(d.regularMinutes + d.scheduledOvertimeMinutes + d.statutoryOvertimeMinutes).toBe(d.workedMinutes);
            const p = patterns[d.workDate];
            expect(d.regularMinutes).toBeLessThanOrEqual(p ? p.endMinute - p.startMinute - 60 : 0);
          }
          const t = month.totals;
          expect(t.regularMinutes + t.scheduledOvertimeMinutes + t.statutoryOvertimeMinutes).toBe(t.workedMinutes);
          expect(t.statutoryOvertimeMinutes).toBeGreaterThanOrEqual(t.workedMinutes - 9600);
          if (scheduledTotal <= 9600) {
            expect(t.regularMinutes).toBe(scheduledTotal);
            expect(t.scheduledOvertimeMinutes + t.statutoryOvertimeMinutes).toBe(t.workedMinutes - scheduledTotal);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
