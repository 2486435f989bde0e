import { describe, expect, it } from 'vitest';
import { duplicatesInFile, normaliseImportDate, readImportRows } from '../../functions/domain/staff-import.js';
import { decodeCsvBytes } from '../../functions/domain/csv-parse.js';
import type { ImportProblem } from '../../functions/domain/staff-import.js';
import { renderMessage } from '../../functions/shared/errors.js';
import { codeText, type MessageCode } from '../../functions/shared/i18n/index.js';

/** Problems carry catalogue codes (issue 31): rendered, they are the Japanese wording. */
const ja = <T extends { problems: ImportProblem[] }>(r: T): T => ({
  ...r,
  problems: r.problems.map(({ params, ...p }) => ({
    ...p,
    message: renderMessage(params ? codeText(p.message as MessageCode, params) : p.message),
  })),
});
const jaList = (ps: ImportProblem[]) => ja({ problems: ps }).problems;

describe('readImportRows', () => {
  it('maps columns by header (any order, optional ones left out), skips blank lines, numbers rows as a spreadsheet', () => {
    const { rows, problems } = readImportRows(
      'メールアドレス,名,姓\r\n a@x.test ,花子,山田\r\n\r\nb@x.test,一郎,佐藤,\r\n',
    );
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        row: 2,
        values: expect.objectContaining({ email: 'a@x.test', first_name: '花子', last_name: '山田', department: '' }),
      },
      { row: 4, values: expect.objectContaining({ email: 'b@x.test', last_name: '佐藤' }) },
    ]);
  });

  it('counts records, not lines, when a quoted field holds a line break', () => {
    const { rows } = readImportRows('姓,名,メールアドレス\n"山\n田",花子,a@x.test\n佐藤,一郎,b@x.test\n');
    expect(rows.map((r) => r.row)).toEqual([2, 3]);
    expect(rows[0]!.values.last_name).toBe('山\n田');
  });

  it('reports a row with the wrong number of fields', () => {
    const { problems } = ja(readImportRows('姓,名,メールアドレス\n山田,花子\n'));
    expect(problems).toEqual([{ row: 2, column: null, message: '項目の数が見出し行と合いません' }]);
  });

  it('reports an empty file and a header with no rows', () => {
    expect(ja(readImportRows('')).problems).toEqual([
      { row: 0, column: null, message: '登録するスタッフの行がありません' },
    ]);
    expect(ja(readImportRows('姓,名,メールアドレス\r\n')).problems).toEqual([
      { row: 0, column: null, message: '登録するスタッフの行がありません' },
    ]);
  });
});

describe('duplicatesInFile', () => {
  it('names the earlier row of a repeated e-mail (any case) and 社員番号 (case folded)', () => {
    expect(
      jaList(
        duplicatesInFile([
          { row: 2, email: 'a@x.test', employeeNumber: 'A-1' },
          { row: 3, email: 'A@X.test', employeeNumber: 'a-1' },
          { row: 4, email: 'c@x.test', employeeNumber: null },
        ]),
      ),
    ).toEqual([
      { row: 3, column: 'メールアドレス', message: '2行目と同じメールアドレスです' },
      { row: 3, column: '社員番号', message: '2行目と同じ社員番号です' },
    ]);
  });
});

describe('normaliseImportDate', () => {
  it('reads Excel dates (2026/4/1, full-width digits) as YYYY-MM-DD and leaves anything else for the schema', () => {
    expect(normaliseImportDate('2026/4/1')).toBe('2026-04-01');
    expect(normaliseImportDate('２０２６／０４／０１')).toBe('2026-04-01');
    expect(normaliseImportDate('2026-04-01')).toBe('2026-04-01');
    expect(normaliseImportDate('4月1日')).toBe('4月1日');
  });
});

describe('unreadable bytes (issue 30 item 6)', () => {
  it('refuses the file at the first U+FFFD the decoder left, naming the column by header or position', () => {
    const header = '社員番号,姓,名,フリガナ,メールアドレス';
    expect(ja(readImportRows(`${header}\r\nA1,山田,一\ufffd郎,,a@x.test\r\nA2,\ufffd,,,b@x.test\r\n`))).toEqual({
      rows: [],
      problems: [
        {
          row: 2,
          column: '名',
          message:
            '「名」に文字として読めないバイト列があります。UTF-8かShift_JISのCSVとして保存し直してください（ファイルは登録されません）',
        },
      ],
    });
    // In the header itself, or in a column the header does not name: by position.
    expect(readImportRows(`社員番号,\ufffd\r\nA1,x\r\n`).problems[0]).toMatchObject({ row: 1, column: null });
    expect(ja(readImportRows(`社員番号,\ufffd\r\nA1,x\r\n`)).problems[0]!.message).toMatch(/^2列目に/);
  });

  it('reads a UTF-8 file with a BOM as UTF-8 even when a sequence is broken', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0xe5, 0xb1]);
    expect(decodeCsvBytes(bytes)).toEqual({ text: 'a,\ufffd', encoding: 'utf8' });
  });
});
