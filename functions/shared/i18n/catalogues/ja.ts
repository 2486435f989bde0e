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
  'agreement.special_monthly_limit':
    '特別条項の月の上限（休日労働を含む）は100時間未満（99時間以下）で入力してください',
  'agreement.special_annual_limit': '特別条項の年の上限は720時間以下で入力してください',
  'agreement.special_months': '特別条項を適用できる回数は1〜6回で入力してください',
  'agreement.variable_monthly_limit': '1年単位の変形労働時間制では月の限度時間は42時間以下で入力してください',
  'agreement.variable_annual_limit': '1年単位の変形労働時間制では年の限度時間は320時間以下で入力してください',
  'agreement.special_monthly_required': '特別条項の月の上限を入力してください',
  'agreement.special_annual_required': '特別条項の年の上限を入力してください',
  'agreement.special_months_required': '特別条項を適用できる回数を入力してください',
  'agreement.special_monthly_above_limit': '特別条項の月の上限は月の限度時間より長くしてください',
  'agreement.special_annual_above_limit': '特別条項の年の上限は年の限度時間以上にしてください',
  'agreement.special_without_clause': '特別条項なしでは特別条項の上限は入力できません',
  'calendar.weekday': '曜日は日曜日〜土曜日から選択してください',
  'field.name_max_chars': '名称は{n}文字以内で入力してください',
  'calendar.dates_format': '{list, select, company_days_off {会社休日} other {出勤日}}の形式が正しくありません',
  'calendar.dates_max': '{list, select, company_days_off {会社休日} other {出勤日}}は1つの版に{n}日までです',
  'calendar.dates_duplicate': '{list, select, company_days_off {会社休日} other {出勤日}}に同じ日付が重複しています',
  'calendar.legal_holiday': '法定休日は曜日か「週の後の休日」を選択してください',
  'calendar.weekly_days_off': '所定休日の曜日を選択してください',
  'calendar.weekly_days_off_duplicate': '所定休日の曜日が重複しています',
  'calendar.public_holidays_off': '祝日を休日にするか選択してください',
  'calendar.special_week': '週44時間の特例を選択してください',
  'calendar.latest_needs_days_off': '法定休日を「週の後の休日」にするには所定休日の曜日を1つ以上選択してください',
  'calendar.day_off_and_working_day': '会社休日と出勤日に同じ日付は登録できません',
  'calendar.year_and_month': '年と月は両方指定してください',
  'period.reopen_reason_max_chars': '解除の理由は{n}文字以内で入力してください',
  'payroll_layout.header_max_chars': '見出しは{n}文字以内で入力してください',
  'payroll_layout.field': '出力する項目を選択してください',
  'payroll_layout.key_column': '社員番号の列を含めてください（給与ソフトが社員を照合するキーです）',
  'payroll_layout.name_taken': '同じ名称のレイアウトがあります',
  'payroll_layout.too_many': 'レイアウトは{n}件まで登録できます',
  'payroll_layout.layout': '出力レイアウトを選択してください',
  'shift.too_many': '一度に保存できるのは{n}件までです',
  'shift.pattern_and_day_off': '勤務パターンと休みは同時に指定できません',
  'shift.unknown_employee': 'スタッフが見つかりません',
  'shift.unknown_pattern': '勤務パターンが見つかりません',
  'shift.duplicate': '同じスタッフと日付が重複しています',
  'shift.own_only': 'ご自身のシフトのみ表示できます',
  'shift.day_off_required': '休みにするかどうかを指定してください',
  'work_pattern.breaks_required': '休憩時間を指定してください（なければ空の一覧）',
  'work_pattern.employee_required': '従業員を選択してください',
  'work_pattern.group_without_employee': '部署・雇用形態ごとの割り当てに従業員は指定できません',
  'work_pattern.employee_without_group': '従業員ごとの割り当てに部署・雇用形態は指定できません',
  'work_settings.grace_minutes': '猶予は0〜59分で入力してください',
  'work_settings.interval_minutes': '勤務間インターバルは0〜1440分（24時間）で入力してください',
  'work_settings.display_rounding': '表示の丸め単位は0・5・10・15・30分から選択してください',
  'work_settings.monthly_rounding': '1か月の端数処理をするか選択してください',
  'work_settings.hourly_leave_enabled': '時間単位年休を使うか選択してください',
  'work_settings.hourly_leave_days': '時間単位年休の日数は1〜5日で入力してください（労働基準法39条4項）',
  'field.phone': '電話番号の形式が正しくありません',
  'staff.employee_number_format': '社員番号は半角英数字・「-」・「_」の20文字以内で入力してください',
  'staff.employee_number_taken': 'この社員番号はすでに使われています。',
  'staff.name_kana_format': 'フリガナは全角カタカナで入力してください',
  'staff.name_kana_length': 'フリガナは60文字以内で入力してください',
  'staff.leave_before_hire': '退職日は入社日以降の日付を入力してください',
  'staff_import.file_too_large': 'ファイルサイズは512KB以内にしてください',
  'staff_import.too_many_rows': 'スタッフは1ファイル2,000人以内にしてください',
  'staff_import.no_rows': '登録するスタッフの行がありません',
  'staff_import.unclosed_quote': '「"」で始まる項目が閉じられていません',
  'staff_import.unreadable_column':
    '「{column}」に文字として読めないバイト列があります。UTF-8かShift_JISのCSVとして保存し直してください（ファイルは登録されません）',
  'staff_import.unreadable_index':
    '{n}列目に文字として読めないバイト列があります。UTF-8かShift_JISのCSVとして保存し直してください（ファイルは登録されません）',
  'staff_import.unknown_column': '「{name}」は使えない列名です（テンプレートの見出しを使ってください）',
  'staff_import.missing_column': '「{name}」の列がありません',
  'staff_import.duplicate_column': '「{name}」の列が2つあります',
  'staff_import.field_count': '項目の数が見出し行と合いません',
  'staff_import.duplicate_email': '{row}行目と同じメールアドレスです',
  'staff_import.duplicate_number': '{row}行目と同じ社員番号です',
  'staff_import.email_registered': 'このメールアドレスはすでに登録されています。',
  'staff_import.unknown_department': '部署「{name}」は登録されていません',
  'staff_import.unknown_status': '雇用形態「{name}」は登録されていません',
  'staff_import.register_failed': 'このスタッフを登録できませんでした',
  'staff_import.held_by_other_import':
    'このメールアドレスは別の一括登録で登録中です。終わってからもう一度実行してください',
  'staff_import.mail_not_sent': '登録しましたが、仮パスワードのメールを送れませんでした。再実行すると送ります',
  'staff_import.registered': '登録済み（登録しません）',
  'totals.department': '部署を選択してください',
  'totals.employment_status': '雇用形態を選択してください',
  'totals.sort': '並べ替えの項目を選択してください',
  'totals.order': '並び順は昇順か降順を選択してください',
  'period.no_closing_day': 'この月に締め日はありません',
  'staff.search_length': '検索語は1〜{max}文字で入力してください',
  'staff.search_no_more': '検索結果に続きはありません。検索語を変えてください',
  'mail.kind_invalid': 'お知らせメールの種類が正しくありません',
  'paid_leave.grant_date_range': '付与日は{min_year}年1月1日から1年後までの日付を入力してください',
  'paid_leave.expiry_range': '有効期限は付与日から5年以内の日付を入力してください',
  'paid_leave.expiry_after_grant': '有効期限は付与日より後の日付を指定してください',
  'field.page_limit': '件数は1〜{max}で指定してください',
  'field.effective_date_range': '日付は{min_year}年1月1日から{years}年後の12月31日までで入力してください',
  'work_system.special_week': '特例（週44時間）を適用するか選択してください',
  'work_system.full_two_days_off': '完全週休2日とするか選択してください',
  'rules.group_required': '部署または雇用形態を選択してください',
  'rules.window_end_max': '休憩時間帯の終了は24:00までにしてください',
  'rules.window_end_after_start': '休憩時間帯の終了は開始より後にしてください',
  'rules.tier_two_complete': '2段階目の拘束時間と休憩時間をすべて選択してください',
  'rules.tier_two_span': '2段階目の拘束時間は1段階目以上にしてください',
  'rules.tier_two_break': '2段階目の休憩時間は1段階目以上、2段階目の拘束時間以下にしてください',
  'rules.windows_overlap': '休憩時間帯が重なっています',
  'rules.unpunched_breaks': '休憩の打刻がない日の扱いを選択してください',
  'company.time_zone': 'タイムゾーンが正しくありません',
  'company.plan_choose': 'プランを選択してください',
  'company.plan_invalid': 'プランが正しくありません',
  'paid_leave.taken_before_records': '記録開始前の取得日数は0〜40日の0.5日単位で入力してください',
};

export type MessageCode = keyof typeof ja;
