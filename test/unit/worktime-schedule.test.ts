/**
 * Schedules in the engine (issue 16, rule version 2026.3): 遅刻・早退・欠勤 against the day's pattern,
 * grace, night patterns, half-day and hourly leave, punched breaks against 34条, pattern break
 * windows, shifts changing a day's character, 勤務間インターバル, the 1か月単位 30-minute rounding and
 * the display rounding of punches. Every figure is derived by hand in the comment above it, from
 * ../shared/LABOUR-LAW.md (34条 on 労働時間: > 6 h → 45 min, > 8 h → 60 min; 32条 8 h; 深夜 22:00–05:00;
 * 基発150号 rounding) and the shared decisions of issue 16 — not from the engine's code.
 *
 * Asia/Tokyo (UTC+9, no DST). April 2026: the 1st is a Wednesday, 4th Saturday, 5th Sunday (the
 * default 法定休日), 29th 昭和の日. Built-in rules: fixed time 8:00, no break rule (so only the law's
 * minimum applies when a day has no pattern windows and no punched breaks).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantOf } from '../../functions/domain/time.js';
import { companyCalendar } from '../../functions/domain/worktime/calendar.js';
import { computePeriod } from '../../functions/domain/worktime/period.js';
import {
  computeDay,
  computeMonth,
  DEFAULT_BREAK_RULE,
  DEFAULT_WORK_SETTINGS,
  DEFAULT_WORKING_RULE,
  displayPunch,
  leaveDayHours,
  patternWorkMinutes,
  round30,
  roundedPunchAt,
  type AttendanceRecord,
  type DayInput,
  type DayResult,
  type DaySchedule,
  type RulesInForce,
  type ScheduleOf,
  type WorkPattern,
  type WorkSettings,
} from '../../functions/domain/worktime/index.js';
import { TWO_TIER_BREAK } from '../support/break-rules.js';
import { jaLines } from '../support/explanation.js';

const TZ = 'Asia/Tokyo';
/**
 * The built-in working rule with the common lawful two-tier company break rule (拘束6:01以上45分、
 * 拘束8:46以上60分; test/support/break-rules.ts): since rule 2026.5 no break is deemed that the company
 * did not give; the days here without a pattern window take the rule's break.
 */
const DEFAULTS: RulesInForce = { working: DEFAULT_WORKING_RULE, break: TWO_TIER_BREAK };
const calendar = companyCalendar();

/** "HH:MM" or "HH:MM:SS" on a date → ISO instant. */
const at = (date: string, hhmm: string) => {
  const [h, m, s = 0] = hhmm.split(':').map(Number) as [number, number, number?];
  return new Date(Date.parse(instantOf(date, h, m, TZ)) + s * 1000).toISOString();
};
const next = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** 日勤 9:00–18:00 with lunch 12:00–13:00. */
const DAY: WorkPattern = {
  id: 'p-day',
  name: '日勤',
  startMinute: 540,
  endMinute: 1080,
  breaks: [{ startMinute: 720, endMinute: 780 }],
};
/** 夜勤 22:00–翌7:00 with a break 翌2:00–3:00 (minutes past 24:00). */
const NIGHT: WorkPattern = {
  id: 'p-night',
  name: '夜勤',
  startMinute: 1320,
  endMinute: 1860,
  breaks: [{ startMinute: 1560, endMinute: 1620 }],
};
/** 短時間 10:00–15:00, no break window (midpoint 12:30). */
const SHORT: WorkPattern = { id: 'p-short', name: '短時間', startMinute: 600, endMinute: 900, breaks: [] };

const shiftOf = (pattern: WorkPattern): DaySchedule => ({ kind: 'pattern', pattern, source: 'shift' });
const settings = (s: Partial<WorkSettings>): WorkSettings => ({ ...DEFAULT_WORK_SETTINGS, ...s });

/** A day on Wednesday 1 April with the 日勤 shift unless told otherwise. */
function day(from: string | null, to: string | null, rest: Partial<DayInput> = {}, date = '2026-04-01'): DayResult {
  return computeDay({
    workDate: date,
    timeZone: TZ,
    punchInAt: from ? at(date, from) : null,
    punchOutAt: to ? (to.startsWith('+') ? at(next(date), to.slice(1)) : at(date, to)) : null,
    rules: DEFAULTS,
    schedule: shiftOf(DAY),
    ...rest,
  });
}

const segs = (d: DayResult) => d.segments.map((s) => `${s.kind}${s.lateNight ? '+night' : ''}:${s.minutes}`);

