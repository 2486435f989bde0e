import { createSchema } from 'electrodb';

/**
 * A fixed-window request counter (e.g. contact-form posts per client address per 10 minutes).
 * Incremented with a conditional update, so concurrent Lambdas share one count; the TTL removes it.
 */
export const RateLimit = createSchema({
  model: { entity: 'rateLimit', version: '1', service: 'kintai' },
  attributes: {
    /** What is limited and for whom, e.g. `inquiry#<hashed address>`. */
    bucket: { type: 'string', required: true, readOnly: true },
    /** Start of the window, epoch seconds. */
    window: { type: 'number', required: true, readOnly: true },
    count: { type: 'number', required: true, default: 0 },
    /** Progressive brakes (window 0): the next attempt waits until then (epoch milliseconds). */
    until: { type: 'number' },
    /** TTL (epoch seconds). */
    expiresAt: { type: 'number', required: true, field: 'expires_at' },
  },
  indexes: {
    byBucket: {
      pk: { field: 'pk', composite: ['bucket'], template: 'rate#${bucket}', casing: 'none' },
      sk: { field: 'sk', composite: ['window'], template: 'window#${window}', casing: 'none' },
    },
  },
});
