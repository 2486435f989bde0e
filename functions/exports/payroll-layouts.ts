/**
 * Payroll CSV layouts of the 勤怠集計 export (issue 18 item 2): the fields a column may show, five
 * presets that import as they are into the payroll products, and the custom layouts an admin builds
 * (stored per company, db/payroll-layouts.ts). A layout is columns (field + header name), a time
 * format, an encoding (UTF-8 with or without BOM, or Shift_JIS) and CRLF line ends; cells are quoted
 * only when they hold a comma, a quote or a line break (csv-stringify). Every layout's first column is
 * the 社員番号, the key every product matches its employees by.
 *
 * Time formats, from the stored minutes:
 * - `hmm`: H:MM (60進法), hours not wrapped at 24 (125 → 2:05, 3000 → 50:00);
 * - `decimal`: hours with two decimals (10進法), the minutes divided by 60 and rounded half up at the
 *   third decimal (20 → 0.33, 50 → 0.83, 90 → 1.50);
 * - `minutes`: whole minutes.
 * Day counts are written as they are (half days as 0.5).
 *
 * A figure the period has no data for yet (再計算待ち, データなし: since issue 29 item 14 a new member's
 * summaries are stored at registration, so this is a member whose figures were never computed) is
 * written as the target product's import needs it (`missing`, with its reason and source next to each
 * preset): `zero` writes 0 (0:00, 0.00) where the product reads every 勤怠項目 as a number; `omit_row`
 * leaves the member's row out where an imported row replaces what the product already holds. A
 * company's own layout keeps the cell empty (`blank`): its reader is the company's, not a product's.
 * When the company's 1か月単位の端数処理 is on (row.rounding), 法定外, 60時間超, 深夜 and 法定休日 are the
 * rounded figures (what wages are computed from); the others are never rounded.
 */
import type { AttendanceTotalsRow } from '../services/attendance-totals.js';
import type { Cell, CsvEncoding } from './csv.js';

import type { LayoutColumn as Column, LayoutEncoding, TimeFormat } from '../domain/payroll-layout.js';

export type { LayoutEncoding, TimeFormat };

type Kind = 'text' | 'days' | 'hours' | 'minutes' | 'constant';

interface FieldDef {
  label: string;
  kind: Kind;
  value: (r: AttendanceTotalsRow) => string | number | null;
}

const rounded = (r: AttendanceTotalsRow, key: keyof NonNullable<AttendanceTotalsRow['rounded']>, raw: number | null) =>
  r.rounded ? r.rounded[key] : raw;
const sum = (...v: (number | null)[]) => (v.some((n) => n === null) ? null : v.reduce<number>((a, n) => a + n!, 0));

