/**
 * スタッフ一括登録: every row of an uploaded CSV validated with the staff form's own schema and the
 * company's data, before anything is written. Shared by the preview and the import route (which
 * validates again: the preview is advice, the import is the decision).
 *
 * Reads, whatever the company's size (issue 19): its departments and employment statuses (two Queries)
 * and, for the file's e-mails and 社員番号 only, their unique items (db/staff.ts staffEmailGuard and
 * employeeNumberGuard, retired staff's included) by BatchGetItem, 100 keys a call: bounded by the
 * file (at most 2,000 rows), never by the staff count. No per-row request to any store.
 * An e-mail used by a user of another company cannot be seen here (the pools are shared); the worker
 * reports such a row as failed (Cognito refuses the second user).
 *
 * A row an earlier import registered (the same file uploaded again after a run broke off, issue 30
 * item 11) is not a problem: its e-mail's holder is the member that import's intent names
 * (db/staff-import-rows.ts) and its 社員番号 is that member's. Such rows are marked `registered` and go
 * to the worker all the same, which skips them (and sends a welcome mail that never went). The intents
 * of taken e-mails are one more BatchGetItem per 100, read only when some e-mail is taken.
 */
import * as z from 'zod/mini';
import { listOrgUnits } from '../../db/organisation.js';
import { heldIdentities } from '../../db/staff.js';
import { staffImportRowsOf } from '../../db/staff-import-rows.js';
import { decodeCsvBytes } from '../../domain/csv-parse.js';
import {
  STAFF_IMPORT_COLUMNS,
  STAFF_IMPORT_MAX_BYTES,
  STAFF_IMPORT_MESSAGES,
  duplicatesInFile,
  normaliseImportDate,
  readImportRows,
  type ImportProblem,
  type StaffImportField,
} from '../../domain/staff-import.js';
import { STAFF_IDENTITY_MESSAGES, employeeNumberKey } from '../../domain/staff-identity.js';
import type { ImportStaffRow } from '../../services/staff-import.js';
import { ValidationError, renderMessage, type Thrown } from '../../shared/errors.js';
import { codeText, type MessageCode } from '../../shared/i18n/index.js';
import { StaffProfileSchema, staffFields } from '../employees/staff-profile-schema.js';

/** The largest file in base64 characters (STAFF_IMPORT_MAX_BYTES bytes, a little slack for padding). */
export const IMPORT_FILE_MAX_CHARS = Math.ceil(STAFF_IMPORT_MAX_BYTES / 3) * 4 + 4;

/** The uploaded file, base64 (a JSON body; the encoding is detected from the bytes). */
export const ImportBodySchema = z.strictObject({
  file: z.string().check(z.minLength(1), z.maxLength(IMPORT_FILE_MAX_CHARS)),
});
/** The JSON body limit of the import routes: the largest file in base64 and a little more. */
export const IMPORT_BODY_BYTES = IMPORT_FILE_MAX_CHARS + 1020;

/** The staff form's schema without the password: the import makes one per member (sent by mail). */
const RowSchema = StaffProfileSchema;

const HEADER_OF: Record<string, (typeof STAFF_IMPORT_COLUMNS)[number]['header']> = {
  ...Object.fromEntries(STAFF_IMPORT_COLUMNS.map((c) => [c.field, c.header])),
  department_id: '部署',
  employment_status_id: '雇用形態',
};

/** One row as the preview table shows it: what was read, normalised where the form normalises. */
export interface PreviewRow {
  row: number;
  employee_number: string;
  last_name: string;
  first_name: string;
  name_kana: string;
  email: string;
  department: string;
  employment_status: string;
  hire_date: string;
  ok: boolean;
  /** An earlier import registered this row (same e-mail, same member, same 社員番号): it is skipped. */
  registered: boolean;
}

export interface ImportCheck {
  encoding: 'utf8' | 'sjis' | null;
  rows: PreviewRow[];
  problems: ImportProblem[];
  ok: boolean;
  /** The rows as the worker registers them (only when ok). */
  staff: ImportStaffRow[];
}

const fileProblem = (message: string): ImportCheck => ({
  encoding: null,
  rows: [],
  problems: [{ row: 0, column: null, message }],
  ok: false,
  staff: [],
});

