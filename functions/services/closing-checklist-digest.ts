/**
 * 締め処理's checklist, computed in the background (issue 19) like 勤怠状況's figures
 * (work-status-digest.ts): the missing punches, the 36協定 findings and the 遅刻・早退・欠勤 / 34条 /
 * インターバル findings of a period read every staff member, every overtime history and the summaries of
 * the months the period touches, which grows with the company; the recompute worker does it and stores
 * one bounded item per company and period (db/entities/closing-checklist-digest.ts), and
 * `GET /api/v1/period_closings` reads that item. The pending requests stay live in the route (their
 * partition is read by the period's dates, bounded).
 *
 * When a checklist is built: on demand when the route finds it missing or older than STALE_AFTER_MS
 * (one conditional claim, so a crowd of admins starts one build), on 再集計
 * (`POST /api/v1/period_closings/refresh`), and after every recompute job of the company (with
 * 勤怠状況's digest: the last ended period's checklist, the screen's default). A closed period's days
 * take no more writes, so its checklist built after the closing stays as it is (no rebuild on age);
 * one built before the closing (or none) is built again on the next look.
 */
import { findCompany } from '../db/companies.js';
import { calendarVersions } from '../db/company-calendars.js';
import {
  claimClosingChecklistBuild,
  findClosingChecklistDigest,
  saveClosingChecklist,
} from '../db/closing-checklist-digests.js';
import { agreementVersions } from '../db/overtime-agreements.js';
import { findPeriodClosing, payrollVersions, type Closing } from '../db/period-closings.js';
import { allStaff } from '../db/staff.js';
import { monthSummaries, overtimeHistories } from '../db/summaries.js';
import { periodById, periodOf, type PayrollVersion } from '../domain/payroll-period.js';
import { addDays, today } from '../domain/time.js';
import { addMonths, type Severity } from '../domain/worktime/agreement.js';
import { clock } from '../shared/clock.js';
import { logger } from '../shared/logger.js';
import { isRefreshing, STALE_AFTER_MS } from './work-status-digest.js';
import {
  agreementAlerts,
  companyAgreement,
  scheduleFindingDays,
  scheduleFindingOf,
  summarySystemView,
  type ScheduleFigures,
} from './work-figures.js';

/** A member of staff with days of 出勤 without 退勤 (or the reverse), and the months they fall in. */
export interface MissingPunchView {
  employee_id: string;
  name: string;
  days: number;
  months: string[];
}

/** A 36協定 finding of the checklist (one employee, one month). */
export interface ChecklistFindingView {
  employee_id: string;
  name: string;
  month: string;
  code: string;
  message: string;
}

/** One employee's 遅刻・早退・欠勤, punched breaks below 34条 and 勤務間インターバル shortfalls in the period. */
export interface ScheduleFindingView extends ScheduleFigures {
  employee_id: string;
  name: string;
  /** The employee's working-time system for the period (issue 17; 通常の労働時間制 on older figures). */
  work_system_label: string;
}

/**
 * Caps of the stored lists, each with its full count beside it (the screen says 他N件). Worst case with
 * 101-character names (3 bytes a character) and the longest finding message (~150 characters): a
 * missing-punch row ≈ 0.5 KB, a 36協定 finding ≈ 0.9 KB, a schedule row ≈ 0.6 KB, so
 * 100 × (0.5 + 0.9 + 0.6) ≈ 200 KB, under DynamoDB's 400 KB item limit whatever the staff count
 * (test/integration/closing-checklist-digest.test.ts builds that worst case).
 */
export const CHECKLIST_CAPS = {
  /** Staff with missing punches (most days first). */
  missingPunches: 100,
  /** 36協定 findings of the months the period touches (violations first). */
  agreementFindings: 100,
  /** Staff with schedule findings (most days first). */
  scheduleFindings: 100,
} as const;

/** What a checklist digest stores: the checklist's company-wide parts, lists capped and counted. */
export interface ClosingChecklistFigures {
  missing_punches: MissingPunchView[];
  missing_punches_total: number;
  agreement_findings: ChecklistFindingView[];
  agreement_findings_total: number;
  schedule_findings: ScheduleFindingView[];
  schedule_findings_total: number;
  /** Sums over every employee with findings, not only the listed ones. */
  schedule_totals: ScheduleFigures;
}

/** The checklist shown while no digest exists yet (集計中). */
export const emptyChecklist = (): ClosingChecklistFigures => ({
  missing_punches: [],
  missing_punches_total: 0,
  agreement_findings: [],
  agreement_findings_total: 0,
  schedule_findings: [],
  schedule_findings_total: 0,
  schedule_totals: {
    late_days: 0,
    late_minutes: 0,
    early_leave_days: 0,
    early_leave_minutes: 0,
    absent_days: 0,
    break_below_legal_days: 0,
    short_interval_days: 0,
  },
});

/**
 * The first `max` of `list` by `compare` (ties by position), kept in the list's own order; the list as
 * is when it fits.
 */
