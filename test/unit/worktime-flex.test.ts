import { describe, expect, it } from 'vitest';
import { addDays, instantOf, weekday } from '../../functions/domain/time.js';
import { companyCalendar } from '../../functions/domain/worktime/calendar.js';
import {
  computeDay,
  computeMonth,
  computeSpan,
  DEFAULT_WORKING_RULE,
  type AttendanceRecord,
  type DayResult,
  type RulesInForce,
  type WorkPattern,
} from '../../functions/domain/worktime/index.js';
import {
  DEFAULT_FLEX_SETTINGS,
  STANDARD_SYSTEM,
  type FlexSettings,
  type WorkSystem,
} from '../../functions/domain/worktime/system.js';
import { TWO_TIER_BREAK } from '../support/break-rules.js';
import { jaLines, jaSystemLines } from '../support/explanation.js';

/**
 * Asia/Tokyo; the calendar has Saturdays and Sundays off (Sunday the 法定休日) and public holidays
 * as working days, so a month's working days are its weekdays:
 *   April 2026 (30 days, the 1st a Wednesday): 22 weekdays; the 30th is a Thursday.
 *   May 2026 (31 days, the 1st a Friday): 21 weekdays; the 29th is a Friday (30, 31 weekend).
 *   June 2026 (30 days, the 1st a Monday): 22 weekdays; the 30th is a Tuesday.
 *   December 2026 (31 days, the 1st a Tuesday): 23 weekdays; the 31st is a Thursday.
 * A day 09:00–18:00 without a break rule: restraint 540, 34条 break 60 placed 13:00–14:00 (4 h after
 * punch-in) → 480 worked; 09:00–18:30 → 510; 09:00–19:00 → 540; 09:00–20:00 → 600.
 */
const TZ = 'Asia/Tokyo';
/**
 * The built-in working rule with the common lawful two-tier company break rule (拘束6:01以上45分、
 * 拘束8:46以上60分; test/support/break-rules.ts): since rule 2026.5 no break is deemed that the company
 * did not give, and these figures assume 9:00–18:00 is 8 h of work.
 */
const DEFAULTS: RulesInForce = { working: DEFAULT_WORKING_RULE, break: TWO_TIER_BREAK };
const calendar = companyCalendar({ publicHolidaysOff: false });

const flex = (periodStart: string, periodMonths: number, settings: Partial<FlexSettings> = {}, special44 = false) =>
  ({
    ...STANDARD_SYSTEM,
    kind: 'flex',
    periodStart,
    periodMonths,
    special44,
    flex: { ...DEFAULT_FLEX_SETTINGS, ...settings },
    source: 'status',
    effectiveFrom: periodStart,
  }) satisfies WorkSystem;
/** The flex system from its 起算日, 通常 before. */
const from = (system: WorkSystem) => (date: string) => (date >= system.effectiveFrom ? system : STANDARD_SYSTEM);

const shift = (date: string, start: string, end: string, extra: Partial<AttendanceRecord> = {}): AttendanceRecord => {
  const [fh, fm] = start.split(':').map(Number) as [number, number];
  const [th, tm] = end.split(':').map(Number) as [number, number];
  return { workDate: date, punchInAt: instantOf(date, fh, fm, TZ), punchOutAt: instantOf(date, th, tm, TZ), ...extra };
};
/** Monday–Friday dates from `first` to `last`. */
const weekdays = (first: string, last: string) => {
  const out: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) if (weekday(d) >= 1 && weekday(d) <= 5) out.push(d);
  return out;
};
const byDate = (days: DayResult[]) => Object.fromEntries(days.map((d) => [d.workDate, d]));
const kinds = (day: DayResult) => day.segments.map((s) => [s.kind, s.minutes]);
const sum = (days: DayResult[], f: (d: DayResult) => number) => days.reduce((n, d) => n + f(d), 0);
const span = (system: WorkSystem, records: AttendanceRecord[], first: string, last: string) =>
  computeSpan({ timeZone: TZ, rules: DEFAULTS, records, calendar, system: from(system) }, first, last);

