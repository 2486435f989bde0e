import type { StaffImportPreviewView } from '../../../../functions/api/employee-imports/import-validation';
import type { StaffImportHeader } from '../../../../functions/domain/staff-import';
import type { StaffImportJobView } from '../../../../functions/exports/staff-import-jobs';
import { api } from '../../lib/api';

export type ImportPreview = StaffImportPreviewView;
export type ImportJob = StaffImportJobView;

/** The template's header row, in the backend's column order (typed against its header names). */
export const TEMPLATE_HEADER = [
  '社員番号',
  '姓',
  '名',
  'フリガナ',
  'メールアドレス',
  '部署',
  '雇用形態',
  '入社日',
] as const satisfies readonly StaffImportHeader[];

/** The template as a download link: UTF-8 with a BOM (Excel opens it as UTF-8), the header row only. */
export const templateHref = () =>
  `data:text/csv;charset=utf-8,${encodeURIComponent(`\ufeff${TEMPLATE_HEADER.join(',')}\r\n`)}`;

/** The file's bytes as base64 (the import routes take JSON). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export const previewImport = (file: string) => api.post<ImportPreview>('/api/v1/employee_imports/preview', { file });
export const startImport = (file: string) =>
  api.post<Pick<ImportJob, 'id' | 'status' | 'total'>>('/api/v1/employee_imports', { file });
export const getImport = (id: string) => api.get<ImportJob>(`/api/v1/employee_imports/${encodeURIComponent(id)}`);
/** 再実行 of an import that failed, whose worker stopped, or with rows left: the answer is the job to poll. */
export const retryImport = (id: string) =>
  api.post<ImportJob>(`/api/v1/employee_imports/${encodeURIComponent(id)}/retry`, {});
