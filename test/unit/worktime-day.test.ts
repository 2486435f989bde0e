import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, instantOf } from '../../functions/domain/time.js';
import {
  applyWeeklyLimit,
  computeDay,
  DEFAULT_BREAK_RULE,
  DEFAULT_WORKING_RULE,
  RULE_VERSION,
  resolveRules,
  type DayCalendar,
  type DayInput,
  type DayResult,
  type RuleRecord,
  type RulesInForce,
  type SegmentKind,
  tierBreak,
} from '../../functions/domain/worktime/index.js';
import { TWO_TIER_BREAK, TWO_TIER_BREAK_RECORD } from '../support/break-rules.js';
import { jaLines } from '../support/explanation.js';

/**
 * Every example is in Asia/Tokyo (UTC+9, no DST). 2026-04-01 is a Wednesday, 2026-04-04 a Saturday,
 * 2026-04-05 a Sunday (the default legal holiday).
 */
const TZ = 'Asia/Tokyo';
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return instantOf(date, h, m, TZ);
};
const DEFAULTS: RulesInForce = { working: DEFAULT_WORKING_RULE, break: DEFAULT_BREAK_RULE };
/** The built-in working rule with the common lawful two-tier company break rule (test/support/break-rules.ts). */
const RULED: RulesInForce = { working: DEFAULT_WORKING_RULE, break: TWO_TIER_BREAK };
const DAY_OFF: DayCalendar = { isDayOff: true, isLegalHoliday: false, holidayName: null };
const LEGAL_HOLIDAY: DayCalendar = { isDayOff: true, isLegalHoliday: true, holidayName: null };

function day(date: string, from: string, to: string, rest: Partial<DayInput> = {}, toDate = date): DayResult {
  return computeDay({
    workDate: date,
    timeZone: TZ,
    punchInAt: at(date, from),
    punchOutAt: at(toDate, to),
    rules: DEFAULTS,
    ...rest,
  });
}

/** The figures a test compares, in a fixed order. */
const figures = (d: DayResult) => ({
  restraint: d.restraintMinutes,
  break: d.breakMinutes,
  worked: d.workedMinutes,
  regular: d.regularMinutes,
  scheduled: d.scheduledOvertimeMinutes,
  statutory: d.statutoryOvertimeMinutes,
  holiday: d.legalHolidayWorkMinutes,
  lateNight: d.lateNightMinutes,
});

const segs = (d: DayResult) => d.segments.map((s) => `${s.kind}${s.lateNight ? '+night' : ''}:${s.minutes}`);

const rule = (r: Partial<RuleRecord> & Pick<RuleRecord, 'ruleType'>): RuleRecord => ({
  departmentId: '-',
  employmentStatusId: '-',
  ...r,
});

