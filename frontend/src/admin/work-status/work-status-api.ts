import { api } from '../../lib/api';
import type { AlertSettingsView, EmployeeMonthFiguresView, WorkStatusAlertView, WorkStatusView } from '../../../../functions/api/work-status/views';

export type { AgreementFinding, Severity } from '../../shared/agreement-findings';

/** Spec §3 work status and its rows: the backend's own types. */
export type { WorkStatusView as WorkStatus, WorkStatusAlertView as WorkStatusAlert, EmployeeMonthFiguresView as EmployeeMonthFigures };

export interface AlertSettings {
  alert_hours: number;
  special_clause: boolean;
}

export const getWorkStatus = () => api.get<WorkStatusView>('/api/v1/work_status');
export const saveAlertSettings = (body: AlertSettings) =>
  api.put<AlertSettingsView>('/api/v1/work_status/alert', body);
