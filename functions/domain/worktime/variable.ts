/**
 * 変形労働時間制 (1か月単位 32条の2, 1年単位 32条の4, 1週間単位 32条の5): the week and period passes
 * and the checks of a period's schedule (version.ts rule 18). LABOUR-LAW.md "Flexible working-time
 * systems" is the law; the shared decisions of issue 17 fix the rest.
 *
 * 法定外 is found in three steps, in the order 日 → 週 → 期間 (昭63.1.1 基発1号), and no minute is
 * counted twice:
 * 1. Day (computeDay, day.ts dayLimits): beyond the day's schedule on a day scheduled over 8 h, else
 *    beyond 8 h → 'statutory_overtime'.
 * 2. Week: per week, the 所定内 + 法内 minutes (daily 法定外 and 法定休日労働 are never counted again)
 *    beyond the week's line — the week's schedule when it is over 40 h (44 h for a 特例措置対象事業場,
 *    1か月単位 only: 則25条の2), else 40 h (44 h) — become 'weekly_statutory_overtime', found on the day
 *    where the week's total passes the line. The week's schedule = the sum of its days' variableScheduledMinutes (day.ts:
 *    the pattern's working time, else the working rule's time on a working day, 0 on days off and
 *    on the 法定休日).
 * 3. Period: the 所定内 + 法内 minutes left in the period beyond the 総枠 40 h (44 h) × calendar days
 *    ÷ 7 become 'period_statutory_overtime'; only when the period's last day ≤ ctx.last (a period ending
 *    later is not settled yet: its later days were computed from the calendar alone).
 * Which minutes a week's or period's excess is (issue 29 item 6): a week or period is over its line only
 * by work beyond its schedule (所定内 never exceeds a day's schedule, and a lawful schedule is within
 * the line), so the excess is taken from 法内 minutes first — walking back from the day the week passes
 * its line (the period's last day) over the week's (period's) days — and from 所定内 only when no 法内
 * is left (a schedule over the 総枠, or a period cut short). So 所定内 stays the scheduled minutes
 * worked, 法内 is the work beyond the schedule that is not 法定外, and 所定内 + 法内 + 法定外 = worked
 * on every day. (Taking the tail of the day that passes the line instead made scheduled minutes 法定外
 * and left minutes beyond the schedule 法内: 30 days scheduled 168 h showed 所定内 9,685 of 10,080 and
 * 法内 600 instead of 205.) Days before ctx.first are drawn on last, when the kept days cannot take it.
 *
 * Decisions:
 * - Weeks are the company's weeks (ctx.weekStartsOn) cut at the edges of the employee's span in the
 *   period; a cut week is checked with only its days inside, against the same 40 h (44 h) unless its
 *   days are scheduled over that. 1週間単位 (32条の5): the week is the period itself (the 7 days from the
 *   起算日 for which the schedule is notified in advance), not the company's week.
 * - The 総枠 is truncated to the whole minute, floor(2,400 × days ÷ 7) (as agreement.ts does for the
 *   80 h notice): a minute begun past the exact frame is a minute of 法定外.
 * - 1年単位 joiner / leaver (32条の4の2): the span is max(period start, 雇入れの日) … min(period end,
 *   退職日); its 総枠 is 40 h × the span's days ÷ 7, its 法定外 beyond that (less daily and weekly) is
 *   placed walking back from the span's last day, settled when that day ≤ ctx.last. The law gives
 *   this to the 1年単位 system only; a 1か月単位 joiner keeps the whole month's 総枠.
 * - A change of system inside a period (ctx.systemOf says the next day is under another system;
 *   without it, a run ending before ctx.last) ends the period there: settled on the cut span like a
 *   leaver's, with its 総枠 of the cut span's days. A system version whose 起算日 precedes its
 *   effectiveFrom starts its first period at the first day it is in force.
 * - A period is settled only when every date of its span was computed (a run that starts inside a
 *   period of an earlier month — the days computeSpan adds before `first` to fill a week — is not).
 * - Explanations: each day with 法定外 gets one line per step that found some (日 / 週 / 変形期間), in
 *   DayResult.systemLines; the last day with records of a period not yet settled says when it is.
 */