describe('worked examples (figures derived by hand)', () => {
  it('1. a standard day with the built-in default rules: no break is invented, the shortfall is flagged', () => {
    // 09:00–18:00 → restraint 9 h = 540 min. No break punched, no pattern, no break rule: nobody gave a
    // break, so none is deducted (LABOUR-LAW.md "Breaks", corrected 2026-11-28).
    // Worked 540. Fixed time 8 h = 480 → 480 regular; 481..540 = 17:00–18:00 = 60 法定外 (over 8 h).
    // 34条: work 540 > 8 h needs 60 → a shortfall of 60 − 0 = 60, flagged; the work stays work.
    const d = day('2026-04-01', '09:00', '18:00');
    expect(figures(d)).toEqual({
      restraint: 540,
      break: 0,
      worked: 540,
      regular: 480,
      scheduled: 0,
      statutory: 60,
      holiday: 0,
      lateNight: 0,
    });
    expect(segs(d)).toEqual(['regular:480', 'statutory_overtime:60']);
    expect([d.breakSource, d.breakShortfallMinutes]).toEqual(['none', 60]);
    expect(d.ruleVersion).toBe(RULE_VERSION);
    expect(d.flags).toEqual(['unapproved_overtime', 'break_below_legal']);
    expect(jaLines(d)).toContain('休憩: 0分（休憩ルール(既定値): なし）');
    expect(jaLines(d)).toContain(
      '注意: 休憩0分は労働9:00に対し労働基準法34条の最低基準（労働6時間超は45分・8時間超は60分）に60分不足（休憩を補わず労働時間として計上）',
    );
  });

  it('1b. the same day with the company’s two-tier break rule (拘束8:46以上で1:00)', () => {
    // 09:00–18:00 → restraint 540 ≥ 526 → the rule's 60, placed 4 h after punch-in: 13:00–14:00.
    // Worked 540 − 60 = 480, all regular (fixed 8 h); work 8:00 is not over 8 h → 45 would do, 60 ≥ 45.
    const d = day('2026-04-01', '09:00', '18:00', { rules: RULED });
    expect(figures(d)).toEqual({
      restraint: 540,
      break: 60,
      worked: 480,
      regular: 480,
      scheduled: 0,
      statutory: 0,
      holiday: 0,
      lateNight: 0,
    });
    expect(segs(d)).toEqual(['regular:240', 'break:60', 'regular:240']);
    expect([d.breakSource, d.breakShortfallMinutes]).toEqual(['rule', 0]);
    expect(d.flags).toEqual([]);
    expect(jaLines(d)).toContain(
      '休憩の打刻なし: 休憩ルール(全社)の設定により休憩ルール・勤務パターンの休憩を適用（法定の最低基準まで引き上げない）',
    );
  });

  it('2. fixed 7:30 with a company break rule: regular, 法内残業 and 法定外', () => {
    // Working rule: fixed 7:30 = 450. Break rule: restraint ≥ 6:00 → 1:00.
    // 09:00–19:00 → restraint 600 ≥ 360 → rule break 60 (legal minimum for 600 is also 60). 13:00–14:00.
    // Worked 600 − 60 = 540.
    // Regular: first 450 worked minutes = 09:00–13:00 (240) + 14:00–17:30 (210).
    // 法内: worked minutes 451..480 = 17:30–18:00 = 30.  法定外: 481..540 = 18:00–19:00 = 60.
    // Check: 450 + 30 + 60 = 540.
    const rules = resolveRules(
      [
        rule({ ruleType: 'working', fixedMinutes: 450, overMinutes: 120 }),
        rule({ ruleType: 'break', conditionMinutes: 360, breakMinutes: 60 }),
      ],
      'd1',
      's1',
    );
    const d = day('2026-04-01', '09:00', '19:00', { rules, approved: { overWork: true } });
    expect(figures(d)).toEqual({
      restraint: 600,
      break: 60,
      worked: 540,
      regular: 450,
      scheduled: 30,
      statutory: 60,
      holiday: 0,
      lateNight: 0,
    });
    expect(d.overtimeMinutes).toBe(90);
    expect(d.breakSource).toBe('rule');
    expect(d.flags).toEqual([]);
    expect(jaLines(d)).toContain(
      '休憩: 休憩ルール(全社)により60分（拘束6:00以上で1:00）、13:00–14:00に一括取得とみなす（出勤4時間後から）',
    );
    expect(jaLines(d)).toContain('17:30–18:00 法内残業（所定超・1日8時間以内） 30分');
    expect(jaLines(d)).toContain('18:00–19:00 法定外残業（1日8時間超） 60分');
  });

  it('3. a night shift across midnight: late night on the clock, minus the break', () => {
    // Wed 22:00 → Thu 07:00 (punch-out on the next calendar day) → restraint 540.
    // Break: the two-tier rule's 60 (540 ≥ 526), placed 22:00 + 4 h = 02:00–03:00.
    // Worked 480, all regular (fixed 8 h).
    // Late night 22:00–05:00 = 420 min of restraint, minus the 60-min break inside it = 360.
    const d = day('2026-04-01', '22:00', '07:00', { rules: RULED }, '2026-04-02');
    expect(figures(d)).toEqual({
      restraint: 540,
      break: 60,
      worked: 480,
      regular: 480,
      scheduled: 0,
      statutory: 0,
      holiday: 0,
      lateNight: 360,
    });
    expect(segs(d)).toEqual(['regular+night:240', 'break:60', 'regular+night:120', 'regular:120']);
    expect(jaLines(d)).toContain('拘束: 22:00–翌07:00 540分');
    expect(jaLines(d)).toContain('翌03:00–翌05:00 所定内労働＋深夜 120分');
  });

  it('4. a long day running into late night: 法定外 and late night overlap', () => {
    // 09:00–23:30 → restraint 870; the two-tier rule's break 60 (13:00–14:00); worked 810.
    // Regular 480 = 09:00–13:00 + 14:00–18:00. 法定外 = 810 − 480 = 330 = 18:00–23:30.
    // Late night = 22:00–23:30 = 90, all of it also 法定外.
    const d = day('2026-04-01', '09:00', '23:30', { rules: RULED });
    expect(figures(d)).toEqual({
      restraint: 870,
      break: 60,
      worked: 810,
      regular: 480,
      scheduled: 0,
      statutory: 330,
      holiday: 0,
      lateNight: 90,
    });
    expect(segs(d)).toEqual([
      'regular:240',
      'break:60',
      'regular:240',
      'statutory_overtime:240',
      'statutory_overtime+night:90',
    ]);
    expect(d.flags).toContain('unapproved_overtime');
  });

  it('5. work on the legal holiday is all 法定休日労働, never overtime', () => {
    // Sunday 09:00–20:00 → restraint 660; the two-tier rule's break 60; worked 600.
    // Legal holiday → all 600 in the holiday bucket; 8 h/day does not apply: 法定外 0.
    const d = day('2026-04-05', '09:00', '20:00', {
      calendar: LEGAL_HOLIDAY,
      approved: { holidayWork: true },
      rules: RULED,
    });
    expect(figures(d)).toEqual({
      restraint: 660,
      break: 60,
      worked: 600,
      regular: 0,
      scheduled: 0,
      statutory: 0,
      holiday: 600,
      lateNight: 0,
    });
    expect(d.overtimeMinutes).toBe(0);
    expect(d.flags).toEqual([]);
    expect(jaLines(d)[0]).toMatch(/^法定休日/);
  });

  it('6. Saturday night into the legal holiday: holiday work starts at 0:00', () => {
    // Sat 20:00 → Sun 06:00 → restraint 600; the two-tier rule's break 60 at 20:00 + 4 h = 00:00–01:00;
    // worked 540.
    // Saturday is a non-legal day off: 20:00–24:00 = 240 minutes count as ordinary work → regular.
    // Sunday is the legal holiday: 01:00–06:00 = 300 → 法定休日労働.
    // 240 + 300 = 540; no minute passes 8 h of ordinary work, so no overtime.
    // Late night: 22:00–24:00 (120, regular) + 01:00–05:00 (240, holiday) = 360.
    const d = day(
      '2026-04-04',
      '20:00',
      '06:00',
      { calendar: DAY_OFF, nextDayIsLegalHoliday: true, rules: RULED },
      '2026-04-05',
    );
    expect(figures(d)).toEqual({
      restraint: 600,
      break: 60,
      worked: 540,
      regular: 240,
      scheduled: 0,
      statutory: 0,
      holiday: 300,
      lateNight: 360,
    });
    expect(segs(d)).toEqual([
      'regular:120',
      'regular+night:120',
      'break:60',
      'legal_holiday+night:240',
      'legal_holiday:60',
    ]);
    expect(d.flags).toEqual(['unapproved_holiday_work']);
  });

  it('7. a break rule below the legal minimum is kept as it is and the shortfall flagged', () => {
    // Department break rule: restraint ≥ 5:00 → 0:30. 09:00–16:00 → restraint 420.
    // Rule gives 30 (420 ≥ 300), placed 4 h after punch-in: 13:00–13:30. Worked 420 − 30 = 390, all
    // regular (fixed 8 h default). 34条: work 390 > 6 h needs 45 → 45 − 30 = 15 short: flagged, not
    // raised (raising it to 45 would take 15 paid minutes and hide the breach).
    const rules = resolveRules(
      [rule({ ruleType: 'break', departmentId: 'd1', conditionMinutes: 300, breakMinutes: 30 })],
      'd1',
      's1',
    );
    const d = day('2026-04-01', '09:00', '16:00', { rules });
    expect(figures(d)).toEqual({
      restraint: 420,
      break: 30,
      worked: 390,
      regular: 390,
      scheduled: 0,
      statutory: 0,
      holiday: 0,
      lateNight: 0,
    });
    expect([d.breakSource, d.breakShortfallMinutes, d.flags]).toEqual(['rule', 15, ['break_below_legal']]);
    expect(jaLines(d)).toContain(
      '休憩: 休憩ルール(部署)により30分（拘束5:00以上で0:30）、13:00–13:30に一括取得とみなす（出勤4時間後から）',
    );
    expect(jaLines(d)).toContain(
      '注意: 休憩30分は労働6:30に対し労働基準法34条の最低基準（労働6時間超は45分・8時間超は60分）に15分不足（休憩を補わず労働時間として計上）',
    );
  });

  it('8. exactly 6 h needs no break; 6 h 1 min with no break given is 6:01 of work, 45 short (issue 29)', () => {
    // 09:00–15:00 → 360: work 6:00 is not over 6 h → no break needed, none given: worked 360, no flag.
    const six = day('2026-04-01', '09:00', '15:00');
    expect(figures(six)).toMatchObject({ restraint: 360, break: 0, worked: 360 });
    expect(six.flags).toEqual([]);
    // 09:00–15:01 → 361, no punched break, no pattern, no rule: nothing is deducted, so the 361st minute
    // is worked → 6:01 of work, over 6 h → 34条 needs 45, given 0 → shortfall 45 (the breach shows).
    const sixOne = day('2026-04-01', '09:00', '15:01');
    expect(figures(sixOne)).toMatchObject({ restraint: 361, break: 0, worked: 361, regular: 361 });
    expect([sixOne.breakShortfallMinutes, sixOne.flags]).toEqual([45, ['break_below_legal']]);
    // 09:00–15:45 → 405 worked, needs 45, shortfall 45.
    expect(figures(day('2026-04-01', '09:00', '15:45'))).toMatchObject({ restraint: 405, break: 0, worked: 405 });
    // 拘束 6:01 and 8:46 with no break given (the filed cases): 361 and 526 of work, shortfalls 45 and 60
    // (526 > 8 h needs 60).
    const long = day('2026-04-01', '09:00', '17:46');
    expect([long.restraintMinutes, long.breakMinutes, long.workedMinutes, long.breakShortfallMinutes]).toEqual([
      526, 0, 526, 60,
    ]);
  });

  it('9. a day with only a punch-in is incomplete: zero time, flagged', () => {
    const d = computeDay({
      workDate: '2026-04-01',
      timeZone: TZ,
      punchInAt: at('2026-04-01', '09:00'),
      rules: DEFAULTS,
    });
    expect(d.status).toBe('incomplete');
    expect(figures(d)).toEqual({
      restraint: 0,
      break: 0,
      worked: 0,
      regular: 0,
      scheduled: 0,
      statutory: 0,
      holiday: 0,
      lateNight: 0,
    });
    expect(d.flags).toEqual(['missing_punch_out']);
    expect(jaLines(d)).toEqual(['未完了: 退勤打刻がないため労働時間0分として扱い、集計に含めない']);
  });

  it('10. a short break rule shift: the break moves to the end when 4 h do not fit', () => {
    // Break rule: restraint ≥ 3:00 → 0:30. 09:00–12:00 → restraint 180 ≥ 180 → break 30.
    // 4 h after punch-in is past the punch-out: the break starts at 180 − 30 = 150 min → 11:30–12:00.
    // Worked 150, regular.
    const rules = resolveRules([rule({ ruleType: 'break', conditionMinutes: 180, breakMinutes: 30 })], null, null);
    const d = day('2026-04-01', '09:00', '12:00', { rules });
    expect(figures(d)).toMatchObject({ restraint: 180, break: 30, worked: 150, regular: 150 });
    expect(segs(d)).toEqual(['regular:150', 'break:30']);
  });

  it('11. fixed 6 h part-timer: 法内残業 fills 6 h → 8 h, late night on an evening shift', () => {
    // Fixed 6:00 = 360. 14:00–23:00 → restraint 540, the two-tier rule's break 60 at 18:00–19:00,
    // worked 480.
    // Regular: 14:00–18:00 (240) + 19:00–21:00 (120) = 360.  法内: 21:00–23:00 = 120 (361..480).
    // Late night: 22:00–23:00 = 60, inside the 法内 part.
    const rules = resolveRules(
      [
        rule({ ruleType: 'working', employmentStatusId: 'part', fixedMinutes: 360, overMinutes: 0 }),
        TWO_TIER_BREAK_RECORD,
      ],
      'd1',
      'part',
    );
    const d = day('2026-04-01', '14:00', '23:00', { rules, approved: { overWork: true } });
    expect(figures(d)).toEqual({
      restraint: 540,
      break: 60,
      worked: 480,
      regular: 360,
      scheduled: 120,
      statutory: 0,
      holiday: 0,
      lateNight: 60,
    });
    expect(segs(d)).toEqual([
      'regular:240',
      'break:60',
      'regular:120',
      'scheduled_overtime:60',
      'scheduled_overtime+night:60',
    ]);
    // The daily threshold 0:00 is passed by 120 min of overtime: flagged only, the buckets stay.
    expect(d.flags).toEqual(['over_daily_threshold']);
  });

  it('12. seconds are truncated to the minute', () => {
    // 09:00:59 → 09:00, 17:59:59 → 17:59: restraint 539. With the two-tier rule (539 ≥ 526) the break is
    // 60 → worked 479.
    const d = computeDay({
      workDate: '2026-04-01',
      timeZone: TZ,
      punchInAt: '2026-04-01T00:00:59Z',
      punchOutAt: '2026-04-01T08:59:59Z',
      rules: RULED,
    });
    expect(figures(d)).toMatchObject({ restraint: 539, break: 60, worked: 479 });
  });
});

