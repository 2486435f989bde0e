/**
 * フレックスタイム制 (32条の3; version.ts rule 19): the 清算期間 settlement, the monthly 50 h/week cap
 * of periods over a month, and the running 過不足.
 *
 * computeDay makes every flex minute 所定内 (no daily line) except 法定休日 minutes (休日労働, day by
 * day); this pass, per 清算期間 of a run of days under one flex system:
 *   - 総枠 = 40 h × calendar days ÷ 7 (44 h for 特例 with a period of one month), or with 完全週休2日
 *     (32条の3第3項) the period's working days × 8 h; 所定総労働時間 = 標準となる1日の労働時間 × the
 *     period's working days (a working day = not a day off of the employee's calendar).
 *   - periods over a month (32条の3第2項): the period is cut into one-month parts from its start (the
 *     last part may be shorter); worked minutes of a part (法定休日労働 excluded) beyond 50 h × its days
 *     ÷ 7 are that part's 法定外, placed on its last worked minutes, once the part is over (its last
 *     day ≤ ctx.last).
 *   - at settlement (the period's last day ≤ ctx.last): 法定外 = worked − 総枠 − the monthly excesses
 *     (never below 0), on the period's last worked minutes; the next minutes back, as far as worked +
 *     paid leave exceed 所定総労働時間, are 法内残業 (never beyond 総枠: those are 法定外).
 *   - worked = 実労働時間 only: paid leave never makes 法定外; it counts toward 所定 (過不足, 法内) at the
 *     standard day (half days half, hourly leave its hours).
 * Figures in minutes; 40 h × days ÷ 7 and 50 h × days ÷ 7 are rounded down to the minute (the
 * smaller frame: never fewer 法定外 minutes than the exact figure).
 * A worker who joins or leaves inside a period, or whose flex system ends inside it, is settled on
 * the own span (32条の3の2): the frame counts only those days.
 */
import { addDays } from '../time.js';
import { finishDay, type DayCalendar, type DayResult, type SegmentKind } from './day.js';
import { EMPTY, hmParam, line, type ExplanationLine } from './explanation.js';
import type { LimitContext } from './month.js';
import { periodOfSystem, type FlexPeriodState, type WorkSystem } from './system.js';
import { DAILY_LIMIT_MINUTES, WEEKLY_LIMIT_MINUTES } from './version.js';
import { convertTailSegments } from './week.js';

/** 32条の3第2項: 50 h a week on average in each month of a period over one month. */
export const FLEX_MONTHLY_CAP_WEEK_MINUTES = 50 * 60;
/** 則25条の2: 44 h a week (特例措置対象事業場), for a flex period of one month only. */
const SPECIAL_WEEK_MINUTES = 44 * 60;

/** Calendar days from `from` to `to`, inclusive. */
function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The 総枠 of a (part) period and how it was found, as the explanation states it. */
export function flexTotalFrame(
  system: WorkSystem,
  from: string,
  to: string,
  workingDays: number,
): { minutes: number; basis: ExplanationLine } {
  if (system.flex.fullTwoDaysOff)
    return {
      minutes: workingDays * DAILY_LIMIT_MINUTES,
      basis: line('flex.basis_two_days_off', { days: workingDays }),
    };
  const special = system.special44 && system.periodMonths <= 1;
  const week = special ? SPECIAL_WEEK_MINUTES : WEEKLY_LIMIT_MINUTES;
  const days = daysIn(from, to);
  return { minutes: Math.floor((week * days) / 7), basis: line('flex.basis_week', { hours: week / 60, days }) };
}

/** Minutes of paid leave (有給) a day counts toward 所定: the standard day × days, or the hours. */
export function flexLeaveMinutes(day: DayResult, standardDailyMinutes: number): number {
  if (day.leaveType !== 0) return 0;
  if (day.leaveUnit === 'hours') return day.leaveHours * 60;
  return Math.round(standardDailyMinutes * day.leaveDays);
}

/** Worked minutes that count toward the 総枠 and the 50 h cap: 法定休日労働 excluded. */
const countedOf = (d: DayResult) => d.workedMinutes - d.legalHolidayWorkMinutes;