import { addDays } from '../time.js';
import { EMPTY, hmParam, line as explain, type ExplanationLine } from './explanation.js';
import { hm } from './format.js';
import { finishDay, variableScheduledMinutes, type DayResult, type Segment, type SegmentKind } from './day.js';
import type { LimitContext } from './month.js';
import { periodOfSystem, sameSystem, type WorkSystem } from './system.js';
import { DAILY_LIMIT_MINUTES } from './version.js';
import { convertTailSegments, weekStartOf, type WeekStart } from './week.js';

/** The week's base line of a variable system: 40 h, or 44 h for a 特例 1か月単位 (則25条の2). */
export function variableWeekBase(system: WorkSystem): number {
  return system.kind === 'monthly_variable' && system.special44 ? 44 * 60 : 40 * 60;
}

/** 総枠 of `days` calendar days: floor(base × days ÷ 7) minutes. */
export function variableFrameMinutes(system: WorkSystem, days: number): number {
  return Math.floor((variableWeekBase(system) * days) / 7);
}

/** Whole days from a to b, inclusive of both (b ≥ a). */
function spanDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A day's scheduled working time under a variable system (day.ts variableScheduledMinutes). */
function scheduledOf(day: DayResult): number {
  return variableScheduledMinutes(
    day.schedule?.kind === 'pattern' ? day.schedule.pattern : null,
    day.rules,
    day.calendar,
  );
}

const minutesOf = (segments: readonly Segment[], kinds: readonly SegmentKind[]) =>
  segments.filter((s) => kinds.includes(s.kind)).reduce((n, s) => n + s.minutes, 0);
const withinMinutes = (segments: readonly Segment[]) => minutesOf(segments, ['regular', 'scheduled_overtime']);

/**
 * Turns `minutes` of worked minutes into `kind`, each minute once: 法内 ('scheduled_overtime') minutes
 * of the days in `order` first (each day's from its end), then 所定内 ('regular') minutes of the days in
 * `order`, then — only if some are still left — the same from the days in `fallback`. Mutates
 * `segments` (by day index) and returns the minutes taken per day index.
 */
function takeBeyondSchedule(
  segments: Segment[][],
  order: readonly number[],
  fallback: readonly number[],
  minutes: number,
  kind: SegmentKind,
): Map<number, number> {
  const taken = new Map<number, number>();
  let left = minutes;
  for (const days of [order, fallback])
    for (const from of [['scheduled_overtime'], ['regular']] as const)
      for (const i of days) {
        if (left <= 0) return taken;
        const take = Math.min(left, minutesOf(segments[i]!, from));
        if (take <= 0) continue;
        segments[i] = convertTailSegments(segments[i]!, take, kind, from);
        taken.set(i, (taken.get(i) ?? 0) + take);
        left -= take;
      }
  return taken;
}

/** The weeks of the span [from, to]: company weeks cut at the span's edges (1週間単位: the span itself). */
function weeksOf(from: string, to: string, weekStartsOn: WeekStart, whole: boolean): { from: string; to: string }[] {
  if (whole) return [{ from, to }];
  const weeks: { from: string; to: string }[] = [];
  for (let start = from; start <= to;) {
    const end = addDays(weekStartOf(start, weekStartsOn), 6);
    weeks.push({ from: start, to: end < to ? end : to });
    start = addDays(end, 1);
  }
  return weeks;
}

/**
 * The 法定外 of the week and the period for one run of days under one variable system (date order;
 * computeDay has already found the daily 法定外 against the schedule). Returns the days in date order.
 */
export function applyVariableLimits(days: readonly DayResult[], ctx: LimitContext): DayResult[] {
  const sorted = [...days].sort((a, b) => a.workDate.localeCompare(b.workDate));
  const groups: { period: { from: string; to: string }; days: DayResult[] }[] = [];
  for (const d of sorted) {
    const period = periodOfSystem(d.system, d.workDate);
    if (!period) return sorted; // not a variable system: nothing to do (applyLimits never sends one)
    const g = groups[groups.length - 1];
    if (g && g.period.from === period.from) g.days.push(d);
    else groups.push({ period, days: [d] });
  }
  return groups.flatMap((g) => settlePeriod(g.days, g.period, ctx));
}

