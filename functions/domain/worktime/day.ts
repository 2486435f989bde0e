/**
 * One work date: punches + rules in force + calendar → restraint, break, worked time split into law
 * buckets, late night and flags; explain-day.ts states why, as codes. Rules: see version.ts.
 */
import { addDays } from '../time.js';
import {
  EMPTY,
  clockParam,
  hmParam,
  line,
  listParam,
  patternClockParam,
  rangeParam,
  type ExplanationLine,
} from './explanation.js';
import { type RulesInForce, type UnpunchedBreaks } from './rules.js';
import {
  BREAK_AFTER_MINUTES,
  DAILY_LIMIT_MINUTES,
  LATE_NIGHT_END_HOUR,
  LATE_NIGHT_START_HOUR,
  RULE_VERSION,
} from './version.js';
import { localClock, toIso, toMinute, wallMinute } from './zone.js';
import { DEFAULT_WORK_SETTINGS } from './schedule.js';
import type { DaySchedule, LeaveUnit, PunchedBreak, WorkPattern, WorkSettings } from './schedule.js';
import { STANDARD_SYSTEM, VARIABLE_SYSTEMS, type FlexPeriodState, type WorkSystem } from './system.js';
import {
  clipMerge,
  patternWorkMinutes,
  punchedBreakIntervals,
  scheduledAfterLeave,
  scheduledPlan,
  tardiness,
  type Interval,
} from './scheduled.js';

export interface DayCalendar {
  /** Any day off of the company (weekend, public holiday, company holiday), legal holiday included. */
  isDayOff: boolean;
  /** 法定休日: the one weekly day off the law requires (35条). Implies isDayOff. */
  isLegalHoliday: boolean;
  /** Public holiday name (国民の祝日), null otherwise. */
  holidayName: string | null;
  /**
   * Set when an approved 振替 (振替休日, decided in advance) swapped this day with another: `working`
   * on the holiday worked (now a working day), `day_off` on the swap day (now the day off), with
   * the other day's date. Absent on an ordinary day.
   */
  transfer?: { role: 'working' | 'day_off'; partner: string } | undefined;
  /** What the stored company calendar makes of the day (the month tables tint from it). */
  kind?: DayKind | undefined;
  /** Name of a company day off or an extra working day (年末年始, 夏季休暇…). */
  name?: string | null | undefined;
  /**
   * The rules fix no 法定休日 weekday ('latest' mode) and this is a day off: computeMonth decides per
   * week whether it is the 法定休日 (35条; see month.ts `assignLatestLegalHolidays`).
   */
  legalHolidayByWeek?: boolean | undefined;
  /**
   * Set when the employee's shift changed the calendar's character of the day (month.ts
   * `scheduledCalendar`): `working` = a pattern on a calendar 所定休日 / company day off made it a
   * working day; `day_off` = a shift day off made a calendar working day a 所定休日.
   */
  shift?: 'working' | 'day_off' | undefined;
}

/**
 * 出勤日 (working), 出勤日 made so by the calendar (extra_working), 所定休日 (day_off, a weekly day off
 * that is not the 法定休日), 祝日 the company closes on (public_holiday), 会社休日 (company_day_off)
 * and 法定休日 (legal_holiday).
 */
export type DayKind = 'working' | 'extra_working' | 'day_off' | 'public_holiday' | 'company_day_off' | 'legal_holiday';

export const WORKING_DAY: DayCalendar = { isDayOff: false, isLegalHoliday: false, holidayName: null };

/**
 * A day outside the employee's employment: before the 雇入れの日 (`before_hire`) or after the 退職日
 * (`after_leave`). Nobody owes work on it, so it is neither scheduled nor 欠勤 (no 予定, no 遅刻・早退,
 * not a 所定労働日 of the totals): counting it would make payroll deduct 欠勤控除 for days before the
 * contract began (issue 29 item 8). Work punched on it still counts (the minutes were worked).
 */
export type OutsideEmployment = 'before_hire' | 'after_leave';
/** 0 有給, 1 代休, 2 振替休日 (spec §3). */
export type LeaveType = 0 | 1 | 2;
export const LEAVE_LABELS: Record<LeaveType, string> = { 0: '有給休暇', 1: '代休', 2: '振替休日' };

