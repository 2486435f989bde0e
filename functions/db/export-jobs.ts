import { leaseFrom } from '../domain/job-lease.js';
import { conditionHeld, heldBy, takeable } from './job-leases.js';
import { db, type Db } from './service.js';

/** CSV export jobs of a company (the export routes start and poll them, the worker runs them). */

type NewExportJob = Parameters<Db['entities']['ExportJob']['create']>[0];
type ExportJobChanges = Parameters<ReturnType<Db['entities']['ExportJob']['patch']>['set']>[0];

/** A new job (PutItem, refused if the id exists). */
export async function insertExportJob(job: NewExportJob, service: Db = db()): Promise<void> {
  await service.entities.ExportJob.create(job).go({ response: 'none' });
}

/** One job of the company (GetItem), or null. */
export async function findExportJob(companyId: string, exportId: string, service: Db = db()) {
  const { data } = await service.entities.ExportJob.get({ companyId, exportId }).go();
  return data;
}

/**
 * Takes the job for run `runId` (waiting for its first run, or its last run's lease ran out): running.
 * The file is written again from the start (a takeover overwrites the same object). False when another
 * run holds it or it is over (one conditional UpdateItem).
 */
export async function takeExportJob(
  companyId: string,
  exportId: string,
  runId: string,
  now: number,
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.ExportJob.patch({ companyId, exportId })
      .set({ status: 'running', runId, leaseUntil: leaseFrom(now) })
      .where(takeable(['pending', 'running'], now) as never)
      .go({ response: 'none' }),
  );
}

/** Renews the lease of run `runId`; false when the job no longer names it. */
export async function renewExportJob(
  companyId: string,
  exportId: string,
  runId: string,
  now: number,
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.ExportJob.patch({ companyId, exportId })
      .set({ leaseUntil: leaseFrom(now) })
      .where(heldBy(runId) as never)
      .go({ response: 'none' }),
  );
}

/** Progress, result and finish time written by run `runId`; false (nothing written) when it lost the job. */
export async function updateExportRun(
  companyId: string,
  exportId: string,
  runId: string,
  changes: ExportJobChanges,
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.ExportJob.patch({ companyId, exportId })
      .set(changes)
      .where(heldBy(runId) as never)
      .go({ response: 'none' }),
  );
}
