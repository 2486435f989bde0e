/**
 * The schedule side of a day (rule version 2026.3, see version.ts rules 11–15): where the day's
 * pattern lies on the clock, 遅刻 / 早退 against it (grace, half-day and hourly leave), the punched
 * breaks as intervals, the 1か月単位 30-minute rounding of monthly totals and the display rounding of
 * punches. Pure functions on epoch minutes (zone.ts); day.ts assembles them into a DayResult.
 */
import { addDays } from '../time.js';
import { hm } from './format.js';
import type { DaySchedule, LeaveUnit, PunchedBreak, WorkPattern } from './schedule.js';
import { localClock, toIso, toMinute, wallMinute } from './zone.js';

export type Interval = readonly [number, number];

const DAY_MINUTES = 24 * 60;

/**
 * The epoch minute of a pattern time: `minute` counted from the work date's local midnight, so a
 * night pattern's 1860 (31:00) is 翌7:00 on the next date's wall clock (zone-correct across DST).
 */
export function patternMinuteAt(workDate: string, minute: number, timeZone: string): number {
  const days = Math.floor(minute / DAY_MINUTES);
  const rest = minute - days * DAY_MINUTES;
  return wallMinute(addDays(workDate, days), Math.floor(rest / 60), rest % 60, timeZone);
}

/** A pattern time as people read it: 540 → "9:00", 1860 → "翌7:00". */
export function patternClock(minute: number): string {
  return minute >= DAY_MINUTES ? `翌${hm(minute - DAY_MINUTES)}` : hm(minute);
}

/** A pattern's scheduled working minutes: end − start less its break windows (日勤 9:00–18:00 with 1 h = 480). */
export function patternWorkMinutes(pattern: WorkPattern): number {
  return pattern.endMinute - pattern.startMinute - pattern.breaks.reduce((n, b) => n + b.endMinute - b.startMinute, 0);
}

/**
 * 時間単位年休 (39条4項, 則24条の4): one day of leave in hours = the scheduled daily working time
 * rounded UP to a whole hour (7:30 → 8 h), so 5 days' worth with a 7:30 pattern is 40 hours.
 */
export function leaveDayHours(pattern: WorkPattern): number {
  return Math.ceil(patternWorkMinutes(pattern) / 60);
}

/** The pattern placed on a work date: scheduled start and end, break windows (epoch minutes). */
export interface ScheduledPlan {
  pattern: WorkPattern;
  start: number;
  end: number;
  breaks: Interval[];
}

export function scheduledPlan(schedule: DaySchedule | null, workDate: string, timeZone: string): ScheduledPlan | null {
  if (schedule?.kind !== 'pattern') return null;
  const p = schedule.pattern;
  const at = (m: number) => patternMinuteAt(workDate, m, timeZone);
  return {
    pattern: p,
    start: at(p.startMinute),
    end: at(p.endMinute),
    breaks: p.breaks.map((b) => [at(b.startMinute), at(b.endMinute)] as const).filter(([a, b]) => a < b),
  };
}

/** Minutes of [from, to) outside the intervals (0 when to ≤ from). */
export function minutesOutside(from: number, to: number, intervals: readonly Interval[]): number {
  if (to <= from) return 0;
  let n = to - from;
  for (const [a, b] of intervals) n -= Math.max(0, Math.min(b, to) - Math.max(a, from));
  return n;
}

/** The intervals clipped to [from, to), overlaps merged, sorted. */
export function clipMerge(intervals: readonly Interval[], from: number, to: number): Interval[] {
  const clipped = intervals
    .map(([a, b]) => [Math.max(a, from), Math.min(b, to)] as const)
    .filter(([a, b]) => a < b)
    .sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of clipped) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/**
 * The punched breaks as intervals of the shift [inMin, outMin): each instant truncated to the minute
 * as the punches are, clipped to the shift, overlaps merged (a double tap or a retry never counts
 * twice). A break with no end (休憩終了 not punched) is left out and reported as `open`: see day.ts
 * for why its minutes stay worked. A break whose end is before its start is left out.
 */
