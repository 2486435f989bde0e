/**
 * 勤怠状況's figures, computed in the background (issue 19): reading every active staff member, every
 * summary of the period and every overtime history grows with the company (20 requests and 9 s at
 * 10,000 staff), so the recompute worker does it and stores one bounded item per company and period
 * (db/entities/work-status-digest.ts); `GET /api/v1/work_status` reads that item.
 *
 * When a digest is built: on demand when a reader finds it missing or older than STALE_AFTER_MS (one
 * conditional claim, so a crowd of admins starts one build), on 再集計 (`POST /api/v1/work_status/refresh`),
 * after every recompute job of the company (rules, calendar, shifts: the figures follow the settings)
 * and so in the daily refresh too (it runs a recompute job per company).
 */
import { findCompany } from '../db/companies.js';
import { calendarVersions } from '../db/company-calendars.js';
import { agreementVersions } from '../db/overtime-agreements.js';
import { payrollVersions } from '../db/period-closings.js';
import { activeStaff } from '../db/staff.js';
import { fiveDayBehind, type FiveDayBehindView } from './paid-leave-service.js';
import { monthSummaries, overtimeHistories } from '../db/summaries.js';
import { claimWorkStatusBuild, findWorkStatusDigest, saveWorkStatusFigures } from '../db/work-status-digests.js';
import { periodById, periodOf, type PayrollPeriod, type PayrollVersion } from '../domain/payroll-period.js';
import { today } from '../domain/time.js';
import { addMonths, agreementYearStartOf, type Severity } from '../domain/worktime/agreement.js';
import { clock } from '../shared/clock.js';
import { logger } from '../shared/logger.js';
import {
  agreementAlerts,
  agreementSettingsOn,
  companyAgreement,
  findingView,
  historyMonths,
  scheduleFindingDays,
  scheduleFindingOf,
  startMonthOn,
  summarySystemView,
  type FindingView,
  type SummarySystemView,
} from './work-figures.js';

/**
 * A digest older than this is built again when someone looks at it. Punches and approvals change the
 * figures all day, and an admin watching the screen expects minutes, not hours; a build reads the
 * whole company, so building on every look would bring back the cost this digest removes. Five
 * minutes: an admin sees figures at most five minutes old (集計日時 says so, 再集計 forces a build), and
 * a company pays at most twelve builds an hour per period however many admins look.
 */
export const STALE_AFTER_MS = 5 * 60 * 1000;
/** A claim whose build has not stored its figures after this is taken as lost (the worker died). */
export const CLAIM_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * Caps of the stored lists, each with its full count beside it (the screen says 他N件). Worst case of
 * the item, with 101-character names (姓 and 名 of 50 each, 3 bytes a character) and the longest
 * finding message (~150 characters): an alert ≈ 1 KB, an employee row ≈ 0.8 KB, so
 * 100 + 12 × 10 alerts ≈ 220 KB and 50 + 50 rows ≈ 80 KB: ≈ 300 KB, under DynamoDB's 400 KB item limit
 * whatever the staff count (test/integration/work-status-digest.test.ts builds that worst case).
 * Real names and messages are a third of that.
 */
export const DIGEST_CAPS = {
  /** The period's 36協定 alerts (violations first). */
  alerts: 100,
  /** Findings of each month of the agreement year. */
  monthAlerts: 10,
  /** Employees with the most 法定外 (the chart shows the top 20). */
  employees: 50,
  /** Employees with 遅刻・早退・欠勤, 勤務間インターバル or break findings (most days first). */
  scheduleRows: 50,
  /** Staff behind on the five-day duty (earliest deadline first). */
  fiveDay: 50,
} as const;

export interface WorkStatusAlertView extends FindingView {
  employee_id: string;
  name: string;
}

export interface EmployeeMonthFiguresView {
  id: string;
  name: string;
  working_minutes: number;
  overtime_minutes: number;
  statutory_overtime_minutes: number;
  excess_minutes: number;
  /** 遅刻・早退 (days, minutes) and 欠勤 days of the period (0 on summaries stored before schedules). */
  late_days: number;
  late_minutes: number;
  early_leave_days: number;
  early_leave_minutes: number;
  absent_days: number;
  /** Days short of the 勤務間インターバル, and days whose punched breaks are below 34条. */
  short_interval_days: number;
  break_below_legal_days: number;
  /** 法定外 found over a 変形期間 / 清算期間 (0 under 通常), and the system of the period (issue 17). */
  period_statutory_overtime_minutes: number;
  system: SummarySystemView;
}