describe('遅刻 and grace', () => {
  it('late by 1 minute: 09:01:30 against 9:00 is 1 minute (punches truncated to the minute)', () => {
    // Punch-in 09:01:30 → 09:01; scheduled start 9:00 → 9:00–9:01 missed = 1 minute, no grace → 1.
    // Break: the pattern window 12:00–13:00 lies inside 09:01–18:00 → 60; restraint 539, work 479
    // (> 6 h needs 45, 60 ≥ 45: lawful) → 479 worked, all regular (≤ 8:00).
    const d = day('09:01:30', '18:00');
    expect([d.lateMinutes, d.earlyLeaveMinutes, d.isAbsent]).toEqual([1, 0, false]);
    expect(d.flags).toEqual(['late']);
    expect([d.restraintMinutes, d.breakMinutes, d.breakSource, d.workedMinutes]).toEqual([539, 60, 'pattern', 479]);
    // 9:00 JST = 00:00Z, 18:00 JST = 09:00Z.
    expect([d.scheduledStartAt, d.scheduledEndAt]).toEqual(['2026-04-01T00:00:00.000Z', '2026-04-01T09:00:00.000Z']);
    expect(jaLines(d)).toContain('予定: 9:00–18:00（日勤）、休憩12:00–13:00');
    expect(jaLines(d)).toContain('遅刻: 9:01出勤 1分（猶予0分）');
    // 09:00:59 truncates to 9:00: on time.
    expect(day('09:00:59', '18:00').lateMinutes).toBe(0);
  });

  it('grace 5: 5 minutes late counts 0, 6 minutes late counts the whole 6', () => {
    const grace = { settings: settings({ graceMinutes: 5 }) };
    const five = day('09:05', '18:00', grace);
    expect([five.lateMinutes, five.flags]).toEqual([0, []]);
    expect(jaLines(five)).toContain('遅刻なし: 9:05出勤 5分は猶予5分以内');
    // 6 > 5: beyond the grace the whole lateness counts (not 6 − 5 = 1).
    const six = day('09:06', '18:00', grace);
    expect([six.lateMinutes, six.flags]).toEqual([6, ['late']]);
    expect(jaLines(six)).toContain('遅刻: 9:06出勤 6分（猶予5分）');
    // The same grace for early leave: 17:55 (5) → 0, 17:54 (6) → 6.
    expect(day('09:00', '17:55', grace).earlyLeaveMinutes).toBe(0);
    expect(day('09:00', '17:54', grace).earlyLeaveMinutes).toBe(6);
  });

  it('early leave; the pattern break is not scheduled work', () => {
    // 09:00–17:30: 17:30–18:00 missed = 30 early.
    const d = day('09:00', '17:30');
    expect([d.lateMinutes, d.earlyLeaveMinutes, d.flags]).toEqual([0, 30, ['early_leave']]);
    expect(jaLines(d)).toContain('早退: 17:30退勤 30分（猶予0分）');
    // 09:00–12:30: 12:30–18:00 = 330 minutes, of which 12:30–13:00 (30) is the break → 300 early.
    // Break: the window inside the shift is 12:00–12:30 = 30; restraint 210, work 180 ≤ 6 h → lawful.
    const noon = day('09:00', '12:30');
    expect([noon.earlyLeaveMinutes, noon.breakMinutes, noon.workedMinutes]).toEqual([300, 30, 180]);
    // Arriving 12:30: 9:00–12:30 = 210, less the break 12:00–12:30 (30) → 180 late.
    expect(day('12:30', '18:00').lateMinutes).toBe(180);
  });

  it('night pattern 22:00–翌7:00: late, early leave and late night across midnight', () => {
    // Scheduled start 1 April 22:00 JST = 13:00Z; end 2 April 07:00 JST = 1 April 22:00Z.
    // Punches 22:10 → 翌6:30: late 22:00–22:10 = 10; early 6:30–7:00 = 30.
    // Restraint 22:10–06:30 = 500; pattern window 翌2:00–3:00 inside → break 60, work 440 (> 6 h
    // needs 45: lawful). Late night 22:10–05:00 = 410, less the break 60 → 350. 440 ≤ 480: all regular.
    const d = day('22:10', '+06:30', { schedule: shiftOf(NIGHT) });
    expect([d.scheduledStartAt, d.scheduledEndAt]).toEqual(['2026-04-01T13:00:00.000Z', '2026-04-01T22:00:00.000Z']);
    expect([d.lateMinutes, d.earlyLeaveMinutes]).toEqual([10, 30]);
    expect([d.restraintMinutes, d.breakMinutes, d.workedMinutes, d.lateNightMinutes, d.regularMinutes]).toEqual([
      500, 60, 440, 350, 440,
    ]);
    expect(segs(d)).toEqual(['regular+night:230', 'break:60', 'regular+night:120', 'regular:90']);
    expect(d.flags).toEqual(['late', 'early_leave']);
    expect(jaLines(d)).toContain('予定: 22:00–翌7:00（夜勤）、休憩翌2:00–翌3:00');
    expect(jaLines(d)).toContain('遅刻: 22:10出勤 10分（猶予0分）');
    expect(jaLines(d)).toContain('早退: 翌6:30退勤 30分（猶予0分）');
  });
});

describe('pattern times on the company clock', () => {
  it('a night pattern across a DST change keeps its wall-clock times (America/New_York, 8 March 2026)', () => {
    // Clocks go 2:00 EST → 3:00 EDT on Sunday 8 March 2026. 夜勤 22:00–翌7:00 from Saturday 7 March:
    // start 22:00 EST (UTC−5) = 8 March 03:00Z; end 7:00 EDT (UTC−4) = 8 March 11:00Z — 8 hours, not 9.
    const d = computeDay({
      workDate: '2026-03-07',
      timeZone: 'America/New_York',
      rules: DEFAULTS,
      schedule: shiftOf(NIGHT),
    });
    expect([d.scheduledStartAt, d.scheduledEndAt]).toEqual(['2026-03-08T03:00:00.000Z', '2026-03-08T11:00:00.000Z']);
  });
});

describe('欠勤', () => {
  it('a scheduled day that is over with no punch and no leave is 欠勤; not before it is over; not with leave', () => {
    const absent = day(null, null, { isOver: true });
    expect([absent.isAbsent, absent.flags]).toEqual([true, ['absent']]);
    expect(jaLines(absent)).toContain('欠勤: 予定のある日に打刻・休暇なし');
    // Today or later: not yet.
    expect(day(null, null, { isOver: false }).isAbsent).toBe(false);
    // 終日 有給, 午前半休, 時間単位: leave of any unit → not 欠勤.
    expect(day(null, null, { isOver: true, leaveType: 0 }).isAbsent).toBe(false);
    expect(day(null, null, { isOver: true, leaveType: 0, leaveUnit: 'am' }).isAbsent).toBe(false);
    expect(day(null, null, { isOver: true, leaveType: 0, leaveUnit: 'hours', leaveHours: 2 }).isAbsent).toBe(false);
    // No pattern: nothing is expected, no 欠勤.
    expect(day(null, null, { isOver: true, schedule: null }).isAbsent).toBe(false);
    // A default (group) pattern on a calendar day off (Saturday 4 April) schedules nothing.
    const sat = day(
      null,
      null,
      {
        isOver: true,
        schedule: { kind: 'pattern', pattern: DAY, source: 'group' },
        calendar: calendar('2026-04-04'),
      },
      '2026-04-04',
    );
    expect([sat.isAbsent, sat.schedule, sat.scheduledStartAt]).toEqual([false, null, null]);
  });

  it('終日 leave: not late, early or absent even with odd punches', () => {
    const d = day('11:00', '15:00', { leaveType: 0 });
    expect([d.lateMinutes, d.earlyLeaveMinutes, d.isAbsent]).toEqual([0, 0, false]);
    expect(d.flags).toEqual(['worked_on_leave']);
  });
});

