import { describe, expect, it } from 'vitest';
import { addDays, instantOf } from '../../functions/domain/time.js';
import { companyCalendar } from '../../functions/domain/worktime/calendar.js';
import {
  applyWeeklyLimit,
  computeDay,
  computeMonth,
  DEFAULT_WORKING_RULE,
  monthRange,
  monthsAffectedBy,
  resolveRules,
  RULE_VERSION,
  weekStartOf,
  type AttendanceRecord,
  type DayResult,
  type RulesInForce,
} from '../../functions/domain/worktime/index.js';
import { TWO_TIER_BREAK, TWO_TIER_BREAK_RECORD } from '../support/break-rules.js';
import { jaLines } from '../support/explanation.js';

/**
 * Asia/Tokyo. April 2026: the 1st is a Wednesday, Sundays are 5, 12, 19, 26, 29th is 昭和の日.
 * May 2026: the 1st is a Friday, the 2nd a Saturday.
 */
const TZ = 'Asia/Tokyo';
/**
 * The built-in working rule with the common lawful two-tier company break rule (拘束6:01以上45分、
 * 拘束8:46以上60分; test/support/break-rules.ts): since rule 2026.5 no break is deemed that the company
 * did not give, and these figures assume 9:00–18:00 is 8 h of work.
 */
const DEFAULTS: RulesInForce = { working: DEFAULT_WORKING_RULE, break: TWO_TIER_BREAK };
const calendar = companyCalendar();

const shift = (date: string, from: string, to: string, extra: Partial<AttendanceRecord> = {}): AttendanceRecord => {
  const [fh, fm] = from.split(':').map(Number) as [number, number];
  const [th, tm] = to.split(':').map(Number) as [number, number];
  return { workDate: date, punchInAt: instantOf(date, fh, fm, TZ), punchOutAt: instantOf(date, th, tm, TZ), ...extra };
};
/** Days computed as plain working days (no calendar), for the weekly pass alone. */
const plain = (records: AttendanceRecord[]) => records.map((r) => computeDay({ ...r, timeZone: TZ, rules: DEFAULTS }));
const byDate = (days: DayResult[]) => Object.fromEntries(days.map((d) => [d.workDate, d]));