/** What a digest stores: the work status of a period without the period itself (the route adds it). */
export interface WorkStatusFigures {
  count_employees: number;
  /**
   * Members with work in the period (a day worked or minutes worked): the averages' denominator (issue
   * 29 item 20). A recompute stores a period for every member, so a summary alone says nothing. Null on
   * a digest stored before it (its averages were over every registered member) until its next build.
   */
  count_with_data: number | null;
  total_working_time: number;
  average_working_time: number;
  total_over_working_time: number;
  average_over_working_time: number;
  /** 超過: overtime beyond the monthly deemed overtime. */
  total_unpaid_working_time: number;
  average_unpaid_working_time: number;
  alert_limit_minutes: number;
  special_clause: boolean;
  /** The period's 36協定 findings, at most DIGEST_CAPS.alerts (violations kept first); `alerts_total` counts all. */
  alerts: WorkStatusAlertView[];
  alerts_total: number;
  /** First month (YYYY-MM, a period id) of the current agreement year (from the 36協定's 起算日). */
  agreement_year_start: string;
  /** Every month of the agreement year up to this one, oldest first, with its findings (capped, counted). */
  agreement_months: { month: string; alerts: WorkStatusAlertView[]; alerts_total: number }[];
  /**
   * Not every employee: the DIGEST_CAPS.employees with the most 法定外 (the chart's top N) and the
   * DIGEST_CAPS.scheduleRows with the most 遅刻・早退・欠勤 days (the schedule table), each once.
   */
  employees: EmployeeMonthFiguresView[];
  /** Employees with figures this period, and how many of them have schedule findings. */
  employees_total: number;
  schedule_rows_total: number;
  /** Employees whose 法定外 is over the alert limit (the chart's 超過 count, over all staff). */
  over_limit_count: number;
  /** Company total 法定外 per month, oldest first, up to 12. */
  monthly_overtime: { month: string; overtime_minutes: number }[];
  rule_version: string | null;
  /** Staff behind on the five-day duty (年5日, 39条7項) today, at most DIGEST_CAPS.fiveDay; `five_day_total` counts all. */
  five_day: FiveDayBehindView[];
  five_day_total: number;
}

const avg = (total: number, n: number) => (n ? Math.round(total / n) : 0);
const staffName = (s: { lastName: string; firstName: string }) => `${s.lastName} ${s.firstName}`;
const SEVERITY_RANK: Record<Severity, number> = { violation: 0, warning: 1, notice: 2 };
/** The first `max` alerts by severity (violations first), in their own order; the list as is when it fits. */
function mostSevere(alerts: readonly WorkStatusAlertView[], max: number): WorkStatusAlertView[] {
  if (alerts.length <= max) return [...alerts];
  const kept = new Set(
    alerts
      .map((a, i) => ({ a, i }))
      .sort((x, y) => SEVERITY_RANK[x.a.severity] - SEVERITY_RANK[y.a.severity] || x.i - y.i)
      .slice(0, max)
      .map((x) => x.i),
  );
  return alerts.filter((_, i) => kept.has(i));
}
const scheduleDays = scheduleFindingDays;

/** The figures shown while no digest exists yet (集計中). */
export const emptyFigures = (): WorkStatusFigures => ({
  count_employees: 0,
  count_with_data: null,
  total_working_time: 0,
  average_working_time: 0,
  total_over_working_time: 0,
  average_over_working_time: 0,
  total_unpaid_working_time: 0,
  average_unpaid_working_time: 0,
  alert_limit_minutes: 2700,
  special_clause: false,
  alerts: [],
  alerts_total: 0,
  agreement_year_start: '',
  agreement_months: [],
  employees: [],
  employees_total: 0,
  schedule_rows_total: 0,
  over_limit_count: 0,
  monthly_overtime: [],
  rule_version: null,
  five_day: [],
  five_day_total: 0,
});

/** Keeps the first `max` of each list by the order given: the bounded lists of the digest. */
export function capFigures(f: WorkStatusFigures): WorkStatusFigures {
  const top = [...f.employees]
    .sort((a, b) => b.statutory_overtime_minutes - a.statutory_overtime_minutes || a.id.localeCompare(b.id))
    .slice(0, DIGEST_CAPS.employees);
  const withSchedule = f.employees.filter((e) => scheduleDays(e) > 0);
  const schedule = [...withSchedule]
    .sort((a, b) => scheduleDays(b) - scheduleDays(a) || a.id.localeCompare(b.id))
    .slice(0, DIGEST_CAPS.scheduleRows);
  const kept = new Set([...top, ...schedule]);
  return {
    ...f,
    alerts: mostSevere(f.alerts, DIGEST_CAPS.alerts),
    alerts_total: f.alerts.length,
    agreement_months: f.agreement_months.map((m) => ({
      month: m.month,
      alerts: mostSevere(m.alerts, DIGEST_CAPS.monthAlerts),
      alerts_total: m.alerts.length,
    })),
    employees: f.employees.filter((e) => kept.has(e)),
    employees_total: f.employees.length,
    schedule_rows_total: withSchedule.length,
    over_limit_count: f.employees.filter((e) => e.statutory_overtime_minutes > f.alert_limit_minutes).length,
    five_day: f.five_day.slice(0, DIGEST_CAPS.fiveDay),
    five_day_total: f.five_day.length,
  };
}

