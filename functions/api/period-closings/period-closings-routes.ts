import { payrollVersions, pendingRequestsBetween, periodClosings, type Closing } from '../../db/period-closings.js';
import { periodById, periodOf, type PayrollPeriod } from '../../domain/payroll-period.js';
import { addDays, today as todayIn } from '../../domain/time.js';
import { emptyChecklist, readClosingChecklistDigest } from '../../services/closing-checklist-digest.js';
import { startWorker } from '../../services/recompute.js';
import { clock } from '../../shared/clock.js';
import { closingView, type ChecklistView, type PeriodClosingsView } from './views.js';

/** The current period and this many before it. */
const PAST_PERIODS = 12;

/**
 * 締め処理: the current payroll period and the twelve before it with their closing status, and the
 * checklist of one period (`?period=`, default the last ended one). Bounded whatever the company's size:
 * the 締め日 versions and the closings (one Query each), then the pending-request partition by the
 * period's dates (one Query) and the period's checklist digest (GetItem,
 * services/closing-checklist-digest.ts: the missing punches, 36協定 and schedule findings the worker
 * computed over the whole company); a missing or stale digest adds one conditional UpdateItem and the
 * worker's start. `force` (再集計) starts a build whatever the digest's age. The per-day checks that
 * need the engine on every employee's days (the 34条 break minimum) run in the closing job, which
 * stores their counts on the closing.
 */
export async function periodClosingsOf(
  companyId: string,
  timeZone: string,
  query: { period?: string | undefined },
  force: boolean,
): Promise<PeriodClosingsView> {
  const now = clock.now();
  const today = todayIn(timeZone, now);
  const [versions, closings] = await Promise.all([payrollVersions(companyId), periodClosings(companyId)]);
  const byId = new Map<string, Closing>(closings.map((c) => [c.period, c]));

  const periods: PayrollPeriod[] = [periodOf(today, versions)];
  while (periods.length <= PAST_PERIODS) periods.push(periodOf(addDays(periods.at(-1)!.from, -1), versions));
  const views = periods.map((p) => closingView(p, byId.get(p.id), today, now));

  const lastEnded = views.find((v) => v.ended)!;
  const selectedId = query.period ?? lastEnded.id;
  const listed = views.find((v) => v.id === selectedId);
  const period =
    listed ??
    (periodById(selectedId, versions)
      ? closingView(periodById(selectedId, versions)!, byId.get(selectedId), today, now)
      : lastEnded);

  const [pending, digest] = await Promise.all([
    pendingRequestsBetween(companyId, period.from, period.to),
    readClosingChecklistDigest(companyId, period.id, byId.get(period.id), startWorker, force),
  ]);
  const figures = digest.checklist ?? emptyChecklist();

  const checklist: ChecklistView = {
    period: period.id,
    unapproved_requests: pending.map((r) => ({
      date: r.date,
      kind: r.kind,
      employee_id: r.employeeId,
      employee_name: r.employeeName,
    })),
    missing_punches: figures.missing_punches,
    missing_punches_total: figures.missing_punches_total,
    agreement_findings: figures.agreement_findings,
    agreement_findings_total: figures.agreement_findings_total,
    break_short_days: period.break_short_days,
    schedule_findings: figures.schedule_findings,
    schedule_findings_total: figures.schedule_findings_total,
    schedule_totals: figures.schedule_totals,
    clean: false,
  };
  checklist.clean =
    // Nothing is clean before the checklist was computed once (集計中).
    digest.checklist !== null &&
    !checklist.unapproved_requests.length &&
    !figures.missing_punches_total &&
    !figures.agreement_findings_total &&
    !checklist.break_short_days &&
    // Below 34条 or short of the 勤務間インターバル is for the admin to look at; 遅刻・早退・欠勤 are facts to pay by.
    !figures.schedule_totals.break_below_legal_days &&
    !figures.schedule_totals.short_interval_days;

  return {
    today,
    closing_day: [...versions].reverse().find((v) => v.effectiveFrom <= today)?.closingDay ?? 0,
    periods: views,
    selected: period.id,
    checklist,
    as_of: digest.asOf,
    refreshing: digest.refreshing,
  };
}