describe('フレックスタイム制: a 3-month 清算期間 with one month over the 50 h cap (32条の3第2項)', () => {
  // Period 2026-04-01 – 2026-06-30 (起算日 4/1, 3 months): 30 + 31 + 30 = 91 calendar days.
  // 総枠 = 2400 × 91 ÷ 7 = 31200 (520:00). Working days 22 + 21 + 22 = 65; standard day 480 →
  // 所定総労働時間 = 65 × 480 = 31200.
  // April: 22 weekdays 09:00–20:00 → 22 × 600 = 13200 (220:00). Cap 3000 × 30 ÷ 7 = 12857.14 → 12857
  // (214:17): April's 法定外 = 13200 − 12857 = 343, on April's last worked minutes: 4/30 14:17–20:00.
  // May: 21 × 480 = 10080 ≤ 3000 × 31 ÷ 7 = 13285; June: 22 × 480 = 10560 ≤ 12857: no monthly excess.
  // Settlement: worked 13200 + 10080 + 10560 = 33840 (564:00); 33840 − 31200 − 343 (already counted
  // in April) = 2297, on the period's last worked minutes walking back over the weekend:
  // 6/30 480, 6/29 480, 6/26 480, 6/25 480 (= 1920), 6/24 377 (its last 377: 14:00–18:00 240 and
  // 10:43–13:00 137; 09:00–10:43 = 103 stays 所定内). 法定外 in all = 343 + 2297 = 2640 = 33840 − 31200.
  // 法内: within the 総枠 31200, 所定 31200 → none.
  const system = flex('2026-04-01', 3);
  const records = [
    ...weekdays('2026-04-01', '2026-04-30').map((d) => shift(d, '09:00', '20:00')),
    ...weekdays('2026-05-01', '2026-06-30').map((d) => shift(d, '09:00', '18:00')),
  ];

  it('counts the month over 50 h in its month and deducts it at settlement', () => {
    const days = span(system, records, '2026-04-01', '2026-06-30');
    const d = byDate(days);
    const apr30 = d['2026-04-30']!;
    expect(kinds(apr30)).toEqual([
      ['regular', 240],
      ['break', 60],
      ['regular', 17],
      ['period_statutory_overtime', 343],
    ]);
    expect(apr30.periodStatutoryOvertimeMinutes).toBe(343);
    expect(apr30.statutoryOvertimeMinutes).toBe(343);
    expect(jaLines(apr30)).toContain('14:17–20:00 法定外残業（変形期間・清算期間の総枠超） 343分');
    expect(jaLines(apr30)).toContain(
      '清算期間の月50時間超（1か月目 2026-04-01〜2026-04-30）: 実労働220:00が50時間×30日÷7=214:17を超えた343分をこの月の法定外残業に計上（清算時に差し引く）',
    );
    expect(d['2026-04-29']!.periodStatutoryOvertimeMinutes).toBe(0);

    for (const date of ['2026-06-30', '2026-06-29', '2026-06-26', '2026-06-25'])
      expect(d[date]!.periodStatutoryOvertimeMinutes).toBe(480);
    const jun24 = d['2026-06-24']!;
    expect(kinds(jun24)).toEqual([
      ['regular', 103],
      ['period_statutory_overtime', 137],
      ['break', 60],
      ['period_statutory_overtime', 240],
    ]);
    expect(d['2026-06-23']!.periodStatutoryOvertimeMinutes).toBe(0);
    const settled =
      '清算期間の総枠超（2026-04-01〜2026-06-30）: 実労働564:00から月50時間超として計上済みの5:43を除いた558:17が総枠520:00（40時間×91日÷7）を超えた2297分を法定外残業として清算';
    expect(jaLines(d['2026-06-30']!)).toContain(`${settled}（うちこの日480分）`);
    expect(jaLines(jun24)).toContain(`${settled}（うちこの日377分）`);

    expect(sum(days, (x) => x.periodStatutoryOvertimeMinutes)).toBe(2640);
    expect(sum(days, (x) => x.statutoryOvertimeMinutes)).toBe(2640);
    // No daily or weekly line under flex, and no 法内 (所定 = 総枠).
    expect(sum(days, (x) => x.dailyStatutoryOvertimeMinutes + x.weeklyStatutoryOvertimeMinutes)).toBe(0);
    expect(sum(days, (x) => x.scheduledOvertimeMinutes)).toBe(0);
    expect(sum(days, (x) => x.regularMinutes)).toBe(31200);
    expect(d['2026-06-30']!.flexPeriod).toEqual({
      from: '2026-04-01',
      to: '2026-06-30',
      totalFrameMinutes: 31200,
      requiredMinutes: 31200,
      workedToDateMinutes: 33840,
      requiredToDateMinutes: 31200,
      balanceMinutes: 2640,
      // Issue 29 item 10: at the period's last day the projection is what was worked, 2640 over the 総枠.
      asOf: '2026-06-30',
      actualToDateMinutes: 33840,
      projectedMinutes: 33840,
      projectedOverFrameMinutes: 2640,
    });
  });

  it('shows the month’s 法定外 in April and none in May, the period unsettled until June', () => {
    const input = { timeZone: TZ, rules: DEFAULTS, records, calendar, system: from(system) };
    const april = computeMonth({ ...input, year: 2026, month: 4 });
    expect(april.totals.periodStatutoryOvertimeMinutes).toBe(343);
    expect(april.totals.statutoryOvertimeMinutes).toBe(343);
    expect(april.totals.system).toBe('flex');
    // Through 4/30: worked 13200, 所定 22 × 480 = 10560 → 過不足 +2640.
    expect(april.totals.flex).toEqual({
      from: '2026-04-01',
      to: '2026-06-30',
      totalFrameMinutes: 31200,
      requiredMinutes: 31200,
      workedToDateMinutes: 13200,
      requiredToDateMinutes: 10560,
      balanceMinutes: 2640,
      // Issue 29 item 10: 13200 + the standard day on May's 21 and June's 22 working days (20640) =
      // 33840, 2640 over the 総枠 31200.
      asOf: '2026-04-30',
      actualToDateMinutes: 13200,
      projectedMinutes: 33840,
      projectedOverFrameMinutes: 2640,
    });
    const may = computeMonth({ ...input, year: 2026, month: 5 });
    expect(may.totals.statutoryOvertimeMinutes).toBe(0);
    // Through 5/31: 13200 + 10080 = 23280 worked, (22 + 21) × 480 = 20640 所定 → +2640.
    expect(may.totals.flex).toMatchObject({
      workedToDateMinutes: 23280,
      requiredToDateMinutes: 20640,
      balanceMinutes: 2640,
    });
    const june = computeMonth({ ...input, year: 2026, month: 6 });
    expect(june.totals.periodStatutoryOvertimeMinutes).toBe(2297);
  });
});

