import { api } from '../../lib/api';

/** One entry of `GET /api/v1/audit_events` (newest first). */
export interface AuditEvent {
  id: string;
  at: string;
  action: string;
  actor_role: string;
  actor_name: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
}

export interface AuditPage {
  events: AuditEvent[];
  /** Opaque; null on the last page. */
  cursor: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

export const listAuditEvents = (cursor: string | null) =>
  api.get<AuditPage>('/api/v1/audit_events', { limit: AUDIT_PAGE_SIZE, cursor });