/** The 勤怠集計 fields a column can show (the list and CSV of item 1), in the editor's order. */
const PAYROLL_FIELDS = {
  employee_number: { label: '社員番号', kind: 'text', value: (r) => r.employee_number },
  name: { label: '氏名', kind: 'text', value: (r) => r.name },
  name_kana: { label: 'フリガナ', kind: 'text', value: (r) => r.name_kana },
  department: { label: '部署', kind: 'text', value: (r) => r.department },
  employment_status: { label: '雇用形態', kind: 'text', value: (r) => r.employment_status },
  scheduled_days: { label: '出勤予定日数', kind: 'days', value: (r) => r.scheduled_days },
  work_days: { label: '出勤日数', kind: 'days', value: (r) => r.work_days },
  holiday_work_days: {
    label: '休日出勤日数（法定＋所定）',
    kind: 'days',
    value: (r) => sum(r.legal_holiday_work_days, r.non_legal_holiday_work_days),
  },
  legal_holiday_work_days: { label: '法定休日出勤日数', kind: 'days', value: (r) => r.legal_holiday_work_days },
  non_legal_holiday_work_days: { label: '所定休日出勤日数', kind: 'days', value: (r) => r.non_legal_holiday_work_days },
  absent_days: { label: '欠勤日数', kind: 'days', value: (r) => r.absent_days },
  late_days: { label: '遅刻回数', kind: 'days', value: (r) => r.late_days },
  late_minutes: { label: '遅刻時間', kind: 'minutes', value: (r) => r.late_minutes },
  early_leave_days: { label: '早退回数', kind: 'days', value: (r) => r.early_leave_days },
  early_leave_minutes: { label: '早退時間', kind: 'minutes', value: (r) => r.early_leave_minutes },
  late_early_days: { label: '遅刻早退回数', kind: 'days', value: (r) => sum(r.late_days, r.early_leave_days) },
  late_early_minutes: {
    label: '遅刻早退時間',
    kind: 'minutes',
    value: (r) => sum(r.late_minutes, r.early_leave_minutes),
  },
  worked_minutes: {
    label: '実労働時間（所定内＋残業＋法定休日）',
    kind: 'minutes',
    value: (r) =>
      sum(r.regular_minutes, r.scheduled_overtime_minutes, r.statutory_overtime_minutes, r.legal_holiday_work_minutes),
  },
  regular_minutes: { label: '所定内労働時間', kind: 'minutes', value: (r) => r.regular_minutes },
  scheduled_overtime_minutes: { label: '法内残業時間', kind: 'minutes', value: (r) => r.scheduled_overtime_minutes },
  statutory_overtime_minutes: {
    label: '法定外残業時間',
    kind: 'minutes',
    value: (r) => rounded(r, 'statutory_overtime_minutes', r.statutory_overtime_minutes),
  },
  overtime_minutes: {
    label: '残業時間（法内＋法定外）',
    kind: 'minutes',
    value: (r) =>
      sum(r.scheduled_overtime_minutes, rounded(r, 'statutory_overtime_minutes', r.statutory_overtime_minutes)),
  },
  overtime_over_60_minutes: {
    label: '月60時間超残業時間',
    kind: 'minutes',
    value: (r) => rounded(r, 'overtime_over_60_minutes', r.overtime_over_60_minutes),
  },
  late_night_minutes: {
    label: '深夜労働時間',
    kind: 'minutes',
    value: (r) => rounded(r, 'late_night_minutes', r.late_night_minutes),
  },
  legal_holiday_work_minutes: {
    label: '法定休日労働時間',
    kind: 'minutes',
    value: (r) => rounded(r, 'legal_holiday_work_minutes', r.legal_holiday_work_minutes),
  },
  paid_leave_days: { label: '有給休暇日数', kind: 'days', value: (r) => r.paid_leave_days },
  paid_leave_hours: { label: '有給休暇時間数', kind: 'hours', value: (r) => r.paid_leave_hours },
  substitute_leave_days: { label: '代休日数', kind: 'days', value: (r) => r.substitute_leave_days },
  transfer_holiday_days: { label: '振替休日日数', kind: 'days', value: (r) => r.transfer_holiday_days },
  paid_leave_balance_days: { label: '有給残日数', kind: 'days', value: (r) => r.paid_leave_balance?.days ?? null },
  paid_leave_balance_hours: {
    label: '有給残時間数',
    kind: 'hours',
    value: (r) => r.paid_leave_balance?.hours ?? null,
  },
  blank: { label: '（空欄）', kind: 'constant', value: () => '' },
} satisfies Record<string, FieldDef>;

export type PayrollField = keyof typeof PAYROLL_FIELDS;
export const PAYROLL_FIELD_IDS = Object.keys(PAYROLL_FIELDS) as PayrollField[];

export type LayoutColumn = Column<PayrollField>;

/**
 * What a row does with a figure the period has no data for (see the file's comment): an empty cell
 * (`blank`, custom layouts and jobs started before the rule), 0 (`zero`) or no row at all (`omit_row`).
 */
type MissingFigures = 'blank' | 'zero' | 'omit_row';

