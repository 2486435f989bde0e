import { createSchema } from 'electrodb';

/**
 * The stored answer of a state-changing call made with an `Idempotency-Key`, scoped to tenant and
 * user by its key: a retry gets the first answer; another user's identical key never sees it.
 */
export const Idempotency = createSchema({
  model: { entity: 'idempotency', version: '1', service: 'kintai' },
  attributes: {
    scope: { type: 'string', required: true, readOnly: true },
    key: { type: 'string', required: true, readOnly: true },
    route: { type: 'string', required: true },
    response: { type: 'string', required: true },
    expiresAt: { type: 'number', required: true, field: 'expires_at' },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', composite: ['scope'], template: '${scope}', casing: 'none' },
      sk: { field: 'sk', composite: ['key'], template: 'idem#${key}', casing: 'none' },
    },
  },
});
