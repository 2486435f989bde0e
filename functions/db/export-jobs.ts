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

/** Status, counts and finish time as the worker moves the job on (UpdateItem). */
export async function updateExportJob(
  companyId: string,
  exportId: string,
  changes: ExportJobChanges,
  service: Db = db(),
): Promise<void> {
  await service.entities.ExportJob.patch({ companyId, exportId }).set(changes).go({ response: 'none' });
}
