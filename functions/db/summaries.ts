import { monthCalendarInput, spanCalendarInput, type CalendarVersion } from '../domain/worktime/calendar.js';
import { computeMonth, monthRange, spanRange, type MonthResult } from '../domain/worktime/month.js';
import type { DayResult } from '../domain/worktime/day.js';
import {
  periodOfSystem,
  systemOf,
  type FlexPeriodState,
  type SystemOf,
  type WorkSystem,
} from '../domain/worktime/system.js';
import { periodOf, type PayrollPeriod, type PayrollVersion } from '../domain/payroll-period.js';
import {
  computePeriod,
  periodsAffectedBy,
  periodsOverlappingMonth,
  type PeriodResult,
} from '../domain/worktime/period.js';
import { addDays, monthsBetween } from '../domain/time.js';
import { rulesByStaff, type RulesByDate, type RuleRecord } from '../domain/worktime/rules.js';
import type { AssignmentVersion } from '../domain/staff-assignment.js';
import type { ScheduleOf, SettingsOf, ShiftRecord } from '../domain/worktime/schedule.js';
import { today as localToday } from '../domain/time.js';
import { clock } from '../shared/clock.js';
import { logger } from '../shared/logger.js';
import { daysAndShiftsBetween, daysBetween, type DayRecord, type SummaryWrite } from './attendance.js';
import { batchGetChunks } from './batch-get.js';
import {
  companyShifts,
  employeeShifts,
  engineSchedule,
  scheduleSettings,
  type CompanySettings,
  type ScheduleSettings,
} from './schedules.js';
import { db, type Db } from './service.js';

/** How many months of overtime history the 36協定 checks keep (a year plus the month before it). */
const HISTORY_MONTHS = 13;

const ym = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

function monthsBefore(yearMonth: string, n: number): string {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return ym(d.getUTCFullYear(), d.getUTCMonth() + 1);
}

type StaffRef = {
  employeeId: string;
  departmentId?: string | null | undefined;
  employmentStatusId?: string | null | undefined;
  /** The department / status history (domain/staff-assignment.ts): each day is computed with its own. */
  assignments?: readonly AssignmentVersion[] | null | undefined;
  /** 雇入れの日 / 退職日: a 1年単位の変形 period is settled on the employee's own span (MonthInput.employment). */
  hireDate?: string | null | undefined;
  leaveDate?: string | null | undefined;
};

/** The employee's working-time system by date (the company's versions, read with the schedule settings). */
const systemOfEmployee = (employee: StaffRef, sched: ScheduleSettings): SystemOf =>
  systemOf(employee, sched.systems ?? []);

/** MonthInput.employment of an employee. */
const employmentOf = (
  employee: { hireDate?: string | null | undefined; leaveDate?: string | null | undefined } | null | undefined,
) => ({
  hireDate: employee?.hireDate ?? null,
  leaveDate: employee?.leaveDate ?? null,
});

/** An employee's shifts `from`–`to` (YYYY-MM-DD, inclusive). */
export type ShiftsOf = (employeeId: string, from: string, to: string) => Promise<ShiftRecord[]>;

/**
 * Shifts for batch paths (export, closing, recompute, daily refresh): one paginated Query per calendar
 * month of the company's shifts, whatever the staff count, kept for the run and grouped by employee.
 */
export function companyShiftsLoader(companyId: string, service: Db = db()): ShiftsOf {
  const months = new Map<string, Promise<Map<string, ShiftRecord[]>>>();
  const month = (yearMonth: string) => {
    let m = months.get(yearMonth);
    if (!m) {
      m = companyShifts(companyId, yearMonth, service).then((list) => {
        const byEmployee = new Map<string, ShiftRecord[]>();
        for (const s of list) byEmployee.set(s.employeeId, [...(byEmployee.get(s.employeeId) ?? []), s]);
        return byEmployee;
      });
      months.set(yearMonth, m);
    }
    return m;
  };
  return async (employeeId, from, to) =>
    (await Promise.all(monthsBetween(from, to).map(month)))
      .flatMap((m) => m.get(employeeId) ?? [])
      .filter((s) => s.date >= from && s.date <= to);
}

