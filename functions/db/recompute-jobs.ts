import { leaseFrom } from '../domain/job-lease.js';
import { conditionHeld, heldBy, retryable, takeable } from './job-leases.js';
import { db, type Db } from './service.js';

/** Background recompute jobs of a company (services/recompute.ts starts and runs them). */

/** The job reason of a paid-leave grant run: the worker runs the grants instead of a recompute. */
export const GRANT_RUN_REASON = 'paid_leave.grant_run';

/** The job reason of the operator's company close (services/company-close.ts): accounts, not figures. */
export const COMPANY_CLOSE_REASON = 'company.close';

type NewRecomputeJob = Parameters<Db['entities']['RecomputeJob']['create']>[0];
type RecomputeJobChanges = Parameters<ReturnType<Db['entities']['RecomputeJob']['patch']>['set']>[0];

/** A new job (PutItem, refused if the id exists). */
export async function insertRecomputeJob(job: NewRecomputeJob, service: Db = db()): Promise<void> {
  await service.entities.RecomputeJob.create(job).go({ response: 'none' });
}

/** One job of the company (GetItem), or null. */
export async function findRecomputeJob(companyId: string, jobId: string, service: Db = db()) {
  const { data } = await service.entities.RecomputeJob.get({ companyId, jobId }).go();
  return data;
}

/** The statuses of a job that should be under way (db/job-leases.ts). */
const ACTIVE = ['pending', 'running'] as const;

/**
 * Takes the job for run `runId` (waiting for its first run, or its last run's lease ran out): running,
 * counted from zero again (every unit is redone: each is idempotent). False when another run holds
 * it or it is over (one conditional UpdateItem).
 */
export async function takeRecomputeJob(
  companyId: string,
  jobId: string,
  runId: string,
  now: number,
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.RecomputeJob.patch({ companyId, jobId })
      .set({ status: 'running', runId, leaseUntil: leaseFrom(now), done: 0, failed: 0 })
      .where(takeable(ACTIVE, now) as never)
      .go({ response: 'none' }),
  );
}

/** Renews the lease of run `runId`; false when the job no longer names it (taken over or given back). */
export async function renewRecomputeJob(
  companyId: string,
  jobId: string,
  runId: string,
  now: number,
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.RecomputeJob.patch({ companyId, jobId })
      .set({ leaseUntil: leaseFrom(now) })
      .where(heldBy(runId) as never)
      .go({ response: 'none' }),
  );
}

/** Total, result and finish time written by run `runId`; false (nothing written) when it lost the job. */
export async function updateRecomputeRun(
  companyId: string,
  jobId: string,
  runId: string,
  changes: RecomputeJobChanges,
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.RecomputeJob.patch({ companyId, jobId })
      .set(changes)
      .where(heldBy(runId) as never)
      .go({ response: 'none' }),
  );
}

/**
 * Gives a failed job, or one whose run's lease ran out, back for another run (再実行): pending again,
 * no run, a fresh lease to be taken within. False when it is under way or done (one conditional UpdateItem).
 */
export async function reopenRecomputeJob(
  companyId: string,
  jobId: string,
  now: number,
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.RecomputeJob.patch({ companyId, jobId })
      .set({ status: 'pending', leaseUntil: leaseFrom(now) })
      .remove(['runId', 'finishedAt'])
      .where(retryable(ACTIVE, ['failed'], now, 'createdAt') as never)
      .go({ response: 'none' }),
  );
}

/**
 * One more employee done (or failed) by run `runId`: an atomic ADD, so concurrent lanes never lose a
 * count; false (nothing counted) when the run lost the job.
 */
export async function countRecomputed(
  companyId: string,
  jobId: string,
  runId: string,
  outcome: 'done' | 'failed',
  service: Db = db(),
  n = 1,
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.RecomputeJob.patch({ companyId, jobId })
      .add({ [outcome]: n })
      .where(heldBy(runId) as never)
      .go({ response: 'none' }),
  );
}

/**
 * A grant run's progress: `members` more done, and the grants the job has made so far (one UpdateItem);
 * false when run `runId` lost the job.
 */
export async function countGrantRun(
  companyId: string,
  jobId: string,
  runId: string,
  members: number,
  granted: number,
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.RecomputeJob.patch({ companyId, jobId })
      .add({ done: members })
      .set({ granted })
      .where(heldBy(runId) as never)
      .go({ response: 'none' }),
  );
}

/** A batch's outcome: `done` and `failed` more, in one atomic UpdateItem (ADD); false when run `runId` lost the job. */
export async function countProgress(
  companyId: string,
  jobId: string,
  runId: string,
  done: number,
  failed: number,
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.RecomputeJob.patch({ companyId, jobId })
      .add({ done, failed })
      .where(heldBy(runId) as never)
      .go({ response: 'none' }),
  );
}