/**
 * Work status (spec §3) of one payroll period, every list whole: staff count; working time, overtime
 * and excess over the deemed overtime, total and average (minutes); the 36協定 alert list; per-employee
 * figures and the last 12 months' overtime for the charts; the 36協定 findings of every month of the
 * agreement year so far, each month (a payroll period) under the settings in force on its last day.
 * Reads the whole company (the staff list, the period's summaries and the overtime histories, every
 * page): run by the worker only.
 */
export async function computeWorkStatusFigures(
  companyId: string,
  period: PayrollPeriod,
  payroll: readonly PayrollVersion[],
  timeZone: string,
  now: Date,
): Promise<WorkStatusFigures> {
  const month = period.id;
  const [company, versions, calendar, staff, summaries, histories] = await Promise.all([
    findCompany(companyId),
    agreementVersions(companyId),
    calendarVersions(companyId),
    activeStaff(companyId),
    monthSummaries(companyId, month),
    overtimeHistories(companyId),
  ]);
  // The five-day duty from each member's leave ledger (it comes with the staff items).
  const fiveDay = await fiveDayBehind(companyId, staff, timeZone, now);
  const agreement = companyAgreement(versions, company, calendar);
  const inForce = agreementSettingsOn(agreement, today(timeZone, now));
  const active = new Map(staff.map((s) => [s.employeeId, s]));
  const current = summaries.filter((s) => active.has(s.employeeId));
  const total = (f: (s: (typeof current)[number]) => number) => current.reduce((n, s) => n + f(s), 0);
  // The averages are per member who worked in the period, not per registered member.
  const n = current.filter((s) => s.workDays > 0 || s.workedMinutes > 0).length;

  const worked = new Map(current.map((s) => [s.employeeId, s.workedMinutes]));
  const perMonth = new Map<string, WorkStatusAlertView[]>();
  const alerts: WorkStatusAlertView[] = [];
  const yearStart = agreementYearStartOf(month, startMonthOn(agreement, today(timeZone, now)));
  for (const { employeeId, findings: r } of agreementAlerts(histories, month, {
    agreement,
    timeZone,
    now,
    payroll,
    worked,
    include: (id) => active.has(id),
  })) {
    const who = { employee_id: employeeId, name: staffName(active.get(employeeId)!) };
    alerts.push(...r.current.map((f) => ({ ...who, ...findingView(f) })));
    for (const m of r.months) {
      const list = perMonth.get(m.month) ?? [];
      list.push(...m.findings.map((f) => ({ ...who, ...findingView(f) })));
      perMonth.set(m.month, list);
    }
  }
  const agreementMonths: WorkStatusFigures['agreement_months'] = [];
  for (let m = yearStart; m <= month; m = addMonths(m, 1)) {
    const list = perMonth.get(m) ?? [];
    agreementMonths.push({ month: m, alerts: list, alerts_total: list.length });
  }

  const byMonth = new Map<string, number>();
  for (const h of histories) {
    for (const m of historyMonths(h.months, month))
      byMonth.set(m.month, (byMonth.get(m.month) ?? 0) + m.statutoryOvertimeMinutes);
  }
  const alertLimit = inForce.alertLimitMinutes ?? 2700;
  const employees: EmployeeMonthFiguresView[] = current.map((s) => ({
    id: s.employeeId,
    name: staffName(active.get(s.employeeId)!),
    working_minutes: s.workedMinutes,
    overtime_minutes: s.overtimeMinutes,
    statutory_overtime_minutes: s.statutoryOvertimeMinutes,
    excess_minutes: s.excessOvertimeMinutes,
    ...scheduleFindingOf(s),
    period_statutory_overtime_minutes: s.periodStatutoryOvertimeMinutes ?? 0,
    system: summarySystemView(s),
  }));

  return {
    count_employees: staff.length,
    count_with_data: n,
    total_working_time: total((s) => s.workedMinutes),
    average_working_time: avg(
      total((s) => s.workedMinutes),
      n,
    ),
    total_over_working_time: total((s) => s.overtimeMinutes),
    average_over_working_time: avg(
      total((s) => s.overtimeMinutes),
      n,
    ),
    total_unpaid_working_time: total((s) => s.excessOvertimeMinutes),
    average_unpaid_working_time: avg(
      total((s) => s.excessOvertimeMinutes),
      n,
    ),
    alert_limit_minutes: alertLimit,
    special_clause: inForce.specialClause ?? false,
    alerts,
    alerts_total: alerts.length,
    agreement_year_start: yearStart,
    agreement_months: agreementMonths,
    employees,
    employees_total: employees.length,
    schedule_rows_total: employees.filter((e) => scheduleDays(e) > 0).length,
    over_limit_count: employees.filter((e) => e.statutory_overtime_minutes > alertLimit).length,
    monthly_overtime: [...byMonth]
      .sort(([a], [b]) => a.localeCompare(b))
      .slice(-12)
      .map(([m, minutes]) => ({ month: m, overtime_minutes: minutes })),
    rule_version: current[0]?.ruleVersion ?? null,
    five_day: fiveDay,
    five_day_total: fiveDay.length,
  };
}

