/** The answers of `GET /api/v1/pending_requests` and `…/count`, declared once: the SPA imports these types. */
import type { RequestKind } from '../../db/requests.js';
import type { RequestView } from '../request-routes.js';

/** An unapproved request of any kind, as the month lists show it, plus its kind (which decide route to call). */
export type PendingRequestView = RequestView & { request_kind: RequestKind };

export interface PendingPageView {
  requests: PendingRequestView[];
  /** Opaque; null on the last page. */
  cursor: string | null;
}

/** How many requests wait: `count` up to the cap, and `more` when there are more than that (shown "99+"). */
export interface PendingCountView {
  count: number;
  more: boolean;
}

/** `POST /api/v1/pending_requests/approve` (一括承認): the ids approved, and those not with the reason why. */
export interface BulkApproveView {
  approved: string[];
  failed: { id: string; message: string }[];
}