describe('フレックスタイム制: the 50 h parts run one month at a time from the 起算日', () => {
  it('cuts a period from 4/16 at 5/15, not at the calendar month', () => {
    // Period 2026-04-16 – 2026-06-15 (2 months). 32条の3第2項: 開始の日以後1箇月ごとに区分した各期間 →
    // parts 4/16–5/15 (30 days) and 5/16–6/15 (31 days). The 22 weekdays of the first part (4/16, 4/17,
    // 4/20–24, 4/27–30, 5/1, 5/4–8, 5/11–15) 09:00–20:00 → 22 × 600 = 13200 (220:00) > 3000 × 30 ÷ 7 =
    // 12857 → 343 on 5/15 14:17–20:00. (Cut at the calendar month, 4/16–4/30 would have 11 × 600 = 6600
    // over 3000 × 15 ÷ 7 = 6428: 172 on 4/30 — not the law's parts.) No work in the second part; the
    // settlement: 13200 − 総枠 2400 × 61 ÷ 7 (20914) − 343 < 0 → nothing more.
    const records = weekdays('2026-04-16', '2026-05-15').map((d) => shift(d, '09:00', '20:00'));
    const days = span(flex('2026-04-16', 2), records, '2026-04-16', '2026-06-15');
    const d = byDate(days);
    expect(d['2026-04-30']!.periodStatutoryOvertimeMinutes).toBe(0);
    expect(kinds(d['2026-05-15']!)).toEqual([
      ['regular', 240],
      ['break', 60],
      ['regular', 17],
      ['period_statutory_overtime', 343],
    ]);
    expect(jaSystemLines(d['2026-05-15']!)).toEqual([
      '清算期間の月50時間超（1か月目 2026-04-16〜2026-05-15）: 実労働220:00が50時間×30日÷7=214:17を超えた343分をこの月の法定外残業に計上（清算時に差し引く）',
    ]);
    expect(sum(days, (x) => x.statutoryOvertimeMinutes)).toBe(343);
    expect(d['2026-06-15']!.flexPeriod?.totalFrameMinutes).toBe(20914);
  });
});

