import { monthCalendarInput, type CalendarVersion } from '../domain/worktime/calendar.js';
import { computeMonth, monthRange, monthsAffectedBy, type MonthResult } from '../domain/worktime/month.js';
import { resolveRules, type RuleRecord } from '../domain/worktime/rules.js';
import { clock } from '../shared/clock.js';
import { logger } from '../shared/logger.js';
import { daysBetween, type DayRecord } from './attendance.js';
import { calendarVersions } from './company-calendars.js';
import { db, type Db } from './service.js';

/** How many months of overtime history the 36協定 checks keep (a year plus the month before it). */
export const HISTORY_MONTHS = 13;

const ym = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

function monthsBefore(yearMonth: string, n: number): string {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return ym(d.getUTCFullYear(), d.getUTCMonth() + 1);
}

/** All working and break rules of a company: one Query (begins_with "rule#"). */
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
    rules: resolveRules(rules, employee?.departmentId, employee?.employmentStatusId),
    records,
    ...calendar,
  });
  return { ...result, records };
}

/** The WorkSummary item of a month's result. */
function summaryItem(companyId: string, employeeId: string, result: MonthResult) {
  const t = result.totals;
  return {
    companyId,
    month: ym(result.year, result.month),
    employeeId,
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
 * Stores the totals of one or more months of an employee and their lines in the overtime history, in
 * one transaction (one read of the history, so two months never race on its map).
 */
export async function saveSummary(
  companyId: string,
  employeeId: string,
  result: MonthResult | readonly MonthResult[],
  service: Db = db(),
): Promise<void> {
  const results = Array.isArray(result) ? (result as readonly MonthResult[]) : [result as MonthResult];
  if (!results.length) return;
  const summaries = results.map((r) => summaryItem(companyId, employeeId, r));
  const latest = summaries.map((s) => s.month).sort()[summaries.length - 1]!;
  const { data: history } = await service.entities.OvertimeHistory.get({ companyId, employeeId }).go();
  const oldest = monthsBefore(latest, HISTORY_MONTHS - 1);
  const months = Object.fromEntries(
    Object.entries((history?.months ?? {}) as Record<string, unknown>).filter(([k]) => k >= oldest),
  );
  for (const r of results) {
    months[ym(r.year, r.month)] = {
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
 * Recomputes every month a change to the days `workDate`–`lastDate` can alter (monthsAffectedBy: the
 * month of the change and, when the change's week ends in the next month, that month too: its weekly
 * 法定外 counts the earlier days of the week) after a punch-out, correction, approval or deletion. The
 * same five requests whether one month or two: the employee, the rules, one Query of the days both
 * months need, the history and one transaction. The change itself is already stored: a failure here
 * is logged, not thrown, and the next change heals it.
 */
export async function refreshSummary(
  companyId: string,
  employeeId: string,
  workDate: string,
  timeZone: string,
  lastDate: string = workDate,
  service: Db = db(),
): Promise<void> {
  let months = monthsAffectedBy(workDate, lastDate).map((m) => m.split('-').map(Number) as [number, number]);
  try {
    const [employee, rules, versions] = await Promise.all([
      service.entities.Employee.get({ companyId, employeeId })
        .go()
        .then((r) => r.data),
      allRules(companyId, service),
      calendarVersions(companyId, service),
    ]);
    // The week the calendar's version in force sets (monthsAffectedBy above assumed Sunday weeks).
    const weekStartsOn = monthCalendarInput(versions, ...months[0]!).weekStartsOn;
    months = monthsAffectedBy(workDate, lastDate, weekStartsOn).map(
      (m) => m.split('-').map(Number) as [number, number],
    );
    const [firstYear, firstMonth] = months[0]!;
    const [lastYear, lastMonth] = months[months.length - 1]!;
    const from = monthRange(
      firstYear,
      firstMonth,
      monthCalendarInput(versions, firstYear, firstMonth).weekStartsOn,
    ).from;
    const to = monthRange(lastYear, lastMonth).to;
    const records = await daysBetween({ companyId, employeeId }, from, to, service);
    const resolved = resolveRules(rules, employee?.departmentId, employee?.employmentStatusId);
    const results = months.map(([year, month]) =>
      computeMonth({ year, month, timeZone, rules: resolved, records, ...monthCalendarInput(versions, year, month) }),
    );
    await saveSummary(companyId, employeeId, results, service);
  } catch (error) {
    logger.error('summary refresh failed', {
      companyId,
      employeeId,
      month: months.map(([y, m]) => ym(y, m)).join(','),
      error: error as Error,
    });
  }
}

/** After a rule change: this month for every active employee, a few at a time. */
export async function refreshCompanyMonth(
  companyId: string,
  timeZone: string,
  year: number,
  month: number,
  service: Db = db(),
): Promise<number> {
  const [{ data: staff }, rules, calendar] = await Promise.all([
    service.entities.Employee.query.byCompany({ companyId }).go({ pages: 'all' }),
    allRules(companyId, service),
    calendarVersions(companyId, service),
  ]);
  const active = staff.filter((e) => e.status === 'active');
  const queue = [...active];
  const worker = async () => {
    for (let e = queue.shift(); e; e = queue.shift()) {
      const result = await computeEmployeeMonth(
        { companyId, employeeId: e.employeeId, timeZone, year, month, rules, calendar, employee: e },
        service,
      );
      await saveSummary(companyId, e.employeeId, result, service);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return active.length;
}

/** A company's summaries of one month: one Query. */
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

/** One employee's summary of one month (GetItem), or null before the first closed shift. */
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
