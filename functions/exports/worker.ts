import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Upload } from '@aws-sdk/lib-storage';
import { findExportJob, updateExportJob } from '../db/export-jobs.js';
import { s3 } from '../shared/clients/s3.js';
import { clock } from '../shared/clock.js';
import { env } from '../shared/env.js';
import type { Context } from 'aws-lambda';
import { logger, withLogContext } from '../shared/logger.js';
import { attendanceRows, type AttendanceExportParams } from './attendance-rows.js';
import { ByteCounter, csvStream, type Cell, type CsvReport } from './csv.js';
import type { WorkerEvent } from './jobs.js';
import { leaveRegisterRows, type LeaveRegisterParams } from './leave-register-rows.js';

/** Rows of each export kind: async generators, so a file is never held in memory whole. */
const ROWS = {
  attendance: (companyId: string, params: unknown) => attendanceRows(companyId, params as AttendanceExportParams),
  leave_register: (companyId: string, params: unknown) => leaveRegisterRows(companyId, params as LeaveRegisterParams),
} satisfies Record<string, (companyId: string, params: unknown) => AsyncIterable<Cell[]>>;

async function* counted(rows: AsyncIterable<Cell[]>, counter: { rows: number }): AsyncGenerator<Cell[]> {
  for await (const row of rows) {
    counter.rows++;
    yield row;
  }
}

/**
 * Writes one export: rows → CSV encoder → S3 multipart upload (5 MB parts, two in flight), then marks
 * the job done with its row count. A failure marks it failed; the browser shows ダウンロードに失敗しました.
 */
export async function runExport({ companyId, exportId }: WorkerEvent): Promise<void> {
  const job = await findExportJob(companyId, exportId);
  if (!job || job.status !== 'pending') return;
  await updateExportJob(companyId, exportId, { status: 'running' });
  const counter = { rows: 0 };
  const report: CsvReport = { unencodable: 0 };
  try {
    const bytes = new ByteCounter();
    const body = new PassThrough();
    // pipeline, not .pipe(): an error while producing rows (a throttled read, bad data) must fail the
    // upload and reach the catch below, not stall the upload and crash the process as an unhandled
    // stream error with the job left 'running'.
    const producing = pipeline(
      csvStream(counted(ROWS[job.kind](companyId, job.params), counter), job.encoding, report),
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
    await updateExportJob(companyId, exportId, {
      status: 'done',
      rowCount: Math.max(0, counter.rows - 1),
      bytes: bytes.bytes,
      unencodableChars: report.unencodable,
      finishedAt: clock.now().toISOString(),
    });
  } catch (error) {
    logger.error('export failed', { exportId, error: error as Error });
    await updateExportJob(companyId, exportId, { status: 'failed', finishedAt: clock.now().toISOString() });
  }
}

/**
 * Lambda entry of the export worker (invoked asynchronously by the export routes). Every line of the
 * run carries the Lambda request id, the job and the company (ids only).
 */
export const handler = async (event: WorkerEvent, context?: Context) =>
  withLogContext(
    { lambda_request_id: context?.awsRequestId, job: 'export', job_id: event.exportId, company_id: event.companyId },
    () => runExport(event),
  );
