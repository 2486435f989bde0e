/**
 * Issue 18 item 2: the payroll CSV layouts, byte for byte. One golden file per preset (給与奉行, 弥生給与,
 * freee人事労務, マネーフォワード クラウド給与, PCA給与) and one custom layout, each written by the export's
 * own encoder (rows → exports/payroll-layouts.ts → exports/csv.ts) from a fixed small company: three
 * staff, one with the company's 1か月単位の端数処理 on, one with half-day leave, one with no figures
 * yet (データなし). Issue 29 item 14: that member's row is what each product's import needs (the preset's
 * `missing`): 0 in every figure (給与奉行, 弥生給与, マネーフォワード, PCA給与) or no row at all (freee人事労務);
 * a company's own layout keeps the cells empty. The golden files hold the exact bytes the products read:
 * encoding (Shift_JIS, or UTF-8 with / without BOM), CRLF line ends, quoting.
 * `UPDATE_GOLDEN=1 npx vitest run test/unit/payroll-layouts.test.ts` rewrites them (then review the diff).
 */
import { readFile, writeFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { csvStream, type CsvReport } from '../../functions/exports/csv.js';
import {
  PRESET_LAYOUTS,
  csvEncodingOf,
  formatTime,
  layoutHeader,
  layoutRow,
  type ResolvedLayout,
} from '../../functions/exports/payroll-layouts.js';
import type { AttendanceTotalsRow } from '../../functions/services/attendance-totals.js';

const GOLDEN = new URL('../golden/payroll/', import.meta.url);

const base: AttendanceTotalsRow = {
  employee_id: '01hzz0000000000000000000a1',
  employee_number: '0001',
  name: '山田 太郎',
  name_kana: 'ヤマダ タロウ',
  department_id: 'dept000001',
  department: '営業部',
  employment_status_id: 'status0001',
  employment_status: '正社員',
  status: 'active',
  closed: true,
  recompute_pending: false,
  no_data: false,
  rounding: null,
  rounded: null,
  paid_leave_balance: { days: 8.5, hours: 0, as_of: '2026-11-10' },
  scheduled_days: 21,
  work_days: 20,
  legal_holiday_work_days: 1,
  non_legal_holiday_work_days: 1,
  absent_days: 0,
  late_days: 2,
  late_minutes: 35,
  early_leave_days: 1,
  early_leave_minutes: 20,
  regular_minutes: 9360,
  scheduled_overtime_minutes: 90,
  statutory_overtime_minutes: 1250,
  period_statutory_overtime_minutes: 0,
  overtime_over_60_minutes: 0,
  late_night_minutes: 125,
  legal_holiday_work_minutes: 480,
  paid_leave_days: 1,
  substitute_leave_days: 0,
  transfer_holiday_days: 0,
  paid_leave_hours: 0,
};

/** The fixed small company of the golden files. */
export const FIXTURE: AttendanceTotalsRow[] = [
  base,
  {
    ...base,
    employee_id: '01hzz0000000000000000000a2',
    employee_number: 'A-102',
    name: '髙橋 "はな", 𠮷子',
    name_kana: 'タカハシ ハナ',
    department: '開発部',
    employment_status: 'パート',
    rounding: 'monthly_30',
    rounded: {
      overtime_minutes: 3840,
      statutory_overtime_minutes: 3780,
      overtime_over_60_minutes: 180,
      legal_holiday_work_minutes: 0,
      late_night_minutes: 60,
    },
    paid_leave_balance: { days: 3, hours: 4, as_of: '2026-11-10' },
    scheduled_days: 20,
    work_days: 18.5,
    legal_holiday_work_days: 0,
    non_legal_holiday_work_days: 0,
    absent_days: 1,
    late_days: 0,
    late_minutes: 0,
    early_leave_days: 0,
    early_leave_minutes: 0,
    regular_minutes: 8880,
    scheduled_overtime_minutes: 45,
    statutory_overtime_minutes: 3795,
    overtime_over_60_minutes: 195,
    late_night_minutes: 50,
    legal_holiday_work_minutes: 0,
    paid_leave_days: 0.5,
    substitute_leave_days: 1,
    transfer_holiday_days: 0,
    paid_leave_hours: 4,
  },
  {
    ...base,
    employee_id: '01hzz0000000000000000000a3',
    employee_number: '0003',
    name: '青木 花子',
    name_kana: 'アオキ ハナコ',
    no_data: true,
    closed: false,
    paid_leave_balance: null,
    scheduled_days: null,
    work_days: null,
    legal_holiday_work_days: null,
    non_legal_holiday_work_days: null,
    absent_days: null,
    late_days: null,
    late_minutes: null,
    early_leave_days: null,
    early_leave_minutes: null,
    regular_minutes: null,
    scheduled_overtime_minutes: null,
    statutory_overtime_minutes: null,
    period_statutory_overtime_minutes: null,
    overtime_over_60_minutes: null,
    late_night_minutes: null,
    legal_holiday_work_minutes: null,
    paid_leave_days: null,
    substitute_leave_days: null,
    transfer_holiday_days: null,
    paid_leave_hours: null,
  },
];

/** A custom layout an admin built: renamed headers, decimal hours, Shift_JIS (𠮷 is not in CP932). */
export const CUSTOM: ResolvedLayout = {
  id: '01hzzcustom000000000000001',
  name: '自社給与用',
  time_format: 'decimal',
  encoding: 'sjis',
  columns: [
    { field: 'employee_number', header: '社員No' },
    { field: 'name', header: '氏名' },
    { field: 'work_days', header: '出勤' },
    { field: 'statutory_overtime_minutes', header: '時間外（h）' },
    { field: 'late_night_minutes', header: '深夜（h）' },
    { field: 'paid_leave_days', header: '有休' },
  ],
};

async function fileOf(layout: ResolvedLayout, report: CsvReport = { unencodable: 0 }): Promise<Buffer> {
  const { encoding, bom } = csvEncodingOf(layout.encoding);
  // A preset that leaves a member's row out (freee, missing figures) writes no line for it.
  const rows = [layoutHeader(layout), ...FIXTURE.flatMap((r) => [layoutRow(layout, r)].filter((row) => row !== null))];
  const chunks: Buffer[] = [];
  for await (const c of csvStream(rows, encoding, report, { bom })) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

async function expectGolden(name: string, actual: Buffer) {
  const path = new URL(`${name}.csv`, GOLDEN);
  if (process.env.UPDATE_GOLDEN) await writeFile(path, actual);
  const golden = await readFile(path);
  expect(actual.equals(golden), `${name}.csv differs from its golden file`).toBe(true);
}

describe('payroll CSV presets: golden files', () => {
  for (const preset of PRESET_LAYOUTS) {
    it(`${preset.name} (${preset.id}) is byte for byte its golden file`, async () => {
      await expectGolden(preset.id, await fileOf(preset));
    });
  }

  it('every preset keys its rows by the 社員番号 in the first column, cites its source and ends lines with CRLF', async () => {
    for (const preset of PRESET_LAYOUTS) {
      expect(preset.columns[0]!.field).toBe('employee_number');
      expect(preset.source.url).toMatch(/^https:\/\//);
      const bytes = await fileOf(preset);
      const text = preset.encoding === 'sjis' ? iconv.decode(bytes, 'CP932') : bytes.toString('utf8');
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      expect(text.split('\r\n')[1]!.startsWith('0001,')).toBe(true);
    }
  });

  it('writes Shift_JIS without a BOM and UTF-8 (freee) without one too', async () => {
    const bugyo = await fileOf(PRESET_LAYOUTS.find((p) => p.id === 'bugyo')!);
    expect(bugyo.subarray(0, 6)).toEqual(iconv.encode('社員番号', 'CP932').subarray(0, 6));
    const freee = await fileOf(PRESET_LAYOUTS.find((p) => p.id === 'freee')!);
    expect(freee.subarray(0, 3).toString('hex')).not.toBe('efbbbf');
    expect(freee.toString('utf8').startsWith('従業員番号,')).toBe(true);
  });
});

describe('a member without figures (issue 29 item 14)', () => {
  const noData = FIXTURE[2]!;
  const preset = (id: string) => PRESET_LAYOUTS.find((p) => p.id === id)!;

  it('every preset says what it writes for missing figures and why', () => {
    for (const p of PRESET_LAYOUTS) {
      expect(['zero', 'omit_row']).toContain(p.missing);
      expect(p.missingReason.length).toBeGreaterThan(10);
    }
    expect(Object.fromEntries(PRESET_LAYOUTS.map((p) => [p.id, p.missing]))).toEqual({
      bugyo: 'zero',
      yayoi: 'zero',
      freee: 'omit_row',
      moneyforward: 'zero',
      pca: 'zero',
    });
  });

  it('writes 0 in each figure where the product reads numbers, never an empty item', () => {
    expect(layoutRow(preset('bugyo'), noData)).toEqual(['0003', 0, 0, 0, 0, 0, '0:00', '0:00', '0:00', '0:00', '0:00']);
    expect(layoutRow(preset('yayoi'), noData)).toEqual(['0003', 0, 0, 0, 0, '0.00', '0.00', '0.00', '0.00', '0.00']);
    expect(layoutRow(preset('moneyforward'), noData)).toEqual(['0003', '2', 0, 0, 0, '0:00', '0:00', '0:00', '0:00']);
    // PCA: the columns the preset leaves blank by design (要勤務時間, 病気欠勤日数 …) stay blank.
    const pca = layoutRow(preset('pca'), noData)!;
    const header = layoutHeader(preset('pca'));
    expect(pca[header.indexOf('出勤日数')]).toBe(0);
    expect(pca[header.indexOf('出勤時間')]).toBe('0:00');
    expect(pca[header.indexOf('要勤務時間')]).toBe('');
    expect(pca[header.indexOf('病気欠勤日数')]).toBe('');
  });

  it('leaves the row out where an imported row replaces what the product holds (freee)', () => {
    expect(layoutRow(preset('freee'), noData)).toBeNull();
    expect(layoutRow(preset('freee'), FIXTURE[0]!)).not.toBeNull();
  });

  it("keeps the cells empty in the company's own layout", () => {
    expect(layoutRow(CUSTOM, noData)).toEqual(['0003', '青木 花子', '', '', '', '']);
  });
});

describe('custom layout', () => {
  it('is byte for byte its golden file; the character Shift_JIS lacks is written as ? and counted', async () => {
    const report: CsvReport = { unencodable: 0 };
    const bytes = await fileOf(CUSTOM, report);
    await expectGolden('custom', bytes);
    expect(report.unencodable).toBe(1);
    expect(iconv.decode(bytes, 'CP932').split('\r\n')[2]).toBe('A-102,"髙橋 ""はな"", ?子",18.5,63.00,1.00,0.5');
  });

  it('formats times as H:MM or decimal hours (rounded half up to two places) or minutes', () => {
    expect(formatTime(125, 'hmm')).toBe('2:05');
    expect(formatTime(3000, 'hmm')).toBe('50:00');
    expect(formatTime(20, 'decimal')).toBe('0.33');
    expect(formatTime(50, 'decimal')).toBe('0.83');
    expect(formatTime(1, 'decimal')).toBe('0.02');
    expect(formatTime(90, 'decimal')).toBe('1.50');
    expect(formatTime(75, 'minutes')).toBe('75');
    expect(formatTime(null, 'hmm')).toBe('');
  });
});
