import { agreementYearStartOf } from '../../domain/worktime/agreement.js';
import {
  DEFAULT_START_MONTH,
  versionInForce,
  type AgreementVariant,
  type AgreementVersion,
} from '../../domain/worktime/agreement-settings.js';
import { periodLabel, type PayrollPeriod } from '../../domain/payroll-period.js';
import type { WorkStatusFigures } from '../../services/work-status-digest.js';
export {
  summaryFlexView,
  summarySystemView,
  type FlexBalanceView,
  type SummarySystemView,
} from '../../services/work-figures.js';
import type { FlexBalanceView, SummarySystemView, FindingView } from '../../services/work-figures.js';

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

export type {
  EmployeeMonthFiguresView,
  WorkStatusAlertView,
  WorkStatusFigures,
} from '../../services/work-status-digest.js';

/**
 * `GET /api/v1/work_status` and `POST /api/v1/work_status/refresh`: spec §3 work status for a payroll
 * period (default: the current one), from the period's digest (computed in the background). The lists
 * are bounded: `employees` holds the staff with the most 法定外 and those with schedule findings, not
 * every employee (`employees_total` counts them); `alerts` and each month's alerts are capped
 * (`alerts_total`). While no digest exists yet the figures are zero and `as_of` null.
 */
export interface WorkStatusView extends WorkStatusFigures {
  /** YYYY-MM: the period's id (〇月度). */
  month: string;
  period: PeriodView;
  /** When the figures were computed (集計日時, ISO); null before the first build. */
  as_of: string | null;
  /** A build is under way (集計中): ask again until false. */
  refreshing: boolean;
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
  /** Flex: the 過不足 to date and the period's projection against its 総枠 (issue 29); null otherwise. */
  flex: FlexBalanceView | null;
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
  /**
   * The alert in whole hours instead of `alert_percent`: only on a version carried over from the old
   * company alert (アラート設定) that no whole % says; null otherwise.
   */
  alert_hours: number | null;
  updated_at: string | null;
}

/** `GET/PUT /api/v1/overtime_agreement`. */
export interface AgreementSettingsView {
  /** The day asked about (YYYY-MM-DD). */
  on: string;
  /**
   * The version in force that day; null before the first (the statutory limits and the company's alert
   * apply: 月45時間 unless the old アラート設定 said otherwise; the migration gives every company a version).
   */
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
  alert_hours: v.alertHours ?? null,
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