/** One employee's shifts, read for that employee (one Query per month touched): the request paths. */
const ownShifts =
  (companyId: string, service: Db): ShiftsOf =>
  (employeeId, from, to) =>
    employeeShifts(companyId, employeeId, from, to, service);

/**
 * What the engine needs besides the days and rules (MonthInput schedule, settings, today): the
 * employee's schedule from the company's patterns, assignments and shifts, the company's 勤務設定 and
 * the company-local today (days before it are over: a scheduled day without punch or leave is 欠勤).
 */
async function scheduleInput(
  employee: StaffRef,
  schedule: ScheduleSettings,
  shifts: ShiftsOf,
  from: string,
  to: string,
  timeZone: string,
): Promise<{ schedule: ScheduleOf; settings: SettingsOf; system: SystemOf; today: string }> {
  const own = await shifts(employee.employeeId, from, to);
  return { ...engineSchedule(schedule, employee, own), today: localToday(timeZone, clock.now()) };
}

/** All working and break rules of a company, every version: one Query (begins_with "rule#"). */
export async function allRules(companyId: string, service: Db = db()): Promise<RuleRecord[]> {
  const { data } = await service.entities.Rule.query.byCompany({ companyId }).go({ pages: 'all' });
  return data;
}

export interface MonthContext {
  companyId: string;
  employeeId: string;
  timeZone: string;
  year: number;
  month: number;
  /** Pass when already loaded, to save the reads. */
  rules?: RuleRecord[];
  /** The company calendar's versions, when already loaded. */
  calendar?: CalendarVersion[];
  employee?: {
    departmentId?: string | undefined;
    employmentStatusId?: string | undefined;
    assignments?: readonly AssignmentVersion[] | null | undefined;
    hireDate?: string | undefined;
    leaveDate?: string | undefined;
  } | null;
  /** The company's patterns, assignments and work settings (db/schedules.ts), when already loaded. */
  schedule?: ScheduleSettings;
  /** How to read shifts: batch paths pass companyShiftsLoader; default one Query per month for this employee. */
  shifts?: ShiftsOf;
}

/**
 * An employee's month through the engine: the employee (GetItem), the company's rules, calendar
 * versions and schedule settings (one Query each), then the days from the start of the first week to
 * the month's end (Query) and the employee's shifts of those days (one Query per calendar month
 * touched, one or two) — seven reads at most; batch callers pass what they loaded once. Under a
 * 変形 or flex system the days start at the 変形期間 / 清算期間's start (monthRange with the system):
 * still one Query of days, and one Query of shifts per calendar month of the period so far (up to 3
 * for a 3-month flex period, up to 12 for a 1-year 変形).
 */
export async function computeEmployeeMonth(
  ctx: MonthContext,
  service: Db = db(),
): Promise<MonthResult & { records: DayRecord[]; settings: SettingsOf; system: SystemOf; today: string }> {
  const { companyId, employeeId, year, month } = ctx;
  // The settings partition holds the rules and calendar versions too (one Query for all three).
  const [employee, loaded] = await Promise.all([
    ctx.employee !== undefined
      ? ctx.employee
      : service.entities.Employee.get({ companyId, employeeId })
          .go()
          .then((r) => r.data),
    ctx.schedule && ctx.rules && ctx.calendar ? null : scheduleSettings(companyId, service),
  ]);
  const rules = ctx.rules ?? loaded!.rules;
  const versions = ctx.calendar ?? loaded!.calendar;
  const sched = ctx.schedule ?? loaded!;
  const calendar = monthCalendarInput(versions, year, month);
  const staff = {
    employeeId,
    departmentId: employee?.departmentId,
    employmentStatusId: employee?.employmentStatusId,
    assignments: employee?.assignments,
  };
  // The range needs the system, so it comes after the schedule settings are loaded.
  const system = systemOfEmployee(staff, sched);
  const range = monthRange(year, month, calendar.weekStartsOn, system);
  const [records, schedule] = await Promise.all([
    daysBetween({ companyId, employeeId }, range.from, range.to, service),
    scheduleInput(staff, sched, ctx.shifts ?? ownShifts(companyId, service), range.from, range.to, ctx.timeZone),
  ]);
  const result = computeMonth({
    year,
    month,
    timeZone: ctx.timeZone,
    rules: rulesByStaff(rules, staff),
    records,
    ...calendar,
    ...schedule,
    employment: employmentOf(employee),
  });
  return { ...result, records, settings: schedule.settings, system: schedule.system, today: schedule.today };
}

