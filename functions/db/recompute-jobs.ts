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

/** Status, counts and finish time as the worker moves the job on (UpdateItem). */
export async function updateRecomputeJob(
  companyId: string,
  jobId: string,
  changes: RecomputeJobChanges,
  service: Db = db(),
): Promise<void> {
  await service.entities.RecomputeJob.patch({ companyId, jobId }).set(changes).go({ response: 'none' });
}

/** One more employee done (or failed): an atomic ADD, so concurrent workers never lose a count. */
export async function countRecomputed(
  companyId: string,
  jobId: string,
  outcome: 'done' | 'failed',
  service: Db = db(),
  n = 1,
): Promise<void> {
  await service.entities.RecomputeJob.patch({ companyId, jobId })
    .add({ [outcome]: n })
    .go({ response: 'none' });
}

/** A grant run's progress: `members` more done, and the grants made so far (one UpdateItem). */
export async function countGrantRun(
  companyId: string,
  jobId: string,
  members: number,
  granted: number,
  service: Db = db(),
): Promise<void> {
  await service.entities.RecomputeJob.patch({ companyId, jobId })
    .add({ done: members })
    .set({ granted })
    .go({ response: 'none' });
}

/** A batch's outcome: `done` and `failed` more, in one atomic UpdateItem (ADD). */
export async function countProgress(
  companyId: string,
  jobId: string,
  done: number,
  failed: number,
  service: Db = db(),
): Promise<void> {
  await service.entities.RecomputeJob.patch({ companyId, jobId }).add({ done, failed }).go({ response: 'none' });
}