describe('the 40 h/week rule', () => {
  it('13. Saturday after a full week is all weekly 法定外', () => {
    // Mon 6 – Fri 10 April, 09:00–18:00: 540 − 60 = 480 worked each, all regular → 5 × 480 = 2400 = 40 h.
    // Sat 11, 09:00–14:00: restraint 300, no break (≤ 6 h), 300 regular by the day →
    // week 2400 + 300 = 2700 > 2400 → the 300 become weekly 法定外.
    const records = ['06', '07', '08', '09', '10'].map((d) => shift(`2026-04-${d}`, '09:00', '18:00'));
    const days = byDate(applyWeeklyLimit(plain([...records, shift('2026-04-11', '09:00', '14:00')])));
    expect(days['2026-04-10']!.weeklyStatutoryOvertimeMinutes).toBe(0);
    const sat = days['2026-04-11']!;
    expect([
      sat.regularMinutes,
      sat.weeklyStatutoryOvertimeMinutes,
      sat.statutoryOvertimeMinutes,
      sat.workedMinutes,
    ]).toEqual([0, 300, 300, 300]);
    expect(jaLines(sat)).toContain('09:00–14:00 法定外残業（週40時間超） 300分');
    expect(jaLines(sat)).toContain('週40時間超: 週の累計が40時間を超えた300分を法定外残業（週40時間超）に振替');
  });

  it('14. the week passes 40 h in the middle of a day: only the tail converts', () => {
    // Mon–Thu 6–9 April 09:00–18:00 → 4 × 480 = 1920.
    // Fri 10, 09:00–16:00 → restraint 420, break 45 → 375 → week 2295.
    // Sat 11, 09:00–15:00 → 360, no break → 360 → week 2655; 2655 − 2400 = 255 weekly 法定外,
    // taken from the end: 10:45–15:00 (255); 09:00–10:45 (105) stays regular.
    const records = [
      ...['06', '07', '08', '09'].map((d) => shift(`2026-04-${d}`, '09:00', '18:00')),
      shift('2026-04-10', '09:00', '16:00'),
      shift('2026-04-11', '09:00', '15:00'),
    ];
    const sat = byDate(applyWeeklyLimit(plain(records)))['2026-04-11']!;
    expect([sat.regularMinutes, sat.weeklyStatutoryOvertimeMinutes, sat.workedMinutes]).toEqual([105, 255, 360]);
    expect(sat.segments.map((s) => [s.kind, s.minutes])).toEqual([
      ['regular', 105],
      ['weekly_statutory_overtime', 255],
    ]);
    expect(jaLines(sat)).toContain('10:45–15:00 法定外残業（週40時間超） 255分');
  });

  it('15. daily 法定外 is not counted again toward 40 h; 法内 converts before regular', () => {
    // Fixed 7:00 (420), the two-tier break rule. Mon–Fri 09:00–20:00: 660 − 60 = 600 → 420 regular + 60
    // 法内 + 120 法定外.
    // Week total (regular + 法内) = 5 × 480 = 2400: no weekly excess from Mon–Fri.
    // Sat 09:00–17:00: 480 − 45 = 435 → 420 regular + 15 法内 → all 435 beyond 40 h → weekly,
    // 法内 (15) first then regular (420). Week 法定外 = 5 × 120 + 435 = 1035.
    const rules: RulesInForce = { working: { ...DEFAULT_WORKING_RULE, fixedMinutes: 420 }, break: TWO_TIER_BREAK };
    const records = [
      ...['06', '07', '08', '09', '10'].map((d) => shift(`2026-04-${d}`, '09:00', '20:00')),
      shift('2026-04-11', '09:00', '17:00'),
    ];
    const days = applyWeeklyLimit(records.map((r) => computeDay({ ...r, timeZone: TZ, rules })));
    expect(
      days.map((d) => [
        d.regularMinutes,
        d.scheduledOvertimeMinutes,
        d.dailyStatutoryOvertimeMinutes,
        d.weeklyStatutoryOvertimeMinutes,
      ]),
    ).toEqual([
      [420, 60, 120, 0],
      [420, 60, 120, 0],
      [420, 60, 120, 0],
      [420, 60, 120, 0],
      [420, 60, 120, 0],
      [0, 0, 0, 435],
    ]);
    expect(days.reduce((n, d) => n + d.statutoryOvertimeMinutes, 0)).toBe(1035);
  });

  it('legal-holiday work is left out of the week; the week start is configurable', () => {
    // Sun 5 April 09:00–14:00 (300) then Mon–Fri 480 each, all as ordinary working days.
    // Week from Sunday: 300 + 5 × 480 = 2700 → Friday passes 40 h: 2700 − 2400 = 300 weekly.
    // Week from Monday: Sunday 5th closes the previous week; Mon–Fri = 2400 → nothing.
    const records = [
      shift('2026-04-05', '09:00', '14:00'),
      ...['06', '07', '08', '09', '10'].map((d) => shift(`2026-04-${d}`, '09:00', '18:00')),
    ];
    expect(byDate(applyWeeklyLimit(plain(records), 0))['2026-04-10']!.weeklyStatutoryOvertimeMinutes).toBe(300);
    expect(byDate(applyWeeklyLimit(plain(records), 1))['2026-04-10']!.weeklyStatutoryOvertimeMinutes).toBe(0);
    // The same Sunday as the legal holiday: its 300 minutes are holiday work, the week stays at 2400.
    const withHoliday = records.map((r) =>
      computeDay({ ...r, timeZone: TZ, rules: DEFAULTS, calendar: calendar(r.workDate) }),
    );
    const days = byDate(applyWeeklyLimit(withHoliday, 0));
    expect([days['2026-04-05']!.legalHolidayWorkMinutes, days['2026-04-10']!.weeklyStatutoryOvertimeMinutes]).toEqual([
      300, 0,
    ]);
  });

  it('weekStartOf', () => {
    expect(weekStartOf('2026-05-01')).toBe('2026-04-26');
    expect(weekStartOf('2026-04-26')).toBe('2026-04-26');
    expect(weekStartOf('2026-05-01', 1)).toBe('2026-04-27');
    expect(monthRange(2026, 5)).toEqual({ from: '2026-04-26', to: '2026-05-31' });
    expect(monthRange(2026, 3)).toEqual({ from: '2026-03-01', to: '2026-03-31' }); // 1 March 2026 is a Sunday
  });

  it('16. a week spanning April and May: April days count toward May’s first week', () => {
    // Week Sun 26 April – Sat 2 May. Mon 27 – Thu 30 April 09:00–18:00 → 4 × 480 = 1920
    // (29th is 昭和の日, a non-legal day off: ordinary work for the week, flagged as holiday work).
    // Fri 1 May 09:00–18:00 → 480 → week 2400. Sat 2 May 09:00–12:00 → 180 → all weekly 法定外.
    // May totals: worked 480 + 180 = 660, regular 480, weekly 法定外 180. April's minutes are not in May.
    const records = [
      ...['27', '28', '29', '30'].map((d) => shift(`2026-04-${d}`, '09:00', '18:00')),
      shift('2026-05-01', '09:00', '18:00'),
      shift('2026-05-02', '09:00', '12:00'),
    ];
    const may = computeMonth({ year: 2026, month: 5, timeZone: TZ, rules: DEFAULTS, records, calendar });
    expect(may.days).toHaveLength(31);
    expect(may.days[0]!.workDate).toBe('2026-05-01');
    expect(may.totals).toMatchObject({
      workedMinutes: 660,
      regularMinutes: 480,
      weeklyStatutoryOvertimeMinutes: 180,
      statutoryOvertimeMinutes: 180,
      workDays: 2,
    });
    expect(may.ruleVersion).toBe(RULE_VERSION);

    // Without the April days the week looks like 660 minutes and nothing is converted: the caller
    // must pass monthRange(2026, 5).from = 26 April onward.
    const short = computeMonth({
      year: 2026,
      month: 5,
      timeZone: TZ,
      rules: DEFAULTS,
      records: records.slice(4),
      calendar,
    });
    expect(short.totals.weeklyStatutoryOvertimeMinutes).toBe(0);

    // April sees the same week only up to the 30th: 1920, no conversion; the 29th is flagged.
    const april = computeMonth({ year: 2026, month: 4, timeZone: TZ, rules: DEFAULTS, records, calendar });
    expect(april.totals).toMatchObject({ workedMinutes: 1920, weeklyStatutoryOvertimeMinutes: 0 });
    expect(april.days.find((d) => d.workDate === '2026-04-29')!.flags).toEqual(['unapproved_holiday_work']);
  });
});

