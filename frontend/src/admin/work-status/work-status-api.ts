import { api } from '../../lib/api';
import type {
  EmployeeMonthFiguresView,
  WorkStatusAlertView,
  WorkStatusView,
} from '../../../../functions/api/work-status/views';

/** Spec §3 work status and its rows: the backend's own types. */
export type {
  WorkStatusView as WorkStatus,
  WorkStatusAlertView as WorkStatusAlert,
  EmployeeMonthFiguresView as EmployeeMonthFigures,
};

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
