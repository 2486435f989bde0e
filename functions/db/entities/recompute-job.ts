import { createSchema } from 'electrodb';

/**
 * A background recompute of stored monthly summaries after a settings version (rule, calendar,
 * 36協定…) changes figures from `fromMonth` on: every active employee's months `fromMonth`–`toMonth`.
 * The worker counts `done` up to `total` (employees) so the screen can show 再計算中 n/m.
 */
export const RecomputeJob = createSchema({
  model: { entity: 'recomputeJob', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    jobId: { type: 'string', required: true, readOnly: true },
    status: { type: ['pending', 'running', 'done', 'failed'] as const, required: true, default: 'pending' },
    /** What asked for it, e.g. `rule.working` (logs and the audit of the job, never shown raw). */
    reason: { type: 'string', required: true, readOnly: true },
    /** YYYY-MM: first and last month recomputed. */
    fromMonth: { type: 'string', required: true, readOnly: true },
    toMonth: { type: 'string', required: true, readOnly: true },
    timeZone: { type: 'string', required: true, readOnly: true },
    /** Only these employees (a shift save); absent = every active employee. */
    employeeIds: { type: 'list', items: { type: 'string' }, readOnly: true },
    /** Employees to recompute (set when the worker starts) and done so far. */
    total: { type: 'number' },
    done: { type: 'number', required: true, default: 0 },
    failed: { type: 'number', required: true, default: 0 },
    /** A paid-leave grant run (reason `paid_leave.grant_run`): the grants it made. */
    granted: { type: 'number' },
    /**
     * The run working on the job and how long it may go unheard (epoch ms; domain/job-lease.ts): a job
     * whose lease ran out is taken over by the next run (issue 30 item 13). Absent on items from before.
     */
    runId: { type: 'string' },
    leaseUntil: { type: 'number' },
    createdAt: { type: 'string', readOnly: true, required: true, default: () => new Date().toISOString() },
    finishedAt: { type: 'string' },
    /** Kept a week (TTL, epoch seconds). */
    expiresAt: { type: 'number', required: true, field: 'expires_at' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}', casing: 'none' },
      sk: { field: 'sk', composite: ['jobId'], template: 'recompute#${jobId}', casing: 'none' },
    },
  },
});
