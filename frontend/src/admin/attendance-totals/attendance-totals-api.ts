import type { ExportJobView, StartedExportView } from '../../../../functions/exports/jobs';
import type {
  AttendanceTotalsPage,
  AttendanceTotalsRow,
  TotalsSort,
} from '../../../../functions/services/attendance-totals';
import type {
  PayrollLayoutView,
  PayrollLayoutsView,
} from '../../../../functions/api/attendance-totals/payroll-layout-routes';
import type { PayrollLayoutBody } from '../../../../functions/api/attendance-totals/payroll-layout-schemas';
import { api } from '../../lib/api';
import { newExportKey } from '../csv-download/csv-download-api';

/** GET /api/v1/attendance_totals and the 勤怠集計 export: the backend's own types. */
export type TotalsRow = AttendanceTotalsRow;
export type TotalsPage = Omit<AttendanceTotalsPage, 'next'> & { cursor: string | null };
export type { TotalsSort };

export interface TotalsQuery {
  period: string;
  department_id?: string | undefined;
  employment_status_id?: string | undefined;
  sort: TotalsSort;
  order: 'asc' | 'desc';
  cursor?: string | undefined;
}

export const getTotals = (q: TotalsQuery) => api.get<TotalsPage>('/api/v1/attendance_totals', { ...q });

export type TotalsExportJob = StartedExportView & Partial<ExportJobView>;

export const startTotalsExport = (
  body: {
    period: string;
    department_id?: string;
    employment_status_id?: string;
    encoding: 'utf8' | 'sjis';
    layout?: string;
  },
  key: string = newExportKey(),
) =>
  api.request<TotalsExportJob>('POST', '/api/v1/attendance_totals_exports', {
    body,
    headers: { 'Idempotency-Key': key },
  });

export const getTotalsExport = (id: string) =>
  api.get<TotalsExportJob>(`/api/v1/attendance_totals_exports/${encodeURIComponent(id)}`);

/** Payroll CSV layouts (issue 18 item 2): presets, the company's own layouts and the fields. */
export type PayrollLayouts = PayrollLayoutsView;
export type PayrollLayout = PayrollLayoutView;
export type { PayrollLayoutBody };

const layoutItem = (id: string) => `/api/v1/payroll_layouts/${encodeURIComponent(id)}`;

export const listPayrollLayouts = () => api.get<PayrollLayoutsView>('/api/v1/payroll_layouts');
export const createPayrollLayout = (body: PayrollLayoutBody) =>
  api.post<PayrollLayoutView>('/api/v1/payroll_layouts', body);
export const updatePayrollLayout = (id: string, body: PayrollLayoutBody) =>
  api.put<PayrollLayoutView>(layoutItem(id), body);
export const deletePayrollLayout = (id: string) => api.delete<{ id: string; deleted: true }>(layoutItem(id));
