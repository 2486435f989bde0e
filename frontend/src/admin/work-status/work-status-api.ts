import type * as z from 'zod/mini';
import type { AlertSettingsSchema } from '../../../../functions/api/work-status/update-overtime-alert';
import { api } from '../../lib/api';
import type { AgreementBody } from '../../../../functions/api/work-status/agreement-schemas';
import type {
  AgreementSettingsView,
  AgreementVersionView,
  AlertSettingsView,
  EmployeeMonthFiguresView,
  WorkStatusAlertView,
  WorkStatusView,
} from '../../../../functions/api/work-status/views';

export type { AgreementFinding, Severity } from '../../shared/agreement-findings';

/** Spec §3 work status and its rows: the backend's own types. */
export type {
  WorkStatusView as WorkStatus,
  WorkStatusAlertView as WorkStatusAlert,
  EmployeeMonthFiguresView as EmployeeMonthFigures,
};

/** What the alert form sends: the type of the backend's own request schema. */
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;

/** A payroll period 〇月度 by `year` and `month` (the month of its 締め日); none = the current one. */
export type PeriodAsked = { year: number; month: number } | null;
export const getWorkStatus = (asked: PeriodAsked = null) =>
  api.get<WorkStatusView>(
    asked ? `/api/v1/work_status?year=${asked.year}&month=${asked.month}` : '/api/v1/work_status',
  );
/** 再集計: the period's figures are built again in the background (`refreshing` until done). */
export const refreshWorkStatus = (asked: PeriodAsked = null) =>
  api.post<WorkStatusView>(
    asked ? `/api/v1/work_status/refresh?year=${asked.year}&month=${asked.month}` : '/api/v1/work_status/refresh',
    {},
  );
export const saveAlertSettings = (body: AlertSettings) => api.put<AlertSettingsView>('/api/v1/work_status/alert', body);

export type { AgreementSettingsView as AgreementSettings, AgreementVersionView as AgreementVersion, AgreementBody };

export const getAgreement = () => api.get<AgreementSettingsView>('/api/v1/overtime_agreement');
export const saveAgreement = (body: AgreementBody) =>
  api.put<AgreementSettingsView>('/api/v1/overtime_agreement', body);
