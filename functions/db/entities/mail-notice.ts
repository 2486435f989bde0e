import { createSchema } from 'electrodb';

/**
 * A scheduled notice that was sent (missed punch, 36協定, paid-leave pace), keyed by kind, person and
 * period: the daily job claims it with a conditional create before sending, so a rerun sends nothing
 * twice. The TTL removes it after a year (a period's notice is never sent again by then).
 */
export const MailNotice = createSchema({
  model: { entity: 'mailNotice', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    /** `<kind>#<employeeId>#<period>`, e.g. `missed_punch#e1#2026-04-01`, `overtime_eighty#e1#2026-04`. */
    key: { type: 'string', required: true, readOnly: true },
    sentAt: { type: 'string', required: true, default: () => new Date().toISOString() },
    /** TTL (epoch seconds). */
    expiresAt: { type: 'number', required: true, field: 'expires_at' },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}', casing: 'none' },
      sk: { field: 'sk', composite: ['key'], template: 'mailnotice#${key}', casing: 'none' },
    },
  },
});
