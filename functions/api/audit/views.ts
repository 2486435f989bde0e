/** The answer of `GET /api/v1/audit_events`, declared once: the SPA imports these types. */

/** One entry of the company's audit trail (newest first). */
export interface AuditEventView {
  id: string;
  at: string;
  action: string;
  actor_role: string;
  actor_name: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
}

export interface AuditPageView {
  events: AuditEventView[];
  /** Opaque; null on the last page. */
  cursor: string | null;
}