function keepTop<T>(list: readonly T[], max: number, compare: (a: T, b: T) => number): T[] {
  if (list.length <= max) return [...list];
  const kept = new Set(
    list
      .map((x, i) => ({ x, i }))
      .sort((a, b) => compare(a.x, b.x) || a.i - b.i)
      .slice(0, max)
      .map((e) => e.i),
  );
  return list.filter((_, i) => kept.has(i));
}

const SEVERITY_RANK: Record<Severity, number> = { violation: 0, warning: 1, notice: 2 };

/** The days of a period as the screen lists it: a closed period keeps the days it was closed with. */
export function checklistDays(
  period: { id: string; from: string; to: string },
  closing: Pick<Closing, 'status' | 'from' | 'to'> | null | undefined,
) {
  return closing && closing.status !== 'reopened' && closing.status !== 'failed'
    ? { id: period.id, from: closing.from, to: closing.to }
    : period;
}

/**
 * The checklist of one period, every list whole (capChecklist cuts them for the digest): staff with days of 出勤 without 退勤 in the stored
 * summaries of the months the period touches (a 20日締め period counts its two calendar months), the
 * 36協定 findings of those months, and the schedule findings of the period's own summaries, with their
 * sums. Everyone on the payroll counts, retired staff too (they are paid for the period). Reads the
 * whole company: run by the worker only.
 */
export async function computeClosingChecklist(
  companyId: string,
  period: { id: string; from: string; to: string },
  payroll: readonly PayrollVersion[],
  timeZone: string,
  now: Date,
): Promise<WholeChecklist> {
  const fromMonth = period.from.slice(0, 7);
  const toMonth = period.to.slice(0, 7);
  const months: string[] = [];
  for (let m = fromMonth; m <= toMonth; m = addMonths(m, 1)) months.push(m);

  const [staff, company, versions, calendar, histories, ...summaries] = await Promise.all([
    allStaff(companyId),
    findCompany(companyId),
    agreementVersions(companyId),
    calendarVersions(companyId),
    overtimeHistories(companyId),
    ...months.map((m) => monthSummaries(companyId, m)),
  ]);
  const names = new Map(staff.map((s) => [s.employeeId, `${s.lastName} ${s.firstName}`]));
  const nameOf = (id: string) => names.get(id) ?? '';

  const missing = new Map<string, { days: number; months: string[] }>();
  for (const s of summaries.flat()) {
    if (!s.incompleteDays) continue;
    const m = missing.get(s.employeeId) ?? { days: 0, months: [] };
    m.days += s.incompleteDays;
    m.months.push(s.month);
    missing.set(s.employeeId, m);
  }
  const missingPunches = [...missing].map(([id, m]) => ({ employee_id: id, name: nameOf(id), ...m }));

  // 遅刻・早退・欠勤 and the 34条 / interval flags: the stored summaries of this period (keyed by its id).
  const scheduleFindings: ScheduleFindingView[] = summaries
    .flat()
    .filter((s) => s.month === period.id && names.has(s.employeeId))
    .map((s) => ({
      employee_id: s.employeeId,
      name: nameOf(s.employeeId),
      ...scheduleFindingOf(s),
      work_system_label: summarySystemView(s).label,
    }))
    .filter((f) => scheduleFindingDays(f) > 0);

  const workedLast = new Map((summaries.at(-1) ?? []).map((s) => [s.employeeId, s.workedMinutes]));
  const findings: WholeChecklist['agreement_findings'] = [];
  for (const { employeeId, findings: r } of agreementAlerts(histories, toMonth, {
    agreement: companyAgreement(versions, company, calendar),
    timeZone,
    now,
    payroll,
    worked: workedLast,
    include: (id) => names.has(id),
  }))
    for (const m of r.months.filter((x) => months.includes(x.month)))
      for (const f of m.findings)
        findings.push({
          employee_id: employeeId,
          name: nameOf(employeeId),
          month: m.month,
          code: f.code,
          message: f.message,
          severity: f.severity,
        });

  return { missing_punches: missingPunches, agreement_findings: findings, schedule_findings: scheduleFindings };
}

/** Every list of a period's checklist, whole (computeClosingChecklist); the 36協定 findings with their severity. */
export interface WholeChecklist {
  missing_punches: MissingPunchView[];
  agreement_findings: (ChecklistFindingView & { severity: Severity })[];
  schedule_findings: ScheduleFindingView[];
}

/**
 * The stored checklist: each list cut to its cap (most days first, violations first; in the list's own
 * order), counted whole, and the schedule sums over everyone.
 */
