/**
 * スタッフ一括登録 (issue 18 item 4): the CSV layout, its limits and the checks that need only the file.
 * The checks that need the staff form's schema or the company's data are in api/employee-imports.
 *
 * Layout: a header row naming the columns (any order; optional columns may be left out), then one
 * staff member per row. Row numbers are the file's record numbers as a spreadsheet shows them: the
 * header is row 1, the first staff member row 2. 電話番号 is not a column: the staff form has no phone
 * number (staff enter their own in 設定).
 */
import { parseCsv, CsvSyntaxError, UNREADABLE } from './csv-parse.js';
import { employeeNumberKey } from './staff-identity.js';
/** The columns, in the template's order, and the staff form field each fills. */
export const STAFF_IMPORT_COLUMNS = [
  { header: '社員番号', field: 'employee_number', required: false },
  { header: '姓', field: 'last_name', required: true },
  { header: '名', field: 'first_name', required: true },
  { header: 'フリガナ', field: 'name_kana', required: false },
  { header: 'メールアドレス', field: 'email', required: true },
  { header: '部署', field: 'department', required: false },
  { header: '雇用形態', field: 'employment_status', required: false },
  { header: '入社日', field: 'hire_date', required: false },
] as const;

export type StaffImportField = (typeof STAFF_IMPORT_COLUMNS)[number]['field'];
export type StaffImportHeader = (typeof STAFF_IMPORT_COLUMNS)[number]['header'];

/** Staff rows per file (header not counted): a company's whole staff in one go, one worker run. */
export const STAFF_IMPORT_MAX_ROWS = 2000;
/** File size: 2,000 rows of long names and addresses in UTF-8 stay well under it. */
export const STAFF_IMPORT_MAX_BYTES = 512 * 1024;

/** Catalogue codes (issue 31): a problem's `message` is one, with its `params`; rendered in the admin's language. */
export const STAFF_IMPORT_MESSAGES = {
  defect: 'staff_import.csv_invalid',
  fileTooLarge: 'staff_import.file_too_large',
  tooManyRows: 'staff_import.too_many_rows',
  noRows: 'staff_import.no_rows',
  unclosedQuote: 'staff_import.unclosed_quote',
  unknownColumn: 'staff_import.unknown_column',
  missingColumn: 'staff_import.missing_column',
  duplicateColumn: 'staff_import.duplicate_column',
  fieldCount: 'staff_import.field_count',
  duplicateEmail: 'staff_import.duplicate_email',
  duplicateNumber: 'staff_import.duplicate_number',
  emailRegistered: 'staff_import.email_registered',
  unknownDepartment: 'staff_import.unknown_department',
  unknownStatus: 'staff_import.unknown_status',
  registerFailed: 'staff_import.register_failed',
  heldByOtherImport: 'staff_import.held_by_other_import',
  mailNotSent: 'staff_import.mail_not_sent',
  /** The preview's result of a row an earlier import registered (the same file uploaded again). */
  registered: 'staff_import.registered',
} as const;

/** One problem: the row (1 = header, 0 = the file as a whole), the column's header if any, the message. */
export interface ImportProblem {
  row: number;
  column: StaffImportHeader | null;
  /** A catalogue code (STAFF_IMPORT_MESSAGES, or a field rule's), with its params. */
  message: string;
  params?: Record<string, string | number>;
}

/** A staff row as read: the file's row number and each column's text (trimmed; '' when left out). */
export interface ImportRow {
  row: number;
  values: Record<StaffImportField, string>;
}

/**
 * The rows of a CSV text with the problems of its shape: syntax, header, row count, field count.
 * Blank lines are skipped (spreadsheets leave them at the end). When the shape is wrong no row is
 * read further (rows is empty): a column shift would make every other message wrong.
 */
