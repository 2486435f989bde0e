import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { neutralizeCell, restoreCell } from '../../functions/domain/csv-cell.js';
import { csvStream } from '../../functions/exports/csv.js';

async function bytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

describe('CSV encoding', () => {
  const rows = [
    ['社員番号', '氏名', '備考'],
    ['e1', '佐藤 花子', '直行, 直帰'],
    ['e2', '髙橋 "一"', null],
  ];

  it('writes UTF-8 with a BOM, CRLF lines and RFC 4180 quoting', async () => {
    const out = await bytes(csvStream(rows, 'utf8'));
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(out.subarray(3).toString('utf8')).toBe(
      '社員番号,氏名,備考\r\ne1,佐藤 花子,"直行, 直帰"\r\ne2,"髙橋 ""一""",\r\n',
    );
  });

  it('writes Shift_JIS (CP932) that decodes back to the same text, including NEC/IBM extended kanji', async () => {
    const out = await bytes(csvStream(rows, 'sjis'));
    expect(out.subarray(0, 3).toString('hex')).not.toBe('efbbbf');
    // 髙 (はしご高) exists only in CP932's IBM extensions, not in plain Shift_JIS.
    expect(iconv.decode(out, 'CP932')).toBe('社員番号,氏名,備考\r\ne1,佐藤 花子,"直行, 直帰"\r\ne2,"髙橋 ""一""",\r\n');
    expect(out.includes(Buffer.from('佐藤', 'utf8'))).toBe(false);
  });

  it('streams rows from an async source', async () => {
    async function* many() {
      yield ['a', 'b'];
      for (let i = 0; i < 1000; i++) yield [String(i), i];
    }
    const text = (await bytes(csvStream(many(), 'utf8'))).toString('utf8');
    expect(text.split('\r\n')).toHaveLength(1002);
  });
});

describe('CSV injection', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const evil of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=x', '\r=x', '＝1', '＋1', '－1', '＠x', '−1+1', '-cmd'])
      expect(neutralizeCell(evil)).toBe(`'${evil}`);
    for (const fine of ['佐藤', '2026-04-01', '9:00', 'a=b', '-1:30', '-3', '+1.5', '-', '0'])
      expect(neutralizeCell(fine)).toBe(fine);
  });

  it('is applied by the writer to every text cell, headers included, and leaves numbers alone (issue 30 item 5)', async () => {
    const text = (
      await bytes(
        csvStream(
          [
            ['=見出し', '@x', 'ok'],
            ['+1+1', -5, '-0:30'],
          ],
          'utf8',
        ),
      )
    ).toString('utf8');
    expect(text).toBe("\ufeff'=見出し,'@x,ok\r\n'+1+1,-5,-0:30\r\n");
  });

  it('round-trips through restoreCell', () => {
    for (const cell of ['=1+1', "'=1+1", '佐藤', '-1:30', "'", "'佐藤"])
      expect(restoreCell(neutralizeCell(cell))).toBe(cell);
  });
});