export interface DayInput {
  /** Company-local YYYY-MM-DD of the punch-in. */
  workDate: string;
  /** IANA zone of the company, e.g. Asia/Tokyo. */
  timeZone: string;
  /** ISO-8601 instants; either may be missing. */
  punchInAt?: string | null | undefined;
  punchOutAt?: string | null | undefined;
  rules: RulesInForce;
  /** Defaults to an ordinary working day. */
  calendar?: DayCalendar | undefined;
  /** Whether workDate + 1 is a legal holiday (only matters for shifts past midnight). */
  nextDayIsLegalHoliday?: boolean | undefined;
  leaveType?: number | null | undefined;
  /** Days of leave taken (1, or 0.5 for a half day); defaults to 1 when a leave type is set. */
  leaveDays?: number | null | undefined;
  /** 終日 (default) / 午前半休 / 午後半休 / 時間単位, and the hours of 時間単位. */
  leaveUnit?: LeaveUnit | null | undefined;
  leaveHours?: number | null | undefined;
  /** Breaks as punched; when present they replace the pattern's windows and the break rule. */
  breaks?: readonly PunchedBreak[] | null | undefined;
  /**
   * The breaks were recorded (a correction set them): `breaks` is the day's record even when empty ([]
   * = no break taken), so neither the pattern nor the rule deems one. Absent on punches and old items:
   * an empty list then means "not punched".
   */
  breaksRecorded?: boolean | null | undefined;
  /** The day's schedule (shift / default pattern); none = no scheduled times. */
  schedule?: DaySchedule | null | undefined;
  /** The company's work settings in force on the day (defaults when absent). */
  settings?: WorkSettings | undefined;
  /** Whether the day is over (company-local date before today): a scheduled day without punch or leave is 欠勤. */
  isOver?: boolean | undefined;
  /** When the previous day's work ended (ISO), for the 勤務間インターバル check. */
  previousEndAt?: string | null | undefined;
  /** Approved requests for this date. */
  approved?: { overWork?: boolean | undefined; holidayWork?: boolean | undefined } | undefined;
  /** The working-time system in force on the day (system.ts); 通常 when absent. */
  system?: WorkSystem | undefined;
  /** Set on a day before the hire date or after the leave date (month.ts `employmentOn`). */
  outsideEmployment?: OutsideEmployment | null | undefined;
}

export type SegmentKind =
  | 'regular'
  | 'scheduled_overtime'
  | 'statutory_overtime'
  | 'weekly_statutory_overtime'
  | 'period_statutory_overtime'
  | 'legal_holiday'
  | 'break';

/** A run of minutes of one kind; instants are ISO UTC, end exclusive. */
export interface Segment {
  startAt: string;
  endAt: string;
  minutes: number;
  kind: SegmentKind;
  lateNight: boolean;
}

/** none: no punch at all; incomplete: one punch missing or punch-out before punch-in (zero time). */
export type DayStatus = 'none' | 'complete' | 'incomplete';

export type DayFlag =
  | 'missing_punch_in'
  | 'missing_punch_out'
  | 'punch_out_before_in'
  | 'unapproved_overtime'
  | 'unapproved_holiday_work'
  | 'worked_on_leave'
  | 'over_daily_threshold'
  | 'late'
  | 'early_leave'
  | 'absent'
  | 'break_below_legal'
  | 'break_open'
  | 'short_interval';

/**
 * Where the day's break came from: the punches (or a correction that recorded the breaks, [] = none
 * taken), the pattern's windows or the break rule (days without punched breaks, when the company deems
 * breaks), or none at all.
 */
export type BreakSource = 'none' | 'rule' | 'punched' | 'pattern';

export interface DayResult {
  ruleVersion: string;
  workDate: string;
  status: DayStatus;
  punchInAt: string | null;
  punchOutAt: string | null;
  calendar: DayCalendar;
  leaveType: LeaveType | null;
  /** 0 without leave. */
  leaveDays: number;
  restraintMinutes: number;
  breakMinutes: number;
  breakSource: BreakSource;
  /** Minutes of the break rule's fixed windows inside the shift (part of breakMinutes). */
  breakInWindowsMinutes: number;
  /**
   * Minutes the break falls short of 34条 for the day's work (breakShortfall; 0 when lawful, for
   * 管理監督者 (41条) and on incomplete days). Flagged break_below_legal; never added to the break.
   */
  breakShortfallMinutes: number;
  /** The company's choice for days without punched breaks in force on the day (the break rule's). */
  unpunchedBreaks: UnpunchedBreaks;
  /** The day's breaks were recorded by a correction (DayInput.breaksRecorded). */
  breaksRecorded: boolean;
  /** = regular + scheduledOvertime + statutoryOvertime + legalHolidayWork. */
  workedMinutes: number;
  regularMinutes: number;
  /** 法内残業. */
  scheduledOvertimeMinutes: number;
  /** 法定外 total = daily + weekly + period. */
  statutoryOvertimeMinutes: number;
  dailyStatutoryOvertimeMinutes: number;
  /** Set by applyWeeklyLimit (or the variable systems' weekly pass); 0 from computeDay. */
  weeklyStatutoryOvertimeMinutes: number;
  /**
   * Set by the period passes (variable.ts, flex.ts): 法定外 found over the 変形期間 / 清算期間 (or a flex
   * month's 50 h/week cap), placed on the last worked minutes of the period (month); 0 from computeDay.
   */
  periodStatutoryOvertimeMinutes: number;
  /** 法定休日労働. */
  legalHolidayWorkMinutes: number;
  /** Overlay: worked minutes between 22:00 and 05:00 local. */
  lateNightMinutes: number;
  /** 法内 + 法定外 (the company's "overtime"). */
  overtimeMinutes: number;
  rules: RulesInForce;
  approved: { overWork: boolean; holidayWork: boolean };
  segments: Segment[];
  flags: DayFlag[];
  /** The day's schedule, and its scheduled start and end as instants (null without a pattern). */
  schedule: DaySchedule | null;
  scheduledStartAt: string | null;
  scheduledEndAt: string | null;
  /** 遅刻 / 早退 minutes after grace and after leave that covers the time (0 when none). */
  lateMinutes: number;
  earlyLeaveMinutes: number;
  /** 欠勤: a scheduled day that is over with no punch and no leave. */
  isAbsent: boolean;
  /** Breaks as punched (empty when none were punched). */
  punchedBreaks: PunchedBreak[];
  /** 終日 / 午前半休 / 午後半休 / 時間単位 with leave; null without leave. */
  leaveUnit: LeaveUnit | null;
  /** Hours of 時間単位 leave (0 otherwise). */
  leaveHours: number;
  /** Rest between the previous day's end and this day's start, minutes; null when either is unknown. */
  restBeforeMinutes: number | null;
  /** The work settings in force on the day (grace, interval…); the short_interval flag reads them. */
  settings: WorkSettings;
  /**
   * Internal to the explanation: the schedule's lines (予定, 遅刻, 早退, 欠勤, 勤務間インターバル), fixed by
   * computeDay (they need figures the result does not keep, e.g. lateness before grace).
   */
  scheduleLines: ExplanationLine[];
  /** Internal to the explanation: the time zone the clock times are shown in. */
  timeZone: string;
  /** The working-time system in force on the day. */
  system: WorkSystem;
  /**
   * Internal to the explanation: lines of the system's passes (which of day / week / period found
   * 法定外, the flex settlement…), set by variable.ts / flex.ts before finishDay; shown after the segments.
   */
  systemLines: ExplanationLine[];
  /** Flex only: the 清算期間 state through this day (flex.ts); null otherwise. */
  flexPeriod: FlexPeriodState | null;
  /** 入社前 / 退職後: the day lies outside the employment (no schedule, never 欠勤); null inside it. */
  outsideEmployment: OutsideEmployment | null;
}