describe('フレックスタイム制: a 1-month 清算期間', () => {
  // Period 2026-05-01 – 2026-05-31: 総枠 = 2400 × 31 ÷ 7 = 10628.57 → 10628 (177:08); 21 working days ×
  // 480 → 所定総労働時間 10080 (168:00).
  // 21 weekdays 09:00–18:30 → 21 × 510 = 10710 (178:30). 法定外 = 10710 − 10628 = 82, on 5/29 (the
  // last worked day) 17:08–18:30. 法内 = the minutes within the 総枠 beyond 所定: 10628 − 10080 = 548,
  // the next ones back: 5/29's other 428 (09:00–13:00 240, 14:00–17:08 188), then 5/28's last 120
  // (16:30–18:30). 所定内 = 10710 − 82 − 548 = 10080.
  const records = weekdays('2026-05-01', '2026-05-31').map((d) => shift(d, '09:00', '18:30'));

  it('finds 法定外 over the 総枠 and 法内 between 所定総労働時間 and the 総枠', () => {
    const days = span(flex('2026-05-01', 1), records, '2026-05-01', '2026-05-31');
    const d = byDate(days);
    expect(kinds(d['2026-05-29']!)).toEqual([
      ['scheduled_overtime', 240],
      ['break', 60],
      ['scheduled_overtime', 188],
      ['period_statutory_overtime', 82],
    ]);
    expect(kinds(d['2026-05-28']!)).toEqual([
      ['regular', 240],
      ['break', 60],
      ['regular', 150],
      ['scheduled_overtime', 120],
    ]);
    expect(d['2026-05-27']!.scheduledOvertimeMinutes).toBe(0);
    expect(jaSystemLines(d['2026-05-29']!)).toEqual([
      '清算期間の総枠超（2026-05-01〜2026-05-31）: 実労働178:30が総枠177:08（40時間×31日÷7）を超えた82分を法定外残業として清算',
      '清算期間の所定総労働時間超（2026-05-01〜2026-05-31）: 総枠以内の実労働177:08が所定総労働時間168:00（8:00×21日）を超えた548分を法内残業として清算（うちこの日428分）',
    ]);
    expect(jaLines(d['2026-05-28']!)).toContain(
      '清算期間の所定総労働時間超（2026-05-01〜2026-05-31）: 総枠以内の実労働177:08が所定総労働時間168:00（8:00×21日）を超えた548分を法内残業として清算（うちこの日120分）',
    );
    expect(sum(days, (x) => x.periodStatutoryOvertimeMinutes)).toBe(82);
    expect(sum(days, (x) => x.scheduledOvertimeMinutes)).toBe(548);
    expect(sum(days, (x) => x.regularMinutes)).toBe(10080);
    // A 1-month period has no 50 h monthly cap line.
    expect(days.some((x) => jaSystemLines(x).some((l) => l.includes('月50時間超')))).toBe(false);
  });

  it('with 特例 (44 h) the 総枠 is 2640 × 31 ÷ 7 = 11691: no 法定外, 10710 − 10080 = 630 法内', () => {
    const days = span(flex('2026-05-01', 1, {}, true), records, '2026-05-01', '2026-05-31');
    expect(sum(days, (x) => x.statutoryOvertimeMinutes)).toBe(0);
    expect(sum(days, (x) => x.scheduledOvertimeMinutes)).toBe(630);
    expect(days[days.length - 1]!.flexPeriod?.totalFrameMinutes).toBe(11691);
  });

  it('paid leave counts toward 所定 (法内, 過不足) but never toward 法定外', () => {
    // 5/1 paid leave (終日, 480 at the standard day); the other 20 weekdays 09:00–20:00 → 20 × 600 = 12000.
    // 法定外 = 12000 − 10628 = 1372 (the leave is not worked time). Within the 総枠: 10628;
    // + leave 480 − 所定 10080 = 1028 法内. 所定内 = 12000 − 1372 − 1028 = 9600.
    // 過不足 at 5/31 = 12000 + 480 − 10080 = 2400 = 1372 + 1028.
    // Placement back from 5/29: 法定外 5/29 600, 5/28 600, 5/27 172; 法内 5/27 428, 5/26 600.
    const leave: AttendanceRecord[] = [
      { workDate: '2026-05-01', leaveType: 0, leaveDays: 1 },
      ...weekdays('2026-05-04', '2026-05-31').map((d) => shift(d, '09:00', '20:00')),
    ];
    const days = span(flex('2026-05-01', 1), leave, '2026-05-01', '2026-05-31');
    expect(sum(days, (x) => x.periodStatutoryOvertimeMinutes)).toBe(1372);
    expect(sum(days, (x) => x.scheduledOvertimeMinutes)).toBe(1028);
    expect(sum(days, (x) => x.regularMinutes)).toBe(9600);
    expect(days[days.length - 1]!.flexPeriod).toMatchObject({ workedToDateMinutes: 12480, balanceMinutes: 2400 });
    const d = byDate(days);
    expect(kinds(d['2026-05-27']!)).toEqual([
      ['scheduled_overtime', 240],
      ['break', 60],
      ['scheduled_overtime', 188],
      ['period_statutory_overtime', 172],
    ]);
    expect(d['2026-05-26']!.scheduledOvertimeMinutes).toBe(600);
    expect(jaLines(d['2026-05-26']!)).toContain(
      '清算期間の所定総労働時間超（2026-05-01〜2026-05-31）: 総枠以内の実労働177:08＋有給8:00が所定総労働時間168:00（8:00×21日）を超えた1028分を法内残業として清算（うちこの日600分）',
    );
    expect(d['2026-05-25']!.overtimeMinutes).toBe(0);
  });
});