describe('computeMonth totals', () => {
  // 16 weekdays of April 2026, 09:00–22:00: restraint 780, break 60 (the two-tier rule), worked 720 = 480 regular +
  // 240 法定外; the shift ends at 22:00 so no late night. No week has more than 5 × 480 = 2400.
  const longDays = ['01', '02', '03', '06', '07', '08', '09', '10', '13', '14', '15', '16', '17', '20', '21', '22'];
  const records: AttendanceRecord[] = [
    ...longDays.map((d) => shift(`2026-04-${d}`, '09:00', '22:00')),
    { workDate: '2026-04-23', leaveType: 0 },
    { workDate: '2026-04-24', leaveType: 0, leaveDays: 0.5 },
    { workDate: '2026-04-27', punchInAt: instantOf('2026-04-27', 9, 0, TZ) },
    { workDate: '2026-04-28', leaveType: 1 },
  ];
  const rules = resolveRules(
    [
      {
        ruleType: 'working',
        departmentId: '-',
        employmentStatusId: '-',
        fixedMinutes: 480,
        overMinutes: 240,
        unpaidMinutes: 1200,
      },
      TWO_TIER_BREAK_RECORD,
    ],
    'd1',
    's1',
  );

  it('17. the 60 h threshold, deemed overtime, leave and incomplete days', () => {
    // 法定外 = 16 × 240 = 3840 = 64 h → beyond 60 h (3600): 240.
    // Overtime (法内 0 + 法定外 3840) − deemed 20 h (1200) = 2640 excess.
    // Worked 16 × 720 = 11520; breaks 16 × 60 = 960. Paid leave 1 + 0.5 = 1.5 days; 代休 1 day.
    const m = computeMonth({
      year: 2026,
      month: 4,
      timeZone: TZ,
      rules,
      records,
      calendar,
      requests: [
        { date: '2026-04-01', kind: 'over_work', status: 1 },
        { date: '2026-04-02', kind: 'over_work', status: 0 },
      ],
    });
    expect(m.totals).toEqual({
      workedMinutes: 11520,
      regularMinutes: 7680,
      scheduledOvertimeMinutes: 0,
      statutoryOvertimeMinutes: 3840,
      dailyStatutoryOvertimeMinutes: 3840,
      weeklyStatutoryOvertimeMinutes: 0,
      // 通常の労働時間制 (no system set): no period 法定外, no flex state.
      periodStatutoryOvertimeMinutes: 0,
      system: 'standard',
      flex: null,
      overtimeMinutes: 3840,
      overtimeOver60Minutes: 240,
      deemedOvertimeMinutes: 1200,
      excessOvertimeMinutes: 2640,
      legalHolidayWorkMinutes: 0,
      lateNightMinutes: 0,
      breakMinutes: 960,
      overtimeAndHolidayWorkMinutes: 3840,
      workDays: 16,
      paidLeaveDays: 1.5,
      substituteLeaveDays: 1,
      transferHolidayDays: 0,
      incompleteDates: ['2026-04-27'],
      // No schedule, no break punches, no settings: the schedule figures are all zero.
      scheduledDays: 0,
      lateDays: 0,
      lateMinutes: 0,
      earlyLeaveDays: 0,
      earlyLeaveMinutes: 0,
      absentDays: 0,
      breakBelowLegalDays: 0,
      shortIntervalDays: 0,
      paidLeaveHours: 0,
      rounded30: null,
    });
    // Only the approved request clears the flag (240 min of overtime does not pass the 4:00 threshold).
    const flags = byDate(m.days);
    expect(flags['2026-04-01']!.flags).toEqual([]);
    expect(flags['2026-04-02']!.flags).toEqual(['unapproved_overtime']);
  });

  it('exactly 60 h of 法定外 is not beyond 60 h; no deemed overtime makes all overtime excess', () => {
    // 15 days × 240 = 3600 = 60 h → overtimeOver60 0; without a deemed figure excess = overtime 3600.
    const m = computeMonth({
      year: 2026,
      month: 4,
      timeZone: TZ,
      rules: DEFAULTS,
      records: records.slice(0, 15),
      calendar,
    });
    expect(m.totals).toMatchObject({
      statutoryOvertimeMinutes: 3600,
      overtimeOver60Minutes: 0,
      deemedOvertimeMinutes: null,
      excessOvertimeMinutes: 3600,
    });
  });

  it('18. legal-holiday work and late night add up per bucket', () => {
    // Sun 5 April (legal holiday) 09:00–18:00: 540 − 60 = 480 holiday work.
    // Wed 1 April 13:00–23:00: 600 − 60 (17:00–18:00) = 540 → 480 regular + 60 法定外 (22:00–23:00, late night 60).
    // Month: worked 1020, holiday 480, 法定外 60, late night 60, 法定外 + holiday = 540.
    const m = computeMonth({
      year: 2026,
      month: 4,
      timeZone: TZ,
      rules: DEFAULTS,
      calendar,
      records: [shift('2026-04-05', '09:00', '18:00'), shift('2026-04-01', '13:00', '23:00')],
    });
    expect(m.totals).toMatchObject({
      workedMinutes: 1020,
      legalHolidayWorkMinutes: 480,
      statutoryOvertimeMinutes: 60,
      lateNightMinutes: 60,
      overtimeAndHolidayWorkMinutes: 540,
    });
  });

  it('a night shift ending on the 1st of the next month stays in the month it started', () => {
    // 30 April 22:00 → 1 May 07:00: 480 worked on work date 30 April.
    const april = computeMonth({
      year: 2026,
      month: 4,
      timeZone: TZ,
      rules: DEFAULTS,
      calendar,
      records: [
        {
          workDate: '2026-04-30',
          punchInAt: instantOf('2026-04-30', 22, 0, TZ),
          punchOutAt: instantOf(addDays('2026-04-30', 1), 7, 0, TZ),
        },
      ],
    });
    expect(april.totals).toMatchObject({ workedMinutes: 480, lateNightMinutes: 360 });
  });
});

