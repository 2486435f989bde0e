/**
 * The シフト grid's pure logic (frontend/src/admin/shifts/shift-grid.ts): weekday-aligned copy of the
 * previous month, the weeks of a month from the company's week start, 一括入力 leaving days off alone,
 * and the CSV both ways (quoted fields, Shift_JIS, row numbers).
 * Calendar (checked with `date`): 2026-11-01 is a Sunday, 2026-10-01 a Thursday, 2026-11-03 (Tuesday)
 * is 文化の日.
 */
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadArea } from '../../frontend/src/i18n';
import {
  OFF,
  bulkFill,
  cellKey,
  decodeCsv,
  gridCsv,
  monthDates,
  parseCsv,
  previousMonthSource,
  readGridCsv,
  weeksOf,
} from '../../frontend/src/admin/shifts/shift-grid.js';

describe('copy of the previous month', () => {
  it('takes the n-th same weekday of the previous month, its last one when there is no n-th', () => {
    // Mon 2 Nov = 1st Monday → Mon 5 Oct; Mon 30 Nov = 5th Monday → October has 4 (26 Oct).
    expect(previousMonthSource('2026-11-02')).toBe('2026-10-05');
    expect(previousMonthSource('2026-11-30')).toBe('2026-10-26');
    // Thu 1 Oct = 1st Thursday → Thu 3 Sep; across the year: Fri 1 Jan 2027 → Fri 4 Dec 2026.
    expect(previousMonthSource('2026-10-01')).toBe('2026-09-03');
    expect(previousMonthSource('2027-01-01')).toBe('2026-12-04');
  });

  it('lists the Monday–Sunday weeks touching the month with their days inside it, for a week from Monday', () => {
    const weeks = weeksOf(2026, 11, 1);
    expect(weeks.map((w) => w.start)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    expect(weeks[0]!.days).toEqual(['2026-11-01']);
    expect(weeks[5]!.days).toEqual(['2026-11-30']);
  });
});

describe("the weeks of 前週をコピー follow the company's week start (issue 29 item 21)", () => {
  it('from Sunday (暦週, the default): 11/1 starts the first week, 11/29–30 the last', () => {
    // 11/1 is a Sunday: weeks start on 11/1, 8, 15, 22 and 29; the last holds 11/29 and 11/30.
    const weeks = weeksOf(2026, 11, 0);
    expect(weeks.map((w) => w.start)).toEqual(['2026-11-01', '2026-11-08', '2026-11-15', '2026-11-22', '2026-11-29']);
    expect(weeks[0]!.days).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    expect(weeks[4]!.days).toEqual(['2026-11-29', '2026-11-30']);
  });

  it('from Wednesday and from Saturday: the week holding the 1st starts in October', () => {
    // Wednesday: the Wednesday on or before Sunday 11/1 is 10/28 (4 days back); that week holds 11/1–3,
    // the last (11/25–12/1) 11/25–30.
    const wed = weeksOf(2026, 11, 3);
    expect(wed.map((w) => w.start)).toEqual(['2026-10-28', '2026-11-04', '2026-11-11', '2026-11-18', '2026-11-25']);
    expect(wed[0]!.days).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(wed[4]!.days).toEqual(['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']);
    // Saturday: 10/31 (1 day back); its week holds 11/1–6, the last (11/28–12/4) 11/28–30.
    const sat = weeksOf(2026, 11, 6);
    expect(sat.map((w) => w.start)).toEqual(['2026-10-31', '2026-11-07', '2026-11-14', '2026-11-21', '2026-11-28']);
    expect(sat[0]!.days).toHaveLength(6);
    expect(sat[4]!.days).toEqual(['2026-11-28', '2026-11-29', '2026-11-30']);
  });
});

describe('一括入力 leaves days off alone unless asked (issue 29 item 18)', () => {
  // Two members, Mon 11/2, Tue 11/3 (文化の日: a day off by the calendar) and Wed 11/4, where the second
  // member's shift is 休.
  const dates = ['2026-11-02', '2026-11-03', '2026-11-04'];
  const isDayOff = (employeeId: string, date: string) =>
    date === '2026-11-03' || (employeeId === 'e2' && date === '2026-11-04');
  const keys = (cells: [string, string][]) => cells.map(([k]) => k);

  it('a work pattern skips the calendar’s days off and the 休 days, and counts them', () => {
    const fill = bulkFill(['e1', 'e2'], dates, 'day', { includeDaysOff: false, isDayOff });
    // 2 × 3 = 6 cells; e1 11/3, e2 11/3 and e2 11/4 are days off: 3 filled, 3 skipped.
    expect(keys(fill.cells)).toEqual([
      cellKey('e1', '2026-11-02'),
      cellKey('e1', '2026-11-04'),
      cellKey('e2', '2026-11-02'),
    ]);
    expect(fill.cells.every(([, v]) => v === 'day')).toBe(true);
    expect(fill.skipped).toBe(3);
  });

  it('fills them too when asked; 休 and シフトなし always go on every day', () => {
    expect(bulkFill(['e1', 'e2'], dates, 'day', { includeDaysOff: true, isDayOff })).toMatchObject({ skipped: 0 });
    expect(bulkFill(['e1', 'e2'], dates, 'day', { includeDaysOff: true, isDayOff }).cells).toHaveLength(6);
    for (const value of [OFF, '']) {
      const fill = bulkFill(['e1', 'e2'], dates, value, { includeDaysOff: false, isDayOff });
      expect([value, fill.cells.length, fill.skipped]).toEqual([value, 6, 0]);
    }
  });
});

describe('grid CSV', () => {
  // The admin screens load their catalogue before they run; so does this test.
  beforeAll(() => loadArea('admin'));

  const dates = monthDates(2026, 11).slice(0, 3);
  const rows = [
    { id: 'e1aaaaaaaa', name: '山田, 太郎' },
    { id: 'e2aaaaaaaa', name: '佐藤 "花子"' },
  ];
  const cells: Record<string, string> = {
    [cellKey('e1aaaaaaaa', '2026-11-01')]: OFF,
    [cellKey('e1aaaaaaaa', '2026-11-02')]: 'p1',
    [cellKey('e2aaaaaaaa', '2026-11-03')]: 'p2',
  };
  const names: Record<string, string> = { p1: '日勤', p2: '夜勤' };
  const text = gridCsv(
    dates,
    rows,
    (e, d) => cells[cellKey(e, d)] ?? '',
    (id) => names[id]!,
  );
  const ctx = {
    dates: monthDates(2026, 11),
    employeeIds: new Set(rows.map((r) => r.id)),
    patternIdByName: new Map([
      ['日勤', 'p1'],
      ['夜勤', 'p2'],
    ]),
  };

  it('writes a BOM, a header of days and quoted names; reads the same back from UTF-8 or Shift_JIS', () => {
    expect(text).toBe(
      '\uFEFF社員,氏名,11/1,11/2,11/3\r\ne1aaaaaaaa,"山田, 太郎",休,日勤,\r\ne2aaaaaaaa,"佐藤 ""花子""",,,夜勤\r\n',
    );
    const utf8 = decodeCsv(new TextEncoder().encode(text));
    const sjis = decodeCsv(new Uint8Array(iconv.encode(text.slice(1), 'Shift_JIS')));
    expect(sjis).toBe(utf8);
    expect(parseCsv(utf8)[2]).toEqual(['e2aaaaaaaa', '佐藤 "花子"', '', '', '夜勤']);
    const read = readGridCsv(utf8, ctx);
    expect(read.errors).toEqual([]);
    expect(read.rows).toBe(2);
    expect(Object.fromEntries(read.cells)).toEqual({
      [cellKey('e1aaaaaaaa', '2026-11-01')]: OFF,
      [cellKey('e1aaaaaaaa', '2026-11-02')]: 'p1',
      [cellKey('e1aaaaaaaa', '2026-11-03')]: '',
      [cellKey('e2aaaaaaaa', '2026-11-01')]: '',
      [cellKey('e2aaaaaaaa', '2026-11-02')]: '',
      [cellKey('e2aaaaaaaa', '2026-11-03')]: 'p2',
    });
  });

  it('writes a name or pattern name a spreadsheet would run as a formula as text, and reads it back (issue 30 item 5)', () => {
    const evilRows = [{ id: 'e1aaaaaaaa', name: '=cmd|"/c calc"!A0' }];
    const evil = gridCsv(
      ['2026-11-02'],
      evilRows,
      () => 'p9',
      () => '-夜勤',
    );
    expect(evil).toBe('\uFEFF社員,氏名,11/2\r\ne1aaaaaaaa,"\'=cmd|""/c calc""!A0",\'-夜勤\r\n');
    const read = readGridCsv(decodeCsv(new TextEncoder().encode(evil)), {
      dates: monthDates(2026, 11),
      employeeIds: new Set(['e1aaaaaaaa']),
      patternIdByName: new Map([['-夜勤', 'p9']]),
    });
    expect(read.errors).toEqual([]);
    expect(read.cells.get(cellKey('e1aaaaaaaa', '2026-11-02'))).toBe('p9');
  });

  it('names every bad row by its number and applies nothing', () => {
    const bad = '社員,氏名,1,2026-11-02\ne1aaaaaaaa,山田,早番,休\nnobody,誰か,,\ne1aaaaaaaa,山田,,\n';
    const read = readGridCsv(bad, ctx);
    expect(read.cells.size).toBe(0);
    expect(read.errors).toEqual([
      '2行目: 11/1の「早番」は勤務パターンにありません（パターン名か「休」、空欄）',
      '3行目: 社員「nobody」は表示中のスタッフにいません',
      '4行目: 社員「e1aaaaaaaa」が重複しています',
    ]);
    expect(readGridCsv('社員,氏名,12/1\ne1aaaaaaaa,山田,\n', ctx).errors).toEqual([
      '1行目: 「12/1」は表示中の月の日付ではありません',
    ]);
    expect(readGridCsv('名前,氏名\nx,y\n', ctx).errors).toEqual([
      '1行目（見出し）は「社員,氏名,日付…」の形式にしてください',
    ]);
  });
});
