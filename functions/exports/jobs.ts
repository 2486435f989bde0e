import { findExportJob, insertExportJob } from '../db/export-jobs.js';
import { isStalled, leaseFrom } from '../domain/job-lease.js';
import { clock } from '../shared/clock.js';
import { env } from '../shared/env.js';
import { NotFoundError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { logger } from '../shared/logger.js';
import type { CsvEncoding } from './csv.js';

/**
 * CSV exports run outside the request: the API records a job and starts the export worker
 * (an asynchronous Lambda invocation on AWS, an in-process task locally), then the browser polls the
 * job and receives a presigned GET link once the file is in S3. Objects are keyed under the company id.
 */
export type ExportKind = 'attendance' | 'leave_register' | 'attendance_totals';

/** Presigned links live at most five minutes. */
const LINK_SECONDS = 300;
const JOB_TTL_SECONDS = 24 * 60 * 60;

export interface NewExport {
  companyId: string;
  kind: ExportKind;
  params: Record<string, unknown>;
  encoding: CsvEncoding;
  requestedBy: string;
  /** The download's file name (Japanese is fine: it is sent RFC 5987-encoded). */
  fileName: string;
}

export async function createExportJob(input: NewExport) {
  const exportId = newId();
  const job = {
    ...input,
    exportId,
    status: 'pending' as const,
    // Under `exports/`, the prefix the bucket expires after a day; closings keep theirs (period-snapshot.ts).
    objectKey: `exports/${input.companyId}/${exportId}.csv`,
    leaseUntil: leaseFrom(clock.now().getTime()),
    expiresAt: Math.floor(clock.now().getTime() / 1000) + JOB_TTL_SECONDS,
  };
  await insertExportJob(job);
  await startWorker({ companyId: input.companyId, exportId });
  return job;
}

export interface WorkerEvent {
  companyId: string;
  exportId: string;
}

/** The closing job (exports/closing.ts) runs in the export worker too: same grants, same function. */
export type ClosingJobEvent = import('./closing.js').ClosingEvent;

/** Starts the closing job of a period whose closing item the route has just written (`closing`). */
export async function startClosingJob(event: ClosingJobEvent): Promise<void> {
  await startWorker(event);
}

async function startWorker(event: WorkerEvent | ClosingJobEvent): Promise<void> {
  const fn = env().EXPORT_WORKER_FUNCTION;
  if (fn) {
    const { invokeAsync } = await import('../shared/clients/lambda-invoke.js');
    await invokeAsync(fn, event, env().AWS_REGION);
    return;
  }
  // Local stack and tests: the same worker code, in this process, not awaited by the request. Lambda
  // bundles define KINTAI_BUNDLE, so esbuild drops this branch and the worker (CSV encoders, S3
  // uploads) stays out of the API function: there the worker is always its own function.
  if (process.env.KINTAI_BUNDLE !== 'lambda') {
    void import('./worker.js')
      .then((w) => ('kind' in event ? w.runClosing(event) : w.runExport(event)))
      .catch((error: unknown) => logger.error('local background job failed', { error: error as Error }));
    return;
  }
  throw new Error('EXPORT_WORKER_FUNCTION is not set');
}

/** RFC 6266 / 5987: an ASCII fallback plus the UTF-8 name, so browsers save 勤怠データ_….csv. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The job as the browser sees it; a finished job carries a fresh five-minute link. */
export async function exportStatus(companyId: string, exportId: string, kind: ExportKind) {
  const job = await findExportJob(companyId, exportId);
  if (!job || job.kind !== kind) throw new NotFoundError();
  // A job whose worker died (not heard from within its lease) is failed to the browser: exporting again
  // writes the file (issue 30 item 13).
  const stalled = isStalled(
    job.status === 'pending' || job.status === 'running',
    { leaseUntil: job.leaseUntil, heardAt: job.createdAt },
    clock.now().getTime(),
  );
  // The presigner loads only for a finished job (cold starts of the other calls skip it).
  const url =
    job.status === 'done'
      ? await (
          await import('../shared/clients/s3-link.js')
        ).presignedDownload(
          job.objectKey,
          contentDisposition(job.fileName),
          `text/csv; charset=${job.encoding === 'sjis' ? 'Shift_JIS' : 'UTF-8'}`,
          LINK_SECONDS,
        )
      : null;
  return {
    id: job.exportId,
    status: stalled ? ('failed' as const) : job.status,
    /** The worker was not heard from within its lease: it died (then `status` is failed). */
    stalled,
    file_name: job.fileName,
    encoding: job.encoding,
    row_count: job.rowCount ?? null,
    /** Characters the chosen encoding lacks, written as '?' (Shift_JIS only; 0 for UTF-8). */
    unencodable_chars: job.status === 'done' ? (job.unencodableChars ?? 0) : null,
    download_url: url,
    link_expires_in: url ? LINK_SECONDS : null,
    /** Staff written so far and in all (勤怠集計 export only; null for the other kinds and before the start). */
    progress: job.progressTotal !== undefined ? { done: job.progressDone ?? 0, total: job.progressTotal } : null,
  };
}

/** `GET /api/v1/attendance_exports/{id}` and `/leave_register_exports/{id}` (the SPA imports the type). */
export type ExportJobView = Awaited<ReturnType<typeof exportStatus>>;

/** The export routes' 201 answer: the job to poll. */
export type StartedExportView = Pick<ExportJobView, 'id' | 'status'>;