describe('フレックスタイム制: 法定休日 day by day, and a joiner settled on the own span', () => {
  it('keeps 法定休日 work out of the 総枠; a 所定休日 counts toward it', () => {
    // May 2026, 1-month period: 21 weekdays 09:00–18:00 (10080) + Sat 5/9 09:00–13:00 (240, 所定休日:
    // counted) + Sun 5/10 09:00–13:00 (240, 法定休日: 休日労働, not counted). Counted 10320 ≤ 総枠 10628
    // → no 法定外; 10320 − 所定 10080 = 240 法内, the last 240 minutes: 5/29 14:00–18:00.
    const records = [
      ...weekdays('2026-05-01', '2026-05-31').map((d) => shift(d, '09:00', '18:00')),
      shift('2026-05-09', '09:00', '13:00'),
      shift('2026-05-10', '09:00', '13:00'),
    ];
    const days = span(flex('2026-05-01', 1), records, '2026-05-01', '2026-05-31');
    const d = byDate(days);
    expect(d['2026-05-10']!.legalHolidayWorkMinutes).toBe(240);
    expect(d['2026-05-10']!.flexPeriod?.workedToDateMinutes).toBe(d['2026-05-09']!.flexPeriod?.workedToDateMinutes);
    expect(sum(days, (x) => x.statutoryOvertimeMinutes)).toBe(0);
    expect(kinds(d['2026-05-29']!)).toEqual([
      ['regular', 240],
      ['break', 60],
      ['scheduled_overtime', 240],
    ]);
    expect(d['2026-05-31']!.flexPeriod).toMatchObject({ workedToDateMinutes: 10320, balanceMinutes: 240 });
  });

  it('settles a joiner on the days from the hire date (32条の3の2)', () => {
    // Hired 5/18: span 5/18–5/31 = 14 days → 総枠 2400 × 14 ÷ 7 = 4800; working days 5/18–5/29 = 10 →
    // 所定 4800. 10 × 09:00–18:30 = 5100 → 法定外 300 on 5/29's last minutes (14:00–18:30 270 and
    // 12:30–13:00 30); no 法内 (所定 = 総枠).
    const records = weekdays('2026-05-18', '2026-05-31').map((d) => shift(d, '09:00', '18:30'));
    const days = computeSpan(
      {
        timeZone: TZ,
        rules: DEFAULTS,
        records,
        calendar,
        system: from(flex('2026-05-01', 1)),
        employment: { hireDate: '2026-05-18' },
      },
      '2026-05-01',
      '2026-05-31',
    );
    const d = byDate(days);
    expect(kinds(d['2026-05-29']!)).toEqual([
      ['regular', 210],
      ['period_statutory_overtime', 30],
      ['break', 60],
      ['period_statutory_overtime', 270],
    ]);
    expect(sum(days, (x) => x.scheduledOvertimeMinutes)).toBe(0);
    expect(d['2026-05-31']!.flexPeriod).toMatchObject({
      from: '2026-05-18',
      totalFrameMinutes: 4800,
      requiredMinutes: 4800,
    });
    expect(jaLines(d['2026-05-29']!)).toContain(
      '清算期間の総枠超（2026-05-18〜2026-05-31）: 実労働85:00が総枠80:00（40時間×14日÷7）を超えた300分を法定外残業として清算',
    );
  });
});