const within = (m: number, ranges: readonly (readonly [number, number])[]) => ranges.some(([a, b]) => m >= a && m < b);

/**
 * 労働基準法34条 on 労働時間 (= restraint − break), not on restraint: work over 6 h needs a break of at
 * least 45 min, work over 8 h at least 60 min. The minimum for `workedMinutes` of work.
 */
export function requiredBreak(workedMinutes: number): number {
  if (workedMinutes > DAILY_LIMIT_MINUTES) return 60;
  if (workedMinutes > 6 * 60) return 45;
  return 0;
}

/**
 * How many minutes a break of `breakMinutes` falls short of 34条 for the work it leaves of a restraint
 * (0 when lawful). The engine never raises a break to close the gap (LABOUR-LAW.md "Breaks", corrected
 * 2026-11-28): the work stays work and the day is flagged with this shortfall. 拘束 9:00 with 45 → work
 * 8:15 needs 60 → 15; 拘束 6:01 with none → work 6:01 needs 45 → 45.
 */
export function breakShortfall(restraintMinutes: number, breakMinutes: number): number {
  return Math.max(0, requiredBreak(restraintMinutes - breakMinutes) - breakMinutes);
}

/** Whether a break of `breakMinutes` is lawful for a restraint of `restraintMinutes` (34条). */
export function isLawfulBreak(restraintMinutes: number, breakMinutes: number): boolean {
  return breakShortfall(restraintMinutes, breakMinutes) === 0;
}

/** The company's tiered break for a restraint: the highest tier whose condition the restraint reaches. */
export function tierBreak(restraint: number, rule: RulesInForce['break']): number {
  let minutes = 0;
  if (rule.conditionMinutes !== null && restraint >= rule.conditionMinutes) minutes = rule.breakMinutes;
  if (rule.tier2 && restraint >= rule.tier2.conditionMinutes) minutes = Math.max(minutes, rule.tier2.breakMinutes);
  return minutes;
}

/** Whole minutes between two punches (each truncated to the minute); null if either is missing or invalid. */
export function restraintMinutes(
  punchInAt: string | null | undefined,
  punchOutAt: string | null | undefined,
): number | null {
  if (!punchInAt || !punchOutAt) return null;
  const restraint = toMinute(punchOutAt) - toMinute(punchInAt);
  return restraint >= 0 ? restraint : null;
}

/**
 * The break the company's rule gives a day without punched breaks: the larger of its tier break and the
 * minutes of its fixed windows inside the shift (`windowMinutes`), never more than the restraint, and
 * never raised to 34条 (version.ts rule 4).
 */
export function ruleBreak(restraint: number, rule: RulesInForce['break'], windowMinutes = 0): number {
  return Math.min(restraint, Math.max(tierBreak(restraint, rule), windowMinutes));
}