const minutesOf = (day: DayResult, kinds: readonly SegmentKind[]) =>
  day.segments.filter((s) => kinds.includes(s.kind)).reduce((n, s) => n + s.minutes, 0);

/**
 * Places `minutes` on the last minutes of the kinds `from` of days[first..last] (walking back across
 * days), as `to`; each day that receives some gets the line `line(taken)`. Mutates `days`.
 */
function placeBackwards(
  days: DayResult[],
  first: number,
  last: number,
  minutes: number,
  from: readonly SegmentKind[],
  to: SegmentKind,
  explain: (taken: number) => ExplanationLine,
): void {
  let left = minutes;
  for (let i = last; i >= first && left > 0; i--) {
    const day = days[i]!;
    const take = Math.min(left, minutesOf(day, from));
    if (take <= 0) continue;
    left -= take;
    days[i] = {
      ...day,
      segments: convertTailSegments(day.segments, take, to, from),
      systemLines: [...day.systemLines, explain(take)],
    };
  }
}

const part = (taken: number, total: number) => (taken === total ? EMPTY : line('flex.today_part', { minutes: taken }));

/** The settlement of one run of days under one flex system (date order). */
export function applyFlexSettlement(days: readonly DayResult[], ctx: LimitContext): DayResult[] {
  const sorted = [...days].sort((a, b) => a.workDate.localeCompare(b.workDate));
  const groups: { period: { from: string; to: string }; days: DayResult[] }[] = [];
  for (const d of sorted) {
    const period = periodOfSystem(d.system, d.workDate);
    if (!period) return sorted;
    const group = groups[groups.length - 1];
    if (group && group.period.from === period.from) group.days.push(d);
    else groups.push({ period, days: [d] });
  }
  return groups.flatMap((g, i) => settlePeriod(g.days, g.period, ctx, i === groups.length - 1));
}

