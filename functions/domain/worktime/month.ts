/**
 * One employee's month: every calendar date of the month computed, the 40 h/week rule applied, and
 * the totals the work-status summaries, the staff list, the CSV export and the 36協定 checks use.
 */
import { addDays, monthDates } from '../time.js';
import { computeDay, type DayCalendar, type DayResult, type OutsideEmployment } from './day.js';
import { rulesOn, type RulesByDate, type RulesInForce } from './rules.js';
import { MONTHLY_HIGH_RATE_THRESHOLD_MINUTES, RULE_VERSION } from './version.js';
import {
  DEFAULT_SETTINGS_OF,
  DEFAULT_WORK_SETTINGS,
  NO_SCHEDULE,
  type LeaveUnit,
  type PunchedBreak,
  type ScheduleOf,
  type SettingsOf,
  type WorkSettings,
} from './schedule.js';
import { round30 } from './scheduled.js';
import { applyWeeklyLimit, weekStartOf, type WeekStart, type WeeklyLimit } from './week.js';
import {
  earliestNeeded,
  periodOfSystem,
  sameSystem,
  STANDARD_SYSTEM_OF,
  VARIABLE_SYSTEMS,
  type FlexPeriodState,
  type SystemOf,
  type WorkSystemKind,
} from './system.js';
import { applyVariableLimits } from './variable.js';
import { applyFlexSettlement } from './flex.js';
import { dayOverridesOf, employeeDayOf, type DayOverride } from './employee-day.js';

// The day's character for the employee moved to employee-day.ts (issue 29 item 15); kept importable from here.
export { dayOverridesOf, overriddenCalendar, scheduledCalendar, type DayOverride } from './employee-day.js';

/** An attendance-day item as stored (extra fields are ignored). */
export interface AttendanceRecord {
  workDate: string;
  punchInAt?: string | null | undefined;
  punchOutAt?: string | null | undefined;
  leaveType?: number | null | undefined;
  leaveDays?: number | null | undefined;
  /** 終日 / 午前半休 / 午後半休 / 時間単位 with leaveType (absent = 終日), and the hours of 時間単位. */
  leaveUnit?: LeaveUnit | null | undefined;
  leaveHours?: number | null | undefined;
  /** Breaks as punched (休憩開始 / 休憩終了). */
  breaks?: readonly PunchedBreak[] | null | undefined;
  /** A correction set the breaks: `breaks` is the record even when empty (day.ts DayInput.breaksRecorded). */
  breaksRecorded?: boolean | null | undefined;
  /** Set when an overtime request for this date is approved (stored on the day by the decision). */
  overWorkApproved?: boolean | null | undefined;
  /** Set when a holiday-work request for this date is approved. */
  holidayWorkApproved?: boolean | null | undefined;
  /**
   * Set on both days when a 振替 (leave type 2 naming the holiday to be worked) is approved: `working`
   * on the worked holiday, `day_off` on the swap day; `transferPartner` is the other day.
   */
  dayOverride?: string | null | undefined;
  transferPartner?: string | null | undefined;
}

/** A request item as stored; only approved (status 1) holiday_work / over_work requests count. */
export interface RequestRecord {
  date: string;
  kind: string;
  status?: number | undefined;
}

