import type { Context } from 'aws-lambda';
import { companyById } from '../db/companies.js';
import { findStaffImport, updateStaffImport } from '../db/staff-imports.js';
import { importStaffRow, knownStaff, loadImportRows, type RowOutcome } from '../services/staff-import.js';
import { clock } from '../shared/clock.js';
import { logger, withLogContext } from '../shared/logger.js';
import type { StaffImportEvent } from './staff-import-jobs.js';

/** Rows registered at once: Cognito's AdminCreateUser quota is tens per second per account. */
const LANES = 4;
/** Progress is written every this many rows (and at the end). */
const PROGRESS_EVERY = 10;

/**
 * Runs one スタッフ一括登録: every row through importStaffRow (idempotent per row by e-mail), the
 * progress counted into the job item as it goes. A retried or rerun invocation of an unfinished job
 * starts over and skips the rows already registered; a finished job is left alone.
 */
export async function runStaffImport({ companyId, importId }: StaffImportEvent): Promise<void> {
  const job = await findStaffImport(companyId, importId);
  if (!job || job.status === 'done') return;
  await updateStaffImport(companyId, importId, { status: 'running' });
  try {
    const [rows, known, company] = await Promise.all([
      loadImportRows(job.objectKey),
      knownStaff(companyId),
      companyById(companyId),
    ]);
    let done = 0;
    let created = 0;
    const failures: { row: number; message: string }[] = [];
    // Progress writes in order, each with the figures of its moment: never a smaller count after a larger.
    let writing: Promise<void> = Promise.resolve();
    const writeProgress = () => {
      writing = writing.then(() =>
        updateStaffImport(companyId, importId, {
          done,
          created,
          failures: [...failures].sort((a, b) => a.row - b.row),
        }),
      );
      return writing;
    };
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        // Each new member's summaries are stored as they are registered (not データなし in 勤怠集計).
        const outcome: RowOutcome = await importStaffRow(companyId, row, known, undefined, company.timeZone);
        if (outcome.kind === 'created') created++;
        if (outcome.kind === 'failed') failures.push({ row: row.row, message: outcome.message });
        done++;
        if (done % PROGRESS_EVERY === 0) writeProgress().catch(() => undefined);
      }
    };
    await Promise.all(Array.from({ length: Math.min(LANES, rows.length) }, lane));
    await writeProgress();
    await updateStaffImport(companyId, importId, { status: 'done', finishedAt: clock.now().toISOString() });
  } catch (error) {
    logger.error('staff import failed', { importId, error: error as Error });
    await updateStaffImport(companyId, importId, { status: 'failed', finishedAt: clock.now().toISOString() });
  }
}

/** Lambda entry of the import worker (invoked asynchronously by POST /api/v1/employee_imports). */
export const handler = async (event: StaffImportEvent, context?: Context) =>
  withLogContext(
    {
      lambda_request_id: context?.awsRequestId,
      job: 'staff_import',
      job_id: event.importId,
      company_id: event.companyId,
    },
    () => runStaffImport(event),
  );