/** The rule's fixed windows on the clock of every date the shift can touch, clipped to [inMin, outMin). */
function windowOverlaps(
  rule: RulesInForce['break'],
  workDate: string,
  timeZone: string,
  inMin: number,
  outMin: number,
): Interval[] {
  const out: Interval[] = [];
  for (const k of [-1, 0, 1, 2]) {
    const date = addDays(workDate, k);
    for (const w of rule.windows ?? []) {
      const at = (m: number) =>
        m >= 24 * 60
          ? wallMinute(addDays(date, 1), 0, 0, timeZone)
          : wallMinute(date, Math.floor(m / 60), m % 60, timeZone);
      const a = Math.max(inMin, at(w.startMinute));
      const b = Math.min(outMin, at(w.endMinute));
      if (a < b) out.push([a, b]);
    }
  }
  return out.sort((x, y) => x[0] - y[0]);
}

/**
 * Where the deemed break lies: the windows inside the shift, then any further minutes (a tier break
 * longer than the windows) as one block placed in the free minutes from the end
 * of the last window — or, without windows, from 4 h after punch-in — onwards, and backwards from
 * there when the shift ends first (without windows: the block ends at punch-out).
 */
function placeBreak(inMin: number, outMin: number, windows: readonly Interval[], minutes: number): Interval[] {
  const inWindows = windows.reduce((n, [a, b]) => n + b - a, 0);
  let extra = minutes - inWindows;
  const placed: Interval[] = [...windows];
  if (extra <= 0) return placed;
  const from = windows.length ? windows[windows.length - 1]![1] : Math.min(outMin, inMin + BREAK_AFTER_MINUTES);
  const gaps: Interval[] = [];
  let cursor = inMin;
  for (const [a, b] of windows) {
    if (a > cursor) gaps.push([cursor, a]);
    cursor = Math.max(cursor, b);
  }
  if (cursor < outMin) gaps.push([cursor, outMin]);
  for (const [a, b] of gaps) {
    if (extra <= 0) break;
    const start = Math.max(a, from);
    if (start >= b) continue;
    const take = Math.min(extra, b - start);
    placed.push([start, start + take]);
    extra -= take;
  }
  for (const [a, b] of [...gaps].reverse()) {
    if (extra <= 0) break;
    const end = Math.min(b, from);
    if (end <= a) continue;
    const take = Math.min(extra, end - a);
    placed.push([end - take, end]);
    extra -= take;
  }
  return placed.sort((x, y) => x[0] - y[0]);
}

const asLeave = (v: number | null | undefined): LeaveType | null => (v === 0 || v === 1 || v === 2 ? v : null);

/**
 * The schedule that governs the day's 遅刻 / 早退 / 欠勤 and pattern breaks. A shift always does (the
 * admin put that pattern on that date; month.ts has already made a calendar 所定休日 a working day for
 * it). A default pattern (the employee's or the group's) only on a working day: it says how the
 * employee's working days run, not that they work on the company's days off — else every Saturday
 * would be 欠勤. A day a 振替 made the day off has no scheduled times either.
 */
export function effectiveSchedule(schedule: DaySchedule | null | undefined, calendar: DayCalendar): DaySchedule | null {
  if (!schedule) return null;
  if (schedule.kind === 'pattern' && schedule.source !== 'shift' && calendar.isDayOff) return null;
  // A 振替 (decided in advance, per employee) made this the day off: it wins over the shift's pattern.
  if (schedule.kind === 'pattern' && calendar.transfer?.role === 'day_off') return null;
  return schedule;
}

/** A company-local clock time relative to the work date, e.g. "9:01", "翌7:00". */
function clockOf(minute: number, workDate: string, timeZone: string): ExplanationLine {
  const { date, time } = localClock(minute, timeZone);
  return clockParam(time.replace(/^0(?=\d:)/, ''), date, workDate);
}

/**
 * 遅刻 / 早退 / 欠勤 and the 勤務間インターバル of a day (version.ts rules 12 and 14), with their
 * explanation lines. Only a scheduled day (a pattern) has 遅刻 / 早退 / 欠勤; a day of 終日 leave has
 * none. 欠勤 = a scheduled day that is over with no punch at all and no leave of any unit (a half-day
 * or hourly leave with no punch is not 欠勤: part of the day is leave; the missing punches show).
 */
