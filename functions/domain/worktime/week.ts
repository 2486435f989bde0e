/**
 * 労働基準法32条1項: 40 hours a week. Runs over computeDay results; see version.ts rule 5.
 */
import { addDays, weekday } from '../time.js';
import { finishDay, type DayResult, type Segment, type SegmentKind } from './day.js';
import { WEEKLY_LIMIT_MINUTES } from './version.js';
import { toIso, toMinute } from './zone.js';

/** 0 = Sunday … 6 = Saturday. */
export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** The first date of the week that contains `date`. */
export function weekStartOf(date: string, weekStartsOn: WeekStart = 0): string {
  return addDays(date, -((weekday(date) - weekStartsOn + 7) % 7));
}

/**
 * Turns the last `minutes` minutes of the kinds `from` (default regular/法内) of a day's segments
 * into `kind`, from the end of the day; segments of one kind that touch are merged again.
 */
export function convertTailSegments(
  segments: readonly Segment[],
  minutes: number,
  kind: SegmentKind = 'weekly_statutory_overtime',
  from: readonly SegmentKind[] = ['regular', 'scheduled_overtime'],
): Segment[] {
  const out = [...segments];
  let left = minutes;
  for (let i = out.length - 1; i >= 0 && left > 0; i--) {
    const s = out[i]!;
    if (!from.includes(s.kind)) continue;
    const take = Math.min(s.minutes, left);
    left -= take;
    if (take === s.minutes) {
      out[i] = { ...s, kind };
    } else {
      const cut = toIso(toMinute(s.endAt) - take);
      out.splice(i, 1, { ...s, endAt: cut, minutes: s.minutes - take }, { ...s, startAt: cut, minutes: take, kind });
    }
  }
  const merged: Segment[] = [];
  for (const s of out) {
    const last = merged[merged.length - 1];
    if (last && last.kind === s.kind && last.lateNight === s.lateNight && last.endAt === s.startAt) {
      merged[merged.length - 1] = { ...last, endAt: s.endAt, minutes: last.minutes + s.minutes };
    } else merged.push(s);
  }
  return merged;
}

/** Turns the last `minutes` regular/法内 minutes of a day into weekly 法定外. */
function convertTail(day: DayResult, minutes: number): DayResult {
  return finishDay({ ...day, segments: convertTailSegments(day.segments, minutes) });
}

/** A week's limit: 40 h (32条1項), or 44 h in a 特例措置対象事業場 (労基則25条の2). */
export type WeeklyLimit = number | ((weekStart: string) => number);

/**
 * Applies the 40 h/week rule to fresh computeDay results (not to results already passed through
 * here). Days are taken in date order within each week; a week's total counts regular + 法内
 * minutes only. For a week that began before the first day passed, the earlier days are missing
 * and count as zero: pass every day from the week start on (computeMonth does).
 * `weeklyLimit` is 40 h unless the company calendar makes the week a 44 h week (則25条の2).
 * Returns the days in date order.
 */
export function applyWeeklyLimit(
  days: readonly DayResult[],
  weekStartsOn: WeekStart = 0,
  weeklyLimit: WeeklyLimit = WEEKLY_LIMIT_MINUTES,
): DayResult[] {
  const sorted = [...days].sort((a, b) => a.workDate.localeCompare(b.workDate));
  const totals = new Map<string, number>();
  return sorted.map((day) => {
    const week = weekStartOf(day.workDate, weekStartsOn);
    const before = totals.get(week) ?? 0;
    const within = day.regularMinutes + day.scheduledOvertimeMinutes;
    const after = before + within;
    totals.set(week, after);
    const limit = typeof weeklyLimit === 'number' ? weeklyLimit : weeklyLimit(week);
    const excess = after - Math.max(before, limit);
    return excess > 0 ? convertTail(day, excess) : day;
  });
}
