import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, instantOf } from '../../functions/domain/time.js';
import {
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
} from '../../functions/domain/worktime/index.js';

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
  it('1. a standard day with the built-in default rules', () => {
    // 09:00–18:00 → restraint 9 h = 540 min.
    // Break: no break rule; 540 > 480 → legal minimum 60. Placed 4 h after punch-in: 13:00–14:00.
    // Worked 540 − 60 = 480. Fixed time 8 h = 480 → all 480 regular; nothing after 22:00.
    const d = day('2026-04-01', '09:00', '18:00');
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
    expect(d.breakSource).toBe('legal_minimum');
    expect(d.ruleVersion).toBe(RULE_VERSION);
    expect(d.flags).toEqual([]);
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
    expect(d.explanation).toContain(
      '休憩: 休憩ルール(全社)により60分（拘束6:00以上で1:00）、13:00–14:00に一括取得とみなす（出勤4時間後から）',
    );
    expect(d.explanation).toContain('17:30–18:00 法内残業（所定超・1日8時間以内） 30分');
    expect(d.explanation).toContain('18:00–19:00 法定外残業（1日8時間超） 60分');
  });

  it('3. a night shift across midnight: late night on the clock, minus the break', () => {
    // Wed 22:00 → Thu 07:00 (punch-out on the next calendar day) → restraint 540.
    // Break 60 (540 > 480), placed 22:00 + 4 h = 02:00–03:00.
    // Worked 480, all regular (fixed 8 h).
    // Late night 22:00–05:00 = 420 min of restraint, minus the 60-min break inside it = 360.
    const d = day('2026-04-01', '22:00', '07:00', {}, '2026-04-02');
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
    expect(d.explanation).toContain('拘束: 22:00–翌07:00 540分');
    expect(d.explanation).toContain('翌03:00–翌05:00 所定内労働＋深夜 120分');
  });

  it('4. a long day running into late night: 法定外 and late night overlap', () => {
    // 09:00–23:30 → restraint 870; break 60 (13:00–14:00); worked 810.
    // Regular 480 = 09:00–13:00 + 14:00–18:00. 法定外 = 810 − 480 = 330 = 18:00–23:30.
    // Late night = 22:00–23:30 = 90, all of it also 法定外.
    const d = day('2026-04-01', '09:00', '23:30');
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
    // Sunday 09:00–20:00 → restraint 660; break 60; worked 600.
    // Legal holiday → all 600 in the holiday bucket; 8 h/day does not apply: 法定外 0.
    const d = day('2026-04-05', '09:00', '20:00', { calendar: LEGAL_HOLIDAY, approved: { holidayWork: true } });
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
    expect(d.explanation[0]).toMatch(/^法定休日/);
  });

  it('6. Saturday night into the legal holiday: holiday work starts at 0:00', () => {
    // Sat 20:00 → Sun 06:00 → restraint 600; break 60 at 20:00 + 4 h = 00:00–01:00; worked 540.
    // Saturday is a non-legal day off: 20:00–24:00 = 240 minutes count as ordinary work → regular.
    // Sunday is the legal holiday: 01:00–06:00 = 300 → 法定休日労働.
    // 240 + 300 = 540; no minute passes 8 h of ordinary work, so no overtime.
    // Late night: 22:00–24:00 (120, regular) + 01:00–05:00 (240, holiday) = 360.
    const d = day('2026-04-04', '20:00', '06:00', { calendar: DAY_OFF, nextDayIsLegalHoliday: true }, '2026-04-05');
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

  it('7. a break rule below the legal minimum is raised to it', () => {
    // Department break rule: restraint ≥ 5:00 → 0:30. 09:00–16:00 → restraint 420.
    // Rule gives 30 (420 ≥ 300); 34条: 420 > 360 → 45. The larger, 45, is deducted: 13:00–13:45.
    // Worked 420 − 45 = 375, all regular (fixed 8 h default).
    const rules = resolveRules(
      [rule({ ruleType: 'break', departmentId: 'd1', conditionMinutes: 300, breakMinutes: 30 })],
      'd1',
      's1',
    );
    const d = day('2026-04-01', '09:00', '16:00', { rules });
    expect(figures(d)).toEqual({
      restraint: 420,
      break: 45,
      worked: 375,
      regular: 375,
      scheduled: 0,
      statutory: 0,
      holiday: 0,
      lateNight: 0,
    });
    expect(d.breakSource).toBe('legal_minimum');
    expect(d.explanation).toContain(
      '休憩: 労働基準法34条の最低基準により45分（拘束6時間超→45分。休憩ルール(部署): 拘束5:00以上で0:30）、13:00–13:45に一括取得とみなす（出勤4時間後から）',
    );
  });

  it('8. exactly 6 h needs no break; 6 h 1 min gets 45', () => {
    // 09:00–15:00 → 360: not over 6 h → break 0, worked 360.
    // 09:00–15:01 → 361 > 360 → break 45, worked 316 (the restraint-based deemed break of the product).
    expect(figures(day('2026-04-01', '09:00', '15:00'))).toMatchObject({ restraint: 360, break: 0, worked: 360 });
    expect(figures(day('2026-04-01', '09:00', '15:01'))).toMatchObject({ restraint: 361, break: 45, worked: 316 });
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
    expect(d.explanation).toEqual(['未完了: 退勤打刻がないため労働時間0分として扱い、集計に含めない']);
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
    // Fixed 6:00 = 360. 14:00–23:00 → restraint 540, break 60 at 18:00–19:00, worked 480.
    // Regular: 14:00–18:00 (240) + 19:00–21:00 (120) = 360.  法内: 21:00–23:00 = 120 (361..480).
    // Late night: 22:00–23:00 = 60, inside the 法内 part.
    const rules = resolveRules(
      [rule({ ruleType: 'working', employmentStatusId: 'part', fixedMinutes: 360, overMinutes: 0 })],
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
    // 09:00:59 → 09:00, 17:59:59 → 17:59: restraint 539 → break 60 → worked 479.
    const d = computeDay({
      workDate: '2026-04-01',
      timeZone: TZ,
      punchInAt: '2026-04-01T00:00:59Z',
      punchOutAt: '2026-04-01T08:59:59Z',
      rules: DEFAULTS,
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
    expect(d.explanation).toEqual(['有給休暇（1日）', '打刻なし']);
    const worked = day('2026-04-01', '09:00', '12:00', { leaveType: 0, leaveDays: 0.5 });
    expect(worked.flags).toContain('worked_on_leave');
    expect(worked.leaveDays).toBe(0.5);
  });

  it('a fixed time over 8 h still puts minutes beyond 8 h into 法定外', () => {
    const rules: RulesInForce = { working: { ...DEFAULT_WORKING_RULE, fixedMinutes: 600 }, break: DEFAULT_BREAK_RULE };
    // 09:00–20:00 → 660 − 60 = 600 worked; regular is capped at 480, the rest 120 is 法定外.
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
  it('each worked minute is in exactly one bucket; the legal break is always deducted', () => {
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
          expect(d.breakMinutes).toBeGreaterThanOrEqual(length > 480 ? 60 : length > 360 ? 45 : 0);
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