/** What the export job carries: the layout as it was when the export started. */
export interface ResolvedLayout {
  id: string;
  name: string;
  columns: LayoutColumn[];
  time_format: TimeFormat;
  encoding: LayoutEncoding;
  /** Absent (jobs started before issue 29) = `blank`. */
  missing?: MissingFigures | undefined;
}

export interface PresetLayout extends ResolvedLayout {
  /** The product's published import layout this preset follows. */
  source: { title: string; url: string };
  note: string;
  missing: Exclude<MissingFigures, 'blank'>;
  /** Why `missing` is what the product needs, and where that is written. */
  missingReason: string;
}

const col = (field: PayrollField, header: string): LayoutColumn => ({ field, header });

/**
 * 給与奉行クラウド (OBC). OBC's own 受入 layout page could not be found with the search tool; this
 * follows the KING OF TIME guide for 給与奉行, which lists 給与奉行's default 勤怠項目 and their order:
 * 社員番号 first, then the items matching 給与奉行's 勤怠項目 (names are the company's own item setup
 * in 給与奉行; these are its defaults), a header row, time format as 給与奉行's 会社運用設定 says (the
 * default 60進 here, H:MM). 給与奉行 is a Windows/Excel product: Shift_JIS, CRLF.
 * Source: 「給与ソフト「給与奉行」との連携方法」 KING OF TIME ヘルプ
 * https://support.ta.kingoftime.jp/hc/ja/articles/8395783425945
 */
const BUGYO: PresetLayout = {
  id: 'bugyo',
  name: '給与奉行',
  source: {
    title: '給与ソフト「給与奉行」との連携方法（KING OF TIME ヘルプ）',
    url: 'https://support.ta.kingoftime.jp/hc/ja/articles/8395783425945',
  },
  note: 'OBCの公式受入レイアウトは見つからず、連携先の公開手順に従った既定の勤怠項目名です。',
  // Missing figures: 0. The guide maps each 給与奉行 勤怠項目 (出勤日数, 欠勤日数 … 時間 items in the
  // 会社運用設定's 時間表示形式) to a figure of the attendance product, whose 月別データ writes a number for
  // every item of every employee; 給与奉行 computes pay (日給, 欠勤控除) from those numbers, so a member's
  // row carries a number in each, never an empty item.
  missing: 'zero',
  missingReason:
    '勤怠項目はすべて数値で受け入れる（KING OF TIMEの月別データは全項目を数値で出力する）ため、集計のない項目は0',
  time_format: 'hmm',
  encoding: 'sjis',
  columns: [
    col('employee_number', '社員番号'),
    col('work_days', '出勤日数'),
    col('absent_days', '欠勤日数'),
    col('paid_leave_days', '有休日数'),
    col('holiday_work_days', '休日出勤日数'),
    col('late_early_days', '遅刻早退回数'),
    col('late_early_minutes', '遅刻早退時間'),
    col('overtime_minutes', '普通残業時間'),
    col('late_night_minutes', '深夜残業時間'),
    col('legal_holiday_work_minutes', '休日出勤時間'),
    col('overtime_over_60_minutes', '60時間超残業時間'),
  ],
};

/**
 * 弥生給与. Yayoi's 明細データのインポート: each row is one employee, identified by the 従業員特定文字
 * (up to 20 characters: the 社員番号 here, matched against 従業員コード), then any 明細項目; 日数・回数
 * items are numbers (3 integer digits, 2 decimals), 時間 items follow the 時間表示形式 chosen in the
 * import format (10進法 here: decimal hours); インポート開始行 2 skips our header row. The item names
 * are the company's 明細項目 (these are 弥生給与's defaults: 出勤日数, 欠勤日数, 有給日数, 普通残業時間,
 * 深夜残業時間, 休日勤務時間). Windows desktop product: Shift_JIS, CRLF.
 * Sources: 「明細データのインポート項目」 https://support.yayoi-kk.co.jp/subcontents.html?page_id=24293 and
 * 「明細データのインポート」 https://support.yayoi-kk.co.jp/subcontents.html?page_id=24298 (弥生給与 サポート情報)
 */
