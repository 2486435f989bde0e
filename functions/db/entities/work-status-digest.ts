import { createSchema } from 'electrodb';

/**
 * 勤怠状況's figures of one payroll period, computed in the background (services/work-status-digest.ts)
 * so `GET /api/v1/work_status` reads one item whatever the staff count (issue 19). Derived data: no
 * TTL (a missing or old digest is simply built again). Its own partition per company
 * (`wsdigest#<companyId>`, one item per period): the builds never contend with the company's settings
 * partition, and the read-only work-status routes may claim a build on it and nothing else (the
 * `wsdigest#` prefix of config/table.ts SESSION_KEY_PREFIXES).
 *
 * Refresh bookkeeping, monotonic counters rather than times (tests move the clock): a claim adds one
 * to `requested` and starts a build of that generation; a build writes `built` only if no newer one
 * already did. `requested > built` while a claim younger than the claim timeout is pending = 集計中.
 */
export const WorkStatusDigest = createSchema({
  model: { entity: 'workStatusDigest', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    /** YYYY-MM: the payroll period's id (〇月度). */
    month: { type: 'string', required: true, readOnly: true },
    /** Generation last asked for, and when (ISO). */
    requested: { type: 'number' },
    claimedAt: { type: 'string' },
    /** Generation of the stored figures, and when their computation started (ISO, 集計日時). */
    built: { type: 'number' },
    asOf: { type: 'string' },
    /** When a change the figures do not follow by themselves was made (a grant run): stale if after `asOf`. */
    changedAt: { type: 'string' },
    /** WorkStatusFigures (services/work-status-digest.ts): bounded lists, see its size note. */
    figures: { type: 'any' },
  },
  indexes: {
    byPeriod: {
      pk: { field: 'pk', composite: ['companyId'], template: 'wsdigest#${companyId}', casing: 'none' },
      sk: { field: 'sk', composite: ['month'], template: 'period#${month}', casing: 'none' },
    },
  },
});
