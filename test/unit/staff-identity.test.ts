/** Issue 18 item 3: 社員番号 and フリガナ as typed → as stored, and the 五十音 order of staff lists. */
import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../functions/shared/errors.js';
import { EmployeeNumberSchema, NameKanaSchema } from '../../functions/api/employees/staff-profile-schema.js';
import {
  employeeNumberKey,
  gojuonOrder,
  isEmployeeNumber,
  isNameKana,
  kanaSearchPrefix,
  listOrderKey,
  normaliseEmployeeNumber,
  normaliseKana,
} from '../../functions/domain/staff-identity.js';

describe('フリガナ', () => {
  it.each([
    ['やまだ はなこ', 'ヤマダ ハナコ'],
    ['ﾔﾏﾀﾞ ﾊﾅｺ', 'ヤマダ ハナコ'],
    ['ヤマダ\u3000ハナコ', 'ヤマダ ハナコ'],
    ['  ヤマダ   ハナコ ', 'ヤマダ ハナコ'],
    ['ゔぃくとりあ', 'ヴィクトリア'],
    ['ｽｽﾞｷ ｲﾁﾛｰ', 'スズキ イチロー'],
    ['マイケル・ジョーダン', 'マイケル・ジョーダン'],
  ])('%j is stored as %j', (typed, stored) => {
    expect(normaliseKana(typed)).toBe(stored);
    expect(isNameKana(stored)).toBe(true);
    expect(NameKanaSchema.parse(typed)).toBe(stored);
  });

  it.each(['山田', 'yamada', 'ヤマダ1', 'ヤマダ-ハナコ'])('refuses %j', (typed) => {
    const r = NameKanaSchema.safeParse(typed);
    expect(r.success).toBe(false);
    expect(renderMessage(r.error!.issues[0]!.message)).toBe('フリガナは全角カタカナで入力してください');
  });

  it('takes 60 characters, not 61', () => {
    expect(NameKanaSchema.safeParse('ア'.repeat(60)).success).toBe(true);
    expect(renderMessage(NameKanaSchema.safeParse('あ'.repeat(61)).error!.issues[0]!.message)).toBe(
      'フリガナは60文字以内で入力してください',
    );
  });
});

describe('社員番号', () => {
  it.each([
    ['A-001', 'A-001'],
    ['Ａ－００１', 'A-001'],
    [' emp_20 ', 'emp_20'],
    ['1'.repeat(20), '1'.repeat(20)],
  ])('%j is stored as %j', (typed, stored) => {
    expect(normaliseEmployeeNumber(typed)).toBe(stored);
    expect(EmployeeNumberSchema.parse(typed)).toBe(stored);
  });

  it.each(['1'.repeat(21), 'A 001', '社員1', 'A/001', 'A.001'])('refuses %j', (typed) => {
    expect(isEmployeeNumber(normaliseEmployeeNumber(typed))).toBe(false);
    expect(renderMessage(EmployeeNumberSchema.safeParse(typed).error!.issues[0]!.message)).toBe(
      '社員番号は半角英数字・「-」・「_」の20文字以内で入力してください',
    );
  });

  it('is unique without regard to case', () => {
    expect(employeeNumberKey('a-001')).toBe(employeeNumberKey('A-001'));
  });
});

describe('五十音 order', () => {
  it('sorts by フリガナ (ガ beside カ), then name, then id; staff without フリガナ last', () => {
    const staff = [
      { id: '5', name: '無記入 一', nameKana: null },
      { id: '4', name: '加藤 次郎', nameKana: 'カトウ ジロウ' },
      { id: '3', name: '後藤 三郎', nameKana: 'ゴトウ サブロウ' },
      { id: '2', name: '阿部 花子', nameKana: 'アベ ハナコ' },
      { id: '1', name: '小林 四郎', nameKana: 'コバヤシ シロウ' },
      { id: '0', name: '賀来 五郎', nameKana: 'ガク ゴロウ' },
      { id: '7', name: '無記入 一', nameKana: undefined },
      { id: '6', name: '阿部 花子', nameKana: 'アベ ハナコ' },
    ];
    expect([...staff].sort(gojuonOrder).map((s) => s.id)).toEqual(['2', '6', '0', '4', '3', '1', '5', '7']);
  });
});

describe('search text as the start of a 五十音 key (staff search)', () => {
  it.each([
    ['やま', '1ヤマ'],
    ['ヤマ', '1ヤマ'],
    ['ﾔﾏ', '1ヤマ'],
    ['ﾔﾏﾀﾞ', '1ヤマタ'],
    ['がっこう', '1カツコウ'],
    ['  やまだ　たろう ', '1ヤマタ タロウ'],
  ])('%s → %s, a prefix of the key of the member it names', (typed, prefix) => {
    expect(kanaSearchPrefix(typed)).toBe(prefix);
  });

  it('every start of a stored フリガナ, typed in ひらがな or 半角カナ, is a prefix of its key', () => {
    const kana = 'ガッコウ ジョウタロウ';
    const key = listOrderKey(kana, '学校 丈太郎');
    const hiragana = 'がっこう じょうたろう';
    for (let n = 1; n <= kana.length; n++) {
      if (hiragana[n - 1] === ' ') continue;
      expect(key.startsWith(kanaSearchPrefix(hiragana.slice(0, n))!)).toBe(true);
      expect(key.startsWith(kanaSearchPrefix(kana.slice(0, n).normalize('NFKC'))!)).toBe(true);
    }
  });

  it.each(['山田', 'yamada', 'A-001', 'a@example.test', '', '   '])('%s is not kana: null', (typed) => {
    expect(kanaSearchPrefix(typed)).toBeNull();
  });
});
