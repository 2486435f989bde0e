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

/** Status, counts and failures as the worker moves the job on (UpdateItem). */
export async function updateStaffImport(
  companyId: string,
  importId: string,
  changes: StaffImportChanges,
  service: Db = db(),
): Promise<void> {
  await service.entities.StaffImportJob.patch({ companyId, importId }).set(changes).go({ response: 'none' });
}