/**
 * A payroll period's result (its id is the `month` key of the stored summary and history line), or a
 * calendar month's (keyed by the month: the same thing under the default 末日締め).
 */
type SummaryResult = (MonthResult | (PeriodResult & { id: string })) & {
  /** The working-time system in force on the period's last day (the 36協定 limits and the screens use it). */
  workSystem?: WorkSystem | undefined;
  /** Company-local today when computed: the stored flex 過不足 is the one as of today in a period under way. */
  today?: string | undefined;
};

/**
 * フレックスタイム制: the 清算期間's state as of `date` (the last computed day up to it; the last day
 * when the span lies after it) — what the employee sees as 過不足 "so far" (the state of the period's last
 * day would count the days still to come as 不足). Null when no day is on flex.
 */
export function flexStateAsOf(days: readonly DayResult[], date: string | undefined): FlexPeriodState | null {
  const upTo = date === undefined ? days : days.filter((d) => d.workDate <= date);
  const last = (upTo.length ? upTo : days)[(upTo.length ? upTo : days).length - 1];
  return last?.flexPeriod ?? null;
}

const summaryKey = (r: SummaryResult) => ('id' in r ? r.id : ym(r.year, r.month));

const monthEnd = (r: MonthResult) => r.days[r.days.length - 1]?.workDate ?? `${ym(r.year, r.month)}-01`;

/** The 変形期間 / 清算期間 holding `date` and its length in months (null / 0 for 通常 and 管理監督者). */
function systemPeriodOf(system: WorkSystem, date: string) {
  const p = periodOfSystem(system, date);
  return {
    ...(p ? { systemPeriodFrom: p.from, systemPeriodTo: p.to } : {}),
    systemPeriodMonths: system.periodMonths,
  };
}

const flexItem = (f: FlexPeriodState | null) =>
  f
    ? {
        flexBalanceMinutes: f.balanceMinutes,
        flexAsOf: f.asOf,
        flexFrameMinutes: f.totalFrameMinutes,
        flexProjectedOverFrameMinutes: f.projectedOverFrameMinutes,
      }
    : {};

/**
 * Days worked on a 法定休日 (with 法定休日労働) and on another day off (所定休日): the 勤怠集計 columns.
 * Only the span's own dates (a month's or period's days).
 */
function holidayWorkDays(days: readonly DayResult[]) {
  let legalHolidayWorkDays = 0;
  let nonLegalHolidayWorkDays = 0;
  for (const d of days) {
    if (d.status !== 'complete' || d.workedMinutes <= 0) continue;
    if (d.legalHolidayWorkMinutes > 0) legalHolidayWorkDays++;
    else if (d.calendar.isDayOff) nonLegalHolidayWorkDays++;
  }
  return { legalHolidayWorkDays, nonLegalHolidayWorkDays };
}

/** The WorkSummary item of a period's result. */
function summaryItem(companyId: string, employeeId: string, result: SummaryResult) {
  const t = result.totals;
  return {
    companyId,
    month: summaryKey(result),
    employeeId,
    ...('id' in result ? { from: result.from, to: result.to } : {}),
    ruleVersion: result.ruleVersion,
    workedMinutes: t.workedMinutes,
    scheduledOvertimeMinutes: t.scheduledOvertimeMinutes,
    statutoryOvertimeMinutes: t.statutoryOvertimeMinutes,
    overtimeMinutes: t.overtimeMinutes,
    overtimeOver60Minutes: t.overtimeOver60Minutes,
    excessOvertimeMinutes: t.excessOvertimeMinutes,
    legalHolidayWorkMinutes: t.legalHolidayWorkMinutes,
    lateNightMinutes: t.lateNightMinutes,
    workDays: t.workDays,
    paidLeaveDays: t.paidLeaveDays,
    incompleteDays: t.incompleteDates.length,
    scheduledDays: t.scheduledDays,
    lateDays: t.lateDays,
    lateMinutes: t.lateMinutes,
    earlyLeaveDays: t.earlyLeaveDays,
    earlyLeaveMinutes: t.earlyLeaveMinutes,
    absentDays: t.absentDays,
    absentDates: result.days.filter((d) => d.isAbsent).map((d) => d.workDate),
    breakBelowLegalDays: t.breakBelowLegalDays,
    shortIntervalDays: t.shortIntervalDays,
    paidLeaveHours: t.paidLeaveHours,
    periodStatutoryOvertimeMinutes: t.periodStatutoryOvertimeMinutes,
    system: t.system,
    ...(result.workSystem ? systemPeriodOf(result.workSystem, 'id' in result ? result.to : monthEnd(result)) : {}),
    ...flexItem(flexStateAsOf(result.days, result.today)),
    computedAt: clock.now().toISOString(),
    regularMinutes: t.regularMinutes,
    substituteLeaveDays: t.substituteLeaveDays,
    transferHolidayDays: t.transferHolidayDays,
    ...holidayWorkDays(result.days),
    rounded30: t.rounded30,
  };
}