const YAYOI: PresetLayout = {
  id: 'yayoi',
  name: '弥生給与',
  source: {
    title: '明細データのインポート項目（弥生給与 サポート情報）',
    url: 'https://support.yayoi-kk.co.jp/subcontents.html?page_id=24293',
  },
  note: 'インポート形式の「インポート開始行」を2、「時間表示形式」を10進法にして取り込みます。',
  // Missing figures: 0. 「明細データのインポート項目」 types every 明細項目 as 数字 (日数・回数: 3 integer
  // digits and 2 decimals; 時間 items in the chosen 時間表示形式); an empty field is no number.
  missing: 'zero',
  missingReason: '「明細データのインポート項目」で明細項目の型が「数字」と定められているため、集計のない項目は0',
  time_format: 'decimal',
  encoding: 'sjis',
  columns: [
    col('employee_number', '従業員コード'),
    col('work_days', '出勤日数'),
    col('absent_days', '欠勤日数'),
    col('paid_leave_days', '有給日数'),
    col('late_early_days', '遅刻早退回数'),
    col('late_early_minutes', '遅刻早退時間'),
    col('worked_minutes', '実働時間'),
    col('overtime_minutes', '普通残業時間'),
    col('late_night_minutes', '深夜残業時間'),
    col('legal_holiday_work_minutes', '休日勤務時間'),
  ],
};

/**
 * freee人事労務. freee's page on importing other services' attendance data says data from other
 * services can be shaped into its format, matched by 従業員番号 (社員番号) and the 締め日; the field
 * list of that format itself was not in the text the search tool returned, so the columns follow the
 * items freee's own KING OF TIME layout builds (所定労働時間, 残業時間, 深夜労働時間, 法定休日労働時間,
 * 所定休日労働時間; 有休 and 欠勤 the only day counts it takes). freee asks for UTF-8 files (its import
 * error: 「CSVファイルの文字コードに問題があります。UTF-8に変換の上再度取り込んでください。」); written
 * without a BOM so the first header matches exactly; times as decimal hours (freee's own 勤怠サマリー
 * CSV is 10進法).
 * Sources: 「他社サービスの勤怠データを取り込む（インポート）」 https://support.freee.co.jp/hc/ja/articles/204922194
 * and 「従業員の給与等を一括で更新する」 https://support.freee.co.jp/hc/ja/articles/115005464626 (freee ヘルプセンター)
 */
const FREEE: PresetLayout = {
  id: 'freee',
  name: 'freee人事労務',
  source: {
    title: '他社サービスの勤怠データを取り込む（インポート）（freee ヘルプセンター）',
    url: 'https://support.freee.co.jp/hc/ja/articles/204922194',
  },
  note: '公開ページに列の一覧がなく、freeeの勤怠項目名と従業員番号で組んだレイアウトです。',
  // Missing figures: the row is left out. freee's page says that once attendance data is imported, pay
  // is computed from the imported 勤務時間 instead of what was entered in freee's [勤怠] (and imported
  // data has to be deleted by hand to undo it): a row of 0s for a member without figures would replace
  // that member's attendance with nothing. Without the row freee keeps its own [勤怠] for the member.
  missing: 'omit_row',
  missingReason:
    '取り込んだ勤怠データがfreeeの[勤怠]の入力に代わって給与計算に使われるため、集計のない従業員の行は出力しない',
  time_format: 'decimal',
  encoding: 'utf8',
  columns: [
    col('employee_number', '従業員番号'),
    col('work_days', '勤務日数'),
    col('absent_days', '欠勤日数'),
    col('paid_leave_days', '有給取得日数'),
    col('regular_minutes', '所定労働時間'),
    col('overtime_minutes', '残業時間'),
    col('late_night_minutes', '深夜労働時間'),
    col('legal_holiday_work_minutes', '法定休日労働時間'),
    col('late_early_minutes', '遅刻早退時間'),
  ],
};

