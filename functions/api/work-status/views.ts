import type { FindingView } from '../../services/work-figures.js';

/**
 * The answers of the work-status routes, declared once: the SPA imports these types (type-only).
 * Time figures are minutes.
 */

/** `GET /api/v1/work_status`: spec §3 work status for the company's current month. */
export interface WorkStatusView {
  /** YYYY-MM. */
  month: string;
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
}

/** `GET /api/v1/work_status/me`: the punch screen's own month and 36協定 findings. */
export interface OwnWorkStatusView {
  month: string;
  working_minutes: number;
  overtime_minutes: number;
  statutory_overtime_minutes: number;
  legal_holiday_work_minutes: number;
  late_night_minutes: number;
  alert_limit_minutes: number;
  findings: FindingView[];
}

/** `PUT /api/v1/work_status/alert`: the settings as saved. */
export interface AlertSettingsView {
  alert_limit_minutes: number;
  special_clause: boolean;
}
