import { createSchema } from 'electrodb';

/**
 * The stored answer of a state-changing call made with an `Idempotency-Key`, scoped to tenant and
 * user by its key: a retry gets the first answer; another user's identical key never sees it.
 *
 * Generic routes (functions/shared/idempotency.ts) create it "running" before the route runs (a
 * concurrent duplicate finds it and waits or gets 409), then turn it "done" with the answer. Punches
 * write it "done" (no state) inside the punch transaction.
 */
export const Idempotency = createSchema({
  model: { entity: 'idempotency', version: '1', service: 'kintai' },
  attributes: {
    scope: { type: 'string', required: true, readOnly: true },
    key: { type: 'string', required: true, readOnly: true },
    route: { type: 'string', required: true },
    /** Absent on punch records: they are written complete. */
    state: { type: ['running', 'done'] as const },
    /** The JSON answer `{ status, body }` (punches: the view); empty while running. */
    response: { type: 'string', required: true },
    /** Fingerprint of route, body and params: the same key for another request is refused. */
    fp: { type: 'string' },
    /** Which invocation runs it, and until when a duplicate waits for it instead of taking over. */
    owner: { type: 'string' },
    leaseUntil: { type: 'number', field: 'lease_until' },
    /** An audit event the answer committed without (its write failed): a retry writes it, then replays. */
    pendingAudit: { type: 'string', field: 'pending_audit' },
    expiresAt: { type: 'number', required: true, field: 'expires_at' },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', composite: ['scope'], template: '${scope}', casing: 'none' },
      sk: { field: 'sk', composite: ['key'], template: 'idem#${key}', casing: 'none' },
    },
  },
});