function settlePeriod(days: DayResult[], period: { from: string; to: string }, ctx: LimitContext): DayResult[] {
  const system = days[0]!.system;
  const base = variableWeekBase(system);
  const first = days[0]!.workDate;
  const lastDay = days[days.length - 1]!.workDate;
  const yearly = system.kind === 'yearly_variable';
  const hire = yearly ? ctx.employment?.hireDate || null : null;
  const leave = yearly ? ctx.employment?.leaveDate || null : null;

  // The employee's span in the period under this system.
  let from = first > period.from ? first : period.from;
  if (hire && hire > from) from = hire;
  let to = period.to;
  if (leave && leave < to) to = leave;
  // The run ends inside the period because the next day is under another system (the period ends
  // there), or only because the computed days end (not settled). Without ctx.systemOf: a run ending
  // before ctx.last ended by a change of system.
  const next = addDays(lastDay, 1);
  const systemEnds = lastDay < to && (ctx.systemOf ? !sameSystem(ctx.systemOf(next), system) : lastDay < ctx.last);
  if (systemEnds) to = lastDay;
  // The run starts inside the period with the same system the day before: earlier days of the period
  // were not computed (computeSpan's days before `first`), so it cannot be settled here.
  const startsLate =
    first > period.from && ctx.systemOf !== undefined && sameSystem(ctx.systemOf(addDays(first, -1)), system);
  const ownSpan = (hire !== null && hire > period.from) || (leave !== null && leave < period.to);

  const segments = days.map((d) => d.segments);
  const lines: ExplanationLine[][] = days.map(() => []);
  const index = new Map(days.map((d, i) => [d.workDate, i]));

  // 1. Day: found by computeDay; say so.
  days.forEach((d, i) => {
    if (d.dailyStatutoryOvertimeMinutes <= 0) return;
    const s = scheduledOf(d);
    const line = Math.max(DAILY_LIMIT_MINUTES, s);
    lines[i]!.push(
      explain(s > DAILY_LIMIT_MINUTES ? 'variable.daily_over_schedule' : 'variable.daily_within_limit', {
        scheduled: hmParam(s),
        line: hmParam(line),
        minutes: d.dailyStatutoryOvertimeMinutes,
      }),
    );
  });

  if (from <= to) {
    // 2. Week.
    for (const week of weeksOf(from, to, ctx.weekStartsOn, system.kind === 'weekly_variable')) {
      let scheduled = 0;
      const members: number[] = [];
      for (let date = week.from; date <= week.to; date = addDays(date, 1)) {
        const i = index.get(date);
        if (i === undefined) continue;
        members.push(i);
        scheduled += scheduledOf(days[i]!);
      }
      const limit = Math.max(base, scheduled);
      // The week's 所定内 + 法内 as the day step left them (before this week's conversions).
      const within = new Map(members.map((i) => [i, withinMinutes(segments[i]!)]));
      let total = 0;
      members.forEach((i, k) => {
        const before = total;
        total += within.get(i)!;
        const excess = total - Math.max(before, limit);
        if (excess <= 0) return;
        // The week's work beyond its schedule (法内) up to this day, latest first, then this day's 所定内;
        // days before ctx.first only if those cannot take it.
        const upTo = members.slice(0, k + 1).reverse();
        const kept = upTo.filter((j) => ctx.first === undefined || days[j]!.workDate >= ctx.first);
        const taken = takeBeyondSchedule(
          segments,
          kept,
          upTo.filter((j) => !kept.includes(j)),
          excess,
          'weekly_statutory_overtime',
        );
        const why = explain(scheduled > base ? 'variable.week_over_schedule' : 'variable.week_within_base', {
          scheduled: hmParam(scheduled),
          hours: base / 60,
        });
        for (const [j, n] of taken)
          lines[j]!.push(
            j === i && n === excess
              ? explain('variable.weekly', { from: week.from, to: week.to, why, excess })
              : explain('variable.weekly_part', {
                  from: week.from,
                  to: week.to,
                  why,
                  excess,
                  minutes: n,
                  date: days[i]!.workDate,
                }),
          );
      });
    }

    // 3. Period (or the employee's own span).
    const count = spanDays(from, to);
    const present = days.filter((d) => d.workDate >= from && d.workDate <= to).length;
    const kindLabel = explain(ownSpan ? 'variable.kind_own_span' : 'variable.kind_period');
    const note = ownSpan
      ? explain('variable.note_own_span')
      : systemEnds
        ? explain('variable.note_system_ends', { changes: addDays(to, 1), to })
        : EMPTY;
    if (to <= ctx.last && present === count && !startsLate) {
      const frame = variableFrameMinutes(system, count);
      let total = 0;
      for (let date = from; date <= to; date = addDays(date, 1)) total += withinMinutes(segments[index.get(date)!]!);
      const excess = total - frame;
      if (excess > 0) {
        // The period's work beyond its schedule (法内) from its last day back, then 所定内 the same way.
        const back: number[] = [];
        for (let date = to; date >= from; date = addDays(date, -1)) back.push(index.get(date)!);
        const kept = back.filter((j) => ctx.first === undefined || days[j]!.workDate >= ctx.first);
        const taken = takeBeyondSchedule(
          segments,
          kept,
          back.filter((j) => !kept.includes(j)),
          excess,
          'period_statutory_overtime',
        );
        for (const [i, take] of [...taken].sort((a, b) => b[0] - a[0]))
          lines[i]!.push(
            explain('variable.period', {
              kind: kindLabel,
              note,
              from,
              to,
              days: count,
              frame: hmParam(frame),
              hours: base / 60,
              total: hmParam(total),
              excess,
              minutes: take,
            }),
          );
      }
    } else if (to > ctx.last && index.has(ctx.last) && ctx.last >= from) {
      lines[index.get(ctx.last)!]!.push(
        explain('variable.period_pending', { kind: kindLabel, from, to, hours: base / 60, days: count }),
      );
    }
  }

  return days.map((d, i) =>
    segments[i] === d.segments && !lines[i]!.length
      ? d
      : finishDay({ ...d, segments: segments[i]!, systemLines: [...d.systemLines, ...lines[i]!] }),
  );
}

