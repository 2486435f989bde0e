import { createSchema } from 'electrodb';

/**
 * A payroll period's closing (締め), one item per period in one partition per company
 * (`c#<companyId>#closing`), so every write route checks "is this day closed?" with one Query whatever
 * the company's size (a company closes twelve periods a year). `from`/`to` are copied from the period
 * at closing, so the check needs no settings. `closing` = the background job is freezing the figures
 * (writes are already refused), `closed` = frozen, `reopened` = the admin reopened it with a reason
 * (the item stays, with who and why; closing it again overwrites the snapshot). `failed` = the job could
 * not finish (nothing frozen; the admin may close again).
 */
const CLOSING_STATUSES = ['closing', 'closed', 'reopened', 'failed'] as const;
export type ClosingStatus = (typeof CLOSING_STATUSES)[number];

export const PeriodClosing = createSchema({
  model: { entity: 'periodClosing', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    /** YYYY-MM (〇月度). */
    period: { type: 'string', required: true, readOnly: true },
    from: { type: 'string', required: true },
    to: { type: 'string', required: true },
    status: { type: CLOSING_STATUSES, required: true },
    closedAt: { type: 'string' },
    closedBy: { type: 'string' },
    reopenedAt: { type: 'string' },
    reopenedBy: { type: 'string' },
    reopenReason: { type: 'string' },
    /** Background job progress while `closing`. */
    done: { type: 'number' },
    total: { type: 'number' },
    /** Where the frozen figures and the CSV taken at closing are stored, and the CSV's SHA-256. */
    snapshotKey: { type: 'string' },
    csvKey: { type: 'string' },
    csvSha256: { type: 'string' },
    employeeCount: { type: 'number' },
    /**
     * Found by the closing job over every employee's days: 出勤 without 退勤, days without punched breaks
     * whose break is short of 34条 (before rule 2026.5: days raised to the 34条 minimum).
     */
    missingPunchDays: { type: 'number' },
    breakShortDays: { type: 'number' },
    /** Also by the closing job (issue 16): 遅刻・早退・欠勤 days, breaks below 34条, interval shortfalls. */
    lateDays: { type: 'number' },
    earlyLeaveDays: { type: 'number' },
    absentDays: { type: 'number' },
    breakBelowLegalDays: { type: 'number' },
    shortIntervalDays: { type: 'number' },
    /**
     * The work patterns the closed days were scheduled by (shifts and assignments), found by the closing
     * job: editing or deleting a pattern checks these instead of reading the period's shifts (issue 19).
     * Absent on closings made before it (those are checked the old way).
     */
    patternsUsed: { type: 'list', items: { type: 'string' } },
    /**
     * The run working on the job and how long it may go unheard (epoch ms; domain/job-lease.ts): a job
     * whose lease ran out is taken over by the next run (issue 30 item 13). Absent on items from before.
     */
    runId: { type: 'string' },
    leaseUntil: { type: 'number' },
    updatedAt: {
      type: 'string',
      required: true,
      watch: '*',
      default: () => new Date().toISOString(),
      set: () => new Date().toISOString(),
    },
  },
  indexes: {
    byCompany: {
      collection: 'schedule',
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}#sched', casing: 'none' },
      sk: { field: 'sk', composite: ['period'], template: 'closing#${period}', casing: 'none' },
    },
  },
});