export interface MonthInput {
  year: number;
  month: number;
  timeZone: string;
  /**
   * The rules of each day: a function date → rules in force (effective-dated versions), or one set for
   * every day. The monthly deemed overtime (固定残業) is the one in force on the month's last day.
   */
  rules: RulesByDate;
  /**
   * The employee's attendance days from `monthRange(year, month).from` to the month's last day (the
   * days before the 1st only feed the 40 h/week total of the first week). Dates outside that
   * range are ignored, except that an earlier punch-out still gives the first days' 勤務間インターバル
   * (see `previousEnds`); dates without an item are days without punches.
   */
  records: readonly AttendanceRecord[];
  /** The company calendar (see calendar.ts `companyCalendar`). */
  calendar: (date: string) => DayCalendar;
  requests?: readonly RequestRecord[] | undefined;
  /**
   * Day overrides of this employee by date, applied on top of `calendar`. Days whose record carries
   * a `dayOverride` marker are overridden too; an entry here wins over the record's.
   */
  dayOverrides?: ReadonlyMap<string, DayOverride> | undefined;
  weekStartsOn?: WeekStart | undefined;
  /** The employee's schedule (shifts, default patterns); none = no scheduled times. */
  schedule?: ScheduleOf | undefined;
  /** The company's work settings by date (grace, interval, rounding, hourly leave); defaults when absent. */
  settings?: SettingsOf | undefined;
  /**
   * Company-local today (YYYY-MM-DD): days before it are over (a scheduled day with no punch and no
   * leave is 欠勤); without it no day is treated as over.
   */
  today?: string | undefined;
  /** 40 h (default), or 44 h for the weeks of a 特例措置対象事業場 (労基則25条の2). */
  weeklyLimitMinutes?: WeeklyLimit | undefined;
  /**
   * The employee's working-time system by date (system.ts); 通常 when absent. Under a 変形 or flex
   * system the records must start at the period's start (system.ts `earliestNeeded`; see `spanRange`).
   */
  system?: SystemOf | undefined;
  /**
   * The employee's 雇入れの日 and 退職日 (YYYY-MM-DD, either may be absent): days before the one and
   * after the other are outside the employment (never scheduled, never 欠勤: `employmentOn`), and a
   * 1年単位の変形 period the employee joins or leaves in the middle is settled on the employee's own
   * span (32条の4の2).
   */
  employment?: { hireDate?: string | null | undefined; leaveDate?: string | null | undefined } | undefined;
}

export interface MonthTotals {
  /** All worked minutes, legal-holiday work included. */
  workedMinutes: number;
  regularMinutes: number;
  scheduledOvertimeMinutes: number;
  /** 法定外 = daily + weekly + period. */
  statutoryOvertimeMinutes: number;
  dailyStatutoryOvertimeMinutes: number;
  weeklyStatutoryOvertimeMinutes: number;
  /** 法定外 found over a 変形期間 / 清算期間 (or a flex month's 50 h/week cap) ending in this span. */
  periodStatutoryOvertimeMinutes: number;
  /** The working-time system in force on the span's last day. */
  system: WorkSystemKind;
  /** Flex: the 清算期間 state as of the span's last day (過不足 etc.); null for other systems. */
  flex: FlexPeriodState | null;
  /** 法内 + 法定外. */
  overtimeMinutes: number;
  /** 法定外 beyond 60 h (月60時間超, 50 %). */
  overtimeOver60Minutes: number;
  /** The working rule's monthly deemed overtime; null when it has none. */
  deemedOvertimeMinutes: number | null;
  /** max(0, overtime − deemed); equals overtime when there is no deemed overtime. */
  excessOvertimeMinutes: number;
  legalHolidayWorkMinutes: number;
  lateNightMinutes: number;
  breakMinutes: number;
  /** 法定外 + 法定休日労働: the figure of the 100 h / 80 h-average limits (the 80 h notice uses workedMinutes, 則52条の2). */
  overtimeAndHolidayWorkMinutes: number;
  /** Dates with worked time. */
  workDays: number;
  paidLeaveDays: number;
  substituteLeaveDays: number;
  transferHolidayDays: number;
  incompleteDates: string[];
  /** Days with a scheduled pattern (勤務予定日). */
  scheduledDays: number;
  /** 遅刻 / 早退: days and minutes (after grace). */
  lateDays: number;
  lateMinutes: number;
  earlyLeaveDays: number;
  earlyLeaveMinutes: number;
  /** 欠勤 days. */
  absentDays: number;
  /** Days whose break (punched, deemed or none) is below 34条 (flag break_below_legal). */
  breakBelowLegalDays: number;
  /** Days that started less than the 勤務間インターバル after the previous day's end. */
  shortIntervalDays: number;
  /** Hours of 時間単位 paid leave. */
  paidLeaveHours: number;
  /**
   * With the company's 1か月単位の端数処理 (monthlyRounding30 on the month's last day): 時間外・休日・深夜
   * rounded to the hour (< 30 min dropped, ≥ 30 min raised); null when the option is off.
   */
  rounded30: {
    overtimeMinutes: number;
    statutoryOvertimeMinutes: number;
    overtimeOver60Minutes: number;
    legalHolidayWorkMinutes: number;
    lateNightMinutes: number;
  } | null;
}

export interface MonthResult {
  ruleVersion: string;
  year: number;
  month: number;
  /** The rules in force on the month's last day. */
  rules: RulesInForce;
  /** Every calendar date of the month, in order. */
  days: DayResult[];
  totals: MonthTotals;
}

