import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Upload } from '@aws-sdk/lib-storage';
import { findExportJob, renewExportJob, takeExportJob, updateExportRun } from '../db/export-jobs.js';
import { isLeaseLost, startRun, type JobRun } from '../services/job-runs.js';
import { s3 } from '../shared/clients/s3.js';
import { clock } from '../shared/clock.js';
import { env } from '../shared/env.js';
import type { Context } from 'aws-lambda';
import { logger, withLogContext } from '../shared/logger.js';
import iconv from 'iconv-lite';
import { closedPeriodSpanning, frozenSnapshot, getObject } from '../services/period-snapshot.js';
import {
  LEGACY_ATTENDANCE_HEADER,
  attendanceRows,
  chosenStaff,
  type AttendanceExportParams,
} from './attendance-rows.js';
import { ByteCounter, cp932Unencodable, csvStream, type Cell, type CsvEncoding, type CsvReport } from './csv.js';
import type { WorkerEvent } from './jobs.js';
import { runClosing, type ClosingEvent } from './closing.js';
import { leaveRegisterRows, type LeaveRegisterParams } from './leave-register-rows.js';
import { attendanceTotalsRows, type TotalsExportParams } from './attendance-totals-rows.js';
import type { LayoutEncoding } from './payroll-layouts.js';

/** Rows of each export kind: async generators, so a file is never held in memory whole. */
const ROWS = {
  attendance: (companyId: string, params: unknown) => attendanceRows(companyId, params as AttendanceExportParams),
  leave_register: (companyId: string, params: unknown) => leaveRegisterRows(companyId, params as LeaveRegisterParams),
  attendance_totals: (companyId: string, params: unknown, progress?: Progress) =>
    attendanceTotalsRows(companyId, params as TotalsExportParams, progress),
} satisfies Record<string, (companyId: string, params: unknown, progress?: Progress) => AsyncIterable<Cell[]>>;

/** A payroll layout of plain UTF-8 leaves the BOM out; every other export keeps it. */
function layoutBom(params: unknown): boolean {
  const layout = (params as { layout?: { encoding?: LayoutEncoding } } | null)?.layout;
  return layout?.encoding !== 'utf8';
}

/** Records how far a job got (staff written of all); kinds without progress ignore it. */
type Progress = (done: number, total: number) => Promise<void>;

/** Counts the rows, and tells the job's lease the run is alive as they go (renewed when due). */
async function* counted(rows: AsyncIterable<Cell[]>, counter: { rows: number }, run: JobRun): AsyncGenerator<Cell[]> {
  for await (const row of rows) {
    counter.rows++;
    await run.beat();
    yield row;
  }
}

/**
 * The bytes of an attendance export of a closed period: never recomputed. Asked for exactly the period's
 * days, the export is the CSV stored at closing, byte for byte (UTF-8), or those bytes as Shift_JIS;
 * with a department, status or staff filter, the chosen employees' rows stored at closing through the
 * same encoder. Null when the range is not exactly a closed period (then the rows are computed).
 */
async function frozenExport(
  companyId: string,
  params: AttendanceExportParams,
  encoding: CsvEncoding,
  counter: { rows: number },
  report: CsvReport,
): Promise<Readable | null> {
  const closing = await closedPeriodSpanning(companyId, params.from, params.to);
  if (!closing) return null;
  const snapshot = await frozenSnapshot(companyId, closing.period);
  if (!snapshot) return null;
  const filtered = Boolean(params.employeeId || params.departmentId || params.employmentStatusId);
  const employees = chosenStaff(snapshot.employees, params);
  counter.rows = 1 + employees.reduce((n, e) => n + e.rows.length, 0);
  // The header the stored rows were written with (closings before the schedule columns have the legacy one).
  const header = snapshot.header ?? [...LEGACY_ATTENDANCE_HEADER];
  if (filtered) return csvStream([header, ...employees.flatMap((e) => e.rows)], encoding, report);
  const stored = await getObject(closing.csvKey!);
  if (encoding === 'utf8') return Readable.from([stored]);
  const text = stored.subarray(3).toString('utf8');
  report.unencodable = cp932Unencodable(text);
  return Readable.from([iconv.encode(text, 'CP932')]);
}

/**
 * Writes one export: rows → CSV encoder → S3 multipart upload (5 MB parts, two in flight), then marks
 * the job done with its row count. A failure marks it failed; the browser shows ダウンロードに失敗しました.
 * The run holds the job under a lease (services/job-runs.ts): a job whose worker died is written again
 * from the start by the next run given it once the lease ran out (a retried invocation), and the dead
 * run can no longer finish it.
 */
export async function runExport({ companyId, exportId }: WorkerEvent): Promise<void> {
  const job = await findExportJob(companyId, exportId);
  if (!job) return;
  const run = await startRun({
    take: (runId, now) => takeExportJob(companyId, exportId, runId, now),
    renew: (runId, now) => renewExportJob(companyId, exportId, runId, now),
  });
  if (!run) return;
  const counter = { rows: 0 };
  const report: CsvReport = { unencodable: 0 };
  try {
    const bytes = new ByteCounter();
    const body = new PassThrough();
    // pipeline, not .pipe(): an error while producing rows (a throttled read, bad data) must fail the
    // upload and reach the catch below, not stall the upload and crash the process as an unhandled
    // stream error with the job left 'running'.
    const frozen =
      job.kind === 'attendance'
        ? await frozenExport(companyId, job.params as AttendanceExportParams, job.encoding, counter, report)
        : null;
    const producing = pipeline(
      frozen ??
        csvStream(
          counted(
            ROWS[job.kind](companyId, job.params, (done, total) =>
              run.held(updateExportRun(companyId, exportId, run.runId, { progressDone: done, progressTotal: total })),
            ),
            counter,
            run,
          ),
          job.encoding,
          report,
          { bom: layoutBom(job.params) },
        ),
      bytes,
      body,
    );
    const uploading = new Upload({
      client: s3(),
      params: { Bucket: env().EXPORTS_BUCKET!, Key: job.objectKey, Body: body, ContentType: 'text/csv' },
      partSize: 5 * 1024 * 1024,
      queueSize: 2,
    }).done();
    await Promise.all([producing, uploading]);
    await run.held(
      updateExportRun(companyId, exportId, run.runId, {
        status: 'done',
        rowCount: Math.max(0, counter.rows - 1),
        bytes: bytes.bytes,
        unencodableChars: report.unencodable,
        finishedAt: clock.now().toISOString(),
      }),
    );
  } catch (error) {
    if (isLeaseLost(error)) return logger.warn('export taken over by another run', { exportId });
    logger.error('export failed', { exportId, error: error as Error });
    await updateExportRun(companyId, exportId, run.runId, { status: 'failed', finishedAt: clock.now().toISOString() });
  }
}

export { runClosing };

/**
 * Lambda entry of the export worker (invoked asynchronously by the export routes, and by the closing
 * route with a closing event). Every line of the run carries the Lambda request id, the job and the
 * company (ids only).
 */
export const handler = async (event: WorkerEvent | ClosingEvent, context?: Context) =>
  'kind' in event
    ? withLogContext(
        { lambda_request_id: context?.awsRequestId, job: 'closing', job_id: event.period, company_id: event.companyId },
        () => runClosing(event),
      )
    : withLogContext(
        {
          lambda_request_id: context?.awsRequestId,
          job: 'export',
          job_id: event.exportId,
          company_id: event.companyId,
        },
        () => runExport(event),
      );
