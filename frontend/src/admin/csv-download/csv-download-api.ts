import type { ExportJobView, StartedExportView } from '../../../../functions/exports/jobs';
import { api } from '../../lib/api';

export type CsvEncoding = 'utf8' | 'sjis';

/** The query string of /management/csv_download/download, sent as the export's body (spec §7 names). */
export interface ExportRequest {
  start_year: number;
  start_month: number;
  start_day: number;
  end_year: number;
  end_month: number;
  end_day: number;
  department_id?: string | undefined;
  employment_status_id?: string | undefined;
  id?: string | undefined;
  encoding: CsvEncoding;
}

/** A job as the start (id and status) or the status route (everything) answers it: the backend's own types. */
export type ExportJob = StartedExportView & Partial<ExportJobView>;

const DATE_KEYS = ['start_year', 'start_month', 'start_day', 'end_year', 'end_month', 'end_day'] as const;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Reads the download page's query; null when a date part is missing or not a number. */
export function exportRequestFromQuery(params: URLSearchParams): ExportRequest | null {
  const parts: Partial<Record<(typeof DATE_KEYS)[number], number>> = {};
  for (const key of DATE_KEYS) {
    const n = Number(params.get(key));
    if (!params.get(key) || !Number.isInteger(n) || n < 1) return null;
    parts[key] = n;
  }
  const optional = (key: string) => {
    const v = params.get(key);
    return v && ID.test(v) ? v : undefined;
  };
  return {
    ...(parts as Record<(typeof DATE_KEYS)[number], number>),
    department_id: optional('department_id'),
    employment_status_id: optional('employment_status_id'),
    id: optional('id'),
    encoding: params.get('encoding') === 'sjis' ? 'sjis' : 'utf8',
  };
}

/** 32 hex digits: a valid `Idempotency-Key` even where crypto.randomUUID is missing (plain http). */
export const newExportKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Starts the export; the key makes a retried press (or a re-run effect) reuse the same job. */
export const startExport = (body: ExportRequest, key: string = newExportKey()) =>
  api.request<ExportJob>('POST', '/api/v1/attendance_exports', { body, headers: { 'Idempotency-Key': key } });

export const getExport = (id: string) => api.get<ExportJob>(`/api/v1/attendance_exports/${encodeURIComponent(id)}`);
