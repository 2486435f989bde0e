import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, decodeCsvBytes, parseCsv } from '../../functions/domain/csv-parse.js';

describe('parseCsv (RFC 4180)', () => {
  it('splits plain fields and CRLF records, with or without a final line end', () => {
    expect(parseCsv('a,b,c\r\n1,2,3\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a\r1\r')).toEqual([['a'], ['1']]);
  });

  it('reads quoted fields with commas, doubled quotes and embedded line breaks', () => {
    expect(parseCsv('"佐藤, 花子","髙橋 ""一""","1行目\r\n2行目"\r\nx,"",y\r\n')).toEqual([
      ['佐藤, 花子', '髙橋 "一"', '1行目\r\n2行目'],
      ['x', '', 'y'],
    ]);
  });

  it('keeps empty fields and blank lines (as one empty field)', () => {
    expect(parseCsv(',a,\n\nb')).toEqual([['', 'a', ''], [''], ['b']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('keeps a quote inside an unquoted field as a character', () => {
    expect(parseCsv('ab"c,d')).toEqual([['ab"c', 'd']]);
  });

  it('refuses an unclosed quote, naming the line it starts on', () => {
    try {
      parseCsv('a,b\r\n"x\r\ny,z\r\n');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CsvSyntaxError);
      expect((error as CsvSyntaxError).line).toBe(2);
    }
  });
});

describe('decodeCsvBytes', () => {
  const text = '社員番号,姓,名\r\nA-001,髙橋,一郎\r\n';

  it('reads UTF-8 with and without a BOM', () => {
    expect(decodeCsvBytes(Buffer.from(text, 'utf8'))).toEqual({ text, encoding: 'utf8' });
    expect(decodeCsvBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toEqual({
      text,
      encoding: 'utf8',
    });
  });

  it('reads bytes that are not valid UTF-8 as Shift_JIS (CP932, IBM extended kanji included)', () => {
    const sjis = iconv.encode(text, 'CP932');
    expect(decodeCsvBytes(sjis)).toEqual({ text, encoding: 'sjis' });
  });

  it('reads Windows-31J bytes written by hand: NEC specials, IBM kanji and the wave dash Excel writes', () => {
    // 0x8740 ①, 0x878A ㈱ (NEC row 13), 0xFBFC 髙 (IBM extension), 0x8160 ～ (CP932 maps it to
    // U+FF5E FULLWIDTH TILDE, not JIS's U+301C wave dash), 0x82A0 あ; bytes from Microsoft's CP932 table.
    const bytes = Uint8Array.from([0x87, 0x40, 0x87, 0x8a, 0xfb, 0xfc, 0x81, 0x60, 0x82, 0xa0]);
    expect(decodeCsvBytes(bytes)).toEqual({ text: '①㈱髙～あ', encoding: 'sjis' });
  });

  it('reads pure ASCII as UTF-8 (the same text either way)', () => {
    expect(decodeCsvBytes(Buffer.from('a,b\r\n'))).toEqual({ text: 'a,b\r\n', encoding: 'utf8' });
  });
});