describe('break punches', () => {
  it('breaks a correction recorded as none are none; an empty list without the mark is "not punched" (issue 29)', () => {
    // 日勤 09:00–18:00 with its window 12:00–13:00. A correction set `breaks: []` (breaksRecorded): the
    // employee took no break, so neither the window nor the rule is deemed → 540 worked: 480 所定内 (to
    // 17:00) + 60 法定外; 34条: 540 > 8 h needs 60 → 60 short, flagged.
    const recorded = day('09:00', '18:00', { breaks: [], breaksRecorded: true });
    expect([recorded.breakMinutes, recorded.breakSource, recorded.workedMinutes]).toEqual([0, 'punched', 540]);
    expect([recorded.regularMinutes, recorded.statutoryOvertimeMinutes, recorded.breakShortfallMinutes]).toEqual([
      480, 60, 60,
    ]);
    expect(recorded.flags).toContain('break_below_legal');
    expect(jaLines(recorded)).toContain('休憩（打刻修正）: なし、労働9:00（休憩を取らなかった記録どおり）');
    // The same [] without the mark (a day punched without breaks, or an item stored before the mark
    // existed) keeps its old meaning: no break punched → the pattern's window, 60 → 480 worked.
    const unmarked = day('09:00', '18:00', { breaks: [] });
    expect([unmarked.breakMinutes, unmarked.breakSource, unmarked.workedMinutes, unmarked.flags]).toEqual([
      60,
      'pattern',
      480,
      [],
    ]);
  });

  it('below the legal minimum: flagged, figures to the minute as punched (not raised)', () => {
    // 09:00–18:00 with a punched break 12:00–12:30 (the pattern's 60-minute window is NOT used):
    // restraint 540, break 30, work 510 > 8 h needs 60 → below 34条 → break_below_legal.
    // Work counted as punched: 9:00–12:00 regular 180, 12:30–17:30 regular 300 (480 reached),
    // 17:30–18:00 法定外 30.
    const d = day('09:00', '18:00', {
      breaks: [{ startAt: at('2026-04-01', '12:00'), endAt: at('2026-04-01', '12:30') }],
    });
    expect([d.breakMinutes, d.breakSource, d.workedMinutes, d.regularMinutes, d.statutoryOvertimeMinutes]).toEqual([
      30,
      'punched',
      510,
      480,
      30,
    ]);
    expect(segs(d)).toEqual(['regular:180', 'break:30', 'regular:300', 'statutory_overtime:30']);
    expect(d.flags).toEqual(['unapproved_overtime', 'break_below_legal']);
    expect(jaLines(d)).toContain(
      '休憩（打刻）: 12:00–12:30 計30分、労働8:30（打刻どおり。法定の最低基準まで引き上げない）',
    );
    // 09:00–17:45 with 45 minutes (no schedule, so no 早退): work 480 (not over 8 h) needs 45 → lawful.
    const ok = day('09:00', '17:45', {
      breaks: [{ startAt: at('2026-04-01', '12:00'), endAt: at('2026-04-01', '12:45') }],
      schedule: null,
    });
    expect([ok.breakMinutes, ok.workedMinutes, ok.flags]).toEqual([45, 480, []]);
  });

  it('two punched breaks, placed where they were; a repeated punch pair counts once', () => {
    // 09:00–18:30, breaks 12:00–12:40 (40) and 15:00–15:20 (20) = 60; restraint 570, work 510 → 60 lawful.
    // 9:00–12:00 180 + 12:40–15:00 140 + 15:20–18:00 160 = 480 regular; 18:00–18:30 法定外 30.
    const b1 = { startAt: at('2026-04-01', '12:00'), endAt: at('2026-04-01', '12:40') };
    const b2 = { startAt: at('2026-04-01', '15:00'), endAt: at('2026-04-01', '15:20') };
    const d = day('09:00', '18:30', { breaks: [b1, b2, b1] });
    expect([d.breakMinutes, d.workedMinutes, d.regularMinutes, d.statutoryOvertimeMinutes]).toEqual([60, 510, 480, 30]);
    expect(segs(d)).toEqual([
      'regular:180',
      'break:40',
      'regular:140',
      'break:20',
      'regular:160',
      'statutory_overtime:30',
    ]);
    expect(d.flags).not.toContain('break_below_legal');
    expect(d.punchedBreaks).toHaveLength(3);
  });

  it('an open break on a complete day is flagged and not counted', () => {
    // Breaks 12:00–12:45 and 15:00–(no end), 09:00–18:00: only the 45 closed minutes count →
    // work 495 > 8 h needs 60 → also below 34条.
    const d = day('09:00', '18:00', {
      breaks: [
        { startAt: at('2026-04-01', '12:00'), endAt: at('2026-04-01', '12:45') },
        { startAt: at('2026-04-01', '15:00') },
      ],
    });
    expect([d.breakMinutes, d.workedMinutes]).toEqual([45, 495]);
    expect(d.flags).toEqual(['unapproved_overtime', 'break_below_legal', 'break_open']);
    // While still at work (no punch-out) the running break is no finding.
    expect(day('09:00', null, { breaks: [{ startAt: at('2026-04-01', '12:00') }] }).flags).toEqual([
      'missing_punch_out',
    ]);
  });

  it('a forgotten 休憩終了 (退勤 during the break) counts as work, flagged, until a correction ends it', () => {
    // 休憩開始 12:00, 退勤 18:00 pressed during the break (the break keeps no end). Before the fix the
    // break ended at 18:00: a 6-hour break and 3 h of work. Now the open break is no break: 9:00–18:00
    // is 540 worked (480 regular, 60 法定外), flagged break_open and (0 minutes of break) break_below_legal.
    const forgotten = day('09:00', '18:00', { breaks: [{ startAt: at('2026-04-01', '12:00') }] });
    expect([forgotten.breakMinutes, forgotten.workedMinutes, forgotten.statutoryOvertimeMinutes]).toEqual([0, 540, 60]);
    expect(forgotten.flags).toContain('break_open');
    expect(forgotten.flags).toContain('break_below_legal');
    expect(jaLines(forgotten)).toContain(
      '注意: 休憩終了の打刻がない休憩あり（終了が不明なため休憩に数えず労働時間として計上）',
    );
    // The correction gives the break its end (12:00–13:00): 480 worked, no finding about breaks.
    const mended = day('09:00', '18:00', {
      breaks: [{ startAt: at('2026-04-01', '12:00'), endAt: at('2026-04-01', '13:00') }],
    });
    expect([mended.breakMinutes, mended.workedMinutes]).toEqual([60, 480]);
    expect(mended.flags).not.toContain('break_open');
    expect(mended.flags).not.toContain('break_below_legal');
  });

  it('without punches the pattern windows apply as they are; a short window is flagged, not raised', () => {
    // 日勤 09:00–20:00: window 12:00–13:00 = 60; restraint 660, work 600 → 60 lawful → source pattern.
    // 9–12 regular 180, 13–18 regular 300 (480), 18–20 法定外 120.
    const d = day('09:00', '20:00');
    expect([d.breakMinutes, d.breakSource, d.workedMinutes, d.statutoryOvertimeMinutes]).toEqual([
      60,
      'pattern',
      600,
      120,
    ]);
    expect(segs(d)).toEqual(['regular:180', 'break:60', 'regular:300', 'statutory_overtime:120']);
    // A 30-minute window 12:00–12:30 on 09:00–18:00: restraint 540 − 30 = 510 worked: 9–12 180 and
    // 12:30–17:30 300 所定内 (480), 17:30–18:00 30 法定外. 34条: 510 > 8 h needs 60 → 30 short, flagged;
    // nothing is added after the window (issue 29).
    const half: WorkPattern = { ...DAY, breaks: [{ startMinute: 720, endMinute: 750 }] };
    const short = day('09:00', '18:00', { schedule: shiftOf(half) });
    expect([short.breakMinutes, short.breakSource, short.workedMinutes, short.breakShortfallMinutes]).toEqual([
      30,
      'pattern',
      510,
      30,
    ]);
    expect(segs(short)).toEqual(['regular:180', 'break:30', 'regular:300', 'statutory_overtime:30']);
    expect(short.flags).toContain('break_below_legal');
    // The pattern replaces the break rule: a rule of 90 minutes from 拘束6:00 is not used.
    const rules: RulesInForce = {
      ...DEFAULTS,
      break: { ...DEFAULT_BREAK_RULE, level: 'company', conditionMinutes: 360, breakMinutes: 90 },
    };
    expect(day('09:00', '18:00', { rules }).breakMinutes).toBe(60);
    // Without a pattern the rule applies as before: 90.
    expect(day('09:00', '18:00', { rules, schedule: null }).breakMinutes).toBe(90);
    // The company chose 「休憩の打刻がない日は休憩なし」: neither the pattern's window nor the rule is
    // deemed → 540 worked (480 所定内 + 60 法定外), 60 short of 34条 (work 540 > 8 h), flagged.
    const none: RulesInForce = { ...rules, break: { ...rules.break, unpunched: 'none' } };
    const bare = day('09:00', '18:00', { rules: none });
    expect([bare.breakMinutes, bare.workedMinutes, bare.statutoryOvertimeMinutes, bare.breakShortfallMinutes]).toEqual([
      0, 540, 60, 60,
    ]);
  });
});

