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

export const STAFF_IDENTITY_MESSAGES = {
  employeeNumberFormat: '社員番号は半角英数字・「-」・「_」の20文字以内で入力してください',
  employeeNumberTaken: 'この社員番号はすでに使われています。',
  nameKanaFormat: 'フリガナは全角カタカナで入力してください',
  nameKanaLength: 'フリガナは60文字以内で入力してください',
  leaveBeforeHire: '退職日は入社日以降の日付を入力してください',
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

/**
 * 五十音 order: by フリガナ (staff without one after those with one), then by name, then by id so the
 * order is total and the same on every call. `ja` collation puts ガ beside カ and ァ beside ア.
 */
export function gojuonOrder(
  a: { nameKana?: string | null | undefined; name: string; id: string },
  b: { nameKana?: string | null | undefined; name: string; id: string },
): number {
  const ka = a.nameKana || null;
  const kb = b.nameKana || null;
  if (ka !== kb) {
    if (ka === null) return 1;
    if (kb === null) return -1;
    const byKana = ka.localeCompare(kb, 'ja');
    if (byKana) return byKana;
  }
  return a.name.localeCompare(b.name, 'ja') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
