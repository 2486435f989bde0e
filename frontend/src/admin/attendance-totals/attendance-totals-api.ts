import type { ExportJobView, StartedExportView } from '../../../../functions/exports/jobs';
import type {
  AttendanceTotalsPage,
  AttendanceTotalsRow,
  TotalsSort,
} from '../../../../functions/services/attendance-totals';
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
  body: { period: string; department_id?: string; employment_status_id?: string; encoding: 'utf8' | 'sjis' },
  key: string = newExportKey(),
) =>
  api.request<TotalsExportJob>('POST', '/api/v1/attendance_totals_exports', {
    body,
    headers: { 'Idempotency-Key': key },
  });

export const getTotalsExport = (id: string) =>
  api.get<TotalsExportJob>(`/api/v1/attendance_totals_exports/${encodeURIComponent(id)}`);
