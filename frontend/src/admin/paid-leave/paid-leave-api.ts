import { api } from '../../lib/api';
import type { PaidLeaveSummary } from '../../shared/paid-leave/paid-leave-api';

export interface GrantRow {
  id: string;
  granted_on: string;
  days: number;
  expires_on: string;
  kind: 'statutory' | 'extra';
  source: 'auto' | 'manual';
  reason: string | null;
  attendance_basis: string | null;
  used_days: number;
  remaining_days: number;
  expired: boolean;
}

/** One row of the 年次有給休暇管理簿: a base date and the leave taken until the next one. */
export interface RegisterRow {
  base_date: string | null;
  days_granted: number;
  extra_days_granted: number;
  expires_on: string | null;
  period_from: string;
  period_to: string | null;
  taken: { date: string; days: number }[];
  days_taken: number;
  balance: number;
}

/** `GET /api/v1/paid_leave/employees/{id}`. */
export interface PaidLeaveDetail extends PaidLeaveSummary {
  working_pattern: { basis: 'week' | 'year'; days_per_week: number | null; days_per_year: number | null; weekly_hours: number } | null;
  grants: GrantRow[];
  takings: { request_id: string; date: string; days: number; status: 'approved' | 'pending' }[];
  register: RegisterRow[];
}

export interface ManualGrantBody {
  granted_on: string;
  days: number;
  expires_on?: string;
  kind: 'statutory' | 'extra';
  reason: string;
}

const path = (id: string) => `/api/v1/paid_leave/employees/${encodeURIComponent(id)}`;

export const listPaidLeave = () => api.get<PaidLeaveSummary[]>('/api/v1/paid_leave/employees');
export const getPaidLeave = (id: string) => api.get<PaidLeaveDetail>(path(id));
export const createGrant = (id: string, body: ManualGrantBody) => api.post<GrantRow>(`${path(id)}/grants`, body);
export const runGrants = () => api.post<{ as_of: string; granted: unknown[]; without_hire_date: number }>('/api/v1/paid_leave/grant_runs');

export interface RegisterExportJob {
  id: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  download_url?: string | null;
}

/** Starts the register CSV (the whole company, or one staff member); the key makes a retried press reuse the job. */
export const startRegisterExport = (body: { id?: string; encoding: 'utf8' | 'sjis' }, key: string) =>
  api.request<RegisterExportJob>('POST', '/api/v1/leave_register_exports', { body, headers: { 'Idempotency-Key': key } });

export const getRegisterExport = (id: string) => api.get<RegisterExportJob>(`/api/v1/leave_register_exports/${encodeURIComponent(id)}`);
