import { findCompany } from '../../db/companies.js';
import { agreementVersions } from '../../db/overtime-agreements.js';
import { payrollVersions, pendingRequestsBetween, periodClosings, type Closing } from '../../db/period-closings.js';
import { allStaff } from '../../db/staff.js';
import { monthSummaries, overtimeHistories } from '../../db/summaries.js';
import { periodById, periodOf, type PayrollPeriod } from '../../domain/payroll-period.js';
import { addDays, today as todayIn } from '../../domain/time.js';
import { addMonths } from '../../domain/worktime/agreement.js';
import { agreementFindings, companyAgreement, historyMonths, summarySystemView } from '../../services/work-figures.js';
import { clock } from '../../shared/clock.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { ClosingsQuerySchema } from './schemas.js';
import { closingView, type ChecklistView, type PeriodClosingsView, type ScheduleFindingView } from './views.js';

/** The current period and this many before it. */
const PAST_PERIODS = 12;

/**
 * 締め処理: the current payroll period and the twelve before it with their closing status, and the
 * checklist of one period (`?period=`, default the last ended one). Bounded whatever the company's size:
 * the 締め日 versions and the closings (one Query each), then for the checklist the pending-request
 * partition (one Query), the stored month summaries of the months the period touches (one Query each,
 * at most three), the staff list, the overtime histories and the 36協定 versions (one Query each) and the
 * company (GetItem). Nothing here reads per employee: the per-day checks that need the engine on every
 * employee's days (the 34条 break minimum) run in the closing job, which stores their counts.
 */
export const handler = api('list-period-closings', { query: ClosingsQuerySchema }, async ({ principal, query }) => {
  const companyId = principal.companyId;
  const now = clock.now();
  const today = todayIn(principal.timeZone, now);
  const [versions, closings] = await Promise.all([payrollVersions(companyId), periodClosings(companyId)]);
  const byId = new Map<string, Closing>(closings.map((c) => [c.period, c]));

  const periods: PayrollPeriod[] = [periodOf(today, versions)];
  while (periods.length <= PAST_PERIODS) periods.push(periodOf(addDays(periods.at(-1)!.from, -1), versions));
  const views = periods.map((p) => closingView(p, byId.get(p.id), today));

  const lastEnded = views.find((v) => v.ended)!;
  const selectedId = query.period ?? lastEnded.id;
  const listed = views.find((v) => v.id === selectedId);
  const period =
    listed ??
    (periodById(selectedId, versions)
      ? closingView(periodById(selectedId, versions)!, byId.get(selectedId), today)
      : lastEnded);

  const fromMonth = period.from.slice(0, 7);
  const toMonth = period.to.slice(0, 7);
  const months: string[] = [];
  for (let m = fromMonth; m <= toMonth; m = addMonths(m, 1)) months.push(m);

  const [pending, staff, company, agreementVs, histories, ...summaries] = await Promise.all([
    pendingRequestsBetween(companyId, period.from, period.to),
    allStaff(companyId),
    findCompany(companyId),
    agreementVersions(companyId),
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

  // 遅刻・早退・欠勤 and the 34条 / interval flags: the stored summaries of this period (keyed by its id).
  const scheduleFindings: ScheduleFindingView[] = [];
  for (const s of summaries.flat().filter((x) => x.month === period.id && names.has(x.employeeId))) {
    const f: ScheduleFindingView = {
      employee_id: s.employeeId,
      name: nameOf(s.employeeId),
      late_days: s.lateDays ?? 0,
      late_minutes: s.lateMinutes ?? 0,
      early_leave_days: s.earlyLeaveDays ?? 0,
      early_leave_minutes: s.earlyLeaveMinutes ?? 0,
      absent_days: s.absentDays ?? 0,
      break_below_legal_days: s.breakBelowLegalDays ?? 0,
      short_interval_days: s.shortIntervalDays ?? 0,
      work_system_label: summarySystemView(s).label,
    };
    if (f.late_days || f.early_leave_days || f.absent_days || f.break_below_legal_days || f.short_interval_days)
      scheduleFindings.push(f);
  }
  const sumOf = (k: keyof ChecklistView['schedule_totals']) => scheduleFindings.reduce((n, f) => n + f[k], 0);
  const scheduleTotals: ChecklistView['schedule_totals'] = {
    late_days: sumOf('late_days'),
    late_minutes: sumOf('late_minutes'),
    early_leave_days: sumOf('early_leave_days'),
    early_leave_minutes: sumOf('early_leave_minutes'),
    absent_days: sumOf('absent_days'),
    break_below_legal_days: sumOf('break_below_legal_days'),
    short_interval_days: sumOf('short_interval_days'),
  };

  const agreement = companyAgreement(agreementVs, company);
  const workedLast = new Map((summaries.at(-1) ?? []).map((s) => [s.employeeId, s.workedMinutes]));
  const findings: ChecklistView['agreement_findings'] = [];
  for (const h of histories) {
    if (!names.has(h.employeeId)) continue;
    const r = agreementFindings(
      historyMonths(h.months, toMonth),
      toMonth,
      agreement,
      principal.timeZone,
      now,
      workedLast.get(h.employeeId) ?? 0,
    );
    for (const m of r.months.filter((x) => months.includes(x.month)))
      for (const f of m.findings)
        findings.push({
          employee_id: h.employeeId,
          name: nameOf(h.employeeId),
          month: m.month,
          code: f.code,
          message: f.message,
        });
  }

  const checklist: ChecklistView = {
    period: period.id,
    unapproved_requests: pending.map((r) => ({
      date: r.date,
      kind: r.kind,
      employee_id: r.employeeId,
      employee_name: r.employeeName,
    })),
    missing_punches: [...missing].map(([id, m]) => ({ employee_id: id, name: nameOf(id), ...m })),
    agreement_findings: findings,
    break_short_days: period.break_short_days,
    schedule_findings: scheduleFindings,
    schedule_totals: scheduleTotals,
    clean: false,
  };
  checklist.clean =
    !checklist.unapproved_requests.length &&
    !checklist.missing_punches.length &&
    !checklist.agreement_findings.length &&
    !checklist.break_short_days &&
    // Below 34条 or short of the 勤務間インターバル is for the admin to look at; 遅刻・早退・欠勤 are facts to pay by.
    !scheduleTotals.break_below_legal_days &&
    !scheduleTotals.short_interval_days;

  const view: PeriodClosingsView = {
    today,
    closing_day: [...versions].reverse().find((v) => v.effectiveFrom <= today)?.closingDay ?? 0,
    periods: views,
    selected: period.id,
    checklist,
  };
  return ok(view);
});
