/**
 * スタッフ一括登録 (issue 18 item 4), the part after validation: the validated rows are kept as one JSON
 * object in the exports bucket (a job item could not hold 2,000 rows: 400 KB item limit), and the
 * worker registers each row the way the staff form does (registerStaff: Cognito user with a
 * temporary password, then the profile, or neither), then sends the welcome mail.
 *
 * Idempotent per row: the worker first reads the company's e-mails and 社員番号 once; a row whose
 * e-mail is already a staff member of the company is counted as done without a second user or mail
 * (a retried or rerun job), a 社員番号 held by someone else is a failure of that row. Cognito refuses a
 * second user with the same e-mail and the 社員番号 unique item a second holder, so even two runs
 * racing cannot create a duplicate.
 */
import { randomInt } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { staffIdentities, type StaffFields } from '../db/staff.js';
import { STAFF_IMPORT_MESSAGES } from '../domain/staff-import.js';
import { STAFF_IDENTITY_MESSAGES, employeeNumberKey } from '../domain/staff-identity.js';
import { s3 } from '../shared/clients/s3.js';
import { putObjectByLink } from '../shared/clients/s3-link.js';
import { env } from '../shared/env.js';
import { ConflictError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { MESSAGES } from '../shared/messages.js';
import { notify } from './notify.js';
import { registerStaff, staffDeps, type StaffDeps } from './staff-service.js';

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

/** What the company already has: e-mails (lower case) and 社員番号 keys, each to its holder's e-mail. */
export interface KnownStaff {
  emails: Set<string>;
  numbers: Map<string, string>;
}

export async function knownStaff(companyId: string): Promise<KnownStaff> {
  const staff = await staffIdentities(companyId);
  return {
    emails: new Set(staff.map((s) => s.email.toLowerCase())),
    numbers: new Map(
      staff.flatMap((s) => (s.employeeNumber ? [[employeeNumberKey(s.employeeNumber), s.email.toLowerCase()]] : [])),
    ),
  };
}

export type RowOutcome = { kind: 'created' } | { kind: 'existing' } | { kind: 'failed'; message: string };

/**
 * Registers one row unless the company already has its e-mail (then nothing is done: a rerun), and
 * sends the new member the welcome mail with the temporary password after the write. With the
 * company's `timeZone` the member's summaries are stored with the registration (staff-service.ts
 * registerStaff), so the payroll files show the new member's 0s right after the import.
 */
export async function importStaffRow(
  companyId: string,
  { row, fields }: ImportStaffRow,
  known: KnownStaff,
  deps: StaffDeps = staffDeps,
  timeZone?: string,
): Promise<RowOutcome> {
  const email = fields.email.toLowerCase();
  if (known.emails.has(email)) return { kind: 'existing' };
  const holder = fields.employeeNumber ? known.numbers.get(employeeNumberKey(fields.employeeNumber)) : undefined;
  if (holder !== undefined && holder !== email)
    return { kind: 'failed', message: STAFF_IDENTITY_MESSAGES.employeeNumberTaken };
  const password = temporaryPassword();
  try {
    const staff = await registerStaff(companyId, { ...fields, password }, deps, timeZone);
    known.emails.add(email);
    if (fields.employeeNumber) known.numbers.set(employeeNumberKey(fields.employeeNumber), email);
    await notify({
      kind: 'welcome',
      companyId,
      employeeId: staff.id,
      email: staff.email,
      name: staff.name,
      temporaryPassword: password,
    });
    return { kind: 'created' };
  } catch (error) {
    if (error instanceof ConflictError) {
      const message = error.message === MESSAGES.emailTaken ? STAFF_IMPORT_MESSAGES.emailRegistered : error.message;
      return { kind: 'failed', message };
    }
    // Ids only: the row's e-mail is personal data and the error never carries the password.
    logger.error('staff import row failed', { row, error: error as Error });
    return { kind: 'failed', message: STAFF_IMPORT_MESSAGES.registerFailed };
  }
}
