import type { Context } from 'aws-lambda';
import { companyById } from '../db/companies.js';
import { findStaffImport, renewStaffImport, takeStaffImport, updateStaffImportRun } from '../db/staff-imports.js';
import { STAFF_IMPORT_MESSAGES } from '../domain/staff-import.js';
import { isLeaseLost, startRun } from '../services/job-runs.js';
import { importStaffRow, loadImportRows } from '../services/staff-import.js';
import { staffDeps, type StaffDeps } from '../services/staff-service.js';
import { clock } from '../shared/clock.js';
import { logger, withLogContext } from '../shared/logger.js';
import type { StaffImportEvent } from './staff-import-jobs.js';

/** Rows registered at once: Cognito's AdminCreateUser quota is tens per second per account. */
const LANES = 4;
/** Progress is written every this many rows (and at the end). */
const PROGRESS_EVERY = 10;

/**
 * Runs one スタッフ一括登録: every row through importStaffRow, the progress counted into the job item as
 * it goes. The run holds the job under a lease (services/job-runs.ts, issue 30 item 13): the next run
 * given a job whose worker died (再実行, or a retried invocation once the lease ran out) goes through
 * every row again from zero, each row carrying on from its own intent (issue 30 item 11), so every row
 * ends registered once and mailed once; a finished job is left alone unless 再実行 gave it back.
 */
export async function runStaffImport(
  { companyId, importId }: StaffImportEvent,
  deps: StaffDeps = staffDeps,
): Promise<void> {
  const job = await findStaffImport(companyId, importId);
  if (!job) return;
  const run = await startRun({
    take: (runId, now) => takeStaffImport(companyId, importId, runId, now),
    renew: (runId, now) => renewStaffImport(companyId, importId, runId, now),
  });
  if (!run) return;
  try {
    const [rows, company] = await Promise.all([loadImportRows(job.objectKey), companyById(companyId)]);
    let done = 0;
    let created = 0;
    let existing = 0;
    const failures: { row: number; message: string }[] = [];
    // Progress writes in order, each with the figures of its moment: never a smaller count after a larger.
    let writing: Promise<void> = Promise.resolve();
    const writeProgress = () => {
      const changes = { done, created, existing, failures: [...failures].sort((a, b) => a.row - b.row) };
      writing = writing.then(() => run.held(updateStaffImportRun(companyId, importId, run.runId, changes)));
      return writing;
    };
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        await run.beat();
        // Each new member's summaries are stored as they are registered (not データなし in 勤怠集計).
        const outcome = await importStaffRow({ companyId, importId, run }, row, deps, company.timeZone).catch(
          (error: unknown) => {
            if (isLeaseLost(error)) throw error;
            // Ids only: the row's e-mail is personal data and the error never carries the password. The
            // row's intent says how far it got: 再実行 carries it on.
            logger.error('staff import row failed', { row: row.row, error: error as Error });
            return { kind: 'failed', message: STAFF_IMPORT_MESSAGES.registerFailed } as const;
          },
        );
        if (outcome.kind === 'created') created++;
        if (outcome.kind === 'existing') existing++;
        if (outcome.kind === 'failed') failures.push({ row: row.row, message: outcome.message });
        else if (!outcome.mailed) failures.push({ row: row.row, message: STAFF_IMPORT_MESSAGES.mailNotSent });
        done++;
        if (done % PROGRESS_EVERY === 0) writeProgress().catch(() => undefined);
      }
    };
    await Promise.all(Array.from({ length: Math.min(LANES, rows.length) }, lane));
    await writeProgress();
    await run.held(
      updateStaffImportRun(companyId, importId, run.runId, { status: 'done', finishedAt: clock.now().toISOString() }),
    );
  } catch (error) {
    if (isLeaseLost(error)) return logger.warn('staff import taken over by another run', { importId });
    logger.error('staff import failed', { importId, error: error as Error });
    await updateStaffImportRun(companyId, importId, run.runId, {
      status: 'failed',
      finishedAt: clock.now().toISOString(),
    });
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