describe('companyCalendar', () => {
  it('Sunday is the legal holiday; Saturday and public holidays are other days off', () => {
    expect(calendar('2026-04-05')).toEqual({ isDayOff: true, isLegalHoliday: true, holidayName: null });
    expect(calendar('2026-04-04')).toEqual({ isDayOff: true, isLegalHoliday: false, holidayName: null });
    expect(calendar('2026-04-29')).toEqual({ isDayOff: true, isLegalHoliday: false, holidayName: '昭和の日' });
    expect(calendar('2026-04-30')).toEqual({ isDayOff: false, isLegalHoliday: false, holidayName: null });
    const saturdayLegal = companyCalendar({
      legalHolidayWeekday: 6,
      weeklyDaysOff: [6],
      publicHolidaysOff: false,
      extraDaysOff: ['2026-04-30'],
    });
    expect(saturdayLegal('2026-04-04').isLegalHoliday).toBe(true);
    expect(saturdayLegal('2026-04-05').isDayOff).toBe(false);
    expect(saturdayLegal('2026-04-29').isDayOff).toBe(false);
    expect(saturdayLegal('2026-04-30').isDayOff).toBe(true);
  });
});

describe('which months a change can affect (monthsAffectedBy)', () => {
  // Calendar (checked with `date`): 2026-09-27 is a Sunday, 2026-10-01 a Thursday, 2026-10-03 a
  // Saturday; 2026-12-27 a Sunday. The week starts on Sunday unless said otherwise (暦週).
  it('a day whose week ends in the next month affects both months; a later day never the month before', () => {
    // Mon 28 Sep: week Sun 27 Sep – Sat 3 Oct → September and October.
    expect(monthsAffectedBy('2026-09-28')).toEqual(['2026-09', '2026-10']);
    // Correcting Mon 28 – Wed 30 Sep: the same week → the same two months, no more.
    expect(monthsAffectedBy('2026-09-28', '2026-09-30')).toEqual(['2026-09', '2026-10']);
    // Sat 26 Sep closes its week (20–26 Sep) → September only.
    expect(monthsAffectedBy('2026-09-26')).toEqual(['2026-09']);
    // Thu 1 Oct: its week began on 27 Sep, but days before it keep their figures → October only.
    expect(monthsAffectedBy('2026-10-01')).toEqual(['2026-10']);
    // Across the year: Mon 28 Dec, week Sun 27 Dec – Sat 2 Jan.
    expect(monthsAffectedBy('2026-12-28')).toEqual(['2026-12', '2027-01']);
  });

  it('follows the week start', () => {
    // Weeks from Monday: Sun 27 Sep ends the week 21–27 Sep → September only;
    // Mon 28 Sep starts the week 28 Sep – Sun 4 Oct → both.
    expect(monthsAffectedBy('2026-09-27', '2026-09-27', 1)).toEqual(['2026-09']);
    expect(monthsAffectedBy('2026-09-28', '2026-09-28', 1)).toEqual(['2026-09', '2026-10']);
  });

  it('a September correction moves 法定外 into October (why October must be refreshed)', () => {
    // Week Sun 27 Sep – Sat 3 Oct. Thu 1 and Fri 2 Oct 09:00–18:00: 540 − 60 = 480 each.
    // Sat 3 Oct 09:00–14:00: 300, no break (≤ 6 h), a 所定休日 counted toward 40 h.
    // Mon 28 – Wed 30 Sep first 09:00–13:00 = 240 each (no break): week 720 + 960 + 300 = 1980
    // < 2400 → October 法定外 0. Corrected to 09:00–18:00 = 480 each: week 1440 + 960 = 2400 by
    // Friday, so Saturday's 300 are all weekly 法定外 → October 300, September still 0.
    const october = [shift('2026-10-01', '09:00', '18:00'), shift('2026-10-02', '09:00', '18:00')];
    const saturday = shift('2026-10-03', '09:00', '14:00');
    const sept = (to: string) => ['28', '29', '30'].map((d) => shift(`2026-09-${d}`, '09:00', to));
    const run = (records: AttendanceRecord[], month: number) =>
      computeMonth({ year: 2026, month, timeZone: TZ, rules: DEFAULTS, records, calendar }).totals;
    expect(run([...sept('13:00'), ...october, saturday], 10).statutoryOvertimeMinutes).toBe(0);
    const corrected = [...sept('18:00'), ...october, saturday];
    expect(run(corrected, 10)).toMatchObject({ statutoryOvertimeMinutes: 300, weeklyStatutoryOvertimeMinutes: 300 });
    expect(run(corrected, 9).statutoryOvertimeMinutes).toBe(0);
  });
});