export function readImportRows(text: string): { rows: ImportRow[]; problems: ImportProblem[] } {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return { rows: [], problems: [{ row: error.line, column: null, message: STAFF_IMPORT_MESSAGES.unclosedQuote }] };
    throw error;
  }
  const numbered = records
    .map((fields, i) => ({ row: i + 1, fields }))
    .filter((r) => !(r.fields.length === 1 && r.fields[0]!.trim() === ''));
  const [head, ...body] = numbered;
  if (!head) return { rows: [], problems: [{ row: 0, column: null, message: STAFF_IMPORT_MESSAGES.noRows }] };
  const unreadable = firstUnreadable(numbered);
  if (unreadable) return { rows: [], problems: [unreadable] };
  const problems: ImportProblem[] = [];
  const positions = new Map<StaffImportField, number>();
  head.fields.forEach((raw, i) => {
    const name = raw.trim();
    const column = STAFF_IMPORT_COLUMNS.find((c) => c.header === name);
    if (!column) {
      if (name !== '' || i < head.fields.length - 1)
        problems.push({ row: head.row, column: null, message: STAFF_IMPORT_MESSAGES.unknownColumn, params: { name } });
      return;
    }
    if (positions.has(column.field))
      problems.push({
        row: head.row,
        column: column.header,
        message: STAFF_IMPORT_MESSAGES.duplicateColumn,
        params: { name },
      });
    positions.set(column.field, i);
  });
  for (const c of STAFF_IMPORT_COLUMNS)
    if (c.required && !positions.has(c.field))
      problems.push({
        row: head.row,
        column: c.header,
        message: STAFF_IMPORT_MESSAGES.missingColumn,
        params: { name: c.header },
      });
  if (body.length === 0) problems.push({ row: 0, column: null, message: STAFF_IMPORT_MESSAGES.noRows });
  if (body.length > STAFF_IMPORT_MAX_ROWS)
    problems.push({ row: 0, column: null, message: STAFF_IMPORT_MESSAGES.tooManyRows });
  if (problems.length) return { rows: [], problems };

  const width = head.fields.length;
  const rows: ImportRow[] = [];
  for (const r of body) {
    // A trailing empty field (a spreadsheet's extra comma) is not a shifted row.
    const fields =
      r.fields.length > width && r.fields.slice(width).every((f) => f.trim() === '')
        ? r.fields.slice(0, width)
        : r.fields;
    if (fields.length !== width) problems.push({ row: r.row, column: null, message: STAFF_IMPORT_MESSAGES.fieldCount });
    const values = Object.fromEntries(
      STAFF_IMPORT_COLUMNS.map((c) => {
        const at = positions.get(c.field);
        return [c.field, at === undefined ? '' : (fields[at] ?? '').trim()];
      }),
    ) as Record<StaffImportField, string>;
    rows.push({ row: r.row, values });
  }
  return { rows, problems };
}

/**
 * The first field holding bytes the file's encoding could not read (U+FFFD from the decoder, issue 30
 * item 6): the whole file is refused, naming its row and column, rather than registering names with
 * U+FFFD in them. The column is named by its header when the header row knows it, else by position.
 */
function firstUnreadable(records: readonly { row: number; fields: readonly string[] }[]): ImportProblem | null {
  const header = records[0]?.fields.map((h) => STAFF_IMPORT_COLUMNS.find((c) => c.header === h.trim())?.header);
  for (const r of records) {
    const at = r.fields.findIndex((f) => f.includes(UNREADABLE));
    if (at < 0) continue;
    const column = r === records[0] ? undefined : header?.[at];
    return {
      row: r.row,
      column: column ?? null,
      ...(column
        ? { message: 'staff_import.unreadable_column', params: { column } }
        : { message: 'staff_import.unreadable_index', params: { n: at + 1 } }),
    };
  }
  return null;
}

/** Excel writes dates as 2026/4/1: read Y/M/D with / or - and one- or two-digit parts as YYYY-MM-DD. */
export function normaliseImportDate(raw: string): string {
  const m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(raw.normalize('NFKC').trim());
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : raw;
}

/**
 * Duplicates inside the file: the second (and later) row with an e-mail or 社員番号 an earlier row has,
 * naming that earlier row. E-mails are compared lower-cased, numbers by their unique key.
 */
export function duplicatesInFile(
  rows: readonly { row: number; email: string; employeeNumber: string | null }[],
): ImportProblem[] {
  const emails = new Map<string, number>();
  const numbers = new Map<string, number>();
  const problems: ImportProblem[] = [];
  for (const r of rows) {
    const email = r.email.trim().toLowerCase();
    if (email) {
      const first = emails.get(email);
      if (first !== undefined)
        problems.push({
          row: r.row,
          column: 'メールアドレス',
          message: STAFF_IMPORT_MESSAGES.duplicateEmail,
          params: { row: first },
        });
      else emails.set(email, r.row);
    }
    if (r.employeeNumber) {
      const key = employeeNumberKey(r.employeeNumber);
      const first = numbers.get(key);
      if (first !== undefined)
        problems.push({
          row: r.row,
          column: '社員番号',
          message: STAFF_IMPORT_MESSAGES.duplicateNumber,
          params: { row: first },
        });
      else numbers.set(key, r.row);
    }
  }
  return problems;
}