function attendanceOf(
  input: DayInput,
  base: DayResult,
  plan: ReturnType<typeof scheduledPlan>,
  status: DayStatus,
  inMin: number | null,
  outMin: number | null,
): Pick<DayResult, 'lateMinutes' | 'earlyLeaveMinutes' | 'isAbsent' | 'restBeforeMinutes' | 'scheduleLines'> {
  const { workDate, timeZone } = base;
  const clock = (m: number) => clockOf(m, workDate, timeZone);
  const lines: ExplanationLine[] = [];
  let lateMinutes = 0;
  let earlyLeaveMinutes = 0;
  let isAbsent = false;
  const grace = base.settings.graceMinutes;
  if (plan) {
    const p = plan.pattern;
    const windows = p.breaks.length
      ? line('day.scheduled_breaks', {
          ranges: listParam(
            p.breaks.map((b) => rangeParam(patternClockParam(b.startMinute), patternClockParam(b.endMinute))),
          ),
        })
      : EMPTY;
    const core = base.system.kind === 'flex';
    const range = rangeParam(patternClockParam(p.startMinute), patternClockParam(p.endMinute));
    lines.push(core ? line('day.core_time', { range }) : line('day.scheduled', { range, name: p.name, windows }));
    if (base.leaveType !== null && base.leaveUnit === 'day') {
      lines.push(line('day.leave_full_day'));
    } else if (status === 'none') {
      // A shift on the 法定休日 plans 休日労働 (35条, 36協定), not a 労働日: not turning up is no 欠勤
      // (leave cannot be taken on it either).
      if (base.leaveType === null && input.isOver && !base.calendar.isLegalHoliday) {
        isAbsent = true;
        lines.push(line(core ? 'day.absent_core' : 'day.absent'));
      }
    } else {
      const t = tardiness(
        plan,
        { inMin, outMin: status === 'complete' ? outMin : null },
        { unit: base.leaveUnit, hours: base.leaveHours },
        grace,
      );
      if (base.leaveUnit === 'am') lines.push(line('day.am_off', { time: clock(t.expectedStart) }));
      if (base.leaveUnit === 'pm') lines.push(line('day.pm_off', { time: clock(t.expectedEnd) }));
      lateMinutes = t.late;
      earlyLeaveMinutes = t.early;
      // kind: late (遅刻, at the punch-in) or early (早退, at the punch-out).
      const note = (kind: 'late' | 'early', time: ExplanationLine, raw: number, covered: number, counted: number) => {
        if (raw === 0) return;
        const params = { kind, time, raw, covered, counted, grace };
        if (counted > 0) lines.push(line(covered ? 'day.tardy_covered' : 'day.tardy', params));
        else if (raw - covered === 0) lines.push(line('day.tardy_all_covered', params));
        else lines.push(line(covered ? 'day.tardy_covered_within_grace' : 'day.tardy_within_grace', params));
      };
      if (inMin !== null) note('late', clock(inMin), t.lateRaw, t.lateCovered, t.late);
      if (outMin !== null && status === 'complete') note('early', clock(outMin), t.earlyRaw, t.earlyCovered, t.early);
    }
  } else if (base.schedule?.kind === 'day_off') {
    lines.push(line('day.shift_off'));
  }
  // 勤務間インターバル: from the previous work's end (the latest earlier punch-out, see month.ts) to
  // this punch-in; unknown (null) when either is missing.
  const restBeforeMinutes = inMin !== null && input.previousEndAt ? inMin - toMinute(input.previousEndAt) : null;
  const interval = base.settings.intervalMinutes;
  if (interval !== null && restBeforeMinutes !== null) {
    lines.push(
      line(restBeforeMinutes < interval ? 'day.interval_short' : 'day.interval_ok', {
        rest: hmParam(restBeforeMinutes),
        interval: hmParam(interval),
      }),
    );
  }
  return { lateMinutes, earlyLeaveMinutes, isAbsent, restBeforeMinutes, scheduleLines: lines };
}

/**
 * フレックスタイム制 (32条の3): the core time as the plan 遅刻 / 早退 / 欠勤 are found against on a
 * working day; none without core time or on a day off (work outside the core time is the worker's
 * choice: never 遅刻 or 早退).
 */
export function corePlan(
  system: WorkSystem,
  calendar: DayCalendar,
  workDate: string,
  timeZone: string,
): ReturnType<typeof scheduledPlan> {
  const { coreStartMinute: start, coreEndMinute: end } = system.flex;
  if (start === null || end === null || end <= start || calendar.isDayOff) return null;
  const pattern = { id: 'core', name: 'コアタイム', startMinute: start, endMinute: end, breaks: [] };
  return scheduledPlan({ kind: 'pattern', pattern, source: 'shift' }, workDate, timeZone);
}

