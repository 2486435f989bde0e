import { FIELD_MESSAGES } from '../../field-messages.js';
import { MESSAGES } from '../../messages.js';
import { FIELD_CODES, MESSAGE_CODES } from '../codes.js';

type ByCode<C extends Record<string, string>> = { [K in keyof C as C[K]]: string };

function byCode<C extends Record<string, string>>(codes: C, texts: Record<keyof C, string>): ByCode<C> {
  return Object.fromEntries(Object.entries(codes).map(([key, code]) => [code, texts[key as keyof C]])) as ByCode<C>;
}

/**
 * The server's Japanese catalogue (ICU MessageFormat): today's wording, word for word. Its source is
 * shared/messages.ts and shared/field-messages.ts, which the SPA and the other areas still import and
 * extend; the entries below them are sentences thrown elsewhere today, each a copy of the text at
 * its throw site (test/unit/i18n-catalogues.test.ts keeps them equal) until that site throws the code.
 */
export const ja = {
  ...byCode(MESSAGE_CODES, MESSAGES),
  ...byCode(FIELD_CODES, FIELD_MESSAGES),
  // domain/input.ts INPUT_MESSAGES (its `blank` is field.required)
  'field.invisible_characters': '制御文字や書式制御文字（文字の向きを変える記号など）は使用できません',
  'field.integer': '半角数字で入力してください',
  'field.date': '正しい日付を選択してください',
  // api/request-routes.ts: a field the request kind needs, or does not take
  'field.needed': '必須です',
  'field.not_needed': '不要です',
  // db/paid-leave.ts: what is left when hourly leave (時間単位年休) is in use
  'paid_leave.insufficient_hours': '有給休暇の残日数が足りません（残り{days}日と{hours}時間）。',
  // services/recompute.ts and exports/staff-import-jobs.ts: a background job that cannot be retried
  'job.running': 'この処理は実行中です。終わるまでお待ちください。',
  'job.done': 'この処理は完了しています。',
  'staff_import.running': 'この一括登録は実行中です。終わるまでお待ちください。',
  'staff_import.done': 'この一括登録はすべての行を登録済みです。',
  // The language setting (issue 31)
  'field.language': '表示言語を選択してください',
};

export type MessageCode = keyof typeof ja;