describe('half-day and hourly leave', () => {
  it('午前半休 then arriving after the afternoon start is late from the end of the first break', () => {
    // 午前半休 covers 9:00 → 12:00 (start of the first window); work expected from 13:00 (its end).
    // 13:10–18:00: late 13:00–13:10 = 10. Restraint 290, no window inside, work ≤ 6 h → no break.
    const d = day('13:10', '18:00', { leaveType: 0, leaveUnit: 'am' });
    expect([d.lateMinutes, d.earlyLeaveMinutes, d.leaveDays, d.workedMinutes]).toEqual([10, 0, 0.5, 290]);
    expect(d.flags).toEqual(['late']);
    expect(jaLines(d)).toContain('有給休暇（午前半休・0.5日）');
    expect(jaLines(d)).toContain('午前半休: 13:00から勤務予定');
    expect(jaLines(d)).toContain('遅刻: 13:10出勤 10分（猶予0分）');
    // 12:50 is before 13:00: on time.
    expect(day('12:50', '18:00', { leaveType: 0, leaveUnit: 'am' }).lateMinutes).toBe(0);
    // 午後半休: work expected 9:00–12:00; leaving 12:00 is on time, 11:30 is 30 early.
    expect(day('09:00', '12:00', { leaveType: 0, leaveUnit: 'pm' }).earlyLeaveMinutes).toBe(0);
    expect(day('09:00', '11:30', { leaveType: 0, leaveUnit: 'pm' }).earlyLeaveMinutes).toBe(30);
    // No window: the midpoint of 10:00–15:00 is 12:30; 午前半休 → expected 12:30, 12:40 is 10 late.
    expect(day('12:40', '15:00', { leaveType: 0, leaveUnit: 'am', schedule: shiftOf(SHORT) }).lateMinutes).toBe(10);
  });

  it('one day of hourly leave is the pattern’s working time rounded up to the hour (39条4項)', () => {
    // 日勤 9:00–18:00 less 1 h = 8:00 → 8 h; 7:30 of work → 8 h; 短時間 10:00–15:00 = 5:00 → 5 h.
    expect([patternWorkMinutes(DAY), leaveDayHours(DAY)]).toEqual([480, 8]);
    expect(leaveDayHours({ ...DAY, endMinute: 1050 })).toBe(8);
    expect(leaveDayHours(SHORT)).toBe(5);
  });

  it('hourly leave covers lateness first, then early leave', () => {
    // 2 h = 120: arriving 10:30 → 90 late, covered; 30 left covers leaving 17:45 (15) → 0 and 0.
    // Worked 10:30–17:45 − the 60 window = 375 against 所定 480 − 120 = 360 left after the leave
    // (issue 29): 15 minutes are beyond 所定 → 法内, flagged 残業申請なし like any overtime.
    const two = day('10:30', '17:45', { leaveType: 0, leaveUnit: 'hours', leaveHours: 2 });
    expect([two.lateMinutes, two.earlyLeaveMinutes, two.leaveDays, two.leaveHours, two.flags]).toEqual([
      0,
      0,
      0,
      2,
      ['unapproved_overtime'],
    ]);
    expect([two.regularMinutes, two.scheduledOvertimeMinutes]).toEqual([360, 15]);
    expect(jaLines(two)).toContain('遅刻なし: 10:30出勤 90分は時間単位休暇で充当');
    // 1 h = 60: 90 late → 60 covered, 30 counted; nothing left for leaving 17:50 → 10 early.
    const one = day('10:30', '17:50', { leaveType: 0, leaveUnit: 'hours', leaveHours: 1 });
    expect([one.lateMinutes, one.earlyLeaveMinutes]).toEqual([30, 10]);
    expect(jaLines(one)).toContain('遅刻: 10:30出勤 90分のうち時間単位休暇60分を充当、30分（猶予0分）');
    // Leave first, then grace: 63 late − 60 = 3 ≤ 5 → 0.
    const graced = day('10:03', '18:00', {
      leaveType: 0,
      leaveUnit: 'hours',
      leaveHours: 1,
      settings: settings({ graceMinutes: 5 }),
    });
    expect(graced.lateMinutes).toBe(0);
  });
});

