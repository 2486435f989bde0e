/**
 * Reading uploaded CSV files (スタッフ一括登録, issue 18 item 4): bytes → text → rows.
 *
 * The parser is a small RFC 4180 one written here (csv-parse 6, the csv-stringify project's reader,
 * was tried: it reads the same records but differs on malformed quotes and names the line where an
 * unclosed quote ends the text, not where it starts; switching stays open). It reads
 * quoted fields, doubled quotes inside them, CRLF, LF or CR line ends, and line breaks inside quotes.
 * Spreadsheet software exports UTF-8 (often with a BOM) or Shift_JIS (Excel's 「CSV」 on Japanese
 * Windows): valid UTF-8 is read as UTF-8, anything else as Shift_JIS (CP932, Windows' variant).
 *
 * Shift_JIS is decoded by Node's own TextDecoder (the WHATWG Encoding Standard's Shift_JIS, which is
 * Windows-31J: NEC and IBM extended characters included), not iconv-lite: iconv's code-page tables
 * were a quarter of the import route's bundle and put its cold start over budget (issue 19). Node's
 * official builds, and the Lambda runtime, carry the full ICU data that decoder needs.
 */

export type CsvFileEncoding = 'utf8' | 'sjis';

/**
 * UTF-8 if the bytes are valid UTF-8 (a BOM is dropped) or start with a UTF-8 BOM, else Shift_JIS
 * (CP932). A byte sequence the chosen encoding cannot read becomes U+FFFD in the text, never a guess:
 * the caller refuses a file holding one and says where (UNREADABLE, issue 30 item 6). Neither UTF-8
 * text a person typed nor any Shift_JIS character decodes to U+FFFD.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvFileEncoding } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf8' };
  } catch {
    // A BOM says UTF-8 whatever follows: reading the rest as Shift_JIS would register mojibake.
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
      return { text: new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes), encoding: 'utf8' };
    return { text: new TextDecoder('shift_jis').decode(bytes), encoding: 'sjis' };
  }
}

/** What a decoder puts where the bytes are no character of the encoding. */
export const UNREADABLE = '\ufffd';

export class CsvSyntaxError extends Error {
  /** The 1-based line the unclosed quoted field starts on. */
  constructor(readonly line: number) {
    super(`unclosed quote from line ${line}`);
  }
}

/**
 * The records of a CSV text (RFC 4180, lenient where spreadsheets are: CR or LF alone end a record
 * too, a quote inside an unquoted field is kept as a character). A final line end adds no empty
 * record; blank lines are kept as records of one empty field (the caller decides to skip them).
 * An unclosed quoted field is a CsvSyntaxError.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let quoteLine = 0;
  let line = 1;
  let i = 0;
  const n = text.length;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  while (i < n) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      quoteLine = line;
      i++;
    } else if (c === ',') {
      endField();
      i++;
    } else if (c === '\r' || c === '\n') {
      endRow();
      line++;
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  if (quoted) throw new CsvSyntaxError(quoteLine);
  // The last record, unless the text ended with a line end (or was empty).
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
