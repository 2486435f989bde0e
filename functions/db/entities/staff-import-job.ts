import { createSchema } from 'electrodb';

/**
 * A スタッフ一括登録 run: the validated rows are in the exports bucket (`objectKey`, JSON), the worker
 * registers them one by one and counts `done` up to `total`; rows it could not register are listed
 * in `failures` ({ row, message }, the file's row numbers) so the admin sees which ones to retry.
 */
export const StaffImportJob = createSchema({
  model: { entity: 'staffImportJob', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    importId: { type: 'string', required: true, readOnly: true },
    status: { type: ['pending', 'running', 'done', 'failed'] as const, required: true, default: 'pending' },
    objectKey: { type: 'string', required: true, readOnly: true },
    requestedBy: { type: 'string', required: true, readOnly: true },
    total: { type: 'number', required: true, readOnly: true },
    /** Rows handled so far (registered, already registered, or failed). */
    done: { type: 'number', required: true, default: 0 },
    /** Rows registered by this import, in any of its runs (issue 30 item 11: a run that resumes one counts them all). */
    created: { type: 'number', required: true, default: 0 },
    /** Rows registered by an earlier import (the same file uploaded again): skipped. Absent on older jobs. */
    existing: { type: 'number' },
    failures: {
      type: 'list',
      items: { type: 'map', properties: { row: { type: 'number' }, message: { type: 'string' } } },
    },
    /**
     * The run working on the job and how long it may go unheard (epoch ms; domain/job-lease.ts): a job
     * whose lease ran out is taken over by the next run (issue 30 item 13). Absent on items from before.
     */
    runId: { type: 'string' },
    leaseUntil: { type: 'number' },
    createdAt: { type: 'string', readOnly: true, required: true, default: () => new Date().toISOString() },
    finishedAt: { type: 'string' },
    /** Kept a day, like the rows' object (TTL, epoch seconds). */
    expiresAt: { type: 'number', required: true, field: 'expires_at' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}', casing: 'none' },
      sk: { field: 'sk', composite: ['importId'], template: 'staff-import#${importId}', casing: 'none' },
    },
  },
});