describe('computeDay edge cases', () => {
  it('marks a punch-out without punch-in and a punch-out before the punch-in incomplete', () => {
    const noIn = computeDay({
      workDate: '2026-04-01',
      timeZone: TZ,
      punchOutAt: at('2026-04-01', '18:00'),
      rules: DEFAULTS,
    });
    expect([noIn.status, noIn.flags]).toEqual(['incomplete', ['missing_punch_in']]);
    const backwards = day('2026-04-01', '18:00', '09:00');
    expect([backwards.status, backwards.workedMinutes, backwards.flags]).toEqual([
      'incomplete',
      0,
      ['punch_out_before_in'],
    ]);
  });

  it('a day without punches is "none" and a leave day says so', () => {
    const d = computeDay({ workDate: '2026-04-01', timeZone: TZ, rules: DEFAULTS, leaveType: 0 });
    expect(d.status).toBe('none');
    expect(d.leaveDays).toBe(1);
    expect(jaLines(d)).toEqual(['有給休暇（1日）', '打刻なし']);
    const worked = day('2026-04-01', '09:00', '12:00', { leaveType: 0, leaveDays: 0.5 });
    expect(worked.flags).toContain('worked_on_leave');
    expect(worked.leaveDays).toBe(0.5);
  });

  it('a fixed time over 8 h still puts minutes beyond 8 h into 法定外', () => {
    const rules: RulesInForce = { working: { ...DEFAULT_WORKING_RULE, fixedMinutes: 600 }, break: TWO_TIER_BREAK };
    // 09:00–20:00 → 660 − 60 (the two-tier rule) = 600 worked; regular is capped at 480, the rest 120 is 法定外.
    expect(figures(day('2026-04-01', '09:00', '20:00', { rules }))).toMatchObject({
      worked: 600,
      regular: 480,
      scheduled: 0,
      statutory: 120,
    });
  });

  it('late night follows the company zone, not UTC', () => {
    // 22:00–23:00 in New York: 60 late-night minutes there; the same instants are 11:00–12:00 in Tokyo.
    const ny = 'America/New_York';
    const input = {
      workDate: '2026-04-01',
      punchInAt: instantOf('2026-04-01', 22, 0, ny),
      punchOutAt: instantOf('2026-04-01', 23, 0, ny),
      rules: DEFAULTS,
    };
    expect(computeDay({ ...input, timeZone: ny }).lateNightMinutes).toBe(60);
    expect(computeDay({ ...input, timeZone: TZ, workDate: '2026-04-02' }).lateNightMinutes).toBe(0);
  });
});