/** One date of a variable schedule: its scheduled working time and whether it is a 労働日. */
export interface PlanDay {
  scheduledMinutes: number;
  working: boolean;
  /**
   * A pattern is planned on the fixed 法定休日 (a shift there): the engine keeps the day the 法定休日 and
   * its work 休日労働, so it counts no scheduled time; the 1年単位 checks refuse it as a 労働日.
   */
  onLegalHoliday?: boolean | undefined;
}

export type PlanViolationCode =
  | 'average_over_limit'
  | 'daily_over_10h'
  | 'weekly_over_52h'
  | 'weekly_over_40h'
  | 'consecutive_days'
  | 'week_without_day_off'
  | 'legal_holiday_scheduled'
  | 'working_days_over'
  | 'weeks_over_48h_in_a_row'
  | 'weeks_over_48h_per_3_months';

export interface PlanViolation {
  code: PlanViolationCode;
  /** Japanese, for the admin screen. */
  message: string;
  /** The dates concerned (see checkVariablePlan for each code). */
  dates: string[];
}

/** 35条 under the 1年単位 system: a whole week of the plan without a day off (the check and the shift save say it). */
export function weekWithoutDayOffMessage(from: string, to: string): string {
  return `${from}〜${to}の週に休日がありません（1年単位の変形労働時間制でも1週間に1日以上の休日が必要です。特定期間も同じです）`;
}

/** A pattern planned on the fixed 法定休日 under the 1年単位 system (the check and the shift save say it). */
export function legalHolidayScheduledMessage(date: string): string {
  return `${date}は法定休日のため、1年単位の変形労働時間制の労働日にできません（法定休日の労働は休日労働です）`;
}

/** The plan of the days computed for a period (their schedule, calendar and rules): date → PlanDay. */
export function planOfDays(days: readonly DayResult[]): Record<string, PlanDay> {
  const plan: Record<string, PlanDay> = {};
  for (const d of days) {
    const scheduledMinutes = scheduledOf(d);
    plan[d.workDate] = { scheduledMinutes, working: scheduledMinutes > 0 };
  }
  return plan;
}

