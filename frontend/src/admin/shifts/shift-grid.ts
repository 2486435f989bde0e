/**
 * The shift grid's pure logic: cell values, copying the previous week / month, bulk fill and the
 * CSV of the grid (export with a BOM; import of UTF-8 with or without BOM, or Shift_JIS).
 */
import { neutralizeCell, restoreCell } from '../../../../functions/domain/csv-cell';
import { fmt, t } from '../../i18n';

/** A cell: '' = no shift (the default pattern applies), 'off' = 休, otherwise a pattern id. */
export type Cell = string;
export const OFF = 'off';
const OFF_LABEL = '休';

export const cellKey = (employeeId: string, date: string) => `${employeeId}#${date}`;

const pad2 = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad2(m)}-${pad2(d)}`;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
export const monthDates = (y: number, m: number) => Array.from({ length: daysIn(y, m) }, (_, i) => ymd(y, m, i + 1));
/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
export const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
export const prevMonth = (y: number, m: number) => (m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 });

/** The cell of a stored entry. */
export const cellOfEntry = (e: { pattern_id: string | null; day_off: boolean }): Cell =>
  e.day_off ? OFF : (e.pattern_id ?? '');

/** The PUT entry of a cell. */
export const entryOf = (employeeId: string, date: string, cell: Cell) => ({
  employee_id: employeeId,
  date,
  pattern_id: cell === '' || cell === OFF ? null : cell,
  day_off: cell === OFF,
});

/**
 * The weeks that touch the month, each from the company's week start (`weekStartsOn`, 0 = Sunday …
 * 6 = Saturday: the company calendar's 週の起算曜日, Sunday when the rules are silent), with their days
 * inside the month. 前週をコピー copies a week from the one before it: the company's weeks, the weeks
 * its 40 h are counted in (issue 29 item 21: it copied Monday–Sunday weeks whatever the company's).
 */
export function weeksOf(y: number, m: number, weekStartsOn: number): { start: string; days: string[] }[] {
  const dates = monthDates(y, m);
  const first = dates[0]!;
  let start = addDays(first, -((weekdayOf(first) - weekStartsOn + 7) % 7));
  const weeks: { start: string; days: string[] }[] = [];
  while (start <= dates.at(-1)!) {
    const days = Array.from({ length: 7 }, (_, i) => addDays(start, i)).filter(
      (d) => d.slice(0, 7) === first.slice(0, 7),
    );
    weeks.push({ start, days });
    start = addDays(start, 7);
  }
  return weeks;
}

/** What 一括入力 fills: the cells to set and how many days off it left alone. */
export interface BulkFill {
  cells: [string, Cell][];
  skipped: number;
}

/**
 * 一括入力 of `value` into each of `employeeIds` × `dates`. A work pattern skips the member's days off
 * unless `includeDaysOff` (issue 29 item 18: it filled company holidays with the working pattern,
 * silently): a day off by the company calendar, or a day the member's shift (saved or not yet) is 休.
 * 休 and シフトなし are written on every day: they put no one to work.
 */
export function bulkFill(
  employeeIds: readonly string[],
  dates: readonly string[],
  value: Cell,
  options: { includeDaysOff: boolean; isDayOff: (employeeId: string, date: string) => boolean },
): BulkFill {
  const skipsDaysOff = value !== '' && value !== OFF && !options.includeDaysOff;
  const cells: [string, Cell][] = [];
  let skipped = 0;
  for (const employeeId of employeeIds)
    for (const date of dates) {
      if (skipsDaysOff && options.isDayOff(employeeId, date)) skipped++;
      else cells.push([cellKey(employeeId, date), value]);
    }
  return { cells, skipped };
}

/**
 * Patterns are told apart by a colour as well as their name: the n-th pattern of the grid's list (by
 * start time, then name) takes tone n of PATTERN_TONES (shifts.css `.shift-tone-<n>`, dark text on a
 * light tint, 7:1 or more), repeating past the last.
 */
const PATTERN_TONES = 8;
export const toneOf = (index: number) => `shift-tone-${index % PATTERN_TONES}`;

/**
 * Copy of the previous month onto the month, weekday by weekday: the n-th Monday takes the previous
 * month's n-th Monday (its last one when it has no n-th), so weekly rotations keep their days.
 */
export function previousMonthSource(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const p = prevMonth(y, m);
  const wd = weekdayOf(date);
  const nth = Math.ceil(d / 7);
  const firstWd = weekdayOf(ymd(p.year, p.month, 1));
  const firstDay = 1 + ((wd - firstWd + 7) % 7);
  let day = firstDay + (nth - 1) * 7;
  while (day > daysIn(p.year, p.month)) day -= 7;
  return ymd(p.year, p.month, day);
}

/* ------------------------------------------------------------------------------------------------
 * CSV
 * ---------------------------------------------------------------------------------------------- */

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

const CSV_ID = '社員';
const CSV_NAME = '氏名';
/** Header of a day column: M/D. */
const dayHeader = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;

/** The grid as CSV text (CRLF, with a UTF-8 BOM): 社員 (id), 氏名, one column per day. */
export function gridCsv(
  dates: readonly string[],
  rows: readonly { id: string; name: string }[],
  cell: (employeeId: string, date: string) => Cell,
  patternName: (id: string) => string,
): string {
  const lines = [[CSV_ID, CSV_NAME, ...dates.map(dayHeader)]];
  for (const r of rows)
    lines.push([
      r.id,
      r.name,
      ...dates.map((d) => {
        const c = cell(r.id, d);
        return c === '' ? '' : c === OFF ? OFF_LABEL : patternName(c);
      }),
    ]);
  // A name or pattern name a spreadsheet would take for a formula is written as text (issue 30 item 5);
  // readGridCsv takes the apostrophe off again.
  return `\uFEFF${lines.map((l) => l.map((v) => quote(neutralizeCell(v))).join(',')).join('\r\n')}\r\n`;
}

/** File bytes as text: UTF-8 (BOM or not) when valid, else Shift_JIS (Excel's Japanese CSV). */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('shift_jis').decode(bytes);
  }
}

/** RFC 4180 fields (quoted fields may hold commas, quotes and line breaks); blank lines dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

export interface CsvImport {
  /** cellKey → cell, for every cell of every row (a blank cell = no shift). */
  cells: Map<string, Cell>;
  /** "n行目: …" messages; nothing may be applied when there is one. */
  errors: string[];
  rows: number;
}

/** Read when a file is checked, not when the module loads: the catalogue may load (or change) later. */
const csvMessages = () => t.shifts.csvProblems;

/**
 * Reads an imported grid: the header names the days (M/D, D or YYYY-MM-DD of the month shown),
 * each row an employee of the page by id (社員) and a pattern name, 休 or blank per day.
 */
export function readGridCsv(
  text: string,
  ctx: {
    dates: readonly string[];
    employeeIds: ReadonlySet<string>;
    patternIdByName: ReadonlyMap<string, string>;
  },
): CsvImport {
  const rows = parseCsv(text).map((r) => r.map(restoreCell));
  const errors: string[] = [];
  const cells = new Map<string, Cell>();
  if (rows.length < 2) return { cells, errors: [csvMessages().empty], rows: 0 };
  const header = rows[0]!.map((h) => h.trim());
  if (header[0] !== CSV_ID || header[1] !== CSV_NAME) return { cells, errors: [csvMessages().header], rows: 0 };
  const month = ctx.dates[0]!.slice(0, 7);
  const columns = header.slice(2).map((h) => {
    const md = /^(\d{1,2})\/(\d{1,2})/.exec(h);
    const full = /^(\d{4}-\d{2}-\d{2})/.exec(h);
    const d = /^(\d{1,2})(?:日)?(?:\(.\))?$/.exec(h);
    const date = full ? full[1]! : md ? `${md[1]!.padStart(2, '0')}/${md[2]!.padStart(2, '0')}` : d ? d[1]! : '';
    const iso = full
      ? date
      : md
        ? `${month.slice(0, 4)}-${date.slice(0, 2)}-${date.slice(3)}`
        : d
          ? `${month}-${d[1]!.padStart(2, '0')}`
          : '';
    if (!ctx.dates.includes(iso)) errors.push(fmt(csvMessages().day, { h }));
    return iso;
  });
  if (errors.length) return { cells, errors, rows: 0 };
  const seen = new Set<string>();
  rows.slice(1).forEach((r, i) => {
    const n = String(i + 2);
    const id = (r[0] ?? '').trim();
    if (r.length !== header.length && !(r.length > header.length && r.slice(header.length).every((f) => !f.trim())))
      errors.push(fmt(csvMessages().columns, { n }));
    if (!ctx.employeeIds.has(id)) {
      errors.push(fmt(csvMessages().employee, { n, id }));
      return;
    }
    if (seen.has(id)) errors.push(fmt(csvMessages().duplicate, { n, id }));
    seen.add(id);
    columns.forEach((date, c) => {
      const v = (r[c + 2] ?? '').trim();
      const cell = v === '' ? '' : v === OFF_LABEL ? OFF : ctx.patternIdByName.get(v);
      if (cell === undefined) errors.push(fmt(csvMessages().pattern, { n, d: dayHeader(date), v }));
      else cells.set(cellKey(id, date), cell);
    });
  });
  return { cells: errors.length ? new Map() : cells, errors, rows: rows.length - 1 };
}