export function punchedBreakIntervals(
  breaks: readonly PunchedBreak[],
  inMin: number,
  outMin: number,
): { intervals: Interval[]; open: boolean } {
  let open = false;
  const raw: Interval[] = [];
  for (const b of breaks) {
    if (!b.startAt) continue;
    if (!b.endAt) {
      open = true;
      continue;
    }
    raw.push([toMinute(b.startAt), toMinute(b.endAt)]);
  }
  return { intervals: clipMerge(raw, inMin, outMin), open };
}

/**
 * When work is expected on a scheduled day after half-day leave (shared decision of issue 16): 午前半休
 * covers the scheduled start → the start of the first break window (the pattern's midpoint without
 * one), so work is expected from the end of that window (or the midpoint) to the end; 午後半休 covers
 * the end of the first window (or the midpoint) → the end, so work is expected from the start until
 * the start of that window. Otherwise the pattern's own start and end.
 */
export function expectedWindow(plan: ScheduledPlan, unit: LeaveUnit | null): { start: number; end: number } {
  const first = plan.breaks[0];
  const mid = plan.start + Math.floor((plan.end - plan.start) / 2);
  return {
    start: unit === 'am' ? (first ? first[1] : mid) : plan.start,
    end: unit === 'pm' ? (first ? first[0] : mid) : plan.end,
  };
}

/**
 * The scheduled working minutes a day's leave leaves to be worked (its 所定労働時間 after leave), of
 * `scheduled` minutes for the whole day (issue 29 item 5: a minute of the day is either leave or
 * 所定 to work, never both):
 * - 午前半休 / 午後半休 with a pattern: the scheduled working minutes of expectedWindow (its break
 *   windows excluded): 日勤 9:00–18:00 with 12:00–13:00 → 午前半休 13:00–18:00 = 300, 午後半休
 *   9:00–12:00 = 180; without a pattern, half of `scheduled` (rounded down);
 * - 時間単位: `scheduled` less the hours taken (never below 0);
 * - 終日 leave and no leave: `scheduled` as it is (a day of 終日 leave worked is flagged worked_on_leave).
 */
export function scheduledAfterLeave(
  plan: ScheduledPlan | null,
  scheduled: number,
  leave: { unit: LeaveUnit | null; hours: number },
): number {
  if (leave.unit === 'hours') return Math.max(0, scheduled - Math.max(0, Math.floor(leave.hours)) * 60);
  if (leave.unit !== 'am' && leave.unit !== 'pm') return scheduled;
  if (!plan) return Math.floor(scheduled / 2);
  const { start, end } = expectedWindow(plan, leave.unit);
  return Math.min(scheduled, minutesOutside(start, end, plan.breaks));
}

/** What 遅刻 / 早退 came to, with the pieces the explanation states. */
export interface Tardiness {
  /** Expected start / end after half-day leave (epoch minutes). */
  expectedStart: number;
  expectedEnd: number;
  /** Scheduled working minutes missed (pattern breaks excluded), before leave and grace. */
  lateRaw: number;
  earlyRaw: number;
  /** Minutes of 時間単位 leave used on each. */
  lateCovered: number;
  earlyCovered: number;
  /** After leave and grace. */
  late: number;
  early: number;
}