/**
 * Stores the totals of one or more payroll periods of an employee and their lines in the overtime
 * history (both keyed by the period id, YYYY-MM = 〇月度), in one transaction (one read of the history,
 * so two periods never race on its map).
 */
async function saveSummary(
  companyId: string,
  employeeId: string,
  result: SummaryResult | readonly SummaryResult[],
  service: Db = db(),
): Promise<void> {
  const results = Array.isArray(result) ? (result as readonly SummaryResult[]) : [result as SummaryResult];
  if (!results.length) return;
  const { data: history } = await service.entities.OvertimeHistory.get({ companyId, employeeId }).go();
  await writeSummary(summaryWrite(companyId, employeeId, results, history), service);
}

/** One transaction of a summary refresh's items (the summaries and the history line). */
async function writeSummary(write: SummaryWrite, service: Db): Promise<void> {
  await service.transaction
    .write(({ WorkSummary, OvertimeHistory }) => [
      ...write.summaries.map((s) => WorkSummary.put(s as never).commit()),
      OvertimeHistory.put(write.history).commit(),
    ])
    .go();
}

/**
 * The items saveSummary writes for `results` (at least one), given the overtime history as read: the
 * summaries and the history with the periods' lines (the 13 months before the latest kept). Pure; the
 * punch-out writes them in the punch's own transaction (db/attendance.ts writePunch).
 */
function summaryWrite(
  companyId: string,
  employeeId: string,
  results: readonly SummaryResult[],
  history: { months?: unknown } | null | undefined,
): SummaryWrite {
  const summaries = results.map((r) => summaryItem(companyId, employeeId, r));
  const latest = summaries.map((s) => s.month).sort()[summaries.length - 1]!;
  const oldest = monthsBefore(latest, HISTORY_MONTHS - 1);
  const months = Object.fromEntries(
    Object.entries((history?.months ?? {}) as Record<string, unknown>).filter(([k]) => k >= oldest),
  );
  for (const r of results) {
    months[summaryKey(r)] = {
      statutoryOvertimeMinutes: r.totals.statutoryOvertimeMinutes,
      legalHolidayWorkMinutes: r.totals.legalHolidayWorkMinutes,
      // The 80 h notice (則52条の2) is total worked time − 40 h × days ÷ 7.
      workedMinutes: r.totals.workedMinutes,
      // The system of the period's last day: 1年単位の変形 over 3 months has the 42 h / 320 h limits,
      // 管理監督者 no 36協定 findings (services/work-figures.ts agreementFindings).
      system: r.totals.system,
      ...(r.workSystem ? { periodMonths: r.workSystem.periodMonths } : {}),
    };
  }
  return { summaries, history: { companyId, employeeId, months } };
}

/**
 * Periods of an employee through the engine from one Query of their days (from the start of the
 * week containing the first period's first day to the last period's last day).
 */
