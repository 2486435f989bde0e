import { leaseFrom } from '../domain/job-lease.js';
import { conditionHeld, heldBy, retryable, takeable } from './job-leases.js';
import { db, type Db } from './service.js';

/** スタッフ一括登録 jobs of a company (the import route starts them, the worker runs them, the screen polls). */

type NewStaffImportJob = Parameters<Db['entities']['StaffImportJob']['create']>[0];
type StaffImportChanges = Parameters<ReturnType<Db['entities']['StaffImportJob']['patch']>['set']>[0];

/** A new job (PutItem, refused if the id exists). */
export async function insertStaffImport(job: NewStaffImportJob, service: Db = db()): Promise<void> {
  await service.entities.StaffImportJob.create(job).go({ response: 'none' });
}

/** One job of the company (GetItem), or null. */
export async function findStaffImport(companyId: string, importId: string, service: Db = db()) {
  const { data } = await service.entities.StaffImportJob.get({ companyId, importId }).go();
  return data;
}

/** The statuses of a job that should be under way (db/job-leases.ts). */
const ACTIVE = ['pending', 'running'] as const;

/**
 * Takes the job for run `runId` (waiting for its first run, or its last run's lease ran out): running,
 * counted from zero again (the run goes through every row; each row carries on from its own intent).
 * False when another run holds it or it is over (one conditional UpdateItem).
 */
export async function takeStaffImport(
  companyId: string,
  importId: string,
  runId: string,
  now: number,
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.StaffImportJob.patch({ companyId, importId })
      .set({ status: 'running', runId, leaseUntil: leaseFrom(now), done: 0, created: 0, existing: 0, failures: [] })
      .where(takeable(ACTIVE, now) as never)
      .go({ response: 'none' }),
  );
}

/** Renews the lease of run `runId`; false when the job no longer names it. */
export async function renewStaffImport(
  companyId: string,
  importId: string,
  runId: string,
  now: number,
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.StaffImportJob.patch({ companyId, importId })
      .set({ leaseUntil: leaseFrom(now) })
      .where(heldBy(runId) as never)
      .go({ response: 'none' }),
  );
}

/** Counts, failures and result written by run `runId`; false (nothing written) when it lost the job. */
export async function updateStaffImportRun(
  companyId: string,
  importId: string,
  runId: string,
  changes: StaffImportChanges,
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.StaffImportJob.patch({ companyId, importId })
      .set(changes)
      .where(heldBy(runId) as never)
      .go({ response: 'none' }),
  );
}

/**
 * Gives the job back for another run (再実行): one that failed, one whose worker died (its lease ran
 * out), or one done with rows left (`again` includes `done` then): pending, no run, a fresh lease. False
 * when it is under way, or done and not asked for (one conditional UpdateItem).
 */
export async function reopenStaffImport(
  companyId: string,
  importId: string,
  now: number,
  again: readonly ('failed' | 'done')[],
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.StaffImportJob.patch({ companyId, importId })
      .set({ status: 'pending', leaseUntil: leaseFrom(now) })
      .remove(['runId', 'finishedAt'])
      .where(retryable(ACTIVE, again, now, 'createdAt') as never)
      .go({ response: 'none' }),
  );
}
