import { monthCalendarInput, spanCalendarInput, type CalendarVersion } from '../domain/worktime/calendar.js';
import { computeMonth, monthRange, type MonthResult } from '../domain/worktime/month.js';
import { type PayrollPeriod, type PayrollVersion } from '../domain/payroll-period.js';
import {
  computePeriod,
  periodRange,
  periodsAffectedBy,
  periodsOverlappingMonth,
  type PeriodResult,
} from '../domain/worktime/period.js';
import { rulesByDate, type RulesByDate, type RuleRecord } from '../domain/worktime/rules.js';
import { clock } from '../shared/clock.js';
import { logger } from '../shared/logger.js';
import { daysBetween, type DayRecord } from './attendance.js';
import { calendarVersions } from './company-calendars.js';
import { payrollVersions } from './period-closings.js';
import { db, type Db } from './service.js';

/** How many months of overtime history the 36協定 checks keep (a year plus the month before it). */
export const HISTORY_MONTHS = 13;

const ym = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

function monthsBefore(yearMonth: string, n: number): string {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return ym(d.getUTCFullYear(), d.getUTCMonth() + 1);
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
  employee?: { departmentId?: string | undefined; employmentStatusId?: string | undefined } | null;
}

/**
 * An employee's month through the engine: the employee (GetItem), the company's rules and calendar
 * versions (one Query each) and the days from the start of the first week to the month's end (Query)
 * — four reads at most.
 */
export async function computeEmployeeMonth(
  ctx: MonthContext,
  service: Db = db(),
): Promise<MonthResult & { records: DayRecord[] }> {
  const { companyId, employeeId, year, month } = ctx;
  const [employee, rules, versions] = await Promise.all([
    ctx.employee !== undefined
      ? ctx.employee
      : service.entities.Employee.get({ companyId, employeeId })
          .go()
          .then((r) => r.data),
    ctx.rules ?? allRules(companyId, service),
    ctx.calendar ?? calendarVersions(companyId, service),
  ]);
  const calendar = monthCalendarInput(versions, year, month);
  const range = monthRange(year, month, calendar.weekStartsOn);
  const records = await daysBetween({ companyId, employeeId }, range.from, range.to, service);
  const result = computeMonth({
    year,
    month,
    timeZone: ctx.timeZone,
    rules: rulesByDate(rules, employee?.departmentId, employee?.employmentStatusId),
    records,
    ...calendar,
  });
  return { ...result, records };
}

/**
 * A payroll period's result (its id is the `month` key of the stored summary and history line), or a
 * calendar month's (keyed by the month: the same thing under the default 末日締め).
 */
export type SummaryResult = MonthResult | (PeriodResult & { id: string });

const summaryKey = (r: SummaryResult) => ('id' in r ? r.id : ym(r.year, r.month));

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
    computedAt: clock.now().toISOString(),
  };
}

/**
 * Stores the totals of one or more payroll periods of an employee and their lines in the overtime
 * history (both keyed by the period id, YYYY-MM = 〇月度), in one transaction (one read of the history,
 * so two periods never race on its map).
 */
export async function saveSummary(
  companyId: string,
  employeeId: string,
  result: SummaryResult | readonly SummaryResult[],
  service: Db = db(),
): Promise<void> {
  const results = Array.isArray(result) ? (result as readonly SummaryResult[]) : [result as SummaryResult];
  if (!results.length) return;
  const summaries = results.map((r) => summaryItem(companyId, employeeId, r));
  const latest = summaries.map((s) => s.month).sort()[summaries.length - 1]!;
  const { data: history } = await service.entities.OvertimeHistory.get({ companyId, employeeId }).go();
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
    };
  }
  await service.transaction
    .write(({ WorkSummary, OvertimeHistory }) => [
      ...summaries.map((s) => WorkSummary.put(s).commit()),
      OvertimeHistory.put({ companyId, employeeId, months }).commit(),
    ])
    .go();
}

/**
 * Periods of an employee through the engine from one Query of their days (from the start of the
 * week containing the first period's first day to the last period's last day).
 */
