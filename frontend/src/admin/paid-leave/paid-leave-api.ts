import type { ExportJobView, StartedExportView } from '../../../../functions/exports/jobs';
import { api } from '../../lib/api';
import type { RecomputeJobView } from '../../../../functions/services/recompute';
import type {
  DeletedGrantView,
  ManualGrantView,
  PaidLeaveDetail as PaidLeaveDetailView,
} from '../../../../functions/services/paid-leave-service';
import type { PaidLeaveSummary } from '../../shared/paid-leave/paid-leave-api';

/** `GET /api/v1/paid_leave/employees/{id}`, its grant and 管理簿 rows: the backend's own types. */
export type PaidLeaveDetail = PaidLeaveDetailView;
export type GrantRow = PaidLeaveDetailView['grants'][number];
/** One row of the 年次有給休暇管理簿: a base date and the leave taken until the next one. */

export interface ManualGrantBody {
  granted_on: string;
  days: number;
  expires_on?: string;
  kind: 'statutory' | 'extra';
  reason: string;
}

const path = (id: string) => `/api/v1/paid_leave/employees/${encodeURIComponent(id)}`;

/** A page (100) of 有給管理's list in 五十音 order; `nextCursor` opens the next. */
export const listPaidLeavePage = (cursor?: string | null) =>
  api.get<PaidLeaveSummary[]>('/api/v1/paid_leave/employees', cursor ? { cursor } : undefined);
export const getPaidLeave = (id: string) => api.get<PaidLeaveDetail>(path(id));
export const createGrant = (id: string, body: ManualGrantBody) => api.post<ManualGrantView>(`${path(id)}/grants`, body);
/** Deletes a grant entered wrongly (409 with the reason when it is the run's, used or in a closed period). */
export const deleteGrant = (id: string, grantId: string) =>
  api.delete<DeletedGrantView>(`${path(id)}/grants/${encodeURIComponent(grantId)}`);
/** Starts a grant run in the background: the answer is its job, polled at `GET /api/v1/recompute_jobs/{id}`. */
export const runGrants = () => api.post<RecomputeJobView>('/api/v1/paid_leave/grant_runs');
export const getGrantRun = (id: string) =>
  api.get<RecomputeJobView>(`/api/v1/recompute_jobs/${encodeURIComponent(id)}`);

/** The register export job, started or polled: the backend's own types. */
export type RegisterExportJob = StartedExportView & Partial<ExportJobView>;

/** Starts the register CSV (the whole company, or one staff member); the key makes a retried press reuse the job. */
export const startRegisterExport = (body: { id?: string; encoding: 'utf8' | 'sjis' }, key: string) =>
  api.request<RegisterExportJob>('POST', '/api/v1/leave_register_exports', {
    body,
    headers: { 'Idempotency-Key': key },
  });

export const getRegisterExport = (id: string) =>
  api.get<RegisterExportJob>(`/api/v1/leave_register_exports/${encodeURIComponent(id)}`);