/**
 * Reference: label every minute of the shift one at a time, straight from the rules in version.ts
 * (break block 4 h after punch-in, legal holiday by calendar day, 22:00–05:00 on the local clock),
 * and count minutes per kind and late night. computeDay sweeps intervals instead; they must agree.
 */
function bruteForce(input: DayInput & { punchInAt: string; punchOutAt: string }, breakMinutes: number) {
  const min = (iso: string) => Math.floor(Date.parse(iso) / 60_000);
  const local = (date: string, h: number) => min(instantOf(date, h, 0, TZ));
  const start = min(input.punchInAt);
  const end = min(input.punchOutAt);
  const breakStart = start + Math.min(240, end - start - breakMinutes);
  const fixedCap = Math.min(input.rules.working.fixedMinutes, 480);
  const nights = [-1, 0, 1, 2].map(
    (k) => [local(addDays(input.workDate, k), 22), local(addDays(input.workDate, k + 1), 5)] as const,
  );
  const holidays = [
    ...(input.calendar?.isLegalHoliday
      ? [[local(input.workDate, 0), local(addDays(input.workDate, 1), 0)] as const]
      : []),
    ...(input.nextDayIsLegalHoliday
      ? [[local(addDays(input.workDate, 1), 0), local(addDays(input.workDate, 2), 0)] as const]
      : []),
  ];
  const counts: Record<string, number> = {};
  let ordinary = 0;
  for (let m = start; m < end; m++) {
    let kind: SegmentKind;
    if (m >= breakStart && m < breakStart + breakMinutes) kind = 'break';
    else if (holidays.some(([a, b]) => m >= a && m < b)) kind = 'legal_holiday';
    else {
      ordinary++;
      kind = ordinary <= fixedCap ? 'regular' : ordinary <= 480 ? 'scheduled_overtime' : 'statutory_overtime';
    }
    const night = kind !== 'break' && nights.some(([a, b]) => m >= a && m < b);
    const key = `${kind}${night ? '+night' : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const countsOf = (d: DayResult) => {
  const counts: Record<string, number> = {};
  for (const s of d.segments) {
    const key = `${s.kind}${s.lateNight ? '+night' : ''}`;
    counts[key] = (counts[key] ?? 0) + s.minutes;
  }
  return counts;
};

describe('computeDay invariants (property-based)', () => {
  const rulesArb = fc.record({
    fixed: fc.integer({ min: 0, max: 600 }),
    condition: fc.option(fc.integer({ min: 0, max: 600 }), { nil: null }),
    brk: fc.integer({ min: 0, max: 120 }),
  });
  it('each worked minute is in exactly one bucket; the company break is deducted as it is, 34条 shortfalls flagged', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.integer({ min: 0, max: 20 * 60 }),
        rulesArb,
        fc.boolean(),
        fc.boolean(),
        (startMinute, length, r, legal, nextLegal) => {
          const punchIn = new Date(Date.parse(at('2026-04-01', '00:00')) + startMinute * 60_000).toISOString();
          const punchOut = new Date(Date.parse(punchIn) + length * 60_000).toISOString();
          const input = {
            workDate: '2026-04-01',
            timeZone: TZ,
            punchInAt: punchIn,
            punchOutAt: punchOut,
            rules: {
              working: { ...DEFAULT_WORKING_RULE, fixedMinutes: r.fixed },
              break: { level: 'company', conditionMinutes: r.condition, breakMinutes: r.brk },
            },
            calendar: legal ? LEGAL_HOLIDAY : undefined,
            nextDayIsLegalHoliday: nextLegal,
          } satisfies DayInput;
          const d = computeDay(input);
          expect(countsOf(d)).toEqual(bruteForce(input, d.breakMinutes));
          expect(d.restraintMinutes).toBe(length);
          expect(d.workedMinutes + d.breakMinutes).toBe(length);
          expect(
            d.regularMinutes + d.scheduledOvertimeMinutes + d.statutoryOvertimeMinutes + d.legalHolidayWorkMinutes,
          ).toBe(d.workedMinutes);
          expect(d.segments.reduce((n, s) => n + s.minutes, 0)).toBe(length);
          // The break is exactly the company's (its tier for the restraint): never raised (issue 29).
          const company = Math.min(length, tierBreak(length, input.rules.break));
          expect(d.breakMinutes).toBe(company);
          // 34条 on work time: work over 6 h needs 45, over 8 h 60; what the company's break lacks is
          // the day's shortfall, flagged.
          const worked = length - company;
          const need = worked > 480 ? 60 : worked > 360 ? 45 : 0;
          expect(d.breakShortfallMinutes).toBe(Math.max(0, need - company));
          expect(d.flags.includes('break_below_legal')).toBe(need > company);
          expect(d.lateNightMinutes).toBeLessThanOrEqual(d.workedMinutes);
          expect(d.regularMinutes + d.scheduledOvertimeMinutes).toBeLessThanOrEqual(480);
          if (legal && startMinute + length <= 24 * 60)
            expect(d.statutoryOvertimeMinutes + d.scheduledOvertimeMinutes + d.regularMinutes).toBe(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/**
 * Issue 15 item 1: 34条 is on 労働時間 (拘束 − 休憩), not on 拘束. Work over 6 h needs ≥ 45 min, work
 * over 8 h ≥ 60 min (LABOUR-LAW.md "Breaks"). Issue 29 item 3 (LABOUR-LAW.md corrected 2026-11-28): the
 * company's break is used as it is, never raised; where it is shorter than 34条 needs for the resulting
 * work, the work stays work and the day is flagged with the shortfall.
 * Every figure below is derived from those sentences, not from the engine.
 */
describe('34条 on work time, company breaks used as they are (issues 15 and 29)', () => {
  const breakRule = (r: Partial<RuleRecord>) => resolveRules([rule({ ruleType: 'break', ...r })], null, null);

  it('拘束 8:01–8:45 with no company rule: no break, all worked, the shortfall flagged', () => {
    // 09:00–17:01 → 拘束 481, no break given → work 481 > 8 h → needs 60 → shortfall 60; worked 481 =
    // 480 所定内 + 1 法定外.
    const a = day('2026-04-01', '09:00', '17:01');
    expect(figures(a)).toMatchObject({ restraint: 481, break: 0, worked: 481, regular: 480, statutory: 1 });
    expect(a.breakShortfallMinutes).toBe(60);
    // 09:00–17:45 → 拘束 525 → work 525 = 480 所定内 + 45 法定外, shortfall 60.
    const d = day('2026-04-01', '09:00', '17:45');
    expect(figures(d)).toMatchObject({ restraint: 525, break: 0, worked: 525, regular: 480, statutory: 45 });
    expect([d.breakSource, d.breakShortfallMinutes]).toEqual(['none', 60]);
  });

  it('a company 45 min on 9:00–17:45 stays 45: work 8:00', () => {
    // Rule 拘束6:00以上で0:45. 拘束 525 ≥ 360 → 45; work 525 − 45 = 480, not over 8 h, 45 ≥ 45 → lawful
    // → kept (the old restraint test raised it to 60 and lost 15 paid minutes).
    const d = day('2026-04-01', '09:00', '17:45', { rules: breakRule({ conditionMinutes: 360, breakMinutes: 45 }) });
    expect(figures(d)).toMatchObject({ restraint: 525, break: 45, worked: 480, regular: 480, scheduled: 0 });
    expect(d.breakSource).toBe('rule');
    expect(jaLines(d)).toContain(
      '休憩: 休憩ルール(全社)により45分（拘束6:00以上で0:45）、13:00–13:45に一括取得とみなす（出勤4時間後から）',
    );
  });

  it('a company 30 min on 10:00–16:30 stays 30: work exactly 6:00 is not over 6 h', () => {
    // Rule 拘束6:00以上で0:30. 拘束 390 ≥ 360 → 30; work 390 − 30 = 360 = 6:00, not over 6 h → lawful.
    const d = day('2026-04-01', '10:00', '16:30', { rules: breakRule({ conditionMinutes: 360, breakMinutes: 30 }) });
    expect(figures(d)).toMatchObject({ restraint: 390, break: 30, worked: 360, regular: 360 });
    expect(d.breakSource).toBe('rule');
  });

  it('the 8:45–17:30 / 45-minute week: 480 所定内 a day, a Saturday is all weekly 法定外', () => {
    // Rule 拘束6:00以上で0:45, fixed 8:00. Each day: 拘束 525 − 45 = 480 (lawful: not over 8 h) →
    // 480 所定内, no loss. Mon 6 – Fri 10 April 2026: 5 × 480 = 2400 = 40 h. Sat 11 the same:
    // week 2880 → 2880 − 2400 = 480 weekly 法定外 (with 60 min deducted it would have been 6 × 465 =
    // 2790 → 390: 90 minutes of 法定外 lost).
    const rules = breakRule({ conditionMinutes: 360, breakMinutes: 45 });
    const dates = ['06', '07', '08', '09', '10', '11'].map((d) => `2026-04-${d}`);
    const week = applyWeeklyLimit(dates.map((date) => day(date, '08:45', '17:30', { rules })));
    expect(week.slice(0, 5).map((d) => [d.workedMinutes, d.regularMinutes, d.statutoryOvertimeMinutes])).toEqual(
      Array(5).fill([480, 480, 0]),
    );
    expect(week[5]).toMatchObject({ workedMinutes: 480, regularMinutes: 0, weeklyStatutoryOvertimeMinutes: 480 });
  });

  it('a single-tier rule under the law is not raised: the shortfall is flagged (拘束 9:00 with 45 → 8:15)', () => {
    // Rule 拘束6:01以上で0:45. 09:00–18:00 → 拘束 540 ≥ 361 → 45 → work 495 = 8:15: 480 所定内 and
    // 15 法定外; 8:15 > 8 h needs 60 → shortfall 60 − 45 = 15 (the filed case).
    const rules = breakRule({ conditionMinutes: 361, breakMinutes: 45 });
    const nine = day('2026-04-01', '09:00', '18:00', { rules });
    expect(figures(nine)).toMatchObject({ restraint: 540, break: 45, worked: 495, regular: 480, statutory: 15 });
    expect([nine.breakSource, nine.breakShortfallMinutes, nine.flags]).toEqual([
      'rule',
      15,
      ['unapproved_overtime', 'break_below_legal'],
    ]);
    // 09:00–18:30 → 拘束 570 − 45 = 525 worked, shortfall 15. 09:00–17:50 → 530 − 45 = 485, shortfall 15.
    const long = day('2026-04-01', '09:00', '18:30', { rules });
    expect([long.breakMinutes, long.workedMinutes, long.breakShortfallMinutes]).toEqual([45, 525, 15]);
    const short = day('2026-04-01', '09:00', '17:50', { rules });
    expect([short.breakMinutes, short.workedMinutes, short.breakShortfallMinutes]).toEqual([45, 485, 15]);
  });

  it('a two-tier rule (拘束6:01以上→45分, 拘束8:46以上→60分) is lawful as it stands', () => {
    const rules = breakRule({
      conditionMinutes: 361,
      breakMinutes: 45,
      tier2ConditionMinutes: 526,
      tier2BreakMinutes: 60,
    });
    const run = (to: string) => day('2026-04-01', '09:00', to, { rules });
    // 拘束 360 < 361: no tier → 0; work 6:00 lawful.
    expect(figures(run('15:00'))).toMatchObject({ break: 0, worked: 360 });
    // 拘束 390 ≥ 361 → tier 1: 45 (more than the 30 the law needs, the company's choice) → worked 345.
    expect([figures(run('15:30')).break, run('15:30').breakSource]).toEqual([45, 'rule']);
    // 拘束 525 → tier 1: 45 → work 480, lawful.
    expect(figures(run('17:45'))).toMatchObject({ break: 45, worked: 480 });
    // 拘束 526 ≥ 526 → tier 2: 60 → work 466.
    const t2 = run('17:46');
    expect([t2.breakMinutes, t2.workedMinutes, t2.breakSource]).toEqual([60, 466, 'rule']);
    expect(jaLines(t2)).toContain(
      '休憩: 休憩ルール(全社)により60分（拘束6:01以上で0:45、拘束8:46以上で1:00）、13:00–14:00に一括取得とみなす（出勤4時間後から）',
    );
  });

  describe('fixed break windows', () => {
    const noon = { breakWindows: [{ startMinute: 12 * 60, endMinute: 13 * 60 }] };

    it('a window inside the shift is the break, at its own time', () => {
      // Window 12:00–13:00, shift 09:00–18:00 (拘束 540): 60 in the window; work 480 lawful → 60.
      // 09:00–12:00 所定内 180, break 60, 13:00–18:00 所定内 300.
      const d = day('2026-04-01', '09:00', '18:00', { rules: breakRule(noon) });
      expect(figures(d)).toMatchObject({ restraint: 540, break: 60, worked: 480, regular: 480 });
      expect(segs(d)).toEqual(['regular:180', 'break:60', 'regular:300']);
      expect(d.breakSource).toBe('rule');
      expect(jaLines(d)).toContain(
        '休憩: 休憩ルール(全社)により60分（休憩時間帯12:00–13:00）、12:00–13:00に取得とみなす（うち休憩時間帯60分）',
      );
    });

    it('only the part of the window inside the 拘束 span is deducted', () => {
      // 12:30–18:00: 拘束 330, window part 12:30–13:00 = 30; work 300 ≤ 6 h → lawful → 30.
      const d = day('2026-04-01', '12:30', '18:00', { rules: breakRule(noon) });
      expect(figures(d)).toMatchObject({ restraint: 330, break: 30, worked: 300 });
      expect(segs(d)).toEqual(['break:30', 'regular:300']);
      // 08:00–12:00: no part of the window → 0 (拘束 240 needs none).
      expect(figures(day('2026-04-01', '08:00', '12:00', { rules: breakRule(noon) }))).toMatchObject({ break: 0 });
    });

    it('a window shorter than the law needs stays as it is; the shortfall is flagged', () => {
      // Window 12:00–12:45; shift 10:00–19:00, 拘束 540 → break 45 (the window) → work 495 > 8 h needs
      // 60 → 15 short. Nothing is added after the window: 10:00–12:00 120, break 45, 12:45–19:00 375
      // = 495 worked: 480 所定内 (up to 18:45) and 15 法定外.
      const rules = breakRule({ breakWindows: [{ startMinute: 720, endMinute: 765 }] });
      const d = day('2026-04-01', '10:00', '19:00', { rules });
      expect(figures(d)).toMatchObject({ restraint: 540, break: 45, worked: 495, regular: 480, statutory: 15 });
      expect(segs(d)).toEqual(['regular:120', 'break:45', 'regular:360', 'statutory_overtime:15']);
      expect([d.breakSource, d.breakShortfallMinutes]).toEqual(['rule', 15]);
    });

    it('a window on the next calendar day applies to a night shift', () => {
      // Window 02:00–03:00; shift 22:00 → 07:00 next day, 拘束 540: the window of the 2nd lies inside
      // → 60, work 480. Late night 22:00–05:00 = 420 − 60 = 360.
      const rules = breakRule({ breakWindows: [{ startMinute: 120, endMinute: 180 }] });
      const d = day('2026-04-01', '22:00', '07:00', { rules }, '2026-04-02');
      expect(figures(d)).toMatchObject({ restraint: 540, break: 60, worked: 480, lateNight: 360 });
      expect(segs(d)).toEqual(['regular+night:240', 'break:60', 'regular+night:120', 'regular:120']);
    });

    it('with both, the larger of the tier break and the window minutes is the company break', () => {
      // Tier 拘束6:00以上で1:00, window 12:00–12:45. 09:00–18:00: tier 60 > window 45 → 60; the 15
      // beyond the window follow it → 12:00–13:00.
      const rules = breakRule({
        conditionMinutes: 360,
        breakMinutes: 60,
        breakWindows: [{ startMinute: 720, endMinute: 765 }],
      });
      const d = day('2026-04-01', '09:00', '18:00', { rules });
      expect([d.breakMinutes, d.breakSource]).toEqual([60, 'rule']);
      expect(segs(d)).toEqual(['regular:180', 'break:60', 'regular:300']);
    });
  });
});