async function computeEmployeePeriods(
  ctx: { companyId: string; employeeId: string; timeZone: string },
  periods: readonly PayrollPeriod[],
  rules: RulesByDate,
  calendarVersions: readonly CalendarVersion[],
  service: Db,
): Promise<(PeriodResult & { id: string })[]> {
  const first = spanCalendarInput(calendarVersions, periods[0]!.from);
  const from = periodRange(periods[0]!.from, periods[0]!.to, first.weekStartsOn).from;
  const to = periods[periods.length - 1]!.to;
  const records = await daysBetween({ companyId: ctx.companyId, employeeId: ctx.employeeId }, from, to, service);
  return periods.map((p) => ({
    id: p.id,
    ...computePeriod({
      from: p.from,
      to: p.to,
      timeZone: ctx.timeZone,
      rules,
      records,
      ...spanCalendarInput(calendarVersions, p.from),
    }),
  }));
}

/**
 * Recomputes every payroll period a change to the days `workDate`–`lastDate` can alter
 * (periodsAffectedBy: the period of the change and, when the change's week ends in the next period,
 * that period too: its weekly 法定外 counts the earlier days of the week) after a punch-out,
 * correction, approval or deletion. The same six requests whether one period or two: the employee,
 * the rules, the 締め日 versions, one Query of the days both periods need, the history and one
 * transaction. The change itself is already stored: a failure here is logged, not thrown, and the
 * next change heals it.
 */
export async function refreshSummary(
  companyId: string,
  employeeId: string,
  workDate: string,
  timeZone: string,
  lastDate: string = workDate,
  service: Db = db(),
): Promise<void> {
  let periods: PayrollPeriod[] = [];
  try {
    const [employee, rules, versions, calendar] = await Promise.all([
      service.entities.Employee.get({ companyId, employeeId })
        .go()
        .then((r) => r.data),
      allRules(companyId, service),
      payrollVersions(companyId, service),
      calendarVersions(companyId, service),
    ]);
    const weekStartsOn = spanCalendarInput(calendar, workDate).weekStartsOn;
    periods = periodsAffectedBy(workDate, lastDate, versions, weekStartsOn);
    const resolved = rulesByDate(rules, employee?.departmentId, employee?.employmentStatusId);
    const results = await computeEmployeePeriods(
      { companyId, employeeId, timeZone },
      periods,
      resolved,
      calendar,
      service,
    );
    await saveSummary(companyId, employeeId, results, service);
  } catch (error) {
    logger.error('summary refresh failed', {
      companyId,
      employeeId,
      month: periods.length ? periods.map((p) => p.id).join(',') : workDate,
      error: error as Error,
    });
  }
}

/**
 * Recomputes and stores the payroll periods with a day in the calendar months `months` (YYYY-MM,
 * oldest first) of one employee: the days all of them need in one Query, then one transaction (the
 * recompute job's step, one employee at a time). `versions` are the company's 締め日 versions.
 */
export async function refreshEmployeeMonths(
  companyId: string,
  employee: { employeeId: string; departmentId?: string | undefined; employmentStatusId?: string | undefined },
  timeZone: string,
  months: readonly string[],
  rules: readonly RuleRecord[],
  versions: readonly PayrollVersion[],
  calendar: readonly CalendarVersion[],
  service: Db = db(),
): Promise<void> {
  if (!months.length) return;
  const periods = [
    ...new Map(months.flatMap((m) => periodsOverlappingMonth(m, versions)).map((p) => [p.id, p])).values(),
  ];
  const resolved = rulesByDate(rules, employee.departmentId, employee.employmentStatusId);
  const results = await computeEmployeePeriods(
    { companyId, employeeId: employee.employeeId, timeZone },
    periods,
    resolved,
    calendar,
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
  const [{ data: staff }, rules, versions, calendar] = await Promise.all([
    service.entities.Employee.query.byCompany({ companyId }).go({ pages: 'all' }),
    allRules(companyId, service),
    payrollVersions(companyId, service),
    calendarVersions(companyId, service),
  ]);
  const active = staff.filter((e) => e.status === 'active');
  const queue = [...active];
  const worker = async () => {
    for (let e = queue.shift(); e; e = queue.shift())
      await refreshEmployeeMonths(companyId, e, timeZone, [ym(year, month)], rules, versions, calendar, service);
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