describe('approvals stored on the day', () => {
  it('an approved overtime and holiday-work request clear the day’s 未承認 warnings', () => {
    // Sat 3 Oct 2026 09:00–19:00: 600 − 60 = 540 on a 所定休日 → 60 daily 法定外 (overtime) and work
    // on a day off: both warnings without approvals, none with both approvals on the day.
    const flagsOf = (extra: Partial<AttendanceRecord>) =>
      computeMonth({
        year: 2026,
        month: 10,
        timeZone: TZ,
        rules: DEFAULTS,
        records: [shift('2026-10-03', '09:00', '19:00', extra)],
        calendar,
      }).days.find((d) => d.workDate === '2026-10-03')!.flags;
    expect(flagsOf({})).toEqual(expect.arrayContaining(['unapproved_overtime', 'unapproved_holiday_work']));
    expect(flagsOf({ overWorkApproved: true })).not.toContain('unapproved_overtime');
    expect(flagsOf({ overWorkApproved: true })).toContain('unapproved_holiday_work');
    const both = flagsOf({ overWorkApproved: true, holidayWorkApproved: true });
    expect(both).not.toContain('unapproved_overtime');
    expect(both).not.toContain('unapproved_holiday_work');
  });
});

describe('振替休日 (swap decided in advance) vs 代休 (rest given after holiday work)', () => {
  // LABOUR-LAW.md 35条: a 振替 fixed before the day makes the holiday a working day and the swap day a
  // day off — no holiday premium, but the week's 40 h can be exceeded; 代休 leaves the holiday work
  // 法定休日労働 (35 %). April 2026: Sun 12 – Sat 18 is one week (Sunday start, the default), no public
  // holiday in it; Sunday is the 法定休日, Saturday a 所定休日. Every shift 09:00–18:00: restraint 540,
  // break 60 → 480 worked.
  const work = (days: string[]) => days.map((d) => shift(`2026-04-${d}`, '09:00', '18:00'));
  const april = (
    records: AttendanceRecord[],
    dayOverrides?: Map<string, { role: 'working' | 'day_off'; partner: string }>,
  ) => computeMonth({ year: 2026, month: 4, timeZone: TZ, rules: DEFAULTS, records, calendar, dayOverrides });
  const figures = (d: DayResult) => [
    d.workedMinutes,
    d.regularMinutes,
    d.statutoryOvertimeMinutes,
    d.legalHolidayWorkMinutes,
  ];

  it('Sunday worked 8 h after a 振替 to Wednesday: an ordinary working day, Wednesday the day off', () => {
    // Markers as the approval stores them: Sun 12 `working` (partner Wed 15), Wed 15 `day_off` with
    // 振替休日 (leave type 2). Worked Sun, Mon, Tue, Thu, Fri: 5 × 480 = 2400 = exactly 40 h → all
    // regular: 法定休日労働 0, 法定外 0. Wed 15 is the day off: no work, 振替休日 1 day.
    const result = april([
      shift('2026-04-12', '09:00', '18:00', { dayOverride: 'working', transferPartner: '2026-04-15' }),
      ...work(['13', '14', '16', '17']),
      { workDate: '2026-04-15', leaveType: 2, dayOverride: 'day_off', transferPartner: '2026-04-12' },
    ]);
    const days = byDate(result.days);
    const sunday = days['2026-04-12']!;
    expect(figures(sunday)).toEqual([480, 480, 0, 0]);
    expect(sunday.calendar).toMatchObject({ isDayOff: false, isLegalHoliday: false });
    expect(sunday.flags).not.toContain('unapproved_holiday_work');
    expect(jaLines(sunday)[0]).toContain('振替出勤日');
    // Wednesday takes Sunday's character: the week's 法定休日 now.
    expect(days['2026-04-15']!.calendar).toMatchObject({ isDayOff: true, isLegalHoliday: true });
    expect(days['2026-04-15']!.leaveType).toBe(2);
    expect(result.totals).toMatchObject({
      workedMinutes: 2400,
      regularMinutes: 2400,
      statutoryOvertimeMinutes: 0,
      legalHolidayWorkMinutes: 0,
      overtimeAndHolidayWorkMinutes: 0,
      transferHolidayDays: 1,
    });

    // The same week as 代休 (Wednesday leave type 1, no swap): Sunday's 480 stay 法定休日労働 and out
    // of the week; Mon, Tue, Thu, Fri = 1920 regular. 法定外 0, 法定休日労働 480.
    const daikyu = april([...work(['12', '13', '14', '16', '17']), { workDate: '2026-04-15', leaveType: 1 }]);
    expect(figures(byDate(daikyu.days)['2026-04-12']!)).toEqual([480, 0, 0, 480]);
    expect(daikyu.totals).toMatchObject({
      workedMinutes: 2400,
      regularMinutes: 1920,
      legalHolidayWorkMinutes: 480,
      statutoryOvertimeMinutes: 0,
      overtimeAndHolidayWorkMinutes: 480,
      substituteLeaveDays: 1,
      transferHolidayDays: 0,
    });
  });

  it('Mon–Sat 8 h each plus the swapped Sunday: the week passes 40 h and 法定外 is counted instead', () => {
    // Sun 12 swapped to Wed 22 (next week) and worked; Mon 13 – Sat 18 worked too: 7 × 480 = 3360.
    // 振替: every day counts toward 40 h in date order — Sun–Thu = 5 × 480 = 2400, so Fri 17 and Sat
    // 18 (480 each) are weekly 法定外: 960. 法定休日労働 0.
    const swapped = april(
      work(['12', '13', '14', '15', '16', '17', '18']),
      new Map([
        ['2026-04-12', { role: 'working' as const, partner: '2026-04-22' }],
        ['2026-04-22', { role: 'day_off' as const, partner: '2026-04-12' }],
      ]),
    );
    const s = byDate(swapped.days);
    expect(s['2026-04-16']!.weeklyStatutoryOvertimeMinutes).toBe(0);
    expect(figures(s['2026-04-17']!)).toEqual([480, 0, 480, 0]);
    expect(figures(s['2026-04-18']!)).toEqual([480, 0, 480, 0]);
    expect(swapped.totals).toMatchObject({
      workedMinutes: 3360,
      statutoryOvertimeMinutes: 960,
      weeklyStatutoryOvertimeMinutes: 960,
      legalHolidayWorkMinutes: 0,
      overtimeAndHolidayWorkMinutes: 960,
    });

    // 代休 (no swap): Sunday's 480 are 法定休日労働 and left out of the week; Mon–Fri = 2400, so only
    // Sat 18's 480 is weekly 法定外. 法定外 480 + 法定休日労働 480.
    const daikyu = april(work(['12', '13', '14', '15', '16', '17', '18']));
    expect(figures(byDate(daikyu.days)['2026-04-17']!)).toEqual([480, 480, 0, 0]);
    expect(daikyu.totals).toMatchObject({
      workedMinutes: 3360,
      statutoryOvertimeMinutes: 480,
      legalHolidayWorkMinutes: 480,
      overtimeAndHolidayWorkMinutes: 960,
    });
  });

  it('work on the swap day is 法定休日労働 (the swap day took the 法定休日’s character)', () => {
    // Wed 22 April is the swap day of Sun 12 and is worked 09:00–18:00 anyway: 480 法定休日労働, and
    // the day is flagged as work on leave.
    const result = april([
      shift('2026-04-22', '09:00', '18:00', { leaveType: 2, dayOverride: 'day_off', transferPartner: '2026-04-12' }),
    ]);
    const wed = byDate(result.days)['2026-04-22']!;
    expect(figures(wed)).toEqual([480, 0, 0, 480]);
    expect(wed.flags).toContain('worked_on_leave');
  });
});
