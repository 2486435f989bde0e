/**
 * スタッフ一括登録 (issue 18 item 4), the part after validation: the validated rows are kept as one JSON
 * object in the exports bucket (a job item could not hold 2,000 rows: 400 KB item limit), and the
 * worker registers each row the way the staff form does (a Cognito user with a temporary password, then
 * the profile, or neither), then sends the welcome mail.
 *
 * Recoverable per row (issue 30 item 11): each row's intent is recorded before its Cognito user is made
 * and moved on after every step (db/staff-import-rows.ts), so a run that takes over a job whose worker
 * died — or a later import of the same file — carries each row on from where it stopped: a user made
 * but not registered is registered now (or deleted when the profile is refused), a registered member
 * whose welcome mail did not go gets it, a row registered and mailed is counted, never redone. The
 * e-mail's and the 社員番号's unique items refuse a second holder in the company, and every
 * move of an intent is conditioned on the run holding it, so even two runs racing create no duplicate.
 */
import { randomInt } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { findEmployee, heldIdentities, type StaffFields } from '../db/staff.js';
import { findStaffImport } from '../db/staff-imports.js';
import { seedSummaries } from '../db/summaries.js';
import {
  advanceStaffImportRow,
  openStaffImportRow,
  restartStaffImportRow,
  takeStaffImportRow,
  type StaffImportRowIntent,
  type StaffImportRowState,
} from '../db/staff-import-rows.js';
import { isStalled } from '../domain/job-lease.js';
import { STAFF_IMPORT_MESSAGES } from '../domain/staff-import.js';
import { employeeNumberKey } from '../domain/staff-identity.js';
import { assertLoginRoom } from '../db/logins.js';
import { s3 } from '../shared/clients/s3.js';
import { putObjectByLink } from '../shared/clients/s3-link.js';
import { env } from '../shared/env.js';
import { clock } from '../shared/clock.js';
import { ConflictError, ValidationError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { logger } from '../shared/logger.js';
import { MESSAGES } from '../shared/messages.js';
import { poolUsername } from '../shared/pool-users.js';
import type { JobRun } from './job-runs.js';
import { notify } from './notify.js';
import { staffDeps, type StaffDeps } from './staff-service.js';

/** One validated row: the file's row number and the staff form's fields (ids resolved from names). */
export interface ImportStaffRow {
  row: number;
  fields: StaffFields;
}

const bucket = () => env().EXPORTS_BUCKET!;

/** Under `exports/`: the bucket expires the object after a day, like the job item. */
export const importObjectKey = (companyId: string, importId: string) =>
  `exports/staff-imports/${companyId}/${importId}.json`;

/**
 * Stored by a presigned PUT rather than the S3 client: the create route makes this one S3 call, and
 * the client (~200 KB with its XML serializer) put the route over its cold-start budget (issue 19).
 */
export async function saveImportRows(key: string, rows: readonly ImportStaffRow[]): Promise<void> {
  await putObjectByLink(key, JSON.stringify(rows), 'application/json');
}

export async function loadImportRows(key: string): Promise<ImportStaffRow[]> {
  const res = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  return JSON.parse(await res.Body!.transformToString('utf8')) as ImportStaffRow[];
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '#$%&*+-=?@';

/**
 * A temporary password the pool's policy accepts (16 characters, each class present; letters that
 * look alike left out so it can be typed from a printed mail). Sent in the welcome mail only.
 */
export function temporaryPassword(): string {
  const all = UPPER + LOWER + DIGITS + SYMBOLS;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < 16) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * The outcome of one row in one run: registered by this import (in this run or one before it), or by an
 * earlier import of the same e-mail (the file uploaded again: skipped); `mailed` false when its welcome
 * mail has still not gone (the mail server did not take it: 再実行 sends it). Or the row failed.
 */
export type RowOutcome = { kind: 'created' | 'existing'; mailed: boolean } | { kind: 'failed'; message: string };

/** The import and run a row is registered for. */
export interface ImportRun {
  companyId: string;
  importId: string;
  run: JobRun;
}

/**
 * An intent held by an import whose run is alive: its lease has not run out. Another import leaves its
 * rows alone (the rare case of two overlapping files at once) and reports them.
 */
async function heldElsewhere(companyId: string, importId: string): Promise<boolean> {
  const other = await findStaffImport(companyId, importId);
  if (!other || (other.status !== 'pending' && other.status !== 'running')) return false;
  return !isStalled(true, { leaseUntil: other.leaseUntil, heardAt: other.createdAt }, clock.now().getTime());
}

/**
 * The row's intent, held by this run: a new one, or the one a run before this one (of this import, or of
 * an earlier import that died or ended) left, taken over; null when another live import holds it.
 */
async function holdRow(
  { companyId, importId, run }: ImportRun,
  { row, fields }: ImportStaffRow,
): Promise<StaffImportRowIntent | null> {
  const numberKey = fields.employeeNumber ? employeeNumberKey(fields.employeeNumber) : undefined;
  const email = fields.email.toLowerCase();
  const fresh = { email, importId, runId: run.runId, row, employeeId: newId(), ...(numberKey ? { numberKey } : {}) };
  const { created, intent } = await openStaffImportRow(companyId, fresh);
  if (created) return intent;
  if (intent.state === 'registered' || intent.state === 'mailing' || intent.state === 'mailed') {
    // The member it registered must still hold the e-mail (one BatchGetItem, on reruns only): one whose
    // e-mail was changed since left it free, and this row is a new person to register.
    const { takenEmails } = await heldIdentities(companyId, [email], []);
    if (takenEmails.get(email) !== intent.employeeId)
      return (await restartStaffImportRow(companyId, intent, fresh)) ? { ...fresh, state: 'pending' } : null;
  }
  if (intent.state === 'mailed') return intent;
  if (intent.importId !== importId && (await heldElsewhere(companyId, intent.importId))) return null;
  const to = { importId, runId: run.runId, row, numberKey };
  if (!(await takeStaffImportRow(companyId, intent, to))) return null;
  return { ...intent, ...to, state: intent.state === 'failed' ? 'pending' : intent.state };
}

/** Why a profile write was refused, in the words of the import's result. */
function insertFailure(error: unknown): string {
  if (error instanceof ConflictError)
    return error.message === MESSAGES.emailTaken ? STAFF_IMPORT_MESSAGES.emailRegistered : error.message;
  if (error instanceof ValidationError) {
    const field = Object.values(error.errors ?? {})[0]?.[0];
    if (field) return field;
  }
  return STAFF_IMPORT_MESSAGES.registerFailed;
}

/**
 * Registers one row the way the staff form does (the Cognito user with a temporary password, then the
 * profile, or neither) and sends the welcome mail, each step recorded on the row's intent before the
 * next (issue 30 item 11), so that a run given the row after a worker died carries on where it stopped:
 *
 * - `pending`: the Cognito user is made under the member's id chosen in the intent (its username is the
 *   company's and that id, shared/pool-users.ts poolUsername); if it exists, it is the one a dead run
 *   made: it is used, not refused. Another company's user of the same e-mail is no conflict;
 * - `user`: the profile is written with that id and user (found already written: a dead run wrote it);
 *   refused (社員番号 taken meanwhile…), the user is deleted again and the row fails;
 * - `registered` / `mailing`: the welcome mail. A run that does not know the password it made (a dead
 *   run's) issues a new temporary password first, so the mail always carries one that signs in.
 *   A mail the server did not take leaves the row `registered`: 再実行 sends it.
 * - `mailed`: nothing left; counted for the import that registered it.
 *
 * With the company's `timeZone` the new member's summaries are stored with the profile (db/summaries.ts
 * seedSummaries, issue 29 item 14), so the payroll files show the member's 0s right after the import.
 *
 * A crash between the mail server taking the mail and the row's `mailed` could send it twice; there is
 * no way to ask SMTP or SES whether a mail went, and a member left without their password could never
 * sign in, so that instant is resent rather than dropped.
 */
export async function importStaffRow(
  at: ImportRun,
  input: ImportStaffRow,
  deps: StaffDeps = staffDeps,
  timeZone?: string,
): Promise<RowOutcome> {
  const { companyId, importId, run } = at;
  const { fields } = input;
  const email = fields.email.toLowerCase();
  const intent = await holdRow(at, input);
  if (!intent) return { kind: 'failed', message: STAFF_IMPORT_MESSAGES.heldByOtherImport };
  const by = (intent.registeredBy ?? importId) === importId ? ('created' as const) : ('existing' as const);
  if (intent.state === 'mailed') return { kind: by, mailed: true };
  const advance = (from: StaffImportRowState, changes: Parameters<typeof advanceStaffImportRow>[4]) =>
    run.held(advanceStaffImportRow(companyId, email, run.runId, from, changes));
  const fail = async (from: StaffImportRowState, message: string): Promise<RowOutcome> => {
    await advance(from, { state: 'failed' });
    return { kind: 'failed', message };
  };
  let { state, username } = intent;
  let password: string | undefined;

  if (state === 'pending') {
    // At most LOGIN_ACCOUNTS_PER_EMAIL accounts per address (db/logins.ts): refused before the user is made.
    try {
      await assertLoginRoom('employee', fields.email, companyId);
    } catch (error) {
      if (error instanceof ConflictError) return fail('pending', error.message);
      throw error;
    }
    password = temporaryPassword();
    try {
      username = await deps.createUser({
        role: 'employee',
        email: fields.email,
        attributes: { company_id: companyId, employee_id: intent.employeeId },
        temporaryPassword: password,
      });
    } catch (error) {
      if (!(error instanceof ConflictError)) {
        logger.error('staff import row failed', { row: input.row, error: error as Error });
        return fail('pending', STAFF_IMPORT_MESSAGES.registerFailed);
      }
      // The username is made from the company and the member's id the intent chose (issue 30 item 3):
      // a user by that name is the one a dead run made for this row, never anybody else's.
      username = poolUsername('employee', fields.email, { company_id: companyId, employee_id: intent.employeeId });
      password = undefined;
    }
    await advance('pending', { state: 'user', username });
    state = 'user';
  }

  if (state === 'user') {
    await run.beat();
    try {
      await deps.insertStaff(companyId, intent.employeeId, username!, fields);
    } catch (error) {
      const member = await findEmployee(companyId, intent.employeeId);
      if (member?.userSub !== username) {
        if (!(error instanceof ConflictError || error instanceof ValidationError))
          logger.error('staff import row failed', { row: input.row, error: error as Error });
        await deps
          .deleteUser(username!)
          .catch((cleanup: unknown) => logger.error('staff compensation failed', { error: cleanup as Error }));
        return fail('user', insertFailure(error));
      }
    }
    // Each new member's summaries are stored as they are registered (not データなし in 勤怠集計).
    if (timeZone) await seedSummaries(companyId, intent.employeeId, timeZone);
    await advance('user', { state: 'registered', registeredBy: importId });
    state = 'registered';
  }

  await run.beat();
  await advance(state, { state: 'mailing' });
  if (password === undefined) {
    password = temporaryPassword();
    await deps.resetPassword(username!, password);
  }
  const sent = await notify({
    kind: 'welcome',
    companyId,
    employeeId: intent.employeeId,
    email: fields.email,
    name: `${fields.lastName} ${fields.firstName}`,
    temporaryPassword: password,
  });
  const mailed = sent.sent > 0;
  await advance('mailing', { state: mailed ? 'mailed' : 'registered' });
  return { kind: by, mailed };
}