async function computeEmployeePeriods(
  ctx: { companyId: string; employee: StaffRef; timeZone: string },
  periods: readonly PayrollPeriod[],
  rules: RulesByDate,
  calendarVersions: readonly CalendarVersion[],
  sched: ScheduleSettings,
  shifts: ShiftsOf,
  service: Db,
): Promise<(PeriodResult & { id: string })[]> {
  const first = spanCalendarInput(calendarVersions, periods[0]!.from);
  const to = periods[periods.length - 1]!.to;
  // From the week start, or the start of a 変形期間 / 清算期間 the periods' days belong to when earlier.
  const from = spanRange(periods[0]!.from, to, first.weekStartsOn, systemOfEmployee(ctx.employee, sched)).from;
  const employeeId = ctx.employee.employeeId;
  const [records, own] = await Promise.all([
    daysBetween({ companyId: ctx.companyId, employeeId }, from, to, service),
    shifts(employeeId, from, to),
  ]);
  return periodsOf(ctx, periods, rules, calendarVersions, sched, records, own);
}

/** computeEmployeePeriods on days and shifts already read (they must cover the periods' span). Pure but for the clock. */
function periodsOf(
  ctx: { companyId: string; employee: StaffRef; timeZone: string },
  periods: readonly PayrollPeriod[],
  rules: RulesByDate,
  calendarVersions: readonly CalendarVersion[],
  sched: ScheduleSettings,
  records: readonly DayRecord[],
  shifts: readonly ShiftRecord[],
): (PeriodResult & { id: string })[] {
  const schedule = { ...engineSchedule(sched, ctx.employee, shifts), today: localToday(ctx.timeZone, clock.now()) };
  const system = systemOfEmployee(ctx.employee, sched);
  return periods.map((p) => ({
    id: p.id,
    workSystem: system(p.to),
    today: schedule.today,
    ...computePeriod({
      from: p.from,
      to: p.to,
      timeZone: ctx.timeZone,
      rules,
      records: records as DayRecord[],
      ...spanCalendarInput(calendarVersions, p.from),
      ...schedule,
      employment: employmentOf(ctx.employee),
    }),
  }));
}

type StaffItem = {
  departmentId?: string | undefined;
  employmentStatusId?: string | undefined;
  assignments?: readonly AssignmentVersion[] | null | undefined;
  hireDate?: string | undefined;
  leaveDate?: string | undefined;
} | null;

/** The staff item and the overtime history of an employee: one TransactGetItems (both at once). */
export async function staffAndHistory(companyId: string, employeeId: string, service: Db = db()) {
  const { data } = await service.transaction
    .get(({ Employee, OvertimeHistory }) => [
      Employee.get({ companyId, employeeId }).commit(),
      OvertimeHistory.get({ companyId, employeeId }).commit(),
    ])
    .go();
  return { employee: data[0]?.item ?? null, history: data[1]?.item ?? null };
}

const staffRefOf = (employeeId: string, employee: StaffItem): StaffRef => ({
  employeeId,
  departmentId: employee?.departmentId,
  employmentStatusId: employee?.employmentStatusId,
  assignments: employee?.assignments,
  hireDate: employee?.hireDate,
  leaveDate: employee?.leaveDate,
});

/**
 * The payroll periods a change to the days `workDate`–`lastDate` refreshes (periodsAffectedBy) and
 * the days `from`–`to` they are computed on. Pure.
 */
export function summaryPlan(
  employeeId: string,
  employee: StaffItem,
  settings: CompanySettings,
  workDate: string,
  lastDate: string,
  todayDate: string,
): { periods: PayrollPeriod[]; from: string; to: string } {
  const staff = staffRefOf(employeeId, employee);
  const weekStartsOn = spanCalendarInput(settings.calendar, workDate).weekStartsOn;
  const system = systemOfEmployee(staff, settings);
  const periods = periodsAffectedBy(workDate, lastDate, settings.payroll, weekStartsOn, system, todayDate);
  const first = spanCalendarInput(settings.calendar, periods[0]!.from);
  const to = periods[periods.length - 1]!.to;
  return { periods, from: spanRange(periods[0]!.from, to, first.weekStartsOn, system).from, to };
}

/**
 * The refreshed summaries and history of the periods `plan` names, from what was read: the staff
 * item, the company's settings, the overtime history and the days and shifts (covering plan.from–to;
 * others are left out). Pure but for the clock.
 */
