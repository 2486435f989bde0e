import { createSchema } from 'electrodb';

/** A CSV export: requested by an admin, written to S3 by the export worker, downloaded by presigned link. */
export const ExportJob = createSchema({
  model: { entity: 'exportJob', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    exportId: { type: 'string', required: true, readOnly: true },
    kind: { type: ['attendance', 'leave_register', 'attendance_totals'] as const, required: true, readOnly: true },
    status: { type: ['pending', 'running', 'done', 'failed'] as const, required: true, default: 'pending' },
    params: { type: 'any', required: true },
    encoding: { type: ['utf8', 'sjis'] as const, required: true },
    fileName: { type: 'string', required: true },
    objectKey: { type: 'string', required: true },
    requestedBy: { type: 'string', required: true },
    rowCount: { type: 'number' },
    bytes: { type: 'number' },
    /** Characters Shift_JIS could not encode (written as '?'): shown with the download, never silent. */
    unencodableChars: { type: 'number' },
    /**
     * The run working on the job and how long it may go unheard (epoch ms; domain/job-lease.ts): a job
     * whose lease ran out is taken over by the next run (issue 30 item 13). Absent on items from before.
     */
    runId: { type: 'string' },
    leaseUntil: { type: 'number' },
    createdAt: { type: 'string', readOnly: true, required: true, default: () => new Date().toISOString() },
    finishedAt: { type: 'string' },
    /** The job record goes with its file (TTL, epoch seconds). */
    expiresAt: { type: 'number', required: true, field: 'expires_at' },
    /** Staff written so far and in all (勤怠集計 export; absent for the other kinds). */
    progressDone: { type: 'number' },
    progressTotal: { type: 'number' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}', casing: 'none' },
      sk: { field: 'sk', composite: ['exportId'], template: 'export#${exportId}', casing: 'none' },
    },
  },
});
