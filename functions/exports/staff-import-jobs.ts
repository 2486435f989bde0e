import { findStaffImport, insertStaffImport } from '../db/staff-imports.js';
import { importObjectKey, saveImportRows, type ImportStaffRow } from '../services/staff-import.js';
import { clock } from '../shared/clock.js';
import { env } from '../shared/env.js';
import { NotFoundError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { logger } from '../shared/logger.js';

/**
 * スタッフ一括登録 runs outside the request like the CSV exports (jobs.ts): the route stores the
 * validated rows in the exports bucket, records the job and starts the import worker (an asynchronous
 * Lambda invocation on AWS, its own function with the Cognito grants the export worker does not
 * have; an in-process task locally). The screen polls GET /api/v1/employee_imports/{id}.
 */
const JOB_TTL_SECONDS = 24 * 60 * 60;

export interface StaffImportEvent {
  companyId: string;
  importId: string;
}

export async function createStaffImportJob(companyId: string, requestedBy: string, rows: readonly ImportStaffRow[]) {
  const importId = newId();
  const objectKey = importObjectKey(companyId, importId);
  await saveImportRows(objectKey, rows);
  await insertStaffImport({
    companyId,
    importId,
    objectKey,
    requestedBy,
    total: rows.length,
    status: 'pending',
    expiresAt: Math.floor(clock.now().getTime() / 1000) + JOB_TTL_SECONDS,
  });
  await startImportWorker({ companyId, importId });
  return { id: importId, status: 'pending' as const, total: rows.length };
}

async function startImportWorker(event: StaffImportEvent): Promise<void> {
  const fn = env().STAFF_IMPORT_WORKER_FUNCTION;
  if (fn) {
    const { invokeAsync } = await import('../shared/clients/lambda-invoke.js');
    await invokeAsync(fn, event, env().AWS_REGION);
    return;
  }
  // Local stack and tests: the same worker, in this process, not awaited by the request (see jobs.ts).
  if (process.env.KINTAI_BUNDLE !== 'lambda') {
    void import('./staff-import-worker.js')
      .then((w) => w.runStaffImport(event))
      .catch((error: unknown) => logger.error('local background job failed', { error: error as Error }));
    return;
  }
  throw new Error('STAFF_IMPORT_WORKER_FUNCTION is not set');
}

/** The job as the screen sees it: processed of total, registered, and the rows that failed. */
export async function staffImportStatus(companyId: string, importId: string) {
  const job = await findStaffImport(companyId, importId);
  if (!job) throw new NotFoundError();
  return {
    id: job.importId,
    status: job.status,
    total: job.total,
    processed: job.done,
    created: job.created,
    failures: (job.failures ?? []).map((f) => ({ row: f.row ?? 0, message: f.message ?? '' })),
    finished_at: job.finishedAt ?? null,
  };
}

/** `GET /api/v1/employee_imports/{id}` (the SPA imports the type). */
export type StaffImportJobView = Awaited<ReturnType<typeof staffImportStatus>>;
