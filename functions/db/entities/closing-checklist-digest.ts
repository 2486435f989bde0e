import { createSchema } from 'electrodb';

/**
 * 締め処理's checklist of one payroll period (missing punches, 36協定 findings, 遅刻・早退・欠勤 and the
 * 34条 / インターバル flags), computed in the background (services/closing-checklist-digest.ts) so
 * `GET /api/v1/period_closings` reads one item whatever the staff count (issue 19). The sibling of
 * 勤怠状況's digest (work-status-digest.ts) in the same per-company partition (`wsdigest#<companyId>`,
 * sort key `closing#<period>`): derived data, no TTL, claimable by the read-only closing route through
 * the `wsdigest#` prefix of config/table.ts SESSION_KEY_PREFIXES. The same refresh bookkeeping:
 * `requested` / `claimedAt` on a claim, `built` / `asOf` when a build stores its checklist.
 */
export const ClosingChecklistDigest = createSchema({
  model: { entity: 'closingChecklistDigest', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    /** YYYY-MM: the payroll period's id (〇月度). */
    period: { type: 'string', required: true, readOnly: true },
    /** Generation last asked for, and when (ISO). */
    requested: { type: 'number' },
    claimedAt: { type: 'string' },
    /** Generation of the stored checklist, and when its computation started (ISO, 集計日時). */
    built: { type: 'number' },
    asOf: { type: 'string' },
    /** ClosingChecklistFigures (services/closing-checklist-digest.ts): bounded lists, see its size note. */
    checklist: { type: 'any' },
  },
  indexes: {
    byPeriod: {
      pk: { field: 'pk', composite: ['companyId'], template: 'wsdigest#${companyId}', casing: 'none' },
      sk: { field: 'sk', composite: ['period'], template: 'closing#${period}', casing: 'none' },
    },
  },
});
