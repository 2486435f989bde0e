/**
 * CSV injection (issue 30 item 5): a cell a spreadsheet would read as a formula gets a leading
 * apostrophe, so Excel shows it as text. Pure, shared by the backend's CSV writer (exports/csv.ts, which
 * applies it to every text cell of every file, headers and constant columns included) and the SPA's
 * own CSV (the shift grid), whose reader takes the apostrophe off again (`restoreCell`).
 *
 * Triggers: = + - @, their full-width forms ＝ ＋ － ＠ (Japanese Excel reads them as operators), the
 * minus sign −, and a leading tab or CR. A plain number or time (-3, 1.5, -1:30, the figures payroll
 * layouts write) is left as it is: Excel reads it as the value it is, and a payroll import must see it
 * unchanged; so is a lone "-".
 */
// A leading apostrophe is escaped the same way, so that restoreCell can tell the added one from a
// person's own: every text round-trips.
const TRIGGER = /^['=+\-@\t\r\uff1d\uff0b\uff0d\uff20\u2212]/;
const PLAIN_FIGURE = /^(?:[-+]?\d+(?:[.:]\d+)*|-)$/;

export function neutralizeCell(cell: string): string {
  return TRIGGER.test(cell) && !PLAIN_FIGURE.test(cell) ? `'${cell}` : cell;
}

/** The text a neutralised cell stood for: the apostrophe `neutralizeCell` added, taken off. */
export function restoreCell(cell: string): string {
  return cell.startsWith("'") ? cell.slice(1) : cell;
}
