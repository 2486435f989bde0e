import { Readable, Transform, type TransformCallback } from 'node:stream';
import { stringify } from 'csv-stringify';
import iconv from 'iconv-lite';
import { neutralizeCell } from '../domain/csv-cell.js';

/**
 * CSV as a pure stream: rows in, encoded bytes out. UTF-8 with a BOM (Excel detects it) or
 * Shift_JIS (CP932, what older Excel on Japanese Windows expects). CRLF line ends for Excel.
 */
export type CsvEncoding = 'utf8' | 'sjis';

/** What an export could not write as it was: characters Shift_JIS (CP932) has no code for. */
export interface CsvReport {
  unencodable: number;
}

const cp932Cache = new Map<string, boolean>();

/** Whether CP932 has this character (iconv-lite writes '?' for those it lacks). */
function inCp932(ch: string): boolean {
  let known = cp932Cache.get(ch);
  if (known === undefined) {
    known = iconv.encode(ch, 'CP932').toString('latin1') !== '?';
    if (cp932Cache.size < 10_000) cp932Cache.set(ch, known);
  }
  return known;
}

/** Characters of `text` CP932 cannot encode (written as '?'). */
export function cp932Unencodable(text: string): number {
  let n = 0;
  for (const ch of text) if (ch.charCodeAt(0) > 0x7f && !inCp932(ch)) n++;
  return n;
}

/** Counts the characters of a text stream that CP932 cannot encode, passing the text through. */
class Cp932Audit extends Transform {
  constructor(private readonly report: CsvReport) {
    super({ decodeStrings: false, encoding: 'utf8' });
  }
  override _transform(chunk: string, _enc: BufferEncoding, done: TransformCallback): void {
    for (const ch of chunk) {
      if (ch.charCodeAt(0) > 0x7f && !inCp932(ch)) this.report.unencodable++;
    }
    done(null, chunk);
  }
}

export type Cell = string | number | null;

/** Encodes a stream of rows (arrays of cells, the header first) as CSV bytes. */
export function csvStream(
  rows: AsyncIterable<Cell[]> | Iterable<Cell[]>,
  encoding: CsvEncoding,
  report: CsvReport = { unencodable: 0 },
  /** UTF-8 only: false leaves the BOM out (a payroll layout that wants plain UTF-8). */
  options: { bom?: boolean } = {},
): Readable {
  const csv = stringify({
    bom: encoding === 'utf8' && options.bom !== false,
    record_delimiter: 'windows',
    // Every text cell of every file — a person's text, a custom layout's header names and constant
    // columns alike — is neutralised here, once for all writers (issue 30 item 5).
    cast: { number: (n) => String(n), string: (text) => neutralizeCell(text) },
  });
  const source = Readable.from(rows, { objectMode: true });
  source.on('error', (e) => csv.destroy(e));
  const text = source.pipe(csv);
  if (encoding === 'utf8') return text;
  // CP932 covers the JIS X 0208 repertoire plus NEC/IBM extensions; characters outside it (🎌, 𠮷)
  // become '?'. Never silently: they are counted into the report, which the job result shows.
  // iconv-lite's stream types are the old NodeJS.ReadWriteStream; at run time it is a Transform.
  const sjis = iconv.encodeStream('CP932') as unknown as Transform;
  text.setEncoding('utf8');
  const audit = new Cp932Audit(report);
  text.on('error', (e) => audit.destroy(e));
  audit.on('error', (e) => sjis.destroy(e));
  return text.pipe(audit).pipe(sjis);
}

/** Counts bytes flowing through (for progress and the benchmark), without buffering them. */
export class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}
