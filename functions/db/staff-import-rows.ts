/**
 * The rows of スタッフ一括登録 as intents (entities/staff-import-row.ts, issue 30 item 11): one item per
 * e-mail of a company, written before the row's Cognito user is made and moved on, one conditional write
 * at a time, as the row is registered and mailed. Every move is conditioned on the run that holds the
 * row (and the state it left), so a run that died and wakes again cannot move a row another run took on.
 */
import type { StaffImportRowState } from './entities/staff-import-row.js';
import { batchGetChunks } from './batch-get.js';
import { conditionHeld } from './job-leases.js';
import { db, type Db } from './service.js';

export type { StaffImportRowState };

export interface StaffImportRowIntent {
  email: string;
  importId: string;
  runId: string;
  row: number;
  employeeId: string;
  state: StaffImportRowState;
  username?: string | undefined;
  numberKey?: string | undefined;
  registeredBy?: string | undefined;
}

const key = (companyId: string, email: string) => ({ companyId, email: email.toLowerCase() });

/**
 * The row's intent: a new one (`pending`, the member's id chosen) unless the e-mail has one already,
 * then that one as stored (a PutItem on condition it does not exist; a strongly consistent GetItem after
 * a refusal). `created` says which.
 */
export async function openStaffImportRow(
  companyId: string,
  fresh: Omit<StaffImportRowIntent, 'state' | 'username' | 'registeredBy'>,
  service: Db = db(),
): Promise<{ created: boolean; intent: StaffImportRowIntent }> {
  const item = { ...fresh, ...key(companyId, fresh.email), state: 'pending' as const };
  if (await conditionHeld(() => service.entities.StaffImportRow.create(item).go({ response: 'none' })))
    return { created: true, intent: item };
  const { data } = await service.entities.StaffImportRow.get(key(companyId, fresh.email)).go({ consistent: true });
  if (!data) throw new Error('staff import row vanished after a refused create');
  return { created: false, intent: data };
}

/**
 * Starts the row afresh (`pending`, a new member's id, held by `fresh`'s import and run) where the intent
 * is stale: the member it registered no longer holds the e-mail (changed since). Only while the intent is
 * still as `from` read it (one conditional PutItem); false, writing nothing, otherwise.
 */
export async function restartStaffImportRow(
  companyId: string,
  from: Pick<StaffImportRowIntent, 'email' | 'importId' | 'runId' | 'state'>,
  fresh: Omit<StaffImportRowIntent, 'state' | 'username' | 'registeredBy'>,
  service: Db = db(),
): Promise<boolean> {
  const item = { ...fresh, ...key(companyId, fresh.email), state: 'pending' as const };
  return conditionHeld(() =>
    service.entities.StaffImportRow.put(item)
      .where(
        (a, { eq }) => `${eq(a.importId, from.importId)} AND ${eq(a.runId, from.runId)} AND ${eq(a.state, from.state)}`,
      )
      .go({ response: 'none' }),
  );
}

/**
 * Hands the row to another import or run (`to`): only while it is still held as `from` read it (one
 * conditional UpdateItem); false, writing nothing, when someone else moved it first. A `failed` row
 * starts again from `pending` (its member's id kept: a Cognito user made under it is found again).
 */
export async function takeStaffImportRow(
  companyId: string,
  from: Pick<StaffImportRowIntent, 'email' | 'importId' | 'runId' | 'state'>,
  to: Pick<StaffImportRowIntent, 'importId' | 'runId' | 'row' | 'numberKey'>,
  service: Db = db(),
): Promise<boolean> {
  const { numberKey, ...holder } = to;
  return conditionHeld(() =>
    service.entities.StaffImportRow.patch(key(companyId, from.email))
      .set({ ...holder, ...(numberKey ? { numberKey } : {}), ...(from.state === 'failed' ? { state: 'pending' } : {}) })
      .where(
        (a, { eq }) => `${eq(a.importId, from.importId)} AND ${eq(a.runId, from.runId)} AND ${eq(a.state, from.state)}`,
      )
      .go({ response: 'none' }),
  );
}

/**
 * Moves the row from state `from` to `changes.state` for run `runId` (one conditional UpdateItem); false,
 * writing nothing, when the row is no longer held by that run in that state.
 */
export async function advanceStaffImportRow(
  companyId: string,
  email: string,
  runId: string,
  from: StaffImportRowState,
  changes: { state: StaffImportRowState; username?: string; registeredBy?: string },
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.StaffImportRow.patch(key(companyId, email))
      .set(changes)
      .where((a, { eq }) => `${eq(a.runId, runId)} AND ${eq(a.state, from)}`)
      .go({ response: 'none' }),
  );
}

/**
 * The intents of these e-mails (BatchGetItem, 100 keys a call: bounded by the file, never by the
 * staff count): what the import's validation reads for e-mails already taken.
 */
export async function staffImportRowsOf(
  companyId: string,
  emails: readonly string[],
  service: Db = db(),
): Promise<StaffImportRowIntent[]> {
  return batchGetChunks(
    [...new Set(emails.map((e) => e.toLowerCase()))].map((e) => key(companyId, e)),
    (chunk) => service.entities.StaffImportRow.get(chunk).go(),
    'staff import row',
  );
}