/**
 * Issue 29 item 5: a minute of the day is leave or 所定 to work, never both. After 午前半休 / 午後半休 /
 * 時間単位 leave, 所定 for the day is the part of the schedule left to work; beyond it up to 8 h of work
 * is 法内残業, beyond 8 h 法定外 (32条; LABOUR-LAW.md "Day, week, working time"). Derived by hand.
 */
describe('所定 after half-day and hourly leave (issue 29)', () => {
  it('午前半休 on 日勤 9:00–18:00, worked 13:00–23:00: 所定 is the afternoon’s 5:00', () => {
    // 午前半休 covers 9:00–12:00 (to the window's start); work is expected 13:00–18:00 = 300 (所定).
    // Punched 13:00–23:00: 拘束 600; the pattern's window 12:00–13:00 lies outside → no break (0).
    // 13:00–18:00 所定内 300; 18:00–21:00 法内 180 (work reaches 480 at 21:00); 21:00–23:00 法定外 120,
    // of which 22:00–23:00 深夜 60. 300 + 180 + 120 = 600. 34条: 600 > 8 h needs 60 → 60 short.
    const d = day('13:00', '23:00', { leaveType: 0, leaveUnit: 'am' });
    expect([d.restraintMinutes, d.breakMinutes, d.workedMinutes]).toEqual([600, 0, 600]);
    expect([d.regularMinutes, d.scheduledOvertimeMinutes, d.statutoryOvertimeMinutes]).toEqual([300, 180, 120]);
    expect(segs(d)).toEqual([
      'regular:300',
      'scheduled_overtime:180',
      'statutory_overtime:60',
      'statutory_overtime+night:60',
    ]);
    expect([d.lateMinutes, d.earlyLeaveMinutes, d.breakShortfallMinutes]).toEqual([0, 0, 60]);
    expect(jaLines(d)).toContain(
      'この日の所定労働時間: 午前半休を除いた5:00（これを超えた労働は法内残業、1日の法定の枠を超えると法定外）',
    );
  });

  it('午後半休 on 日勤, worked 9:00–19:00: 所定 is the morning’s 3:00', () => {
    // 午後半休 covers 13:00–18:00; work is expected 9:00–12:00 = 180. Punched 9:00–19:00: the window
    // 12:00–13:00 inside → break 60; worked 540. 9:00–12:00 所定内 180; 13:00–18:00 法内 300 (work 180 →
    // 480); 18:00–19:00 法定外 60. 180 + 300 + 60 = 540.
    const d = day('09:00', '19:00', { leaveType: 0, leaveUnit: 'pm' });
    expect([d.breakMinutes, d.workedMinutes]).toEqual([60, 540]);
    expect([d.regularMinutes, d.scheduledOvertimeMinutes, d.statutoryOvertimeMinutes]).toEqual([180, 300, 60]);
  });

  it('2 hours of 時間単位 leave on 日勤, worked 9:00–18:00: 所定 is 8:00 − 2:00 = 6:00', () => {
    // Window 12:00–13:00 → break 60, worked 480 (the whole schedule, the leave not needed for lateness).
    // 所定 480 − 120 = 360: 9:00–12:00 180 + 13:00–16:00 180 所定内; 16:00–18:00 法内 120; 法定外 0.
    const d = day('09:00', '18:00', { leaveType: 0, leaveUnit: 'hours', leaveHours: 2 });
    expect([d.regularMinutes, d.scheduledOvertimeMinutes, d.statutoryOvertimeMinutes]).toEqual([360, 120, 0]);
    expect(jaLines(d)).toContain(
      'この日の所定労働時間: 時間単位の休暇2時間を除いた6:00（これを超えた労働は法内残業、1日の法定の枠を超えると法定外）',
    );
  });

  it('without a pattern a half day leaves half the working rule’s time; 終日 and no leave are as before', () => {
    // Rule 8:00, no pattern, 午前半休 → 所定 240. 13:00–19:00 = 360 (< 361: no break under the two-tier
    // rule) → 240 所定内 + 120 法内.
    const half = day('13:00', '19:00', { leaveType: 0, leaveUnit: 'am', schedule: null });
    expect([half.workedMinutes, half.regularMinutes, half.scheduledOvertimeMinutes]).toEqual([360, 240, 120]);
    // No leave: 日勤 9:00–20:00 → 600 worked = 480 所定内 + 120 法定外, no 法内 (as before).
    const full = day('09:00', '20:00');
    expect([full.regularMinutes, full.scheduledOvertimeMinutes, full.statutoryOvertimeMinutes]).toEqual([480, 0, 120]);
  });

  it('each minute is counted once: 所定内 ≤ 所定 after leave and 所定内 + 法内 + 法定外 = worked (property)', () => {
    // For any punches on 日勤 with 午前半休, 午後半休 or 1–7 hours of leave: what is left to work is 300,
    // 180 or 480 − 60 × hours; 所定内 never exceeds it, 所定内 + 法内 never exceeds 8 h, and the three
    // buckets add up to the worked minutes (no legal holiday here).
    const base = Date.parse(at('2026-04-01', '00:00'));
    fc.assert(
      fc.property(
        fc.integer({ min: 6 * 60, max: 14 * 60 }),
        fc.integer({ min: 1, max: 14 * 60 }),
        fc.oneof(fc.constant<'am' | 'pm'>('am'), fc.constant<'am' | 'pm'>('pm'), fc.integer({ min: 1, max: 7 })),
        (startMinute, length, leave) => {
          const d = computeDay({
            workDate: '2026-04-01',
            timeZone: TZ,
            punchInAt: new Date(base + startMinute * 60_000).toISOString(),
            punchOutAt: new Date(base + (startMinute + length) * 60_000).toISOString(),
            rules: DEFAULTS,
            schedule: shiftOf(DAY),
            leaveType: 0,
            ...(typeof leave === 'number' ? { leaveUnit: 'hours' as const, leaveHours: leave } : { leaveUnit: leave }),
          });
          const left = leave === 'am' ? 300 : leave === 'pm' ? 180 : 480 - 60 * leave;
          expect(d.regularMinutes).toBeLessThanOrEqual(left);
          expect(d.regularMinutes + d.scheduledOvertimeMinutes).toBeLessThanOrEqual(480);
          expect(d.regularMinutes + d.scheduledOvertimeMinutes + d.statutoryOvertimeMinutes).toBe(d.workedMinutes);
          // Minutes past 所定 and within 8 h are 法内: 所定内 fills first.
          expect(d.regularMinutes).toBe(Math.min(left, d.workedMinutes));
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** The month of April 2026 for one employee. */
function april(records: AttendanceRecord[], extra: Partial<Parameters<typeof computeMonth>[0]> = {}) {
  const m = computeMonth({ year: 2026, month: 4, timeZone: TZ, rules: DEFAULTS, calendar, records, ...extra });
  return { ...m, on: (date: string) => m.days.find((d) => d.workDate === date)! };
}
const rec = (date: string, from: string, to: string, extra: Partial<AttendanceRecord> = {}): AttendanceRecord => ({
  workDate: date,
  punchInAt: at(date, from),
  punchOutAt: to.startsWith('+') ? at(next(date), to.slice(1)) : at(date, to),
  ...extra,
});

describe('shifts change the day for the employee', () => {
  const shifts: Record<string, DaySchedule> = {
    '2026-04-01': { kind: 'day_off', source: 'shift' },
    '2026-04-04': shiftOf(DAY),
    '2026-04-05': shiftOf(DAY),
  };
  const schedule: ScheduleOf = (date) => shifts[date] ?? { kind: 'pattern', pattern: DAY, source: 'group' };

  it('a shift day off, a shift on Saturday, a shift on the 法定休日', () => {
    const m = april([rec('2026-04-01', '09:00', '18:00'), rec('2026-04-05', '09:00', '18:00')], {
      schedule,
      today: '2026-04-30',
    });
    // Wed 1st, shift day off: a 所定休日 for her — work there is ordinary work (not 法定休日), flagged
    // as holiday work without a request; no 遅刻 or 欠勤 can be found.
    const wed = m.on('2026-04-01');
    expect([wed.calendar.isDayOff, wed.calendar.isLegalHoliday, wed.calendar.kind, wed.calendar.shift]).toEqual([
      true,
      false,
      'day_off',
      'day_off',
    ]);
    expect([wed.regularMinutes, wed.legalHolidayWorkMinutes, wed.isAbsent]).toEqual([480, 0, false]);
    expect(wed.flags).toEqual(['unapproved_holiday_work']);
    expect(jaLines(wed)).toContain('シフトにより休み（所定休日）');
    // Sat 4th, 日勤 by shift on a calendar day off: a working day for her; no punch, over → 欠勤.
    const sat = m.on('2026-04-04');
    expect([sat.calendar.isDayOff, sat.calendar.shift, sat.isAbsent]).toEqual([false, 'working', true]);
    expect(jaLines(sat)).toContain('シフトにより出勤日（会社カレンダーでは休日）');
    // Sun 5th, 法定休日 with a shift: stays the 法定休日 (moving it needs 振替); the work is 休日労働.
    const sun = m.on('2026-04-05');
    expect([sun.calendar.isLegalHoliday, sun.legalHolidayWorkMinutes, sun.regularMinutes]).toEqual([true, 480, 0]);
    // The admin planned that work with the shift: ordered in advance, no holiday-work request needed
    // (the 1st's work on her shift day off, unplanned, is still flagged above).
    expect(sun.flags).not.toContain('unapproved_holiday_work');
    // Sat 11th with only the group default: a day off, nothing scheduled.
    expect([m.on('2026-04-11').schedule, m.on('2026-04-11').isAbsent]).toEqual([null, false]);
    // Scheduled days: 21 weekdays of April (30 − 8 weekend days − 昭和の日) − the 1st (day off) + the
    // 4th and 5th by shift = 22.
    expect(m.totals.scheduledDays).toBe(22);
  });

  it('a shift on the 法定休日 not worked is no 欠勤 (it plans 休日労働, not a 労働日)', () => {
    // Sun 5th is the 法定休日 with a 日勤 shift and no punch; the month is over (today 30th). 35条: the
    // 法定休日 is not a 労働日, work on it is 休日労働 under the 36協定 — staying away is not 欠勤.
    // Sat 4th (所定休日 made a working day by the shift) with no punch stays 欠勤.
    const m = april([], { schedule, today: '2026-04-30' });
    expect([m.on('2026-04-05').calendar.isLegalHoliday, m.on('2026-04-05').isAbsent]).toEqual([true, false]);
    expect(m.on('2026-04-04').isAbsent).toBe(true);
  });

  it('a 振替 wins over the shift: the worked holiday and the swap day keep what the swap made of them', () => {
    // 振替: Sat 4th worked, Wed 8th the day off. A shift day off on the 4th and a 日勤 shift on the
    // 8th do not undo it: the 4th is a working day (no holiday work), the 8th a day off (no 欠勤).
    const m = april(
      [
        rec('2026-04-04', '09:00', '18:00', { dayOverride: 'working', transferPartner: '2026-04-08' }),
        { workDate: '2026-04-08', leaveType: 2, dayOverride: 'day_off', transferPartner: '2026-04-04' },
      ],
      {
        schedule: (date) =>
          date === '2026-04-04' ? { kind: 'day_off', source: 'shift' } : date === '2026-04-08' ? shiftOf(DAY) : null,
        today: '2026-04-30',
      },
    );
    const sat = m.on('2026-04-04');
    expect([sat.calendar.isDayOff, sat.calendar.transfer?.role, sat.flags]).toEqual([false, 'working', []]);
    const wed = m.on('2026-04-08');
    expect([wed.calendar.isDayOff, wed.isAbsent, wed.schedule]).toEqual([true, false, null]);
  });
});

describe('所定労働時間 from the pattern', () => {
  it('a 6-hour pattern: the 7th and 8th hours are 法内残業, past 8 h 法定外', () => {
    // 短時間 10:00–15:00 without breaks = 5:00 scheduled (rule 8:00). Worked 10:00–18:45: restraint
    // 525; no punched break, no pattern window, no break rule → the least lawful break (34条): work
    // ≤ 6:00 needs b ≥ 165; work ≤ 8:00 needs b ≥ 45 and b ≥ 525 − 480 = 45; or b ≥ 60 → 45. Work
    // 480: 所定内 300 (to the pattern's 5:00), 法内残業 180 (5:00–8:00), 法定外 0.
    const d = day('10:00', '18:45', { schedule: shiftOf(SHORT) });
    expect([d.breakMinutes, d.workedMinutes]).toEqual([45, 480]);
    expect([d.regularMinutes, d.scheduledOvertimeMinutes, d.statutoryOvertimeMinutes]).toEqual([300, 180, 0]);
    expect(jaLines(d)).toContain('この日の所定労働時間: 勤務パターン「短時間」の5:00（勤務ルールの8:00に代えて）');
    // Without the pattern the rule's 8:00 applies: all 480 所定内.
    const none = day('10:00', '18:45', { schedule: null });
    expect([none.regularMinutes, none.scheduledOvertimeMinutes]).toEqual([480, 0]);
  });

  it('an 8-hour pattern changes nothing against the built-in 8-hour rule', () => {
    // 日勤 9:00–18:00 − 1:00 = 8:00 = the rule's 8:00: worked 9:00–20:00 with the 12–13 window =
    // 600 → 所定内 480, 法定外 120 (past 8 h), 法内 0; no extra explanation line.
    const d = day('09:00', '20:00');
    expect([d.regularMinutes, d.scheduledOvertimeMinutes, d.statutoryOvertimeMinutes]).toEqual([480, 0, 120]);
    expect(jaLines(d).some((l) => l.startsWith('この日の所定労働時間'))).toBe(false);
  });
});

describe('勤務間インターバル', () => {
  it('rest from the latest punch-out (a night shift’s next-morning punch-out included)', () => {
    // Interval 11 h = 660.
    // Wed 1st 09:00–23:00; Thu 2nd in 08:00 → rest 9:00 = 540 < 660 → short.
    // Fri 3rd in 09:00 after Thu out 17:00 → 16 h, fine.
    // Mon 6th 22:00 → Tue 7th 07:00 (work date 6th); Tue 7th in 15:00 → rest 8 h = 480 → short.
    const m = april(
      [
        rec('2026-04-01', '09:00', '23:00'),
        rec('2026-04-02', '08:00', '17:00'),
        rec('2026-04-03', '09:00', '18:00'),
        rec('2026-04-06', '22:00', '+07:00'),
        rec('2026-04-07', '15:00', '20:00'),
      ],
      { settings: () => settings({ intervalMinutes: 660 }) },
    );
    expect(m.on('2026-04-01').restBeforeMinutes).toBeNull();
    expect([m.on('2026-04-02').restBeforeMinutes, m.on('2026-04-02').flags]).toEqual([540, ['short_interval']]);
    expect(jaLines(m.on('2026-04-02'))).toContain('勤務間インターバル: 前回の退勤から9:00で設定11:00に満たない');
    expect([m.on('2026-04-03').restBeforeMinutes, m.on('2026-04-03').flags]).toEqual([960, []]);
    // Mon 6th in 22:00 after Fri out 18:00: 3 days + 4 h = 76 h = 4560.
    expect(m.on('2026-04-06').restBeforeMinutes).toBe(4560);
    expect([m.on('2026-04-07').restBeforeMinutes, m.on('2026-04-07').flags]).toEqual([480, ['short_interval']]);
    expect(m.totals.shortIntervalDays).toBe(2);
    // Setting off (null): the rest is measured, nothing flagged.
    expect(
      april([rec('2026-04-01', '09:00', '23:00'), rec('2026-04-02', '08:00', '17:00')]).totals.shortIntervalDays,
    ).toBe(0);
  });
});

describe('month totals', () => {
  it('scheduled, late, early, absent, break and leave figures', () => {
    // The group default 日勤 on every day; today Sat 11 April (days up to Fri 10th are over).
    // 1st 09:01 → late 1; 2nd 17:30 out → early 30; 3rd nothing → 欠勤; 6th 午前半休 13:00–18:00;
    // 7th 2 h hourly leave, 11:00–18:00 (120 late, covered); 8th 終日 有給; 9th punched break 30 on
    // 09:00–18:00 → below 34条; 10th 09:00–18:00.
    const m = april(
      [
        rec('2026-04-01', '09:01', '18:00'),
        rec('2026-04-02', '09:00', '17:30'),
        rec('2026-04-06', '13:00', '18:00', { leaveType: 0, leaveUnit: 'am' }),
        rec('2026-04-07', '11:00', '18:00', { leaveType: 0, leaveUnit: 'hours', leaveHours: 2 }),
        { workDate: '2026-04-08', leaveType: 0 },
        rec('2026-04-09', '09:00', '18:00', {
          breaks: [{ startAt: at('2026-04-09', '12:00'), endAt: at('2026-04-09', '12:30') }],
        }),
        rec('2026-04-10', '09:00', '18:00'),
      ],
      { schedule: () => ({ kind: 'pattern', pattern: DAY, source: 'group' }), today: '2026-04-11' },
    );
    expect(m.totals).toMatchObject({
      // 30 days − 8 weekend days − 昭和の日 (29th) = 21 working days, each with the default pattern.
      scheduledDays: 21,
      lateDays: 1,
      lateMinutes: 1,
      earlyLeaveDays: 1,
      earlyLeaveMinutes: 30,
      absentDays: 1,
      breakBelowLegalDays: 1,
      shortIntervalDays: 0,
      // 0.5 (午前半休) + 1 (終日); hours count no day.
      paidLeaveDays: 1.5,
      paidLeaveHours: 2,
      rounded30: null,
    });
    expect(m.on('2026-04-03').isAbsent).toBe(true);
    // The 13th is after today: not (yet) 欠勤.
    expect(m.on('2026-04-13').isAbsent).toBe(false);
  });

  it('1か月単位の30分端数処理 of 時間外・休日・深夜 when the company enables it', () => {
    // 1st 09:00–18:30: restraint 570, legal break 60 (no rule, no pattern), work 510 → 法定外 30.
    // 2nd 13:00–22:20: restraint 560, break 60 placed 17:00–18:00; 13–17 240 + 18–22 240 = 480,
    //   22:00–22:20 法定外 + 深夜 20.
    // Sun 5th (法定休日) 10:00–10:45: 休日 45.
    // Totals: 法定外 50, overtime 50, 60 h 超 0, 休日 45, 深夜 20 → rounded 60, 60, 0, 60, 0.
    const records = [
      rec('2026-04-01', '09:00', '18:30'),
      rec('2026-04-02', '13:00', '22:20'),
      rec('2026-04-05', '10:00', '10:45'),
    ];
    const on = april(records, { settings: () => settings({ monthlyRounding30: true }) });
    expect([
      on.totals.statutoryOvertimeMinutes,
      on.totals.overtimeMinutes,
      on.totals.legalHolidayWorkMinutes,
      on.totals.lateNightMinutes,
    ]).toEqual([50, 50, 45, 20]);
    expect(on.totals.rounded30).toEqual({
      overtimeMinutes: 60,
      statutoryOvertimeMinutes: 60,
      overtimeOver60Minutes: 0,
      legalHolidayWorkMinutes: 60,
      lateNightMinutes: 0,
    });
    expect(april(records).totals.rounded30).toBeNull();
    // A payroll period reads the setting in force on its last day: off on 30 April, on from 1 May.
    const fromMay = (date: string) => settings({ monthlyRounding30: date >= '2026-05-01' });
    const period = (to: string) =>
      computePeriod({ from: '2026-04-01', to, timeZone: TZ, rules: DEFAULTS, calendar, records, settings: fromMay });
    expect(period('2026-04-30').totals.rounded30).toBeNull();
    expect(period('2026-05-01').totals.rounded30?.statutoryOvertimeMinutes).toBe(60);
  });

  it('round30: under 30 minutes dropped, 30 or more raised to the hour', () => {
    expect(round30(10 * 60 + 29)).toBe(600); // 10:29 → 10:00
    expect(round30(10 * 60 + 30)).toBe(660); // 10:30 → 11:00
    expect([round30(0), round30(29), round30(30), round30(60), round30(89), round30(90)]).toEqual([
      0, 0, 60, 60, 60, 120,
    ]);
  });
});

describe('display rounding of punches (screen only)', () => {
  it('出勤 up, 退勤 down to the unit; seconds dropped first', () => {
    expect(displayPunch(at('2026-04-01', '09:01:30'), 15, 'in', TZ)).toBe('09:15');
    expect(displayPunch(at('2026-04-01', '09:00:40'), 15, 'in', TZ)).toBe('09:00');
    expect(displayPunch(at('2026-04-01', '17:59'), 15, 'out', TZ)).toBe('17:45');
    expect(displayPunch(at('2026-04-01', '18:29'), 30, 'out', TZ)).toBe('18:00');
    expect(displayPunch(at('2026-04-01', '08:56'), 5, 'in', TZ)).toBe('09:00');
    expect(displayPunch(at('2026-04-01', '09:01:30'), 0, 'in', TZ)).toBe('09:01');
    // 23:55 rounded up to 10 minutes crosses midnight: 00:00 of the 2nd (2 April 00:00 JST = 1 April 15:00Z).
    expect(roundedPunchAt(at('2026-04-01', '23:55'), 10, 'in', TZ)).toBe('2026-04-01T15:00:00.000Z');
    expect(displayPunch(at('2026-04-01', '23:55'), 10, 'in', TZ)).toBe('00:00');
  });

  it('pay figures stay to the minute whatever the display unit', () => {
    // 09:01–17:59 with the 日勤 window: restraint 538, break 60, work 478 — not 09:15–17:45.
    const d = day('09:01', '17:59', { settings: settings({ displayRoundingMinutes: 15 }) });
    expect([d.restraintMinutes, d.workedMinutes, d.lateMinutes, d.earlyLeaveMinutes]).toEqual([538, 478, 1, 1]);
  });
});

describe('no schedule: figures as before', () => {
  it('a day without a schedule, breaks or settings has no attendance findings', () => {
    const d = day('09:30', '17:00', { schedule: null });
    expect([d.lateMinutes, d.earlyLeaveMinutes, d.isAbsent, d.scheduledStartAt, d.restBeforeMinutes]).toEqual([
      0,
      0,
      false,
      null,
      null,
    ]);
    // 09:30–17:00 = 450 ≥ 361 → the two-tier rule's 45 → 405 (work 405 > 6 h needs 45: lawful).
    expect([d.breakMinutes, d.breakSource, d.workedMinutes, d.flags]).toEqual([45, 'rule', 405, []]);
  });
});

describe('invariants (property-based)', () => {
  const base = Date.parse(at('2026-04-01', '00:00'));
  const iso = (minute: number) => new Date(base + minute * 60_000).toISOString();

  it('punched breaks: every minute of the shift is either a punched break minute or worked, in one bucket', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 * 60 }),
        fc.integer({ min: 0, max: 16 * 60 }),
        fc.array(fc.tuple(fc.integer({ min: -120, max: 42 * 60 }), fc.integer({ min: 0, max: 180 })), {
          minLength: 1,
          maxLength: 4,
        }),
        (start, length, raw) => {
          const breaks = raw.map(([a, n]) => ({ startAt: iso(a), endAt: iso(a + n) }));
          const d = computeDay({
            workDate: '2026-04-01',
            timeZone: TZ,
            punchInAt: iso(start),
            punchOutAt: iso(start + length),
            rules: DEFAULTS,
            breaks,
          });
          // Brute force: the minutes of the shift covered by at least one punched break.
          let covered = 0;
          for (let m = start; m < start + length; m++) if (raw.some(([a, n]) => m >= a && m < a + n)) covered++;
          expect(d.breakSource).toBe('punched');
          expect(d.breakMinutes).toBe(covered);
          expect(d.workedMinutes).toBe(length - covered);
          expect(d.segments.filter((x) => x.kind === 'break').reduce((n, x) => n + x.minutes, 0)).toBe(covered);
          expect(d.segments.reduce((n, x) => n + x.minutes, 0)).toBe(length);
          // The flag says exactly whether 34条 is met on the resulting work.
          const work = length - covered;
          const lawful = work <= 360 || (work <= 480 ? covered >= 45 : covered >= 60);
          expect(d.flags.includes('break_below_legal')).toBe(!lawful);
        },
      ),
    );
  });

  it('遅刻 + 早退 + worked scheduled minutes = the scheduled working time (日勤, no leave, no grace)', () => {
    // Every scheduled working minute (9:00–12:00, 13:00–18:00 = 480) is either before the punch-in
    // (遅刻), after the punch-out (早退) or inside the shift; for a shift inside the schedule the three add up.
    fc.assert(
      fc.property(fc.integer({ min: 9 * 60, max: 18 * 60 }), fc.integer({ min: 0, max: 9 * 60 }), (start, length) => {
        const end = Math.min(start + length, 18 * 60);
        const d = day(null, null, { punchInAt: iso(start), punchOutAt: iso(end) });
        let inside = 0;
        for (let m = start; m < end; m++) if (m < 12 * 60 || m >= 13 * 60) inside++;
        expect(d.lateMinutes + d.earlyLeaveMinutes + inside).toBe(480);
      }),
    );
  });
});
