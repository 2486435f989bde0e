/**
 * One employee's month: every calendar date of the month computed, the 40 h/week rule applied, and
 * the totals the work-status summaries, the staff list, the CSV export and the 36協定 checks use.
 */
import { addDays, monthDates } from '../time.js';
import { computeDay, type DayCalendar, type DayResult } from './day.js';
import { rulesOn, type RulesByDate, type RulesInForce } from './rules.js';
import { MONTHLY_HIGH_RATE_THRESHOLD_MINUTES, RULE_VERSION } from './version.js';
import { applyWeeklyLimit, weekStartOf, type WeekStart } from './week.js';

/** An attendance-day item as stored (extra fields are ignored). */
export interface AttendanceRecord {
  workDate: string;
  punchInAt?: string | null | undefined;
  punchOutAt?: string | null | undefined;
  leaveType?: number | null | undefined;
  leaveDays?: number | null | undefined;
  /** Set when an overtime request for this date is approved (stored on the day by the decision). */
  overWorkApproved?: boolean | null | undefined;
  /** Set when a holiday-work request for this date is approved. */
  holidayWorkApproved?: boolean | null | undefined;
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
   * range are ignored; dates without an item are days without punches.
   */
  records: readonly AttendanceRecord[];
  /** The company calendar (see calendar.ts `companyCalendar`). */
  calendar: (date: string) => DayCalendar;
  requests?: readonly RequestRecord[] | undefined;
  weekStartsOn?: WeekStart | undefined;
}

export interface MonthTotals {
  /** All worked minutes, legal-holiday work included. */
  workedMinutes: number;
  regularMinutes: number;
  scheduledOvertimeMinutes: number;
  /** 法定外 = daily + weekly. */
  statutoryOvertimeMinutes: number;
  dailyStatutoryOvertimeMinutes: number;
  weeklyStatutoryOvertimeMinutes: number;
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

/** The dates computeMonth needs: from the start of the week containing the 1st to the month's end. */
export function monthRange(year: number, month: number, weekStartsOn: WeekStart = 0): { from: string; to: string } {
  const dates = monthDates(year, month);
  return { from: weekStartOf(dates[0]!, weekStartsOn), to: dates[dates.length - 1]! };
}

/**
 * The months whose figures a change to the days `from`–`to` can alter, oldest first: at most two when
 * the days lie in one month. A day's own figures depend only on that day, but the 40 h/week rule
 * (applyWeeklyLimit) takes a week's days in date order and puts weekly 法定外 on the day where the
 * total passes 40 h, so a change can move 法定外 onto or off any later day of the same week — up to
 * the week's last day, which may be in the next month. Earlier days of the week never change, so the
 * month before is never affected.
 */
export function monthsAffectedBy(from: string, to: string = from, weekStartsOn: WeekStart = 0): string[] {
  const last = addDays(weekStartOf(to, weekStartsOn), 6);
  const months: string[] = [];
  for (let m = from.slice(0, 7); m <= last.slice(0, 7); m = nextMonth(m)) months.push(m);
  return months;
}

function nextMonth(yearMonth: string): string {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export function computeMonth(input: MonthInput): MonthResult {
  const weekStartsOn = input.weekStartsOn ?? 0;
  const { from, to } = monthRange(input.year, input.month, weekStartsOn);
  const byDate = new Map(input.records.map((r) => [r.workDate, r]));
  const approved = new Set(
    (input.requests ?? []).filter((r) => r.status === undefined || r.status === 1).map((r) => `${r.kind}#${r.date}`),
  );

  const computed: DayResult[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const r = byDate.get(date);
    computed.push(
      computeDay({
        workDate: date,
        timeZone: input.timeZone,
        punchInAt: r?.punchInAt,
        punchOutAt: r?.punchOutAt,
        leaveType: r?.leaveType,
        leaveDays: r?.leaveDays,
        rules: rulesOn(input.rules, date),
        calendar: input.calendar(date),
        nextDayIsLegalHoliday: input.calendar(addDays(date, 1)).isLegalHoliday,
        approved: {
          overWork: approved.has(`over_work#${date}`) || Boolean(r?.overWorkApproved),
          holidayWork: approved.has(`holiday_work#${date}`) || Boolean(r?.holidayWorkApproved),
        },
      }),
    );
  }
  const prefix = `${input.year}-${String(input.month).padStart(2, '0')}-`;
  const days = applyWeeklyLimit(computed, weekStartsOn).filter((d) => d.workDate.startsWith(prefix));
  const monthEnd = rulesOn(input.rules, to);
  return {
    ruleVersion: RULE_VERSION,
    year: input.year,
    month: input.month,
    rules: monthEnd,
    days,
    totals: monthTotals(days, monthEnd),
  };
}

/** Totals of days already through the weekly pass. */
export function monthTotals(days: readonly DayResult[], rules: RulesInForce): MonthTotals {
  const sum = (f: (d: DayResult) => number) => days.reduce((n, d) => n + f(d), 0);
  const statutory = sum((d) => d.statutoryOvertimeMinutes);
  const overtime = sum((d) => d.overtimeMinutes);
  const holiday = sum((d) => d.legalHolidayWorkMinutes);
  const deemed = rules.working.deemedOvertimeMinutes;
  const leave = (type: number) => sum((d) => (d.leaveType === type ? d.leaveDays : 0));
  return {
    workedMinutes: sum((d) => d.workedMinutes),
    regularMinutes: sum((d) => d.regularMinutes),
    scheduledOvertimeMinutes: sum((d) => d.scheduledOvertimeMinutes),
    statutoryOvertimeMinutes: statutory,
    dailyStatutoryOvertimeMinutes: sum((d) => d.dailyStatutoryOvertimeMinutes),
    weeklyStatutoryOvertimeMinutes: sum((d) => d.weeklyStatutoryOvertimeMinutes),
    overtimeMinutes: overtime,
    overtimeOver60Minutes: Math.max(0, statutory - MONTHLY_HIGH_RATE_THRESHOLD_MINUTES),
    deemedOvertimeMinutes: deemed,
    excessOvertimeMinutes: Math.max(0, overtime - (deemed ?? 0)),
    legalHolidayWorkMinutes: holiday,
    lateNightMinutes: sum((d) => d.lateNightMinutes),
    breakMinutes: sum((d) => d.breakMinutes),
    overtimeAndHolidayWorkMinutes: statutory + holiday,
    workDays: days.filter((d) => d.workedMinutes > 0).length,
    paidLeaveDays: leave(0),
    substituteLeaveDays: leave(1),
    transferHolidayDays: leave(2),
    incompleteDates: days.filter((d) => d.status === 'incomplete').map((d) => d.workDate),
  };
}
