import { Readable, Transform, type TransformCallback } from 'node:stream';
import { stringify } from 'csv-stringify';
import iconv from 'iconv-lite';

/**
 * CSV as a pure stream: rows in, encoded bytes out. UTF-8 with a BOM (Excel detects it) or
 * Shift_JIS (CP932, what older Excel on Japanese Windows expects). CRLF line ends for Excel.
 */
export type CsvEncoding = 'utf8' | 'sjis';

/**
 * CSV injection: a cell a spreadsheet would read as a formula (= + - @, or a leading tab/CR) gets a
 * leading apostrophe, so it is shown as text. Applied to every text cell that came from a person.
 */
export function neutralize(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

export type Cell = string | number | null;

/** Encodes a stream of rows (arrays of cells, the header first) as CSV bytes. */
export function csvStream(rows: AsyncIterable<Cell[]> | Iterable<Cell[]>, encoding: CsvEncoding): Readable {
  const csv = stringify({ bom: encoding === 'utf8', record_delimiter: 'windows', cast: { number: (n) => String(n) } });
  const source = Readable.from(rows, { objectMode: true });
  source.on('error', (e) => csv.destroy(e));
  const text = source.pipe(csv);
  if (encoding === 'utf8') return text;
  // CP932 covers the JIS X 0208 repertoire plus NEC/IBM extensions; characters outside it become '?'.
  // iconv-lite's stream types are the old NodeJS.ReadWriteStream; at run time it is a Transform.
  const sjis = iconv.encodeStream('CP932') as unknown as Transform;
  text.setEncoding('utf8');
  text.on('error', (e) => sjis.destroy(e));
  return text.pipe(sjis);
}

/** Counts bytes flowing through (for progress and the benchmark), without buffering them. */
export class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}
