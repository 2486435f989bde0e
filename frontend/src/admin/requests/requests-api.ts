import type { RequestView } from '../../../../functions/api/request-routes';
import type {
  BulkApproveView,
  PendingCountView,
  PendingPageView,
} from '../../../../functions/api/pending-requests/views';
import type { ApprovalSettingsView } from '../../../../functions/api/pending-requests/approval-settings';
import { api } from '../../lib/api';

export type RequestKind = 'holiday' | 'holiday_work' | 'over_work' | 'correction';

/** Spec §2 order on the admin screen: leave, holiday work, overtime, then punch corrections (打刻修正の承認). */
export const ADMIN_REQUEST_KINDS: readonly RequestKind[] = ['holiday', 'holiday_work', 'over_work', 'correction'];

export const UNAPPROVED = 0;
export const APPROVE = 1;
export const REJECT = 2;

/** A request row of the company's month: the backend's own type. */
export type AdminRequestRow = RequestView;

const PATH: Record<RequestKind, string> = {
  holiday: '/api/v1/holiday_requests',
  holiday_work: '/api/v1/holiday_work_requests',
  over_work: '/api/v1/over_work_requests',
  correction: '/api/v1/correction_requests',
};

/** A page (100) of the company's requests of one kind in a month, by date; `nextCursor` opens the next. */
export const listMonthRequests = (kind: RequestKind, year: number, month: number, cursor?: string | null) =>
  api.get<AdminRequestRow[]>(PATH[kind], cursor ? { year, month, cursor } : { year, month });

/** Approve (1) or reject (2) an unapproved request, with a reason the employee sees; the answer is the updated row. */
export const decideRequest = (kind: RequestKind, id: string, status: 1 | 2, reason = '') =>
  api.put<AdminRequestRow>(`${PATH[kind]}/${encodeURIComponent(id)}`, { status, reason });

/** 一括承認: each id approved on its own; the answer says which were and which not (with why). */
export const bulkApprove = (ids: string[], reason = '') =>
  api.post<BulkApproveView>('/api/v1/pending_requests/approve', { ids, reason });

export const getApprovalSettings = () => api.get<ApprovalSettingsView>('/api/v1/approval_settings');
/** The company's default language rides along when given (issue 31); absent leaves it. */
export const saveApprovalSettings = (s: Pick<ApprovalSettingsView, 'correction_approval'> & { language?: string }) =>
  api.put<ApprovalSettingsView>('/api/v1/approval_settings', s);

/** One page of the company's unapproved requests of every kind and month (oldest date first). */
export const listPendingRequests = (cursor: string | null) =>
  api.get<PendingPageView>('/api/v1/pending_requests', { cursor });

/** How many requests wait for a decision (capped: `more` means "99+"). */
export const countPendingRequests = () => api.get<PendingCountView>('/api/v1/pending_requests/count');
