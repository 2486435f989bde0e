import { api } from '../../lib/api';
import type { AgreementFinding } from '../../shared/agreement-findings';

export type { AgreementFinding, Severity } from '../../shared/agreement-findings';

export interface WorkStatusAlert extends AgreementFinding {
  employee_id: string;
  name: string;
}

export interface EmployeeMonthFigures {
  id: string;
  name: string;
  working_minutes: number;
  overtime_minutes: number;
  statutory_overtime_minutes: number;
  excess_minutes: number;
}

/** Spec §3 work status for the company's current month; time figures are minutes. */
export interface WorkStatus {
  /** YYYY-MM. */
  month: string;
  count_employees: number;
  total_working_time: number | null;
  average_working_time: number | null;
  total_over_working_time: number | null;
  average_over_working_time: number | null;
  /** 超過: overtime beyond the monthly deemed overtime. */
  total_unpaid_working_time: number | null;
  average_unpaid_working_time: number | null;
  alert_limit_minutes: number;
  special_clause: boolean;
  alerts: WorkStatusAlert[];
  employees: EmployeeMonthFigures[];
  /** Company total 法定外 per month, oldest first, up to 12. */
  monthly_overtime: { month: string; overtime_minutes: number }[];
  rule_version: string | null;
}

export interface AlertSettings {
  alert_hours: number;
  special_clause: boolean;
}

export const getWorkStatus = () => api.get<WorkStatus>('/api/v1/work_status');
export const saveAlertSettings = (body: AlertSettings) =>
  api.put<{ alert_limit_minutes: number; special_clause: boolean }>('/api/v1/work_status/alert', body);
