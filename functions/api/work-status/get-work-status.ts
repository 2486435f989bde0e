import { findCompany } from '../../db/companies.js';
import { activeStaff } from '../../db/staff.js';
import { agreementVersions } from '../../db/overtime-agreements.js';
import { payrollVersions } from '../../db/period-closings.js';
import { calendarVersions } from '../../db/company-calendars.js';
import { monthSummaries, overtimeHistories } from '../../db/summaries.js';
import { PeriodQuerySchema } from '../schemas.js';
import { clock } from '../../shared/clock.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { periodView, summarySystemView, type WorkStatusAlertView, type WorkStatusView } from './views.js';
import {
  agreementFindings,
  agreementSettingsOn,
  companyAgreement,
  findingView,
  historyMonths,
  periodAsked,
  startMonthOn,
} from '../../services/work-figures.js';
import { addMonths, agreementYearStartOf } from '../../domain/worktime/agreement.js';
import { today } from '../../domain/time.js';

const avg = (total: number, n: number) => (n ? Math.round(total / n) : 0);
const staffName = (s: { lastName: string; firstName: string }) => `${s.lastName} ${s.firstName}`;

/**
 * Work status (spec §3) for a payroll period (`?year&month` = 〇月度, the period whose 締め日 falls in
 * that month; without them the period holding today): staff count; working time, overtime and excess over the deemed
 * overtime, total and average (minutes); the 36協定 alert list; per-employee figures and the last 12
 * months' overtime for the charts; the 36協定 findings of every month of the agreement year so far,
 * each month (a payroll period) under the settings in force on its last day. Seven requests whatever
 * the company's size: the company, the 36協定, calendar and 締め日 versions, the staff list, the
 * period's summaries and the overtime histories — never the attendance items.
 */
export const handler = api('get-work-status', { query: PeriodQuerySchema }, async ({ query, principal }) => {
  const companyId = principal.companyId;
  const now = clock.now();
  const [company, versions, calendar, staff, [period, payroll, summaries], histories] = await Promise.all([
    findCompany(companyId),
    agreementVersions(companyId),
    calendarVersions(companyId),
    activeStaff(companyId),
    payrollVersions(companyId).then(async (v) => {
      const p = periodAsked(query, v, principal.timeZone, now);
      return [p, v, await monthSummaries(companyId, p.id)] as const;
    }),
    overtimeHistories(companyId),
  ]);
  const month = period.id;
  const agreement = companyAgreement(versions, company, calendar);
  const inForce = agreementSettingsOn(agreement, today(principal.timeZone, now));
  const active = new Map(staff.map((s) => [s.employeeId, s]));
  const current = summaries.filter((s) => active.has(s.employeeId));
  const total = (f: (s: (typeof current)[number]) => number) => current.reduce((n, s) => n + f(s), 0);
  const n = staff.length;

  const worked = new Map(current.map((s) => [s.employeeId, s.workedMinutes]));
  const perMonth = new Map<string, WorkStatusAlertView[]>();
  const alerts: WorkStatusAlertView[] = [];
  const yearStart = agreementYearStartOf(month, startMonthOn(agreement, today(principal.timeZone, now)));
  for (const h of histories.filter((x) => active.has(x.employeeId))) {
    const r = agreementFindings(
      historyMonths(h.months, month),
      month,
      agreement,
      principal.timeZone,
      now,
      worked.get(h.employeeId) ?? 0,
      payroll,
    );
    const who = { employee_id: h.employeeId, name: staffName(active.get(h.employeeId)!) };
    alerts.push(...r.current.map((f) => ({ ...who, ...findingView(f) })));
    for (const m of r.months) {
      const list = perMonth.get(m.month) ?? [];
      list.push(...m.findings.map((f) => ({ ...who, ...findingView(f) })));
      perMonth.set(m.month, list);
    }
  }
  const agreementMonths: WorkStatusView['agreement_months'] = [];
  for (let m = yearStart; m <= month; m = addMonths(m, 1))
    agreementMonths.push({ month: m, alerts: perMonth.get(m) ?? [] });

  const byMonth = new Map<string, number>();
  for (const h of histories) {
    for (const m of historyMonths(h.months, month))
      byMonth.set(m.month, (byMonth.get(m.month) ?? 0) + m.statutoryOvertimeMinutes);
  }

  const view: WorkStatusView = {
    month,
    period: periodView(period),
    count_employees: n,
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
    alert_limit_minutes: inForce.alertLimitMinutes ?? 2700,
    special_clause: inForce.specialClause ?? false,
    alerts,
    agreement_year_start: yearStart,
    agreement_months: agreementMonths,
    employees: current.map((s) => ({
      id: s.employeeId,
      name: staffName(active.get(s.employeeId)!),
      working_minutes: s.workedMinutes,
      overtime_minutes: s.overtimeMinutes,
      statutory_overtime_minutes: s.statutoryOvertimeMinutes,
      excess_minutes: s.excessOvertimeMinutes,
      late_days: s.lateDays ?? 0,
      late_minutes: s.lateMinutes ?? 0,
      early_leave_days: s.earlyLeaveDays ?? 0,
      early_leave_minutes: s.earlyLeaveMinutes ?? 0,
      absent_days: s.absentDays ?? 0,
      short_interval_days: s.shortIntervalDays ?? 0,
      break_below_legal_days: s.breakBelowLegalDays ?? 0,
      period_statutory_overtime_minutes: s.periodStatutoryOvertimeMinutes ?? 0,
      system: summarySystemView(s),
    })),
    monthly_overtime: [...byMonth]
      .sort(([a], [b]) => a.localeCompare(b))
      .slice(-12)
      .map(([m, minutes]) => ({ month: m, overtime_minutes: minutes })),
    rule_version: current[0]?.ruleVersion ?? null,
  };
  return ok(view);
});
