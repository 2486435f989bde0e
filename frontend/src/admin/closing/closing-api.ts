import type {
  PayrollPeriodView,
  PeriodClosingsView,
  PeriodClosingView,
} from '../../../../functions/api/period-closings/views';
import { api } from '../../lib/api';
import type { RecomputeJob } from '../rules/rules-api';

export type { PayrollPeriodView, PeriodClosingsView, PeriodClosingView };

export const getPayrollPeriod = () => api.get<PayrollPeriodView>('/api/v1/payroll_period');

export const savePayrollPeriod = (body: { closing_day: number; effective_from?: string }) =>
  api.put<PayrollPeriodView & { recompute: RecomputeJob | null }>('/api/v1/payroll_period', body);

export const listClosings = (period?: string) =>
  api.get<PeriodClosingsView>('/api/v1/period_closings', period ? { period } : undefined);

/** 再集計: the period's checklist is built again in the background (`refreshing` until done). */
export const refreshClosings = (period?: string) =>
  api.post<PeriodClosingsView>(
    period ? `/api/v1/period_closings/refresh?period=${encodeURIComponent(period)}` : '/api/v1/period_closings/refresh',
    {},
  );

export const closePeriod = (period: string) => api.post<PeriodClosingView>('/api/v1/period_closings', { period });

export const reopenPeriod = (period: string, reason: string) =>
  api.request<{ period: string; status: string }>('DELETE', `/api/v1/period_closings/${encodeURIComponent(period)}`, {
    body: { reason },
  });

/** The frozen CSV of a closed period: an attendance export of `period` (the worker copies the stored bytes). */
export { getExport, newExportKey } from '../csv-download/csv-download-api';
export const startPeriodExport = (period: string, key: string) =>
  api.request<{ id: string; status: string }>('POST', '/api/v1/attendance_exports', {
    body: { period, encoding: 'utf8' },
    headers: { 'Idempotency-Key': key },
  });
