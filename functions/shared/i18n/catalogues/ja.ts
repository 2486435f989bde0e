import { FIELD_MESSAGES } from '../../field-messages.js';
import { MESSAGES } from '../../messages.js';
import { FIELD_CODES, MESSAGE_CODES } from '../codes.js';
import { engineJa } from './engine.ja.js';

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
  // Field and summary sentences of the admin's setting screens, copied from their schema files (the
  // error-contract test's sweep of every route fails on a sentence thrown that is not here).
  'staff_import.csv_invalid': 'CSVファイルに不備があります。各行の内容を確認してください。',
  'shift.invalid': 'シフトの内容に不備があります。',
  'work_pattern.time_format': '時刻を「09:00」の形式で入力してください',
  'work_pattern.crosses_midnight_required': '「終業は翌日」を選ぶかどうかを指定してください',
  'work_pattern.breaks_invalid': '休憩時間の形式が正しくありません',
  'work_pattern.assignment_scope': '割り当ての対象を選択してください',
  'work_system.scope': '設定の対象を選択してください',
  'work_system.system': '労働時間制度を選択してください',
  'period.choose': '対象の月度を年と月で選択してください',
  'period.closing_day': '締め日は末日または1〜{max}日から選択してください',
  'period.reopen_reason_required': '解除の理由を入力してください',
  'payroll_layout.columns': '列は1〜{max}個で指定してください',
  'payroll_layout.time_format': '時間の形式を選択してください',
  'export.encoding': '文字コードを選択してください',
  'agreement.start_month': '起算日の月は1〜12月から選択してください',
  'agreement.monthly_limit': '月の限度時間は1〜45時間で入力してください',
  'agreement.annual_limit': '年の限度時間は1〜360時間で入力してください',
  'agreement.special_clause': '特別条項の有無を選択してください',
  'agreement.alert_percent': 'アラート基準は限度時間の1〜100%で入力してください',
  // The engine's explanation lines (domain/worktime/explanation.ts)
  ...engineJa,
};

export type MessageCode = keyof typeof ja;