export async function checkImport(companyId: string, base64: string): Promise<ImportCheck> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64))
    throw new ValidationError(STAFF_IMPORT_MESSAGES.defect, { file: [STAFF_IMPORT_MESSAGES.defect] });
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > STAFF_IMPORT_MAX_BYTES) return fileProblem(STAFF_IMPORT_MESSAGES.fileTooLarge);
  const { text, encoding } = decodeCsvBytes(bytes);
  const read = readImportRows(text);
  if (read.problems.length && read.rows.length === 0)
    return { encoding, rows: [], problems: read.problems, ok: false, staff: [] };

  const [departments, statuses] = await Promise.all([
    listOrgUnits('department', companyId),
    listOrgUnits('employmentStatus', companyId),
  ]);
  const departmentByName = new Map(departments.map((d) => [d.name, d.id]));
  const statusByName = new Map(statuses.map((s) => [s.name, s.id]));

  const problems: ImportProblem[] = [...read.problems];
  const staff: ImportStaffRow[] = [];
  const rows: PreviewRow[] = [];
  const rowProblem = new Set(read.problems.map((p) => p.row));
  const parsed: { row: number; email: string; employeeNumber: string | null }[] = [];
  const checked: {
    row: number;
    mine: ImportProblem[];
    add: (field: StaffImportField, message: string, params?: ImportProblem['params']) => void;
    email: string | null;
    number: string | null;
  }[] = [];
  for (const { row, values } of read.rows) {
    const mine: ImportProblem[] = [];
    const add = (
      field: StaffImportField | 'department_id' | 'employment_status_id',
      message: string,
      params?: ImportProblem['params'],
    ) => mine.push({ row, column: HEADER_OF[field] ?? null, message, ...(params ? { params } : {}) });
    const departmentId = values.department ? (departmentByName.get(values.department) ?? null) : null;
    const statusId = values.employment_status ? (statusByName.get(values.employment_status) ?? null) : null;
    if (values.department && !departmentId)
      add('department', STAFF_IMPORT_MESSAGES.unknownDepartment, { name: values.department });
    if (values.employment_status && !statusId)
      add('employment_status', STAFF_IMPORT_MESSAGES.unknownStatus, { name: values.employment_status });
    const result = z.safeParse(RowSchema, {
      last_name: values.last_name,
      first_name: values.first_name,
      email: values.email,
      department_id: departmentId,
      employment_status_id: statusId,
      hire_date: values.hire_date ? normaliseImportDate(values.hire_date) : null,
      employee_number: values.employee_number || null,
      name_kana: values.name_kana || null,
    });
    if (!result.success) {
      for (const issue of result.error.issues) add(String(issue.path[0] ?? '') as StaffImportField, issue.message);
    }
    const data = result.success ? result.data : null;
    const email = data?.email ?? values.email.trim().toLowerCase();
    const employeeNumber = data ? (data.employee_number ?? null) : values.employee_number || null;
    parsed.push({ row, email, employeeNumber });
    checked.push({ row, mine, add, email: data?.email ?? null, number: data?.employee_number ?? null });
    rows.push({
      row,
      employee_number: employeeNumber ?? '',
      last_name: data?.last_name ?? values.last_name,
      first_name: data?.first_name ?? values.first_name,
      name_kana: data?.name_kana ?? values.name_kana,
      email,
      department: values.department,
      employment_status: values.employment_status,
      hire_date: data?.hire_date ?? values.hire_date,
      ok: false,
      registered: false,
    });
    if (data) staff.push({ row, fields: staffFields({ ...data, password: '' }) });
  }
  // Against the company's staff, retired included: the unique items of the rows' e-mails and 社員番号.
  const { takenEmails, takenNumbers } = await heldIdentities(
    companyId,
    checked.flatMap((c) => (c.email ? [c.email] : [])),
    checked.flatMap((c) => (c.number ? [c.number] : [])),
  );
  const intents = takenEmails.size
    ? new Map((await staffImportRowsOf(companyId, [...takenEmails.keys()])).map((r) => [r.email, r]))
    : new Map<string, never>();
  /** The member an earlier import registered for this row, when the row is exactly that registration. */
  const registeredBefore = (email: string, number: string | null) => {
    const intent = intents.get(email);
    if (!intent || !['registered', 'mailing', 'mailed'].includes(intent.state)) return false;
    if (takenEmails.get(email) !== intent.employeeId) return false;
    if (!number) return intent.numberKey === undefined;
    return intent.numberKey === employeeNumberKey(number) && takenNumbers.get(intent.numberKey) === intent.employeeId;
  };
  checked.forEach(({ row, mine, add, email, number }, i) => {
    if (email && registeredBefore(email, number)) {
      rows[i]!.registered = true;
    } else {
      if (email && takenEmails.has(email)) add('email', STAFF_IMPORT_MESSAGES.emailRegistered);
      if (number && takenNumbers.has(employeeNumberKey(number)))
        add('employee_number', STAFF_IDENTITY_MESSAGES.employeeNumberTaken);
    }
    problems.push(...mine);
    rows[i]!.ok = mine.length === 0 && !rowProblem.has(row);
  });
  const duplicates = duplicatesInFile(parsed);
  const byRow = new Map(rows.map((r) => [r.row, r]));
  for (const d of duplicates) {
    problems.push(d);
    byRow.get(d.row)!.ok = false;
  }
  problems.sort((a, b) => a.row - b.row);
  const ok = problems.length === 0;
  return { encoding, rows, problems, ok, staff: ok ? staff : [] };
}

/** The 400 of the import route: every problem, keyed `rows.<row>.<column>` (`file` for the whole file). */
export function importProblemsError(problems: readonly ImportProblem[]): ValidationError {
  const errors: Record<string, Thrown[]> = {};
  for (const p of problems) {
    const key = p.row === 0 ? 'file' : `rows.${p.row}${p.column ? `.${p.column}` : ''}`;
    (errors[key] ??= []).push(problemMessage(p));
  }
  return new ValidationError(STAFF_IMPORT_MESSAGES.defect, errors);
}

/** A problem's message as thrown: its code with its params (`codeText`). */
const problemMessage = (p: ImportProblem): Thrown =>
  p.params ? codeText(p.message as MessageCode, p.params) : p.message;

/** The preview answer (the SPA imports the type). */
export function previewView(check: ImportCheck, language: string) {
  const problems = check.problems.map(({ params: _params, ...p }) => ({
    ...p,
    message: renderMessage(problemMessage({ ...p, params: _params }), language),
  }));
  return { encoding: check.encoding, ok: check.ok, rows: check.rows, problems };
}
export type StaffImportPreviewView = ReturnType<typeof previewView>;