export function computeDay(input: DayInput): DayResult {
  const { workDate, timeZone, rules } = input;
  const calendar = input.calendar ?? WORKING_DAY;
  const system = input.system ?? STANDARD_SYSTEM;
  const leaveType = asLeave(input.leaveType);
  const settings = input.settings ?? DEFAULT_WORK_SETTINGS;
  const outsideEmployment = input.outsideEmployment ?? null;
  // Outside the employment nothing is scheduled: no 予定, 遅刻・早退 or 欠勤 (and no pattern breaks).
  const schedule = outsideEmployment ? null : effectiveSchedule(input.schedule, calendar);
  const plan = scheduledPlan(schedule, workDate, timeZone);
  const leaveUnit: LeaveUnit | null = leaveType === null ? null : (input.leaveUnit ?? 'day');
  const leaveHours = leaveUnit === 'hours' ? Math.max(0, Math.floor(input.leaveHours ?? 0)) : 0;
  // 39条: half days count 0.5 toward balances and the five-day duty, hours count no day at all.
  const leaveDays =
    leaveType === null
      ? 0
      : leaveUnit === 'am' || leaveUnit === 'pm'
        ? 0.5
        : leaveUnit === 'hours'
          ? 0
          : (input.leaveDays ?? 1);
  const base: DayResult = {
    ruleVersion: RULE_VERSION,
    workDate,
    status: 'none',
    punchInAt: input.punchInAt || null,
    punchOutAt: input.punchOutAt || null,
    calendar,
    leaveType,
    leaveDays,
    restraintMinutes: 0,
    breakMinutes: 0,
    breakSource: 'none',
    breakInWindowsMinutes: 0,
    breakShortfallMinutes: 0,
    unpunchedBreaks: rules.break.unpunched ?? 'rule',
    breaksRecorded: Boolean(input.breaksRecorded),
    workedMinutes: 0,
    regularMinutes: 0,
    scheduledOvertimeMinutes: 0,
    statutoryOvertimeMinutes: 0,
    dailyStatutoryOvertimeMinutes: 0,
    weeklyStatutoryOvertimeMinutes: 0,
    legalHolidayWorkMinutes: 0,
    lateNightMinutes: 0,
    overtimeMinutes: 0,
    rules,
    approved: { overWork: Boolean(input.approved?.overWork), holidayWork: Boolean(input.approved?.holidayWork) },
    segments: [],
    flags: [],
    schedule,
    scheduledStartAt: plan ? toIso(plan.start) : null,
    scheduledEndAt: plan ? toIso(plan.end) : null,
    lateMinutes: 0,
    earlyLeaveMinutes: 0,
    isAbsent: false,
    punchedBreaks: [...(input.breaks ?? [])],
    leaveUnit,
    leaveHours,
    restBeforeMinutes: null,
    settings,
    scheduleLines: [],
    timeZone,
    system,
    systemLines: [],
    periodStatutoryOvertimeMinutes: 0,
    flexPeriod: null,
    outsideEmployment,
  };
  const restraint = restraintMinutes(base.punchInAt, base.punchOutAt);
  const status: DayStatus =
    !base.punchInAt && !base.punchOutAt ? 'none' : restraint === null ? 'incomplete' : 'complete';
  const inMin = base.punchInAt ? toMinute(base.punchInAt) : null;
  const outMin = inMin !== null && restraint !== null ? inMin + restraint : null;
  // フレックスタイム制: 遅刻・早退・欠勤 only against the core time (version.ts rule 19).
  const attendancePlan =
    system.kind === 'flex' && !outsideEmployment ? corePlan(system, calendar, workDate, timeZone) : plan;
  const attendance = attendanceOf(input, base, attendancePlan, status, inMin, outMin);
  if (status !== 'complete') return finishDay({ ...base, ...attendance, status });

  const start = inMin!;
  const end = outMin!;
  // Breaks, in order of precedence (version.ts rules 4 and 13). None is ever invented (LABOUR-LAW.md
  // "Breaks", corrected 2026-11-28): a break the law needs but nobody gave stays work, and the day is
  // flagged with the shortfall (break_below_legal, breakShortfallMinutes) — deeming it would hide
  // paid minutes and the breach itself.
  // 1. Punched breaks (or breaks a correction recorded, [] = none taken) are the day's breaks as taken.
  // 2. Else, when the company deems breaks on days without punched ones (the break rule's choice,
  //    'rule' by default), the pattern's break windows inside the shift, as they are;
  // 3. else the break rule's break (tier or windows), as it is.
  // 4. Else (the company chose 'none') no break.
  let breaks: Interval[];
  let brk: { minutes: number; source: BreakSource };
  let windowMinutes = 0;
  if (base.punchedBreaks.length || base.breaksRecorded) {
    breaks = punchedBreakIntervals(base.punchedBreaks, start, end).intervals;
    brk = { minutes: breaks.reduce((n, [a, b]) => n + b - a, 0), source: 'punched' };
  } else if (base.unpunchedBreaks === 'none') {
    breaks = [];
    brk = { minutes: 0, source: 'none' };
  } else if (plan?.breaks.length) {
    breaks = clipMerge(plan.breaks, start, end);
    windowMinutes = breaks.reduce((n, [a, b]) => n + b - a, 0);
    brk = { minutes: windowMinutes, source: windowMinutes ? 'pattern' : 'none' };
  } else {
    const windows = windowOverlaps(rules.break, workDate, timeZone, start, end);
    windowMinutes = windows.reduce((n, [a, b]) => n + b - a, 0);
    const minutes = ruleBreak(restraint!, rules.break, windowMinutes);
    brk = { minutes, source: minutes ? 'rule' : 'none' };
    breaks = placeBreak(start, end, windows, minutes);
  }
  // 管理監督者 (41条): 34条 does not apply, so there is no shortfall to flag.
  const shortfall = system.kind === 'manager' ? 0 : breakShortfall(restraint!, brk.minutes);
  const dayStart = (offset: number) => wallMinute(addDays(workDate, offset), 0, 0, timeZone);
  const lateNight = [-1, 0, 1, 2].map((k) => {
    const d = addDays(workDate, k);
    return [
      wallMinute(d, LATE_NIGHT_START_HOUR, 0, timeZone),
      wallMinute(addDays(d, 1), LATE_NIGHT_END_HOUR, 0, timeZone),
    ] as const;
  });
  const legalHoliday: (readonly [number, number])[] = [];
  if (calendar.isLegalHoliday) legalHoliday.push([dayStart(0), dayStart(1)]);
  if (input.nextDayIsLegalHoliday) legalHoliday.push([dayStart(1), dayStart(2)]);

  // Sweep the shift between breakpoints (break, late-night and holiday edges): inside a piece the
  // kind and the late-night overlay are constant, except that ordinary work is split where the
  // shift's counted minutes reach the fixed time and 8 h.
  const cuts = new Set([start, end, ...breaks.flat(), ...lateNight.flat(), ...legalHoliday.flat()]);
  const points = [...cuts].filter((p) => p >= start && p <= end).sort((a, b) => a - b);
  const leave = { unit: leaveUnit, hours: leaveHours };
  const { regularCap, dailyLimit, holidayWork } = dayLimits(system, plan, rules, calendar, leave);
  // Half-day or hourly leave took part of the day's 所定: say what is left to work (issue 29 item 5).
  const whole = dayLimits(system, plan, rules, calendar).regularCap;
  if (regularCap < whole && (leaveUnit === 'am' || leaveUnit === 'pm' || leaveUnit === 'hours'))
    attendance.scheduleLines.push(
      line('day.leave_scheduled', {
        leave:
          leaveUnit === 'hours'
            ? line('day.leave_hours', { hours: leaveHours })
            : line(`engine.leave_unit_${leaveUnit}`),
        cap: hmParam(regularCap),
      }),
    );
  const segments: Segment[] = [];
  const push = (start: number, end: number, kind: SegmentKind, night: boolean) => {
    const last = segments[segments.length - 1];
    if (last && last.kind === kind && last.lateNight === night && last.endAt === toIso(start)) {
      segments[segments.length - 1] = { ...last, endAt: toIso(end), minutes: last.minutes + end - start };
    } else segments.push({ startAt: toIso(start), endAt: toIso(end), minutes: end - start, kind, lateNight: night });
  };
  let counted = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    let from = points[i]!;
    const to = points[i + 1]!;
    if (within(from, breaks)) {
      push(from, to, 'break', false);
      continue;
    }
    const night = within(from, lateNight);
    if (holidayWork && within(from, legalHoliday)) {
      push(from, to, 'legal_holiday', night);
      continue;
    }
    while (from < to) {
      const [kind, cap] =
        counted < regularCap
          ? (['regular', regularCap] as const)
          : counted < dailyLimit
            ? (['scheduled_overtime', dailyLimit] as const)
            : (['statutory_overtime', Infinity] as const);
      const take = Math.min(to - from, cap - counted);
      // Positive by construction; a regression here must fail loudly, not spin forever.
      if (!(take > 0)) throw new Error(`worktime: empty piece at ${toIso(from)}`);
      push(from, from + take, kind, night);
      counted += take;
      from += take;
    }
  }

  return finishDay({
    ...base,
    ...attendance,
    status: 'complete',
    restraintMinutes: restraint!,
    breakMinutes: brk.minutes,
    breakSource: brk.source,
    breakInWindowsMinutes: windowMinutes,
    breakShortfallMinutes: shortfall,
    segments,
  });
}

