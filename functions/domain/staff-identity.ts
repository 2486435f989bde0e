/**
 * Staff identity for payroll (issue 18 item 3): 社員番号 and 氏名のフリガナ as people type them, turned
 * into the one form that is stored, compared and sorted.
 *
 * - 社員番号: NFKC first (全角 "Ａ－００１" is the half-width "A-001"), then 1–20 of [A-Za-z0-9_-]. Stored
 *   as typed (case kept, payroll software reads it back), but unique per company without regard to
 *   case: "a001" and "A001" would be two keys only a computer could tell apart.
 * - フリガナ: stored as 全角カタカナ with one half-width space between words. Half-width katakana
 *   (ﾔﾏﾀﾞ) and hiragana (やまだ) are accepted and converted; 全角/半角 spaces collapse to one space.
 */

/** Catalogue codes (issue 31), rendered per caller by the request pipeline. */
export const STAFF_IDENTITY_MESSAGES = {
  employeeNumberFormat: 'staff.employee_number_format',
  employeeNumberTaken: 'staff.employee_number_taken',
  nameKanaFormat: 'staff.name_kana_format',
  nameKanaLength: 'staff.name_kana_length',
  leaveBeforeHire: 'staff.leave_before_hire',
} as const;

export const EMPLOYEE_NUMBER_MAX = 20;
export const NAME_KANA_MAX = 60;

const EMPLOYEE_NUMBER = /^[A-Za-z0-9_-]{1,20}$/;
// ァ–ヺ (ヴ, ヵ, ヶ and ヷ–ヺ included), ・, ー, ヽ, ヾ; words separated by one space.
const KANA_WORD = '[\\u30a1-\\u30fa\\u30fb\\u30fc\\u30fd\\u30fe]+';
const NAME_KANA = new RegExp(`^${KANA_WORD}(?: ${KANA_WORD})*$`, 'u');

/** 社員番号 as stored: NFKC (全角英数 → 半角) and trimmed. Check with `isEmployeeNumber`. */
export const normaliseEmployeeNumber = (raw: string): string => raw.normalize('NFKC').trim();

export const isEmployeeNumber = (value: string): boolean => EMPLOYEE_NUMBER.test(value);

/** The value that must be unique in a company: case does not make two numbers. */
export const employeeNumberKey = (value: string): string => value.toUpperCase();

/** フリガナ as stored: NFKC (半角カナ → 全角, U+3000 → space), ひらがな → カタカナ, spaces collapsed. */
export function normaliseKana(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/[\u3041-\u3096\u309d\u309e]/gu, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/\s+/gu, ' ')
    .trim();
}

export const isNameKana = (value: string): boolean => NAME_KANA.test(value);

// Small kana read as their full forms in a dictionary's order (ァ beside ア, ッ beside ツ).
const SMALL_KANA: Record<string, string> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
};

/**
 * The key that puts staff in 五十音 order, as a string compared code point by code point — the order
 * DynamoDB keeps an index's sort keys in, so the staff list can be read a page at a time already in
 * this order (the `byListOrder` index of the employee item) and every sorted screen agrees with it.
 * Staff with a フリガナ come first, by the reading with 濁点・半濁点 and small kana folded (ガ beside カ,
 * ァ beside ア), then by the reading as written (カ before ガ), then by name; staff without one follow,
 * by name (code point order: kanji have no reading to sort by). Katakana code points follow the 五十音
 * (ア…ン); ー sorts after ン, where a dictionary would read it as the vowel before it. A tab, below
 * every character a name or reading holds, separates the parts so a shorter reading sorts first.
 */
export function listOrderKey(nameKana: string | null | undefined, name: string): string {
  if (!nameKana) return `2${name}`;
  return `${KANA_ORDER_MARK}${foldKana(nameKana)}\t${nameKana}\t${name}`;
}

/** What a `listOrderKey` of a member with a フリガナ starts with. */
export const KANA_ORDER_MARK = '1';

/**
 * A reading with 濁点・半濁点 and small kana folded (ガ → カ, ッ → ツ): the first part of `listOrderKey`,
 * so a search folds what was typed the same way and finds ヤマダ by the prefix 「ヤマタ」.
 */
export function foldKana(kana: string): string {
  return kana
    .normalize('NFD')
    .replace(/[\u3099\u309a]/gu, '')
    .replace(/[ァィゥェォッャュョヮヵヶ]/gu, (c) => SMALL_KANA[c]!);
}

/**
 * What typed search text is as the start of a フリガナ key (`listOrderKey`), or null when it is not
 * kana: ひらがな, 半角カナ and 全角カナ alike (normaliseKana), then folded (foldKana). 「やま」「ヤマ」
 * 「ﾔﾏ」 all give the key prefix that finds ヤマダ.
 */
export function kanaSearchPrefix(typed: string): string | null {
  const kana = normaliseKana(typed);
  return isNameKana(kana) ? `${KANA_ORDER_MARK}${foldKana(kana)}` : null;
}

/**
 * The key a member is found by when the 氏名 itself is typed (漢字 or any script): 姓 then 名, NFKC
 * (全角英数 and 半角カナ as the form stores them elsewhere), spaces removed and Latin letters folded
 * to lower case, so 「山田」「山田太郎」「山田（全角空白）太郎」 all start the key of 山田 太郎.
 */
export const nameSearchKey = (lastName: string, firstName: string): string =>
  `${lastName}${firstName}`.normalize('NFKC').replace(/\s+/gu, '').toLowerCase();

/** What typed text is as the start of a `nameSearchKey`, or null when nothing is left of it. */
export function nameSearchPrefix(typed: string): string | null {
  const key = nameSearchKey(typed, '');
  return key === '' ? null : key;
}

/** 五十音 order (`listOrderKey`), then by id so the order is total and the same on every call. */
export function gojuonOrder(
  a: { nameKana?: string | null | undefined; name: string; id: string },
  b: { nameKana?: string | null | undefined; name: string; id: string },
): number {
  const ka = listOrderKey(a.nameKana, a.name);
  const kb = listOrderKey(b.nameKana, b.name);
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