/** The worker's event for one build (services/recompute.ts starts it). */
export interface WorkStatusDigestEvent {
  kind: 'work-status-digest';
  companyId: string;
  month: string;
  generation: number;
}

/**
 * Builds and stores the digest of build `generation` (the worker). The figures are those of the
 * moment the build starts (`as_of`), which is after its claim, so a build claimed after a change
 * shows it.
 */
export async function buildWorkStatusDigest({ companyId, month, generation }: Omit<WorkStatusDigestEvent, 'kind'>) {
  const startedAt = clock.now();
  const [company, payroll] = await Promise.all([findCompany(companyId), payrollVersions(companyId)]);
  const period = periodById(month, payroll);
  if (!company || !period) {
    logger.warn('work status digest: no such company or period', { companyId, month });
    return;
  }
  const figures = capFigures(await computeWorkStatusFigures(companyId, period, payroll, company.timeZone, startedAt));
  await saveWorkStatusFigures(companyId, month, generation, startedAt.toISOString(), figures);
}

/**
 * Claims and builds, in this process, the digest of the period holding today (the worker after a
 * recompute job, and so the daily refresh): the figures follow a change of rules at once.
 */
export async function rebuildCurrentWorkStatus(companyId: string, timeZone: string, now: Date = clock.now()) {
  const month = periodOf(today(timeZone, now), await payrollVersions(companyId)).id;
  const generation = await claimWorkStatusBuild(companyId, month, now.toISOString());
  if (generation !== null) await buildWorkStatusDigest({ companyId, month, generation });
}

type DigestRecord = Awaited<ReturnType<typeof findWorkStatusDigest>>;

/**
 * Whether a build is under way: claimed, not yet stored, and the claim not lost (any digest with this
 * bookkeeping: 締め処理's checklists too).
 */
export function isRefreshing(
  d: { requested?: number | undefined; built?: number | undefined; claimedAt?: string | undefined } | null,
  now: Date,
): boolean {
  if (!d?.requested) return false;
  if ((d.built ?? 0) >= d.requested) return false;
  return !d.claimedAt || now.getTime() - Date.parse(d.claimedAt) < CLAIM_TIMEOUT_MS;
}

const isStale = (d: DigestRecord, now: Date) =>
  !d?.asOf ||
  now.getTime() - Date.parse(d.asOf) >= STALE_AFTER_MS ||
  (d.changedAt !== undefined && d.changedAt > d.asOf);

/** What the routes answer: the stored figures (or none yet), their time and whether a build runs. */
export interface WorkStatusDigestState {
  figures: WorkStatusFigures | null;
  asOf: string | null;
  refreshing: boolean;
}

/**
 * The digest of a period as a reader finds it (one GetItem). When it is missing or stale and no build
 * runs, claims one (one conditional UpdateItem: of many readers at once one wins) and starts the
 * worker. `force` (再集計) claims and starts a build whatever the digest's age.
 */
export async function readWorkStatusDigest(
  companyId: string,
  month: string,
  start: (event: WorkStatusDigestEvent) => Promise<void>,
  force = false,
): Promise<WorkStatusDigestState> {
  const now = clock.now();
  const d = await findWorkStatusDigest(companyId, month);
  let refreshing = isRefreshing(d, now);
  if (force || (!refreshing && isStale(d, now))) {
    const generation = await claimWorkStatusBuild(
      companyId,
      month,
      now.toISOString(),
      force ? undefined : (d?.requested ?? null),
    );
    if (generation !== null) await start({ kind: 'work-status-digest', companyId, month, generation });
    refreshing = true;
  }
  return {
    // A digest stored before a field existed reads it as empty until its next build.
    figures: d?.figures ? { ...emptyFigures(), ...(d.figures as WorkStatusFigures) } : null,
    asOf: d?.asOf ?? null,
    refreshing,
  };
}