/**
 * The checks of a variable period's schedule (変形期間の所定労働時間・労働日), one violation per
 * occurrence, in this order:
 * - average_over_limit (every variable system but 1週間単位): the period's scheduled total over 40 h
 *   (44 h 特例, 1か月単位 only) × calendar days ÷ 7, exactly (no truncation); dates = [period start,
 *   period end].
 * - daily_over_10h (1年単位, 1週間単位; 則12条の4第4項, 32条の5): a date scheduled over 10 h; dates = [date].
 * - weekly_over_52h (1年単位): a week scheduled over 52 h; weekly_over_40h (1週間単位): the week (the
 *   period) scheduled over 40 h. dates = the week's working dates.
 * - consecutive_days (1年単位, 則12条の4第5項): a run of more than 6 working days, or more than 12 when
 *   the whole run lies in the 特定期間 (a run reaching outside it is held to 6 — the stricter
 *   reading); dates = the run.
 * - week_without_day_off (1年単位; 35条, issue 29): a whole week of the period (7 days, the company's
 *   week) without a day off — also inside the 特定期間, where 12 consecutive days are allowed only as
 *   "1週間に1日の休日が確保できる日数" (則12条の4第5項); dates = the week's dates. A pattern planned on the
 *   法定休日 counts as a working day here.
 * - legal_holiday_scheduled (1年単位; 35条, issue 29): a pattern planned on the fixed 法定休日, which the
 *   schedule cannot make a 労働日 (the engine would keep it the 法定休日 and its work 休日労働, silently
 *   leaving it out of the plan); dates = [date]. legalHolidayScheduledMessage says it.
 * - When the period exceeds 3 months (1年単位, periodMonths > 3; 則12条の4第3項・第4項):
 *   working_days_over: more 労働日 than floor(280 × period days ÷ 365); dates = the working dates
 *   beyond the limit. weeks_over_48h_in_a_row: more than 3 weeks over 48 h in a row; dates = those
 *   weeks' first days. weeks_over_48h_per_3_months: more than 3 weeks over 48 h whose first day lies
 *   in one 3-month block counted from the period's start (the last block may be shorter); dates =
 *   those weeks' first days.
 * Weeks are the company's weeks cut at the period's edges (as in the engine's week pass); a date
 * missing from `plan` is a day off. A 労働日 is a date with `working` and scheduled time.
 */