describe('フレックスタイム制: 完全週休2日 (32条の3第3項)', () => {
  // December 2026: 31 days, 23 working days. 8 h every working day (09:00–18:00, 480) and one hour
  // more on 12/31 (09:00–19:00, 540): worked 22 × 480 + 540 = 11100 (185:00); 所定 23 × 480 = 11040.
  // Without the option: 総枠 = 2400 × 31 ÷ 7 = 10628 → 法定外 11100 − 10628 = 472 although every day
  // but one kept to 8 h. With it: 総枠 = 23 × 480 = 11040 (184:00) → 法定外 60, on 12/31 18:00–19:00.
  const records = weekdays('2026-12-01', '2026-12-31').map((d) =>
    shift(d, '09:00', d === '2026-12-31' ? '19:00' : '18:00'),
  );

  it('makes the 総枠 working days × 8 h', () => {
    const plain = span(flex('2026-12-01', 1), records, '2026-12-01', '2026-12-31');
    expect(sum(plain, (x) => x.periodStatutoryOvertimeMinutes)).toBe(472);
    const days = span(flex('2026-12-01', 1, { fullTwoDaysOff: true }), records, '2026-12-01', '2026-12-31');
    const dec31 = byDate(days)['2026-12-31']!;
    expect(sum(days, (x) => x.periodStatutoryOvertimeMinutes)).toBe(60);
    expect(sum(days, (x) => x.scheduledOvertimeMinutes)).toBe(0);
    expect(dec31.flexPeriod?.totalFrameMinutes).toBe(11040);
    expect(jaLines(dec31)).toContain('18:00–19:00 法定外残業（変形期間・清算期間の総枠超） 60分');
    expect(jaLines(dec31)).toContain(
      '清算期間の総枠超（2026-12-01〜2026-12-31）: 実労働185:00が総枠184:00（8時間×所定労働日23日（完全週休2日））を超えた60分を法定外残業として清算',
    );
  });
});

describe('フレックスタイム制: the running 過不足 mid-period', () => {
  // June 2026, 1-month period, standard day 480: 総枠 2400 × 30 ÷ 7 = 10285.7 → 10285; 所定 22 × 480 = 10560.
  // 6/1 09:00–19:00 → 540.   6/2 paid leave 終日 → 480 counted.
  // 6/3 午前半休 (0.5 × 480 = 240) + 14:00–18:00 (240, no break).
  // 6/4 2 h hourly leave (120) + 09:00–16:00 (restraint 420, break 45 → 375).   6/5 nothing.
  // Cumulative (worked + leave / 所定 / 過不足): 6/1 540/480/+60; 6/2 1020/960/+60; 6/3 1500/1440/+60;
  // 6/4 1995/1920/+75; 6/5 1995/2400/−405. The period is not over: no 法内 or 法定外 yet.
  // Issue 29 item 10, 実労働 without leave and its projection (actual + 480 × the working days after the
  // day = actual + 10560 − 所定 to date; no "today" given, so no day is open) against the 総枠 10285:
  // 6/1 540 → 10620 (+335); 6/2 540 → 10140 (−145); 6/3 780 → 9900 (−385); 6/4 1155 → 9795 (−490);
  // 6/5 1155 → 9315 (−970).
  it('sets the state on every day', () => {
    const records: AttendanceRecord[] = [
      shift('2026-06-01', '09:00', '19:00'),
      { workDate: '2026-06-02', leaveType: 0, leaveDays: 1 },
      shift('2026-06-03', '14:00', '18:00', { leaveType: 0, leaveUnit: 'am' }),
      shift('2026-06-04', '09:00', '16:00', { leaveType: 0, leaveUnit: 'hours', leaveHours: 2 }),
    ];
    const days = span(flex('2026-06-01', 1), records, '2026-06-01', '2026-06-05');
    const state = (asOf: string, worked: number, required: number, actual: number, projected: number) => ({
      from: '2026-06-01',
      to: '2026-06-30',
      totalFrameMinutes: 10285,
      requiredMinutes: 10560,
      workedToDateMinutes: worked,
      requiredToDateMinutes: required,
      balanceMinutes: worked - required,
      asOf,
      actualToDateMinutes: actual,
      projectedMinutes: projected,
      projectedOverFrameMinutes: projected - 10285,
    });
    expect(days.map((d) => d.flexPeriod)).toEqual([
      state('2026-06-01', 540, 480, 540, 10620),
      state('2026-06-02', 1020, 960, 540, 10140),
      state('2026-06-03', 1500, 1440, 780, 9900),
      state('2026-06-04', 1995, 1920, 1155, 9795),
      state('2026-06-05', 1995, 2400, 1155, 9315),
    ]);
    expect(days[4]!.flexPeriod!.balanceMinutes).toBe(-405);
    expect(sum(days, (x) => x.overtimeMinutes)).toBe(0);
  });
});