/**
 * The day's limits under its working-time system (version.ts rule 17):
 * - 通常: 所定内 up to the 所定労働時間 (the pattern's working time, else the working rule's), 法内 up to
 *   8 h, 法定外 beyond 8 h (32条2項); 法定休日 minutes are 休日労働.
 * - 変形 (1か月・1年・1週間): 所定内 up to the day's scheduled working time (the pattern's, uncapped; the
 *   working rule's capped at 8 h on a working day without a pattern; 0 on a day off); the daily
 *   法定外 line is the schedule on days scheduled over 8 h, else 8 h (32条の2・32条の4・32条の5).
 * - フレックス: no daily line (32条の3): every minute is 所定内 for the day; the 清算期間 pass (flex.ts)
 *   finds 法内 and 法定外. 法定休日 minutes stay 休日労働.
 * - 管理監督者 (41条2号): every minute is 所定内 and no minute is 休日労働; 深夜 still overlays.
 * Half-day and hourly leave (通常 and 変形; issue 29 item 5): the 所定内 cap is what the leave leaves to
 * be worked (scheduled.ts scheduledAfterLeave): after 午前半休 on 日勤 9:00–18:00 only the afternoon's
 * 5:00 is 所定内, the minutes beyond it up to 8 h (the 変形 daily line) 法内, beyond that 法定外. The
 * daily 法定外 line stays where the law puts it (8 h, or a 変形 schedule fixed over 8 h).
 */