/**
 * The dates computeMonth needs: from the start of the week containing the 1st to the month's end —
 * or from the start of a 変形期間 / 清算期間 the month's days belong to when that is earlier (pass the
 * employee's system).
 */
export function monthRange(
  year: number,
  month: number,
  weekStartsOn: WeekStart = 0,
  system: SystemOf = STANDARD_SYSTEM_OF,
): { from: string; to: string } {
  const dates = monthDates(year, month);
  return spanRange(dates[0]!, dates[dates.length - 1]!, weekStartsOn, system);
}

/** The dates computeSpan needs for the days `first`–`last` (see monthRange). */
export function spanRange(
  first: string,
  last: string,
  weekStartsOn: WeekStart = 0,
  system: SystemOf = STANDARD_SYSTEM_OF,
): { from: string; to: string } {
  const week = weekStartOf(first, weekStartsOn);
  const period = earliestNeeded(system, first, last);
  return { from: period < week ? period : week, to: last };
}

/**
 * The months whose figures a change to the days `from`–`to` can alter, oldest first: at most two when
 * the days lie in one month. A day's own figures depend only on that day, but the 40 h/week rule
 * (applyWeeklyLimit) takes a week's days in date order and puts weekly 法定外 on the day where the
 * total passes 40 h, so a change can move 法定外 onto or off any later day of the same week — up to
 * the week's last day, which may be in the next month. Earlier days of the week never change, so the
 * month before is never affected. Under a 変形 or flex system the months run on through the end of
 * the 変形期間 / 清算期間 (cut at `until`, company-local today): see period.ts periodsAffectedBy.
 */
export function monthsAffectedBy(
  from: string,
  to: string = from,
  weekStartsOn: WeekStart = 0,
  system: SystemOf = STANDARD_SYSTEM_OF,
  until?: string,
): string[] {
  const last = lastAffectedDay(from, to, weekStartsOn, system, until);
  const months: string[] = [];
  for (let m = from.slice(0, 7); m <= last.slice(0, 7); m = nextMonth(m)) months.push(m);
  return months;
}

/**
 * The last day whose figures a change to the days `from`–`to` can alter: the end of the week of `to`,
 * or the end of the system's period holding `from` or `to` when later (cut at `until`, never before
 * the week's end).
 */
export function lastAffectedDay(
  from: string,
  to: string,
  weekStartsOn: WeekStart = 0,
  system: SystemOf = STANDARD_SYSTEM_OF,
  until?: string,
): string {
  let last = addDays(weekStartOf(to, weekStartsOn), 6);
  for (const date of [from, to]) {
    const p = periodOfSystem(system(date), date);
    if (!p) continue;
    const end = until !== undefined && until < p.to ? until : p.to;
    if (end > last) last = end;
  }
  return last;
}