describe('フレックスタイム制: 遅刻・早退・欠勤 only against the core time', () => {
  const core = flex('2026-04-01', 1, { coreStartMinute: 600, coreEndMinute: 900 }); // 10:00–15:00
  const none = flex('2026-04-01', 1);
  const day9to18: WorkPattern = { id: 'p', name: '日勤', startMinute: 540, endMinute: 1080, breaks: [] };
  const day = (system: WorkSystem, start: string | null, end: string | null, extra: object = {}) =>
    computeDay({
      workDate: '2026-04-08', // a Wednesday
      timeZone: TZ,
      rules: DEFAULTS,
      ...(start && end ? shift('2026-04-08', start, end) : {}),
      system,
      ...extra,
    });

  it('finds 遅刻 / 早退 only inside the core time', () => {
    // In at 10:20 against core 10:00 → 20 minutes late (grace 0); out after 15:00 → no 早退.
    const late = day(core, '10:20', '19:00');
    expect([late.lateMinutes, late.earlyLeaveMinutes]).toEqual([20, 0]);
    expect(late.flags).toContain('late');
    expect(jaLines(late)).toContain(
      'コアタイム: 10:00–15:00（フレックスタイム制: 遅刻・早退はコアタイムに対してのみ）',
    );
    expect(jaLines(late)).toContain('遅刻: 10:20出勤 20分（猶予0分）');
    // Out at 14:30 against 15:00 → 30 minutes 早退; in at 07:00 is no lateness.
    const early = day(core, '07:00', '14:30');
    expect([early.lateMinutes, early.earlyLeaveMinutes]).toEqual([0, 30]);
    expect(jaLines(early)).toContain('早退: 14:30退勤 30分（猶予0分）');
    const covered = day(core, '07:00', '16:00');
    expect([covered.lateMinutes, covered.earlyLeaveMinutes]).toEqual([0, 0]);
  });

  it('ignores the day’s pattern: 09:30 against a 9:00 pattern is no lateness under flex', () => {
    const schedule = { kind: 'pattern', pattern: day9to18, source: 'group' } as const;
    expect(day(core, '09:30', '18:00', { schedule }).lateMinutes).toBe(0);
    expect(day(none, '11:00', '15:00', { schedule })).toMatchObject({ lateMinutes: 0, earlyLeaveMinutes: 0 });
    // 通常 unchanged: the same punch is 30 minutes late against the pattern.
    expect(day(STANDARD_SYSTEM, '09:30', '18:00', { schedule }).lateMinutes).toBe(30);
  });

  it('finds 欠勤 only on a working day with core time, over, without punch or leave', () => {
    expect(day(core, null, null, { isOver: true }).isAbsent).toBe(true);
    expect(day(core, null, null, { isOver: true }).flags).toContain('absent');
    expect(day(none, null, null, { isOver: true }).isAbsent).toBe(false);
    expect(day(core, null, null, { isOver: true, leaveType: 0 }).isAbsent).toBe(false);
    expect(day(core, null, null, { isOver: false }).isAbsent).toBe(false);
    expect(day(core, null, null, { isOver: true, calendar: calendar('2026-04-11') }).isAbsent).toBe(false);
  });
});
