import type { AuditEventView, AuditPageView } from '../../../../functions/api/audit/views';
import { api } from '../../lib/api';

/** One entry of `GET /api/v1/audit_events` and a page of them: the backend's own types. */
export type AuditEvent = AuditEventView;
export type AuditPage = AuditPageView;

const AUDIT_PAGE_SIZE = 50;

export const listAuditEvents = (cursor: string | null) =>
  api.get<AuditPage>('/api/v1/audit_events', { limit: AUDIT_PAGE_SIZE, cursor });