function nextMonth(yearMonth: string): string {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export function computeMonth(input: MonthInput): MonthResult {
  const dates = monthDates(input.year, input.month);
  const last = dates[dates.length - 1]!;
  const days = computeSpan(input, dates[0]!, last);
  // 固定残業 and the rules shown for the month: the versions in force on its last day.
  const monthEnd = rulesOn(input.rules, last);
  return {
    ruleVersion: RULE_VERSION,
    year: input.year,
    month: input.month,
    rules: monthEnd,
    days,
    totals: monthTotals(days, monthEnd, (input.settings ?? DEFAULT_SETTINGS_OF)(last)),
  };
}

/**
 * The days `first`–`last` through the engine (the month's or a payroll period's): every date from the
 * start of the week containing `first` is computed, so the 40 h/week pass counts the week's earlier
 * days, and the days from `first` on are returned in date order.
 */
export function computeSpan(input: Omit<MonthInput, 'year' | 'month'>, first: string, last: string): DayResult[] {
  const weekStartsOn = input.weekStartsOn ?? 0;
  // The days after `last` up to the end of its week are computed from the calendar alone (no records
  // needed) so that every week is whole for assignLatestLegalHolidays; they are dropped from the
  // result and, coming after the span's days, change none of their figures.
  const weekEnd = addDays(weekStartOf(last, weekStartsOn), 6);
  const systemOf = input.system ?? STANDARD_SYSTEM_OF;
  const start = spanRange(first, last, weekStartsOn, systemOf).from;
  const byDate = new Map(input.records.filter((r) => r.workDate <= last).map((r) => [r.workDate, r]));
  const approved = new Set(
    (input.requests ?? []).filter((r) => r.status === undefined || r.status === 1).map((r) => `${r.kind}#${r.date}`),
  );

  const settings = input.settings ?? DEFAULT_SETTINGS_OF;
  // What each date is for the employee (calendar, 振替, shift, schedule): the punch screen and the
  // leave checks take the same function (employee-day.ts).
  const employeeDay = employeeDayOf({
    calendar: input.calendar,
    schedule: input.schedule ?? NO_SCHEDULE,
    overrides: dayOverridesOf(input.records, input.dayOverrides),
  });
  const calendar = (date: string) => employeeDay(date).calendar;
  const previousEnd = previousEnds(input.records, start, weekEnd);
  const day = (date: string, dayCalendar: DayCalendar, nextDayIsLegalHoliday: boolean) => {
    const r = byDate.get(date);
    return computeDay({
      workDate: date,
      timeZone: input.timeZone,
      punchInAt: r?.punchInAt,
      punchOutAt: r?.punchOutAt,
      leaveType: r?.leaveType,
      leaveDays: r?.leaveDays,
      leaveUnit: r?.leaveUnit,
      leaveHours: r?.leaveHours,
      breaks: r?.breaks,
      breaksRecorded: r?.breaksRecorded,
      schedule: employeeDay(date).schedule,
      settings: settings(date),
      isOver: input.today !== undefined && date < input.today,
      previousEndAt: previousEnd.get(date) ?? null,
      rules: rulesOn(input.rules, date),
      calendar: dayCalendar,
      nextDayIsLegalHoliday,
      system: systemOf(date),
      outsideEmployment: employmentOn(input.employment, date),
      approved: {
        overWork: approved.has(`over_work#${date}`) || Boolean(r?.overWorkApproved),
        holidayWork: approved.has(`holiday_work#${date}`) || Boolean(r?.holidayWorkApproved),
      },
    });
  };
  const computed: DayResult[] = [];
  for (let date = start; date <= weekEnd; date = addDays(date, 1)) {
    computed.push(day(date, calendar(date), calendar(addDays(date, 1)).isLegalHoliday));
  }
  const legal = assignLatestLegalHolidays(computed, weekStartsOn);
  const final = legal.size
    ? computed.map((d) =>
        legal.has(d.workDate) || legal.has(addDays(d.workDate, 1))
          ? day(
              d.workDate,
              legal.has(d.workDate) ? { ...d.calendar, isLegalHoliday: true, kind: 'legal_holiday' } : d.calendar,
              legal.has(addDays(d.workDate, 1)) || calendar(addDays(d.workDate, 1)).isLegalHoliday,
            )
          : d,
      )
    : computed;
  return applyLimits(final, {
    weekStartsOn,
    weeklyLimit: input.weeklyLimitMinutes,
    last,
    first,
    calendar,
    employment: input.employment,
    systemOf,
    today: input.today,
  }).filter((d) => d.workDate >= first && d.workDate <= last);
}

/**
 * Whether `date` lies outside the employment: before the 雇入れの日 or after the 退職日 (the last day
 * employed); null inside it or when the dates are not known (staff registered without them).
 */
export function employmentOn(employment: MonthInput['employment'], date: string): OutsideEmployment | null {
  if (employment?.hireDate && date < employment.hireDate) return 'before_hire';
  if (employment?.leaveDate && date > employment.leaveDate) return 'after_leave';
  return null;
}

/** What the week and period passes need besides the days. */
export interface LimitContext {
  weekStartsOn: WeekStart;
  weeklyLimit?: WeeklyLimit | undefined;
  /**
   * The last date with records (the span's last day): a period ending after it is not settled (its
   * days after `last` were computed from the calendar alone); its state so far is kept (flex 過不足).
   */
  last: string;
  /**
   * The first day the caller keeps (the span's first day; earlier days were computed only to fill the
   * week or the period): the 変形 week and period steps put 法定外 on days before it only when the kept
   * days cannot take it (those days' own month is not recomputed with it).
   */
  first?: string | undefined;
  /** The employee's calendar (shifts and 振替 applied), for the days of a period beyond the computed ones. */
  calendar: (date: string) => DayCalendar;
  /** MonthInput.employment. */
  employment?: MonthInput['employment'];
  /**
   * The employee's system by date (added for the 変形 pass): tells a period cut short by a change of
   * system (settled at the change) from one the span merely does not reach (not settled).
   */
  systemOf?: SystemOf | undefined;
  /**
   * MonthInput.today (company-local): a flex day from today on whose work is not yet recorded counts
   * the standard day in the period's projection (FlexPeriodState.projectedMinutes).
   */
  today?: string | undefined;
}

/**
 * The week and period passes over days computed by computeDay, by working-time system (version.ts
 * rule 17): consecutive days under the same system form a run; 通常 runs get the 40 h/week rule,
 * 変形 runs variable.ts, flex runs flex.ts, 管理監督者 runs nothing. Returns the days in date order.
 */
export function applyLimits(days: readonly DayResult[], ctx: LimitContext): DayResult[] {
  const sorted = [...days].sort((a, b) => a.workDate.localeCompare(b.workDate));
  const runs: DayResult[][] = [];
  for (const d of sorted) {
    const run = runs[runs.length - 1];
    if (run && sameSystem(run[0]!.system, d.system)) run.push(d);
    else runs.push([d]);
  }
  return runs.flatMap((run) => {
    const kind = run[0]!.system.kind;
    if (kind === 'manager') return run;
    if (kind === 'flex') return applyFlexSettlement(run, ctx);
    if (VARIABLE_SYSTEMS.includes(kind)) return applyVariableLimits(run, ctx);
    return applyWeeklyLimit(run, ctx.weekStartsOn, ctx.weeklyLimit);
  });
}

/**
 * 勤務間インターバル: for each date `from`–`to`, when the previous work ended — the punch-out of the
 * latest earlier work date that has one (a night shift's punch-out on the next morning belongs to
 * its start date, so it is found there). Decision: only an actual punch-out counts, never the
 * previous day's scheduled end: the interval is the rest the worker really had, and a day without
 * work (or without a punch-out to measure from) gives nothing to measure — using the scheduled end
 * would flag the day after an absence or a day off as a short rest that never happened. Records
 * before `from` are used when passed (the month's records start at the week start, see monthRange).
 */
export function previousEnds(records: readonly AttendanceRecord[], from: string, to: string): Map<string, string> {
  const ends = records
    .filter((r) => r.punchOutAt && r.workDate <= to)
    .sort((a, b) => a.workDate.localeCompare(b.workDate));
  const out = new Map<string, string>();
  let i = 0;
  let last: string | null = null;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    while (i < ends.length && ends[i]!.workDate < date) last = ends[i++]!.punchOutAt!;
    if (last) out.set(date, last);
  }
  return out;
}

