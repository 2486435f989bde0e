/**
 * The recompute worker's work (see recompute.ts): every active employee's months of the job (or the
 * job's own employees when it names them), a few employees at a time, counting each one on the job
 * so the screen shows progress. One employee's failure is logged and counted, the others go on; the
 * job ends `done`, or `failed` when any failed.
 */
import {
  COMPANY_CLOSE_REASON,
  GRANT_RUN_REASON,
  countGrantRun,
  countRecomputed,
  findRecomputeJob,
  updateRecomputeJob,
} from '../db/recompute-jobs.js';
import { activeStaff, staffByIds } from '../db/staff.js';
import { companyFigures, refreshEmployeeMonths } from '../db/summaries.js';
import { monthsBetween } from '../domain/time.js';
import { clock } from '../shared/clock.js';
import { logger } from '../shared/logger.js';
import type { RecomputeEvent, WorkerEvent } from './recompute.js';
import { runDueGrants } from './paid-leave-service.js';
import { buildClosingChecklistDigest, rebuildLastEndedChecklist } from './closing-checklist-digest.js';
import { runCompanyClose } from './company-close.js';
import { buildWorkStatusDigest, rebuildCurrentWorkStatus } from './work-status-digest.js';

/** Employees recomputed at once. */
const CONCURRENCY = 4;
/** Months per transaction (a month is one item; DynamoDB takes at most 100 per transaction). */
const MONTHS_PER_WRITE = 12;

/**
 * One event of the worker: a recompute job, a build of 勤怠状況's digest or 締め処理's checklist, or
 * the operator's company close.
 */
export async function runWorkerEvent(event: WorkerEvent): Promise<void> {
  if ('kind' in event && event.kind === 'company-close') return runCompanyClose(event);
  if ('kind' in event && event.kind === 'work-status-digest') return buildWorkStatusDigest(event);
  if ('kind' in event && event.kind === 'closing-checklist-digest') return buildClosingChecklistDigest(event);
  return runRecompute(event as RecomputeEvent);
}

export async function runRecompute({ companyId, jobId }: RecomputeEvent): Promise<void> {
  const job = await findRecomputeJob(companyId, jobId);
  if (!job || job.status !== 'pending') return;
  if (job.reason === GRANT_RUN_REASON) return runGrantJob(companyId, jobId);
  // A company close's job runs only from its own event (kind 'company-close'), never as a recompute.
  if (job.reason === COMPANY_CLOSE_REASON) return;
  try {
    // Rules, 締め日, calendar and schedule settings once; shifts one Query per calendar month, shared.
    const [staff, figures] = await Promise.all([
      job.employeeIds
        ? staffByIds(companyId, job.employeeIds).then((s) => s.filter((e) => e.status === 'active'))
        : activeStaff(companyId),
      companyFigures(companyId),
    ]);
    await updateRecomputeJob(companyId, jobId, { status: 'running', total: staff.length });
    const months = monthsBetween(job.fromMonth, job.toMonth);
    const chunks: string[][] = [];
    for (let i = 0; i < months.length; i += MONTHS_PER_WRITE) chunks.push(months.slice(i, i + MONTHS_PER_WRITE));
    const queue = [...staff];
    let failed = 0;
    const worker = async () => {
      for (let e = queue.shift(); e; e = queue.shift()) {
        try {
          for (const chunk of chunks) await refreshEmployeeMonths(companyId, e, job.timeZone, chunk, figures);
          await countRecomputed(companyId, jobId, 'done');
        } catch (error) {
          failed++;
          logger.error('recompute failed', { jobId, employeeId: e.employeeId, error: error as Error });
          await countRecomputed(companyId, jobId, 'failed');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await updateRecomputeJob(companyId, jobId, {
      status: failed ? 'failed' : 'done',
      finishedAt: clock.now().toISOString(),
    });
  } catch (error) {
    logger.error('recompute job failed', { jobId, error: error as Error });
    await updateRecomputeJob(companyId, jobId, { status: 'failed', finishedAt: clock.now().toISOString() });
    return;
  }
  // 勤怠状況's figures of the current period follow the recomputed summaries (the daily refresh too).
  await rebuildCurrentWorkStatus(companyId, job.timeZone).catch((error: unknown) =>
    logger.error('work status digest failed', { companyId, error: error as Error }),
  );
  // …and so does 締め処理's checklist of the last ended period (the screen's default).
  await rebuildLastEndedChecklist(companyId, job.timeZone).catch((error: unknown) =>
    logger.error('closing checklist digest failed', { companyId, error: error as Error }),
  );
}

/**
 * A paid-leave grant run (本日までの法定付与を実行): the statutory grants due today to every active
 * member (services/paid-leave-service.ts runDueGrants: idempotent, so a retried or concurrent run
 * grants nothing twice), counting members done and grants made on the job as it goes.
 */
async function runGrantJob(companyId: string, jobId: string): Promise<void> {
  try {
    await updateRecomputeJob(companyId, jobId, { status: 'running' });
    const result = await runDueGrants(companyId, clock.now(), {
      start: (total) => updateRecomputeJob(companyId, jobId, { total }),
      step: (members, granted) => countGrantRun(companyId, jobId, members, granted),
    });
    await updateRecomputeJob(companyId, jobId, {
      status: 'done',
      granted: result.granted.length,
      finishedAt: clock.now().toISOString(),
    });
  } catch (error) {
    logger.error('grant run failed', { jobId, error: error as Error });
    await updateRecomputeJob(companyId, jobId, { status: 'failed', finishedAt: clock.now().toISOString() });
  }
}
