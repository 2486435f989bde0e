import { api } from '../../lib/api';

export type RequestKind = 'holiday' | 'holiday_work' | 'over_work';

/** Spec §2 order on the admin screen: leave, holiday work, overtime. */
export const ADMIN_REQUEST_KINDS: readonly RequestKind[] = ['holiday', 'holiday_work', 'over_work'];

export const UNAPPROVED = 0;
export const APPROVE = 1;
export const REJECT = 2;

export interface AdminRequestRow {
  id: string;
  created_at: string;
  date: string;
  status: number;
  /** Leave type (leave requests only): 0 有給, 1 代休, 2 振替休日. */
  kind?: number;
  reason: string;
  employee_name: string;
  employee_id: string;
}

const PATH: Record<RequestKind, string> = {
  holiday: '/api/v1/holiday_requests',
  holiday_work: '/api/v1/holiday_work_requests',
  over_work: '/api/v1/over_work_requests',
};

/** The company's requests of one kind in a month (one Query on the server). */
export const listMonthRequests = (kind: RequestKind, year: number, month: number) => api.get<AdminRequestRow[]>(PATH[kind], { year, month });

/** Approve (1) or reject (2) an unapproved request; the answer is the updated row. */
export const decideRequest = (kind: RequestKind, id: string, status: 1 | 2) =>
  api.put<AdminRequestRow>(`${PATH[kind]}/${encodeURIComponent(id)}`, { status });