/**
 * マネーフォワード クラウド給与. Its 「他社ソフトから支給/控除/勤怠CSVインポート」 guide: a 「Version」
 * column with 2 in every cell, a 「従業員コード」 column with the 従業員番号 (社員番号 here), and 勤怠項目
 * columns whose headers match the item names on the 給与計算 screen exactly (the company's own item
 * setup; these are MF's defaults). Times as H:MM, Shift_JIS (MF's own CSV templates for Windows are
 * Shift_JIS), CRLF.
 * Source: 「他社サービスの勤怠データをCSVインポートで取り込む方法」 マネーフォワード クラウド給与 使い方ガイド
 * https://biz.moneyforward.com/support/payroll/guide/integrations/in09.html
 */
const MONEYFORWARD: PresetLayout = {
  id: 'moneyforward',
  name: 'マネーフォワード クラウド給与',
  source: {
    title: '他社サービスの勤怠データをCSVインポートで取り込む方法（マネーフォワード クラウド給与 使い方ガイド）',
    url: 'https://biz.moneyforward.com/support/payroll/guide/integrations/in09.html',
  },
  note: '勤怠項目名は「給与計算」画面の項目名と完全一致させてください（既定の項目名です）。',
  // Missing figures: 0. The guide's file updates (「更新する」) the 勤怠項目 of each 従業員コード on the
  // 給与計算 screen, the columns named exactly as those items: every cell is a value of an item, so a
  // member's row carries 0 where nothing was recorded.
  missing: 'zero',
  missingReason: '「給与計算」画面の勤怠項目を従業員コードごとに更新する取込のため、集計のない項目は0',
  time_format: 'hmm',
  encoding: 'sjis',
  columns: [
    col('employee_number', '従業員コード'),
    { field: 'blank', header: 'Version', constant: '2' },
    col('work_days', '出勤日数'),
    col('absent_days', '欠勤日数'),
    col('paid_leave_days', '有休使用日数'),
    col('late_early_minutes', '遅刻早退時間'),
    col('overtime_minutes', '残業時間'),
    col('late_night_minutes', '深夜残業時間'),
    col('legal_holiday_work_minutes', '法定休日労働時間'),
  ],
};

/**
 * PCA給与 (DX / hyper / クラウド). 「随時」-「汎用データの受入」 with the 分散データ format (PCA FAQ);
 * the items and their order are fixed (the KING OF TIME guide for PCA給与DX lists them with PCA's
 * default names, blanks where we have no figure: 要勤務時間, 病気欠勤日数). Times in 60進 (H:MM; PCA's
 * 会社基本情報 chooses 60進/10進), Shift_JIS, CRLF; quoted cells are accepted.
 * Sources: 「給与ソフト「PCA給与DX」との連携方法（CSV連携）」 KING OF TIME ヘルプ
 * https://support.ta.kingoftime.jp/hc/ja/articles/360058957373 and PCA FAQ
 * https://faq.pca.jp/category/show/32?page=18&site_domain=default&sort_order=desc
 */