export function dayLimits(
  system: WorkSystem,
  plan: ReturnType<typeof scheduledPlan>,
  rules: RulesInForce,
  calendar: DayCalendar,
  leave: { unit: LeaveUnit | null; hours: number } = { unit: null, hours: 0 },
): { regularCap: number; dailyLimit: number; holidayWork: boolean } {
  if (system.kind === 'manager') return { regularCap: Infinity, dailyLimit: Infinity, holidayWork: false };
  if (system.kind === 'flex') return { regularCap: Infinity, dailyLimit: Infinity, holidayWork: true };
  if (VARIABLE_SYSTEMS.includes(system.kind)) {
    const scheduled = variableScheduledMinutes(plan?.pattern ?? null, rules, calendar);
    return {
      regularCap: scheduledAfterLeave(plan, scheduled, leave),
      dailyLimit: Math.max(DAILY_LIMIT_MINUTES, scheduled),
      holidayWork: true,
    };
  }
  // 所定労働時間 of the day: the pattern's working time when the day has one (a 6-hour pattern makes
  // its 7th and 8th hours 法内残業), else the working rule's, less what leave covers; never past 8 h (32条).
  const scheduled = plan ? patternWorkMinutes(plan.pattern) : rules.working.fixedMinutes;
  const regularCap = Math.min(scheduledAfterLeave(plan, scheduled, leave), DAILY_LIMIT_MINUTES);
  return { regularCap, dailyLimit: DAILY_LIMIT_MINUTES, holidayWork: true };
}

/**
 * 変形労働時間制: the day's scheduled working time (所定労働時間) as the schedule fixed in advance has
 * it — the pattern's working time, uncapped; on a working day without a pattern the working rule's
 * time capped at 8 h (no schedule over 8 h was fixed); 0 on a day off, and 0 on the 法定休日 even with
 * a shift (work there is 休日労働, never part of the 変形 schedule: it must not raise the week's line).
 * dayLimits and variable.ts (the week's scheduled total, the plan checks) share it.
 */
export function variableScheduledMinutes(
  pattern: WorkPattern | null,
  rules: RulesInForce,
  calendar: DayCalendar,
): number {
  if (calendar.isLegalHoliday) return 0;
  if (pattern) return patternWorkMinutes(pattern);
  return calendar.isDayOff ? 0 : Math.min(rules.working.fixedMinutes, DAILY_LIMIT_MINUTES);
}

/** Recomputes every figure and flag from the segments (used again after the weekly pass). */
export function finishDay(day: DayResult): DayResult {
  const sum = (...kinds: SegmentKind[]) =>
    day.segments.filter((s) => kinds.includes(s.kind)).reduce((n, s) => n + s.minutes, 0);
  const regular = sum('regular');
  const scheduled = sum('scheduled_overtime');
  const daily = sum('statutory_overtime');
  const weekly = sum('weekly_statutory_overtime');
  const period = sum('period_statutory_overtime');
  const holiday = sum('legal_holiday');
  const out: DayResult = {
    ...day,
    regularMinutes: regular,
    scheduledOvertimeMinutes: scheduled,
    dailyStatutoryOvertimeMinutes: daily,
    weeklyStatutoryOvertimeMinutes: weekly,
    periodStatutoryOvertimeMinutes: period,
    statutoryOvertimeMinutes: daily + weekly + period,
    legalHolidayWorkMinutes: holiday,
    workedMinutes: regular + scheduled + daily + weekly + period + holiday,
    overtimeMinutes: scheduled + daily + weekly + period,
    lateNightMinutes: day.segments.filter((s) => s.lateNight && s.kind !== 'break').reduce((n, s) => n + s.minutes, 0),
  };
  out.flags = dayFlags(out);
  return out;
}

function dayFlags(day: DayResult): DayFlag[] {
  const flags: DayFlag[] = [];
  if (day.status === 'incomplete') {
    if (!day.punchInAt) flags.push('missing_punch_in');
    else if (!day.punchOutAt) flags.push('missing_punch_out');
    else flags.push('punch_out_before_in');
  }
  if (day.overtimeMinutes > 0 && !day.approved.overWork) flags.push('unapproved_overtime');
  // Work on a day off that the admin planned with a shift pattern (e.g. a shift on the 法定休日) is
  // holiday work ordered in advance: it needs no holiday-work request (it is still 休日労働 with its
  // premium and counts under the 36協定).
  const plannedByShift = day.schedule?.kind === 'pattern' && day.schedule.source === 'shift';
  if (
    day.system.kind !== 'manager' &&
    !plannedByShift &&
    day.workedMinutes > 0 &&
    (day.calendar.isDayOff || day.calendar.isLegalHoliday || day.legalHolidayWorkMinutes > 0) &&
    !day.approved.holidayWork
  ) {
    flags.push('unapproved_holiday_work');
  }
  // Work on a half-day or hourly leave day is the point of the unit: only 終日 leave flags it.
  if (day.workedMinutes > 0 && day.leaveType !== null && day.leaveUnit === 'day') flags.push('worked_on_leave');
  const threshold = day.rules.working.overMinutes;
  if (threshold !== null && day.overtimeMinutes > threshold) flags.push('over_daily_threshold');
  if (day.lateMinutes > 0) flags.push('late');
  if (day.earlyLeaveMinutes > 0) flags.push('early_leave');
  if (day.isAbsent) flags.push('absent');
  if (day.status === 'complete' && day.breakShortfallMinutes > 0) flags.push('break_below_legal');
  if (day.status === 'complete' && day.breakSource === 'punched' && day.punchedBreaks.some((b) => !b.endAt))
    flags.push('break_open');
  const interval = day.settings.intervalMinutes;
  if (interval !== null && day.restBeforeMinutes !== null && day.restBeforeMinutes < interval)
    flags.push('short_interval');
  return flags;
}
