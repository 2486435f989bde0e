import { createSchema } from 'electrodb';

/**
 * Append-only audit trail of a company: who changed what, when, with before and after. Kept with the
 * attendance records (no TTL: labour-law retention); written with a not-exists condition, never updated.
 */
export const AuditEvent = createSchema({
  model: { entity: 'auditEvent', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    /** ULID: the sort key orders events by time. */
    eventId: { type: 'string', required: true, readOnly: true },
    at: { type: 'string', required: true, readOnly: true },
    action: { type: 'string', required: true, readOnly: true },
    actorRole: { type: ['employee', 'admin', 'operator'] as const, required: true, readOnly: true },
    actorId: { type: 'string', required: true, readOnly: true },
    actorName: { type: 'string', required: true, readOnly: true },
    targetId: { type: 'string', readOnly: true },
    before: { type: 'any', readOnly: true },
    after: { type: 'any', readOnly: true },
  },
  indexes: {
    // Newest first for the admin's audit screen: one Query page at a time.
    byCompany: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}#audit', casing: 'none' },
      sk: { field: 'sk', composite: ['eventId'], template: 'audit#${eventId}', casing: 'none' },
    },
  },
});