/**
 * The 法定休日 of the weeks whose rules fix no 法定休日 weekday ('latest' mode: days whose calendar has
 * `legalHolidayByWeek`), from days computed with no legal holiday.
 *
 * 35条1項 (LABOUR-LAW.md §Holidays) asks for one day off a week; which day is the 法定休日 is for the
 * rules to fix. When they fix none and the worker has two (or more) days off in the week, the
 * 行政解釈 (厚生労働省「改正労働基準法に係る質疑応答」, 2010 amendment of 37条1項 ただし書) reads:
 * if one day off was rested, the one rest day 35条 requires was given, so no work that week is
 * 法定休日労働; if every day off was worked, the later one in the week is the 法定休日 and its work
 * 休日労働 (35 %), the earlier ones ordinary work counted toward 40 h.
 * Derivation per week: candidates = the week's days off; any candidate without worked minutes → no
 * 法定休日労働; else the last candidate in date order. Only whole weeks are decided (a week cut
 * short counts its missing days as rested). Whether a day of the month is the 法定休日 depends only on
 * days off up to it, so a month never depends on the next one's punches.
 */
export function assignLatestLegalHolidays(days: readonly DayResult[], weekStartsOn: WeekStart = 0): Set<string> {
  const weeks = new Map<string, DayResult[]>();
  for (const d of days) {
    if (!d.calendar.legalHolidayByWeek) continue;
    const week = weekStartOf(d.workDate, weekStartsOn);
    weeks.set(week, [...(weeks.get(week) ?? []), d]);
  }
  const legal = new Set<string>();
  for (const [week, daysOff] of weeks) {
    const weekEnd = addDays(week, 6);
    const present = days.filter((d) => d.workDate >= week && d.workDate <= weekEnd).length;
    if (present < 7) continue;
    if (daysOff.every((d) => d.workedMinutes > 0)) {
      legal.add(daysOff.map((d) => d.workDate).sort()[daysOff.length - 1]!);
    }
  }
  return legal;
}