export function summaryRefresh(
  who: { companyId: string; employeeId: string; timeZone: string },
  employee: StaffItem,
  history: { months?: unknown } | null,
  settings: CompanySettings,
  plan: { periods: readonly PayrollPeriod[]; from: string; to: string },
  days: readonly DayRecord[],
  shifts: readonly ShiftRecord[],
): SummaryWrite {
  const staff = staffRefOf(who.employeeId, employee);
  const inSpan = <T>(list: readonly T[], date: (x: T) => string) =>
    list.filter((x) => date(x) >= plan.from && date(x) <= plan.to);
  const results = periodsOf(
    { companyId: who.companyId, employee: staff, timeZone: who.timeZone },
    plan.periods,
    rulesByStaff(settings.rules, staff),
    settings.calendar,
    settings,
    inSpan(days, (d) => d.workDate),
    inSpan(shifts, (s) => s.date),
  );
  return summaryWrite(who.companyId, who.employeeId, results, history);
}

/**
 * Recomputes every payroll period a change to the days `workDate`–`lastDate` can alter
 * (periodsAffectedBy: the period of the change and, when the change's week ends in the next period,
 * that period too: its weekly 法定外 counts the earlier days of the week; under a 変形 or flex
 * system every period through the end of the 変形期間 / 清算期間, up to the one holding today — its
 * last day carries the period 法定外 and the flex settlement) after a punch-out,
 * correction, approval or deletion. The same requests whether one period or two: the employee,
 * the rules, the 締め日, calendar and schedule-settings versions, one Query of the days both periods
 * need, the employee's shifts of those days (one Query per calendar month touched), the history and
 * one transaction. The change itself is already stored: a failure here is logged, not thrown, and the
 * next change heals it.
 */
export async function refreshSummary(
  companyId: string,
  employeeId: string,
  workDate: string | ((payroll: readonly PayrollVersion[], today: string) => string),
  timeZone: string,
  lastDate?: string,
  service: Db = db(),
): Promise<void> {
  let periods: readonly PayrollPeriod[] = [];
  try {
    const [settings, { employee, history }] = await Promise.all([
      scheduleSettings(companyId, service),
      staffAndHistory(companyId, employeeId, service),
    ]);
    const todayDate = localToday(timeZone, clock.now());
    const first = typeof workDate === 'string' ? workDate : workDate(settings.payroll, todayDate);
    const plan = summaryPlan(employeeId, employee, settings, first, lastDate ?? first, todayDate);
    periods = plan.periods;
    const { days, shifts } = await daysAndShiftsBetween({ companyId, employeeId }, plan.from, plan.to, service);
    const write = summaryRefresh({ companyId, employeeId, timeZone }, employee, history, settings, plan, days, shifts);
    await writeSummary(write, service);
  } catch (error) {
    logger.error('summary refresh failed', {
      companyId,
      employeeId,
      month: periods.length ? periods.map((p) => p.id).join(',') : typeof workDate === 'string' ? workDate : '',
      error: error as Error,
    });
  }
}

/**
 * The summaries of a member just registered (the staff form, スタッフ一括登録): the payroll period
 * holding today and the one before it, computed and stored at once, so 勤怠集計 and the payroll files
 * show the member's figures — 0s, and days before the 入社日 neither scheduled nor 欠勤 — from the
 * start instead of データなし until some later write (issue 29 item 14). The same four requests as any
 * summary refresh (the settings partition, the member with the overtime history, the days and shifts,
 * one transaction); a failure is logged, never thrown (the registration stands; the next change heals it).
 */
export async function seedSummaries(
  companyId: string,
  employeeId: string,
  timeZone: string,
  service: Db = db(),
): Promise<void> {
  const previousPeriodStart = (payroll: readonly PayrollVersion[], todayDate: string) =>
    periodOf(addDays(periodOf(todayDate, payroll).from, -1), payroll).from;
  const todayDate = localToday(timeZone, clock.now());
  await refreshSummary(companyId, employeeId, previousPeriodStart, timeZone, todayDate, service);
}

/** What a batch refresh reads once per company (rules, 締め日, calendar, schedule settings, shifts by month). */
export interface CompanyFigures {
  rules: readonly RuleRecord[];
  versions: readonly PayrollVersion[];
  calendar: readonly CalendarVersion[];
  schedule: ScheduleSettings;
  shifts: ShiftsOf;
}

