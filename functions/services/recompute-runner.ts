/**
 * The recompute worker's work (see recompute.ts): every active employee's months of the job (or the
 * job's own employees when it names them), a few employees at a time, counting each one on the job
 * so the screen shows progress. One employee's failure is logged and counted, the others go on; the
 * job ends `done`, or `failed` when any failed.
 *
 * Each run takes the job under a lease (services/job-runs.ts, issue 30 item 13): a job whose worker
 * died is taken over by the next run given it (再実行, or a retried invocation once the lease ran out),
 * which recomputes every employee again — a recompute of stored months from the records is idempotent —
 * and counts from zero; the dead run, should it wake, can neither count nor finish the job.
 */
import {
  COMPANY_CLOSE_REASON,
  GRANT_RUN_REASON,
  countGrantRun,
  countRecomputed,
  findRecomputeJob,
  updateRecomputeRun,
} from '../db/recompute-jobs.js';
import { activeStaff, staffByIds } from '../db/staff.js';
import { companyFigures, refreshEmployeeMonths } from '../db/summaries.js';
import { monthsBetween } from '../domain/time.js';
import { clock } from '../shared/clock.js';
import { logger } from '../shared/logger.js';
import type { RecomputeEvent, WorkerEvent } from './recompute.js';
import { isLeaseLost, startRun, type JobRun } from './job-runs.js';
import { recomputeLease } from './recompute-lease.js';
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

/** The run's last word: failed, unless it lost the job (then the run holding it says). */
async function failRun(companyId: string, jobId: string, run: JobRun, error: unknown, what: string): Promise<void> {
  if (isLeaseLost(error)) {
    logger.warn(`${what}: taken over by another run`, { jobId });
    return;
  }
  logger.error(`${what} failed`, { jobId, error: error as Error });
  await updateRecomputeRun(companyId, jobId, run.runId, { status: 'failed', finishedAt: clock.now().toISOString() });
}

export async function runRecompute({ companyId, jobId }: RecomputeEvent): Promise<void> {
  const job = await findRecomputeJob(companyId, jobId);
  if (!job) return;
  // A company close's job runs only from its own event (kind 'company-close'), never as a recompute.
  if (job.reason === COMPANY_CLOSE_REASON) return;
  const run = await startRun(recomputeLease(companyId, jobId));
  if (!run) return;
  if (job.reason === GRANT_RUN_REASON) return runGrantJob(companyId, jobId, run, job.granted ?? 0);
  try {
    // Rules, 締め日, calendar and schedule settings once; shifts one Query per calendar month, shared.
    const [staff, figures] = await Promise.all([
      job.employeeIds
        ? staffByIds(companyId, job.employeeIds).then((s) => s.filter((e) => e.status === 'active'))
        : activeStaff(companyId),
      companyFigures(companyId),
    ]);
    await run.held(updateRecomputeRun(companyId, jobId, run.runId, { total: staff.length }));
    const months = monthsBetween(job.fromMonth, job.toMonth);
    const chunks: string[][] = [];
    for (let i = 0; i < months.length; i += MONTHS_PER_WRITE) chunks.push(months.slice(i, i + MONTHS_PER_WRITE));
    const queue = [...staff];
    let failed = 0;
    const worker = async () => {
      for (let e = queue.shift(); e; e = queue.shift()) {
        await run.beat();
        try {
          for (const chunk of chunks) await refreshEmployeeMonths(companyId, e, job.timeZone, chunk, figures);
        } catch (error) {
          failed++;
          logger.error('recompute failed', { jobId, employeeId: e.employeeId, error: error as Error });
          await run.held(countRecomputed(companyId, jobId, run.runId, 'failed'));
          continue;
        }
        await run.held(countRecomputed(companyId, jobId, run.runId, 'done'));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await run.held(
      updateRecomputeRun(companyId, jobId, run.runId, {
        status: failed ? 'failed' : 'done',
        finishedAt: clock.now().toISOString(),
      }),
    );
  } catch (error) {
    await failRun(companyId, jobId, run, error, 'recompute job');
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
 * grants nothing twice), counting members done and grants made on the job as it goes. A run that takes
 * over a dead one goes through every member again (granting only what is still due) and adds its grants
 * to the `before` the dead run counted.
 */
async function runGrantJob(companyId: string, jobId: string, run: JobRun, before: number): Promise<void> {
  try {
    const result = await runDueGrants(companyId, clock.now(), {
      start: (total) => run.held(updateRecomputeRun(companyId, jobId, run.runId, { total })),
      step: async (members, granted) => {
        await run.held(countGrantRun(companyId, jobId, run.runId, members, before + granted));
        await run.beat();
      },
    });
    await run.held(
      updateRecomputeRun(companyId, jobId, run.runId, {
        status: 'done',
        granted: before + result.granted.length,
        finishedAt: clock.now().toISOString(),
      }),
    );
  } catch (error) {
    await failRun(companyId, jobId, run, error, 'grant run');
  }
}