const PCA: PresetLayout = {
  id: 'pca',
  name: 'PCA給与',
  source: {
    title: '給与ソフト「PCA給与DX」との連携方法（CSV連携）（KING OF TIME ヘルプ）',
    url: 'https://support.ta.kingoftime.jp/hc/ja/articles/360058957373',
  },
  note: '項目と順序は固定です。該当する集計がない項目は空欄で出力します。',
  // Missing figures: 0. PCA's items and their order are fixed; the guide leaves an item blank only
  // where PCA sets the value itself (要勤務日数・要勤務時間: 「PCA給与で設定するため」), so a blank means
  // "keep PCA's value". A member without figures gets 0 in every figure column (the columns the
  // preset leaves blank by design stay blank), never a stale value of PCA's.
  missing: 'zero',
  missingReason:
    '項目と順序が固定で、空欄はPCA給与側の値を使う項目だけに使われる（連携手順の「PCA給与で設定するため」）ため、集計のない項目は0',
  time_format: 'hmm',
  encoding: 'sjis',
  columns: [
    col('employee_number', '社員コード'),
    col('scheduled_days', '要勤務日数'),
    col('blank', '要勤務時間'),
    col('work_days', '出勤日数'),
    col('regular_minutes', '出勤時間'),
    col('absent_days', '事故欠勤日数'),
    col('blank', '病気欠勤日数'),
    col('substitute_leave_days', '代休特休日数'),
    col('holiday_work_days', '休日出勤日数'),
    col('paid_leave_days', '有休消化日数'),
    col('paid_leave_balance_days', '有休残日数'),
    col('overtime_minutes', '残業平日普通'),
    col('late_night_minutes', '残業平日深夜'),
    col('blank', '残業休日普通'),
    col('blank', '残業休日深夜'),
    col('legal_holiday_work_minutes', '残業法定休日'),
    col('blank', '残業法定深夜'),
    col('late_early_days', '遅刻早退回数'),
    col('late_early_minutes', '遅刻早退時間'),
  ],
};

export const PRESET_LAYOUTS: readonly PresetLayout[] = [BUGYO, YAYOI, FREEE, MONEYFORWARD, PCA];
export const PRESET_IDS = PRESET_LAYOUTS.map((p) => p.id);
export const presetLayout = (id: string): PresetLayout | undefined => PRESET_LAYOUTS.find((p) => p.id === id);

/** Minutes in the layout's time format; '' when unknown. */
export function formatTime(minutes: number | null, format: TimeFormat): string {
  if (minutes === null) return '';
  if (format === 'minutes') return String(minutes);
  if (format === 'decimal') return (Math.round((minutes * 100) / 60) / 100).toFixed(2);
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(minutes);
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

export const layoutHeader = (layout: Pick<ResolvedLayout, 'columns'>): Cell[] => layout.columns.map((c) => c.header);

/**
 * One employee's row in the layout; null when the layout leaves the row out (`missing: 'omit_row'`
 * and a figure of the row is missing). A missing figure is 0 in the layout's format with `zero`.
 */
export function layoutRow(
  layout: Pick<ResolvedLayout, 'columns' | 'time_format' | 'missing'>,
  r: AttendanceTotalsRow,
): Cell[] | null {
  const missing = layout.missing ?? 'blank';
  const cells: Cell[] = [];
  for (const c of layout.columns) {
    if (c.constant !== undefined) {
      cells.push(c.constant);
      continue;
    }
    const def: FieldDef = PAYROLL_FIELDS[c.field];
    let v = def.value(r);
    if (v === null && def.kind !== 'text' && def.kind !== 'constant') {
      if (missing === 'omit_row') return null;
      if (missing === 'zero') v = 0;
    }
    if (v === null) cells.push('');
    else if (def.kind === 'text') cells.push(String(v));
    else if (def.kind === 'minutes') cells.push(formatTime(v as number, layout.time_format));
    else cells.push(v);
  }
  return cells;
}

/** The CSV encoder's settings of a layout encoding. */
export const csvEncodingOf = (e: LayoutEncoding): { encoding: CsvEncoding; bom: boolean } =>
  e === 'sjis' ? { encoding: 'sjis', bom: false } : { encoding: 'utf8', bom: e === 'utf8_bom' };

/** The catalogue the layout editor shows (GET /api/v1/payroll_layouts). */
export const fieldCatalogue = () =>
  PAYROLL_FIELD_IDS.map((id) => ({ id, label: PAYROLL_FIELDS[id].label, kind: PAYROLL_FIELDS[id].kind }));