export function checkVariablePlan(
  system: WorkSystem,
  period: { from: string; to: string },
  plan: Readonly<Record<string, PlanDay>> | ReadonlyMap<string, PlanDay>,
  weekStartsOn: WeekStart = 0,
): PlanViolation[] {
  const get = (date: string): PlanDay | undefined =>
    plan instanceof Map ? plan.get(date) : (plan as Readonly<Record<string, PlanDay>>)[date];
  const minutesOf = (date: string) => {
    const p = get(date);
    return p && p.working ? Math.max(0, p.scheduledMinutes) : 0;
  };
  const isWorking = (date: string) => minutesOf(date) > 0;
  const dates: string[] = [];
  for (let date = period.from; date <= period.to; date = addDays(date, 1)) dates.push(date);
  const count = dates.length;
  const base = variableWeekBase(system);
  const out: PlanViolation[] = [];
  const yearly = system.kind === 'yearly_variable';
  const weekly = system.kind === 'weekly_variable';
  const weeks = weeksOf(period.from, period.to, weekStartsOn, weekly).map((w) => {
    let total = 0;
    const working: string[] = [];
    for (let date = w.from; date <= w.to; date = addDays(date, 1)) {
      total += minutesOf(date);
      if (isWorking(date)) working.push(date);
    }
    return { ...w, total, working };
  });

  const total = dates.reduce((n, d) => n + minutesOf(d), 0);
  if (!weekly && total * 7 > base * count) {
    out.push({
      code: 'average_over_limit',
      message: `変形期間${period.from}〜${period.to}の所定労働時間の合計${hm(total)}が、週平均${base / 60}時間の総枠${hm(variableFrameMinutes(system, count))}（${base / 60}時間×${count}日÷7）を超えています`,
      dates: [period.from, period.to],
    });
  }
  if (yearly || weekly) {
    for (const date of dates) {
      const m = minutesOf(date);
      if (m > 10 * 60)
        out.push({
          code: 'daily_over_10h',
          message: `${date}の所定労働時間${hm(m)}が1日の上限10時間を超えています`,
          dates: [date],
        });
    }
    const weekLimit = weekly ? 40 * 60 : 52 * 60;
    for (const w of weeks) {
      if (w.total > weekLimit)
        out.push({
          code: weekly ? 'weekly_over_40h' : 'weekly_over_52h',
          message: `${w.from}〜${w.to}の週の所定労働時間${hm(w.total)}が週の上限${weekLimit / 60}時間を超えています`,
          dates: w.working,
        });
    }
  }
  if (yearly) {
    const special = system.specialPeriod;
    const inSpecial = (d: string) => special !== null && d >= special.from && d <= special.to;
    let run: string[] = [];
    const closeRun = () => {
      const limit = run.length && run.every(inSpecial) ? 12 : 6;
      if (run.length > limit)
        out.push({
          code: 'consecutive_days',
          message: `${run[0]}〜${run[run.length - 1]}に${run.length}日連続して労働日があります（連続して労働させる日数の上限${limit}日${limit === 12 ? '、特定期間' : ''}）`,
          dates: run,
        });
      run = [];
    };
    for (const date of dates) {
      if (isWorking(date)) run.push(date);
      else closeRun();
    }
    closeRun();

    const planned = (date: string) => isWorking(date) || Boolean(get(date)?.onLegalHoliday);
    for (const w of weeks) {
      const all: string[] = [];
      for (let date = w.from; date <= w.to; date = addDays(date, 1)) all.push(date);
      if (all.length === 7 && all.every(planned))
        out.push({ code: 'week_without_day_off', message: weekWithoutDayOffMessage(w.from, w.to), dates: all });
    }
    for (const date of dates)
      if (get(date)?.onLegalHoliday)
        out.push({ code: 'legal_holiday_scheduled', message: legalHolidayScheduledMessage(date), dates: [date] });

    if (system.periodMonths > 3) {
      const working = dates.filter(isWorking);
      const maxDays = Math.floor((280 * count) / 365);
      if (working.length > maxDays)
        out.push({
          code: 'working_days_over',
          message: `労働日数${working.length}日が上限${maxDays}日（280日×${count}日÷365）を超えています`,
          dates: working.slice(maxDays),
        });
      const over48 = weeks.filter((w) => w.total > 48 * 60);
      let streak: typeof weeks = [];
      const closeStreak = () => {
        if (streak.length > 3)
          out.push({
            code: 'weeks_over_48h_in_a_row',
            message: `${streak[0]!.from}〜${streak[streak.length - 1]!.to}に48時間を超える週が${streak.length}週連続しています（連続3週まで）`,
            dates: streak.map((w) => w.from),
          });
        streak = [];
      };
      for (const w of weeks) {
        if (w.total > 48 * 60) streak.push(w);
        else closeStreak();
      }
      closeStreak();
      // 3-month blocks from the period's start: the same month arithmetic as the periods (system.ts).
      const blockSystem: WorkSystem = { ...system, kind: 'flex', periodStart: period.from, periodMonths: 3 };
      const blocks = new Map<string, { to: string; weeks: string[] }>();
      for (const w of over48) {
        const block = periodOfSystem(blockSystem, w.from)!;
        const b = blocks.get(block.from) ?? { to: block.to < period.to ? block.to : period.to, weeks: [] };
        b.weeks.push(w.from);
        blocks.set(block.from, b);
      }
      for (const [blockFrom, b] of blocks) {
        if (b.weeks.length > 3)
          out.push({
            code: 'weeks_over_48h_per_3_months',
            message: `${blockFrom}〜${b.to}の3か月に48時間を超える週が${b.weeks.length}週あります（3か月ごとに3週まで）`,
            dates: b.weeks,
          });
      }
    }
  }
  return out;
}