/**
 * Totals of days already through the weekly pass. `settings` are the work settings in force on the
 * span's last day: with monthlyRounding30 the 1か月単位 rounding (昭63.3.14 基発150号) is given in
 * `rounded30` for each of 時間外 (法内 + 法定外, 法定外, 月60時間超), 休日 (法定休日労働) and 深夜 — the
 * minute figures stay as they are beside it.
 */
export function monthTotals(
  days: readonly DayResult[],
  rules: RulesInForce,
  settings: WorkSettings = DEFAULT_WORK_SETTINGS,
): MonthTotals {
  const sum = (f: (d: DayResult) => number) => days.reduce((n, d) => n + f(d), 0);
  const statutory = sum((d) => d.statutoryOvertimeMinutes);
  const overtime = sum((d) => d.overtimeMinutes);
  const holiday = sum((d) => d.legalHolidayWorkMinutes);
  const deemed = rules.working.deemedOvertimeMinutes;
  const leave = (type: number) => sum((d) => (d.leaveType === type ? d.leaveDays : 0));
  const over60 = Math.max(0, statutory - MONTHLY_HIGH_RATE_THRESHOLD_MINUTES);
  const lateNight = sum((d) => d.lateNightMinutes);
  const count = (f: (d: DayResult) => boolean) => days.filter(f).length;
  return {
    workedMinutes: sum((d) => d.workedMinutes),
    regularMinutes: sum((d) => d.regularMinutes),
    scheduledOvertimeMinutes: sum((d) => d.scheduledOvertimeMinutes),
    statutoryOvertimeMinutes: statutory,
    dailyStatutoryOvertimeMinutes: sum((d) => d.dailyStatutoryOvertimeMinutes),
    weeklyStatutoryOvertimeMinutes: sum((d) => d.weeklyStatutoryOvertimeMinutes),
    periodStatutoryOvertimeMinutes: sum((d) => d.periodStatutoryOvertimeMinutes),
    system: days[days.length - 1]?.system.kind ?? 'standard',
    flex: days[days.length - 1]?.flexPeriod ?? null,
    overtimeMinutes: overtime,
    overtimeOver60Minutes: over60,
    deemedOvertimeMinutes: deemed,
    excessOvertimeMinutes: Math.max(0, overtime - (deemed ?? 0)),
    legalHolidayWorkMinutes: holiday,
    lateNightMinutes: lateNight,
    breakMinutes: sum((d) => d.breakMinutes),
    overtimeAndHolidayWorkMinutes: statutory + holiday,
    workDays: days.filter((d) => d.workedMinutes > 0).length,
    paidLeaveDays: leave(0),
    substituteLeaveDays: leave(1),
    transferHolidayDays: leave(2),
    incompleteDates: days.filter((d) => d.status === 'incomplete').map((d) => d.workDate),
    scheduledDays: count((d) => d.schedule?.kind === 'pattern'),
    lateDays: count((d) => d.lateMinutes > 0),
    lateMinutes: sum((d) => d.lateMinutes),
    earlyLeaveDays: count((d) => d.earlyLeaveMinutes > 0),
    earlyLeaveMinutes: sum((d) => d.earlyLeaveMinutes),
    absentDays: count((d) => d.isAbsent),
    breakBelowLegalDays: count((d) => d.flags.includes('break_below_legal')),
    shortIntervalDays: count((d) => d.flags.includes('short_interval')),
    paidLeaveHours: sum((d) => (d.leaveType === 0 && d.leaveUnit === 'hours' ? d.leaveHours : 0)),
    rounded30: settings.monthlyRounding30
      ? {
          overtimeMinutes: round30(overtime),
          statutoryOvertimeMinutes: round30(statutory),
          overtimeOver60Minutes: round30(over60),
          legalHolidayWorkMinutes: round30(holiday),
          lateNightMinutes: round30(lateNight),
        }
      : null,
  };
}
