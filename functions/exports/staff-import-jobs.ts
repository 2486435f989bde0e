import { findStaffImport, insertStaffImport, reopenStaffImport } from '../db/staff-imports.js';
import { isStalled, leaseFrom } from '../domain/job-lease.js';
import { importObjectKey, saveImportRows, type ImportStaffRow } from '../services/staff-import.js';
import { clock } from '../shared/clock.js';
import { env } from '../shared/env.js';
import { ConflictError, NotFoundError, renderMessage } from '../shared/errors.js';
import { codeText } from '../shared/i18n/code-text.js';
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
    leaseUntil: leaseFrom(clock.now().getTime()),
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

type ImportRecord = NonNullable<Awaited<ReturnType<typeof findStaffImport>>>;

/** A job under way whose worker has not been heard from within its lease: it died (domain/job-lease.ts). */
const importStalled = (job: ImportRecord) =>
  isStalled(
    job.status === 'pending' || job.status === 'running',
    { leaseUntil: job.leaseUntil, heardAt: job.createdAt },
    clock.now().getTime(),
  );

/** The job in the admin's `language`: a failed row's message is stored as its code (or, before issue 31, Japanese). */
function importView(job: ImportRecord, language: string) {
  const stalled = importStalled(job);
  const failures = (job.failures ?? []).map((f) => ({
    row: f.row ?? 0,
    message: f.message ? renderMessage(f.message, language) : '',
  }));
  return {
    id: job.importId,
    /** A job whose worker died reads `failed` (with `stalled`): 再実行 carries every row on. */
    status: stalled ? ('failed' as const) : job.status,
    /** The worker was not heard from within its lease (issue 30 item 13). */
    stalled,
    total: job.total,
    processed: job.done,
    created: job.created,
    /** Rows an earlier import registered (the same file uploaded again): skipped. */
    existing: job.existing ?? 0,
    failures,
    /** 再実行 can finish it: it failed or its worker died, or rows failed or were not mailed. */
    retryable: stalled || job.status === 'failed' || (job.status === 'done' && failures.length > 0),
    finished_at: job.finishedAt ?? null,
  };
}

/** The job as the screen sees it: processed of total, registered, and the rows that failed. */
export async function staffImportStatus(companyId: string, importId: string, language: string) {
  const job = await findStaffImport(companyId, importId);
  if (!job) throw new NotFoundError();
  return importView(job, language);
}

/** `GET /api/v1/employee_imports/{id}` (the SPA imports the type). */
export type StaffImportJobView = ReturnType<typeof importView>;

/** 「この一括登録は実行中です。」: 再実行 of an import whose worker is alive. */
const IMPORT_RUNNING_MESSAGE = codeText('staff_import.running');
/** 「この一括登録はすべて登録済みです。」: 再実行 of an import with nothing left to do. */
export const IMPORT_DONE_MESSAGE = codeText('staff_import.done');

/**
 * 再実行 of a スタッフ一括登録 (issue 30 items 11 and 13): an import that failed, whose worker died, or
 * that ended with rows failed or not mailed is given back and the worker started; it goes through every
 * row again, each carrying on from its intent, so registered rows are counted, never registered twice.
 * Three requests whatever the file (GetItem, UpdateItem, Invoke). 409 while it runs or when nothing is left.
 */
export async function retryStaffImport(companyId: string, importId: string, language: string) {
  const job = await findStaffImport(companyId, importId);
  if (!job) throw new NotFoundError();
  const now = clock.now().getTime();
  const again = (job.failures ?? []).length > 0 ? (['failed', 'done'] as const) : (['failed'] as const);
  if (!(await reopenStaffImport(companyId, importId, now, again)))
    throw new ConflictError(job.status === 'done' ? IMPORT_DONE_MESSAGE : IMPORT_RUNNING_MESSAGE);
  await startImportWorker({ companyId, importId });
  return importView({ ...job, status: 'pending', leaseUntil: leaseFrom(now), finishedAt: undefined }, language);
}