/** Loads a batch refresh's CompanyFigures: one Query of the settings partition, then one per calendar month of shifts as needed. */
export async function companyFigures(companyId: string, service: Db = db()): Promise<CompanyFigures> {
  const schedule = await scheduleSettings(companyId, service);
  return {
    rules: schedule.rules,
    versions: schedule.payroll,
    calendar: schedule.calendar,
    schedule,
    shifts: companyShiftsLoader(companyId, service),
  };
}

/**
 * Recomputes and stores the payroll periods with a day in the calendar months `months` (YYYY-MM,
 * oldest first) of one employee: the days all of them need in one Query, then one transaction (the
 * recompute job's step, one employee at a time). `figures` are read once per company.
 */
export async function refreshEmployeeMonths(
  companyId: string,
  employee: StaffRef,
  timeZone: string,
  months: readonly string[],
  figures: CompanyFigures,
  service: Db = db(),
): Promise<void> {
  const { rules, versions, calendar } = figures;
  if (!months.length) return;
  const periods = [
    ...new Map(months.flatMap((m) => periodsOverlappingMonth(m, versions)).map((p) => [p.id, p])).values(),
  ];
  const resolved = rulesByStaff(rules, employee);
  const results = await computeEmployeePeriods(
    { companyId, employee, timeZone },
    periods,
    resolved,
    calendar,
    figures.schedule,
    figures.shifts,
    service,
  );
  await saveSummary(companyId, employee.employeeId, results, service);
}

/**
 * After a settings change (demo seed, bench): for every active employee, a few at a time, in this
 * process, the payroll periods with a day in the calendar month `year`-`month` (the month itself under
 * 末日締め; with 20日締め, November's days lie in 11月度 and 12月度). The same three requests per employee
 * for one period or two (one Query of the days, the history, one transaction), plus the staff, the
 * rules and the 締め日 versions once. Routes never call it: they enqueue a recompute job
 * (services/recompute.ts).
 */
export async function refreshCompanyMonth(
  companyId: string,
  timeZone: string,
  year: number,
  month: number,
  service: Db = db(),
): Promise<number> {
  const [{ data: staff }, figures] = await Promise.all([
    service.entities.Employee.query.byCompany({ companyId }).go({ pages: 'all' }),
    companyFigures(companyId, service),
  ]);
  const active = staff.filter((e) => e.status === 'active');
  const queue = [...active];
  const worker = async () => {
    for (let e = queue.shift(); e; e = queue.shift())
      await refreshEmployeeMonths(companyId, e, timeZone, [ym(year, month)], figures, service);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return active.length;
}

/** A company's summaries of one payroll period (its id, YYYY-MM = 〇月度): one Query. */
export async function monthSummaries(companyId: string, yearMonth: string, service: Db = db()) {
  const { data } = await service.entities.WorkSummary.query
    .byMonth({ companyId })
    .begins({ month: yearMonth })
    .go({ pages: 'all' });
  return data.filter((s) => s.month === yearMonth);
}

/**
 * The summaries of one payroll period of the named staff (BatchGetItem, 100 keys a call: one request
 * for a list page); staff without one are left out.
 */
export async function summariesOf(
  companyId: string,
  yearMonth: string,
  employeeIds: readonly string[],
  service: Db = db(),
) {
  const keys = employeeIds.map((employeeId) => ({ companyId, month: yearMonth, employeeId }));
  return batchGetChunks(keys, (chunk) => service.entities.WorkSummary.get(chunk).go(), 'summary');
}

/** Every employee's overtime history: one Query. */
export async function overtimeHistories(companyId: string, service: Db = db()) {
  const { data } = await service.entities.OvertimeHistory.query.byEmployee({ companyId }).go({ pages: 'all' });
  return data;
}

/** One employee's summary of one payroll period (GetItem), or null before the first closed shift. */
export async function employeeMonthSummary(
  companyId: string,
  employeeId: string,
  yearMonth: string,
  service: Db = db(),
) {
  const { data } = await service.entities.WorkSummary.get({ companyId, month: yearMonth, employeeId }).go();
  return data;
}

/** One employee's overtime history (GetItem), or null. */
export async function overtimeHistory(companyId: string, employeeId: string, service: Db = db()) {
  const { data } = await service.entities.OvertimeHistory.get({ companyId, employeeId }).go();
  return data;
}