/**
 * 遅刻 / 早退 of a scheduled day (LABOUR-LAW.md does not regulate them; they are the company's
 * attendance rules, and deductions for time not worked — ノーワーク・ノーペイ — may only be for the
 * minutes actually missed):
 * - 遅刻 = scheduled working minutes between the expected start and the punch-in; 早退 = those between
 *   the punch-out and the expected end. Punches are truncated to the minute (as for restraint), so
 *   09:01:30 is 1 minute late against 9:00. Minutes inside the pattern's break windows are not
 *   working minutes and are not counted (arriving 12:30 against 9:00 with a 12:00–13:00 break is 180
 *   minutes late, not 210).
 * - Half-day leave moves the expected times (shared decision of issue 16): 午前半休 covers the
 *   scheduled start → the start of the first break window (the midpoint without windows), so work is
 *   expected from the end of that window (or the midpoint); 午後半休 covers the end of the first window
 *   (or the midpoint) → the scheduled end, so work is expected until the start of that window.
 * - 時間単位 leave (whole hours) covers lateness first, then early leave.
 * - Grace (猶予): a lateness (early leave) of at most `graceMinutes` after leave counts as 0; beyond
 *   the grace the WHOLE lateness counts (9:06 with 5 minutes' grace is 6 minutes late, not 1). That is
 *   the usual practice (the grace is a tolerance for the clock queue, not a free allowance); the
 *   other reading, deducting only the excess, is also used by some companies — not offered here.
 */
export function tardiness(
  plan: ScheduledPlan,
  punch: { inMin: number | null; outMin: number | null },
  leave: { unit: LeaveUnit | null; hours: number },
  graceMinutes: number,
): Tardiness {
  const { start: expectedStart, end: expectedEnd } = expectedWindow(plan, leave.unit);
  const lateRaw =
    punch.inMin === null ? 0 : minutesOutside(expectedStart, Math.min(punch.inMin, expectedEnd), plan.breaks);
  const earlyRaw =
    punch.outMin === null ? 0 : minutesOutside(Math.max(punch.outMin, expectedStart), expectedEnd, plan.breaks);
  const cover = leave.unit === 'hours' ? Math.max(0, Math.floor(leave.hours)) * 60 : 0;
  const lateCovered = Math.min(cover, lateRaw);
  const earlyCovered = Math.min(cover - lateCovered, earlyRaw);
  const grace = (n: number) => (n > Math.max(0, graceMinutes) ? n : 0);
  return {
    expectedStart,
    expectedEnd,
    lateRaw,
    earlyRaw,
    lateCovered,
    earlyCovered,
    late: grace(lateRaw - lateCovered),
    early: grace(earlyRaw - earlyCovered),
  };
}

/**
 * 1か月単位の端数処理 (昭和63年3月14日基発150号, LABOUR-LAW.md §Day): a month's total of 時間外, 休日 or
 * 深夜 minutes with under 30 minutes of the last hour dropped and 30 minutes or more raised to the
 * hour: 10:29 → 10:00, 10:30 → 11:00.
 */
export function round30(minutes: number): number {
  const rest = minutes % 60;
  return rest < 30 ? minutes - rest : minutes - rest + 60;
}

/**
 * A punch as the month table shows it with display rounding (shared decision of issue 16, on screen
 * only — pay figures stay to the minute): 出勤 ('in') rounded UP and 退勤 ('out') rounded DOWN to
 * `unitMinutes` on the company-local clock, so the shown span is never longer than the worked one.
 * Seconds are dropped first as for the figures (09:00:40 is 09:00). unit 0 = no rounding.
 * Returns the rounded instant (ISO).
 */
export function roundedPunchAt(iso: string, unitMinutes: number, kind: 'in' | 'out', timeZone: string): string {
  const minute = toMinute(iso);
  if (!(unitMinutes > 0)) return toIso(minute);
  const { time } = localClock(minute, timeZone);
  const [h, m] = time.split(':').map(Number) as [number, number];
  const local = h * 60 + m;
  const rounded =
    kind === 'in' ? Math.ceil(local / unitMinutes) * unitMinutes : Math.floor(local / unitMinutes) * unitMinutes;
  return toIso(minute + (rounded - local));
}

/** roundedPunchAt as the company-local clock "HH:MM" (e.g. 出勤 9:01 with 15 → "09:15", 退勤 17:59 → "17:45"). */
export function displayPunch(iso: string, unitMinutes: number, kind: 'in' | 'out', timeZone: string): string {
  return localClock(toMinute(roundedPunchAt(iso, unitMinutes, kind, timeZone)), timeZone).time;
}
