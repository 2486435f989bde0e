import { agreementYearStartOf } from '../../domain/worktime/agreement.js';
import {
  DEFAULT_START_MONTH,
  versionInForce,
  type AgreementVariant,
  type AgreementVersion,
} from '../../domain/worktime/agreement-settings.js';
import { periodLabel, type PayrollPeriod } from '../../domain/payroll-period.js';
import type { FindingView } from '../../services/work-figures.js';
import type { SummarySystemView } from '../../services/work-figures.js';
export { summarySystemView, type SummarySystemView } from '../../services/work-figures.js';

/**
 * The answers of the work-status routes, declared once: the SPA imports these types (type-only).
 * Time figures are minutes.
 */

/** A payroll period: `id` YYYY-MM (〇月度, the month of its 締め日), first and last day YYYY-MM-DD. */
export interface PeriodView {
  id: string;
  from: string;
  to: string;
  /** How screens name it: 2026年12月度（11月21日〜12月20日）. */
  label: string;
}

export const periodView = (p: PayrollPeriod): PeriodView => ({
  id: p.id,
  from: p.from,
  to: p.to,
  label: periodLabel(p),
});

/** `GET /api/v1/work_status`: spec §3 work status for a payroll period (default: the current one). */
export interface WorkStatusView {
  /** YYYY-MM: the period's id (〇月度). */
  month: string;
  period: PeriodView;
  count_employees: number;
  total_working_time: number;
  average_working_time: number;
  total_over_working_time: number;
  average_over_working_time: number;
  /** 超過: overtime beyond the monthly deemed overtime. */
  total_unpaid_working_time: number;
  average_unpaid_working_time: number;
  alert_limit_minutes: number;
  special_clause: boolean;
  alerts: WorkStatusAlertView[];
  /** First month (YYYY-MM, a period id) of the current agreement year (from the 36協定's 起算日). */
  agreement_year_start: string;
  /** Every month of the agreement year up to this one, oldest first, with its 36協定 findings. */
  agreement_months: { month: string; alerts: WorkStatusAlertView[] }[];
  employees: EmployeeMonthFiguresView[];
  /** Company total 法定外 per month, oldest first, up to 12. */
  monthly_overtime: { month: string; overtime_minutes: number }[];
  rule_version: string | null;
}

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

/** `GET /api/v1/work_status/me`: the punch screen's own month and 36協定 findings. */
export interface OwnWorkStatusView {
  /** YYYY-MM: the id of the payroll period holding today. */
  month: string;
  period: PeriodView;
  working_minutes: number;
  overtime_minutes: number;
  statutory_overtime_minutes: number;
  legal_holiday_work_minutes: number;
  late_night_minutes: number;
  alert_limit_minutes: number;
  findings: FindingView[];
  /** The caller's working-time system for the period, and on flex the 清算期間's 過不足 (issue 17). */
  system: SummarySystemView;
}

/** `PUT /api/v1/work_status/alert`: the settings as saved. */
export interface AlertSettingsView {
  alert_limit_minutes: number;
  special_clause: boolean;
}

/** One version of the 36協定 settings (hours are whole hours; 起算日 = the 1st of `start_month`). */
export interface AgreementVersionView {
  effective_from: string;
  start_month: number;
  variant: AgreementVariant;
  monthly_limit_hours: number;
  annual_limit_hours: number;
  special_clause: boolean;
  special_monthly_limit_hours: number | null;
  special_annual_limit_hours: number | null;
  special_months: number | null;
  alert_percent: number;
  updated_at: string | null;
}

/** `GET/PUT /api/v1/overtime_agreement`. */
export interface AgreementSettingsView {
  /** The day asked about (YYYY-MM-DD). */
  on: string;
  /** The version in force that day; null before the first (the statutory limits and the company alert apply). */
  in_force: AgreementVersionView | null;
  /** First day of the agreement year holding `on` (YYYY-MM-DD). */
  agreement_year_start: string;
  /** Every version, newest first. */
  versions: AgreementVersionView[];
}

const versionView = (v: AgreementVersion): AgreementVersionView => ({
  effective_from: v.effectiveFrom,
  start_month: v.startMonth,
  variant: v.variant,
  monthly_limit_hours: v.monthlyLimitHours,
  annual_limit_hours: v.annualLimitHours,
  special_clause: v.specialClause,
  special_monthly_limit_hours: v.specialMonthlyLimitHours,
  special_annual_limit_hours: v.specialAnnualLimitHours,
  special_months: v.specialMonths,
  alert_percent: v.alertPercent,
  updated_at: v.updatedAt ?? null,
});

export function agreementView(versions: readonly AgreementVersion[], on: string): AgreementSettingsView {
  const v = versionInForce(versions, on);
  return {
    on,
    in_force: v ? versionView(v) : null,
    agreement_year_start: `${agreementYearStartOf(on.slice(0, 7), v?.startMonth ?? DEFAULT_START_MONTH)}-01`,
    versions: [...versions].reverse().map(versionView),
  };
}