export function capChecklist(w: WholeChecklist): ClosingChecklistFigures {
  const sumOf = (k: keyof ScheduleFigures) => w.schedule_findings.reduce((n, f) => n + f[k], 0);
  return {
    missing_punches: keepTop(
      w.missing_punches,
      CHECKLIST_CAPS.missingPunches,
      (a, b) => b.days - a.days || a.employee_id.localeCompare(b.employee_id),
    ),
    missing_punches_total: w.missing_punches.length,
    agreement_findings: keepTop(
      w.agreement_findings,
      CHECKLIST_CAPS.agreementFindings,
      (a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity],
    ).map(({ severity: _, ...f }) => f),
    agreement_findings_total: w.agreement_findings.length,
    schedule_findings: keepTop(
      w.schedule_findings,
      CHECKLIST_CAPS.scheduleFindings,
      (a, b) => scheduleFindingDays(b) - scheduleFindingDays(a) || a.employee_id.localeCompare(b.employee_id),
    ),
    schedule_findings_total: w.schedule_findings.length,
    schedule_totals: {
      late_days: sumOf('late_days'),
      late_minutes: sumOf('late_minutes'),
      early_leave_days: sumOf('early_leave_days'),
      early_leave_minutes: sumOf('early_leave_minutes'),
      absent_days: sumOf('absent_days'),
      break_below_legal_days: sumOf('break_below_legal_days'),
      short_interval_days: sumOf('short_interval_days'),
    },
  };
}

/** The worker's event for one checklist build (the closing route starts it). */
export interface ClosingChecklistDigestEvent {
  kind: 'closing-checklist-digest';
  companyId: string;
  period: string;
  generation: number;
}

/**
 * Builds and stores the checklist of build `generation` (the worker), as of the moment the build
 * starts (`as_of`), over the period's days as the screen lists them (a closed period's own days).
 */
export async function buildClosingChecklistDigest({
  companyId,
  period,
  generation,
}: Omit<ClosingChecklistDigestEvent, 'kind'>) {
  const startedAt = clock.now();
  const [company, payroll, closing] = await Promise.all([
    findCompany(companyId),
    payrollVersions(companyId),
    findPeriodClosing(companyId, period),
  ]);
  const days = periodById(period, payroll);
  if (!company || !days) {
    logger.warn('closing checklist digest: no such company or period', { companyId, period });
    return;
  }
  const checklist = capChecklist(
    await computeClosingChecklist(companyId, checklistDays(days, closing), payroll, company.timeZone, startedAt),
  );
  await saveClosingChecklist(companyId, period, generation, startedAt.toISOString(), checklist);
}

/**
 * Claims and builds, in this process, the checklist of the last ended period (the worker after a
 * recompute job, and so the daily refresh): the screen's default checklist follows a change of rules.
 * A closed period's checklist built after its closing is left as it is (its days take no more writes).
 */
export async function rebuildLastEndedChecklist(companyId: string, timeZone: string, now: Date = clock.now()) {
  const payroll = await payrollVersions(companyId);
  const current = periodOf(today(timeZone, now), payroll);
  const period = periodOf(addDays(current.from, -1), payroll).id;
  const [closing, digest] = await Promise.all([
    findPeriodClosing(companyId, period),
    findClosingChecklistDigest(companyId, period),
  ]);
  if (closing?.status === 'closed' && !isStale(digest, closing, now)) return;
  const generation = await claimClosingChecklistBuild(companyId, period, now.toISOString());
  if (generation !== null) await buildClosingChecklistDigest({ companyId, period, generation });
}

type ChecklistRecord = Awaited<ReturnType<typeof findClosingChecklistDigest>>;

/**
 * Whether the stored checklist should be built again on a look: none yet, older than STALE_AFTER_MS,
 * or (for a closed period) built before the closing; a closed period's checklist built after it is
 * never stale.
 */
function isStale(d: ChecklistRecord, closing: Pick<Closing, 'status' | 'closedAt'> | null | undefined, now: Date) {
  if (!d?.asOf) return true;
  if (closing?.status === 'closed' && closing.closedAt) return d.asOf < closing.closedAt;
  return now.getTime() - Date.parse(d.asOf) >= STALE_AFTER_MS;
}

/** What the closing routes answer of the checklist: the stored lists (or none yet), their time, a build running. */
export interface ClosingChecklistState {
  checklist: ClosingChecklistFigures | null;
  asOf: string | null;
  refreshing: boolean;
}

/**
 * The checklist digest of a period as a reader finds it (one GetItem). When it is missing or stale and
 * no build runs, claims one (one conditional UpdateItem: of many readers at once one wins) and starts
 * the worker. `force` (再集計) claims and starts a build whatever the digest's age.
 */
export async function readClosingChecklistDigest(
  companyId: string,
  period: string,
  closing: Pick<Closing, 'status' | 'closedAt'> | null | undefined,
  start: (event: ClosingChecklistDigestEvent) => Promise<void>,
  force = false,
): Promise<ClosingChecklistState> {
  const now = clock.now();
  const d = await findClosingChecklistDigest(companyId, period);
  let refreshing = isRefreshing(d, now);
  if (force || (!refreshing && isStale(d, closing, now))) {
    const generation = await claimClosingChecklistBuild(
      companyId,
      period,
      now.toISOString(),
      force ? undefined : (d?.requested ?? null),
    );
    if (generation !== null) await start({ kind: 'closing-checklist-digest', companyId, period, generation });
    refreshing = true;
  }
  return {
    checklist: (d?.checklist as ClosingChecklistFigures | undefined) ?? null,
    asOf: d?.asOf ?? null,
    refreshing,
  };
}