function settlePeriod(
  input: DayResult[],
  period: { from: string; to: string },
  ctx: LimitContext,
  lastGroup: boolean,
): DayResult[] {
  const system = input[0]!.system;
  const standard = system.flex.standardDailyMinutes;
  // The employee's own span of the period: from the system's version, the hire date; to the leave
  // date, or the day the flex system ends (the run stops before the period's end and before `last`).
  let from = period.from;
  for (const d of [system.effectiveFrom, ctx.employment?.hireDate]) if (d && d > from) from = d;
  let to = period.to;
  const leave = ctx.employment?.leaveDate;
  if (leave && leave < to) to = leave;
  const runLast = input[input.length - 1]!.workDate;
  if (lastGroup && runLast < to && runLast < ctx.last) to = runLast;
  if (from > to) return input;

  const days = [...input];
  const index = new Map(days.map((d, i) => [d.workDate, i]));
  const calendarOf = (date: string): DayCalendar => {
    const i = index.get(date);
    return i !== undefined && date <= ctx.last ? days[i]!.calendar : ctx.calendar(date);
  };
  let workingDays = 0;
  for (let date = from; date <= to; date = addDays(date, 1)) if (!calendarOf(date).isDayOff) workingDays++;
  const frame = flexTotalFrame(system, from, to, workingDays);
  const required = standard * workingDays;
  // Indexes of the span's days in `days` (inclusive); the span may start before the run's first day.
  const inSpan = (lo: string, hi: string) => {
    const ids = days.map((d, i) => [d.workDate, i] as const).filter(([date]) => date >= lo && date <= hi);
    return ids.length ? [ids[0]![1], ids[ids.length - 1]![1]] : null;
  };
  const worked = (lo: string, hi: string) =>
    days.filter((d) => d.workDate >= lo && d.workDate <= hi).reduce((n, d) => n + countedOf(d), 0);

  // The running 過不足 (from the days as computed: conversions below move no minute in or out), and
  // the period's 実労働 projected to its end against the 総枠 (issue 29 item 10): what is worked so
  // far plus the standard day on each working day still to come (required − requiredToDate), and on
  // the day itself while its work is open (today or later, not punched out).
  let workedToDate = 0;
  let actualToDate = 0;
  let requiredToDate = 0;
  let leaveTotal = 0;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const i = index.get(date);
    const working = !calendarOf(date).isDayOff;
    if (working) requiredToDate += standard;
    if (i === undefined) continue;
    const day = days[i]!;
    const leaveMinutes = flexLeaveMinutes(day, standard);
    leaveTotal += leaveMinutes;
    actualToDate += countedOf(day);
    workedToDate += countedOf(day) + leaveMinutes;
    const open = working && ctx.today !== undefined && date >= ctx.today && day.status !== 'complete';
    const projected = actualToDate + (required - requiredToDate) + (open ? Math.max(0, standard - leaveMinutes) : 0);
    const state: FlexPeriodState = {
      from,
      to,
      totalFrameMinutes: frame.minutes,
      requiredMinutes: required,
      workedToDateMinutes: workedToDate,
      requiredToDateMinutes: requiredToDate,
      balanceMinutes: workedToDate - requiredToDate,
      asOf: date,
      actualToDateMinutes: actualToDate,
      projectedMinutes: projected,
      projectedOverFrameMinutes: projected - frame.minutes,
    };
    days[i] = { ...day, flexPeriod: state };
  }

  // 32条の3第2項: each one-month part of a period over a month, once over.
  let monthly = 0;
  if (system.periodMonths > 1) {
    const months = { ...system, periodStart: period.from, periodMonths: 1 };
    // The k-th part counted from the period's start; each cut to the own span [from, to].
    for (let k = 1, next = period.from; next <= to; k++) {
      const slice = periodOfSystem(months, next)!;
      next = addDays(slice.to, 1);
      const start = slice.from > from ? slice.from : from;
      const end = slice.to < to ? slice.to : to;
      const ids = start <= end ? inSpan(start, end) : null;
      if (end <= ctx.last && ids) {
        const n = daysIn(start, end);
        const cap = Math.floor((FLEX_MONTHLY_CAP_WEEK_MINUTES * n) / 7);
        const w = worked(start, end);
        const excess = w - cap;
        if (excess > 0) {
          monthly += excess;
          placeBackwards(
            days,
            ids[0]!,
            ids[1]!,
            excess,
            ['regular', 'scheduled_overtime'],
            'period_statutory_overtime',
            (taken) =>
              line('flex.monthly_cap', {
                month: k,
                from: start,
                to: end,
                worked: hmParam(w),
                days: n,
                cap: hmParam(cap),
                excess,
                part: part(taken, excess),
              }),
          );
        }
      }
    }
  }

  // The settlement, once the period is over.
  const span = inSpan(from, to);
  if (to <= ctx.last && span) {
    const w = worked(from, to);
    const over = Math.max(0, w - frame.minutes - monthly);
    const deducted = monthly
      ? line('flex.settled_deducted', { monthly: hmParam(monthly), rest: hmParam(w - monthly) })
      : EMPTY;
    if (over > 0)
      placeBackwards(
        days,
        span[0]!,
        span[1]!,
        over,
        ['regular', 'scheduled_overtime'],
        'period_statutory_overtime',
        (taken) =>
          line('flex.settled_over', {
            from,
            to,
            worked: hmParam(w),
            deducted,
            frame: hmParam(frame.minutes),
            basis: frame.basis,
            over,
            part: part(taken, over),
          }),
      );
    // 法内残業: worked + paid leave beyond 所定総労働時間, only among the minutes within the 総枠.
    const within = w - monthly - over;
    const inner = Math.min(within, Math.max(0, within + leaveTotal - required));
    const withLeave = leaveTotal ? line('flex.with_leave', { leave: hmParam(leaveTotal) }) : EMPTY;
    if (inner > 0)
      placeBackwards(days, span[0]!, span[1]!, inner, ['regular'], 'scheduled_overtime', (taken) =>
        line('flex.settled_inner', {
          from,
          to,
          within: hmParam(within),
          withLeave,
          required: hmParam(required),
          standard: hmParam(standard),
          days: workingDays,
          inner,
          part: part(taken, inner),
        }),
      );
  }

  const changed = new Set(input);
  return days.map((d) => (changed.has(d) ? d : finishDay(d)));
}
