/**
 * シフト (issue 16 item 2) in Chromium: the admin builds a month of shifts on a phone and on a
 * desktop — bulk fill of weekdays and weekends, one cell by hand, copy of the previous week, save,
 * reload shows them — copies a month onto the next, and takes the grid out as CSV and back in
 * (Shift_JIS too; a bad row is named by its number and nothing is saved). Patterns are put directly
 * (the patterns API is another piece); the months are next month and the one after, so the
 * browser's real clock can stay and nothing is in a closed period.
 */
import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { testToday } from '../support/test-clock.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

const [thisYear, thisMonth] = testToday().split('-').map(Number) as [number, number];
const next = (y: number, m: number): [number, number] => (m === 12 ? [y + 1, 1] : [y, m + 1]);
const [year, month] = next(thisYear, thisMonth);
const [year2, month2] = next(year, month);
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
/** Day of the month of the n-th (1-based) given weekday. */
const nth = (y: number, m: number, wd: number, n: number) => {
  const first = weekday(iso(y, m, 1));
  return 1 + ((wd - first + 7) % 7) + (n - 1) * 7;
};

async function setUp(name: string): Promise<TestTenant> {
  const tenant = await createTenant({ employees: 3, name });
  const put = (patternId: string, label: string, start: number, end: number) =>
    db()
      .entities.WorkPatternItem.put({
        companyId: tenant.companyId,
        patternId,
        name: label,
        startMinute: start * 60,
        endMinute: end * 60,
      })
      .go();
  await Promise.all([
    put('day', '日勤', 9, 18),
    put('early', '早番', 7, 16),
    put('night', '夜勤', 22, 31),
    db()
      .entities.PatternAssignment.put({
        companyId: tenant.companyId,
        scope: 'group',
        departmentId: RULE_ANY,
        employmentStatusId: RULE_ANY,
        employeeId: RULE_ANY,
        effectiveFrom: '2024-01-01',
        patternId: 'day',
      })
      .go(),
  ]);
  return tenant;
}

async function openShifts(tenant: TestTenant, viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.page(viewport);
  await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
  await page.waitForURL('**/management');
  // Through the menu on a desktop, as an admin would; on a phone straight to the page.
  if (viewport.width < 500) await page.goto(`${e2e.stack.baseUrl}/management/shifts`);
  else await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: 'シフト' }).click();
  await page.waitForURL('**/management/shifts');
  await poll(() => page.getByTestId('shift-month').textContent()).toBe(`${thisYear}年${thisMonth}月`);
  return page;
}

const cell = (page: Page, who: string, y: number, m: number, d: number) =>
  page.getByRole('combobox', { name: `${who} ${m}月${d}日`, exact: true });
const toMonth = async (page: Page, y: number, m: number) => {
  await page.getByRole('button', { name: '翌月' }).click();
  await poll(() => page.getByTestId('shift-month').textContent()).toBe(`${y}年${m}月`);
};
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Bulk fill, one cell by hand, copy of the previous week, save and reload. */
async function buildMonth(page: Page) {
  await toMonth(page, year, month);
  const mon1 = nth(year, month, 1, 1);
  const mon2 = nth(year, month, 1, 2);
  const sat1 = nth(year, month, 6, 1);
  // A blank cell shows the default pattern faintly; on a company-calendar day off (Saturday) the
  // default does not apply, and the cell says so.
  expect(await cell(page, '社員 1号', year, month, mon1).locator('option:checked').textContent()).toBe('（日勤）');
  expect(await cell(page, '社員 1号', year, month, sat1).locator('option:checked').textContent()).toBe('（休日）');

  // 社員 1号 and 2号, Monday–Friday → 日勤; Saturday and Sunday → 休.
  await page.getByRole('checkbox', { name: '社員 1号を選択' }).check();
  await page.getByRole('checkbox', { name: '社員 2号を選択' }).check();
  for (const wd of ['月', '火', '水', '木', '金']) await page.getByLabel(wd, { exact: true }).check();
  await page.getByLabel('入力する内容').selectOption({ label: '日勤' });
  await page.getByRole('button', { name: '反映', exact: true }).click();
  await poll(() => page.getByRole('status').first().textContent()).toMatch(/件を反映しました（未保存）/);
  for (const wd of ['月', '火', '水', '木', '金']) await page.getByLabel(wd, { exact: true }).uncheck();
  for (const wd of ['土', '日']) await page.getByLabel(wd, { exact: true }).check();
  await page.getByLabel('入力する内容').selectOption({ label: '休' });
  await page.getByRole('button', { name: '反映', exact: true }).click();
  expect(await cell(page, '社員 1号', year, month, sat1).inputValue()).toBe('off');
  expect(await cell(page, '社員 3号', year, month, sat1).inputValue()).toBe('');

  // One cell by hand, then the week holding it copied onto the next one: the company's weeks, Sunday to
  // Saturday by default (issue 29 item 21; they were Monday–Sunday whatever the company's week).
  await cell(page, '社員 1号', year, month, mon1).selectOption({ label: '早番' });
  const weekLabel = `${month}/${mon2 - 1}〜${month}/${mon2 + 5}`;
  await page.getByLabel('対象の週').selectOption({ label: weekLabel });
  await page.getByRole('button', { name: '前週をコピー' }).click();
  await poll(() => cell(page, '社員 1号', year, month, mon2).inputValue()).toBe('early');
  await poll(() => page.getByTestId('shift-changes').textContent()).not.toBe('未保存の変更 0件');

  await page.getByRole('button', { name: '保存', exact: true }).click();
  await poll(() => page.getByRole('status').first().textContent()).toMatch(/^シフトを保存しました（\d+件）。$/);
  expect(await page.getByTestId('shift-changes').textContent()).toBe('未保存の変更 0件');

  await page.reload();
  await poll(() => page.getByTestId('shift-month').textContent()).toBe(`${thisYear}年${thisMonth}月`);
  await toMonth(page, year, month);
  expect(await cell(page, '社員 1号', year, month, mon1).inputValue()).toBe('early');
  expect(await cell(page, '社員 1号', year, month, mon2).inputValue()).toBe('early');
  expect(await cell(page, '社員 2号', year, month, mon1).inputValue()).toBe('day');
  expect(await cell(page, '社員 2号', year, month, sat1).inputValue()).toBe('off');
  expect(await cell(page, '社員 3号', year, month, mon1).inputValue()).toBe('');
}

describe('シフト', () => {
  let phoneTenant: TestTenant;
  let desktopTenant: TestTenant;
  beforeAll(async () => {
    [phoneTenant, desktopTenant] = await Promise.all([setUp('シフト携帯株式会社'), setUp('シフト机上株式会社')]);
  });

  it('the admin builds a month of shifts on a phone', { timeout: 240_000 }, async () => {
    const page = await openShifts(phoneTenant, PHONE);
    await buildMonth(page);
    // The grid scrolls sideways inside its box; the page itself does not.
    expect(await noSideScroll(page)).toBe(true);
    const grid = page.getByRole('region', { name: 'シフト表' });
    expect(await grid.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });

  it(
    'on a desktop: builds a month, copies it onto the next, and round-trips the grid through CSV',
    { timeout: 300_000 },
    async () => {
      const page = await openShifts(desktopTenant, DESKTOP);
      await buildMonth(page);

      // The month after: the previous month copied weekday by weekday, previewed, then saved.
      await toMonth(page, year2, month2);
      const mon1 = nth(year2, month2, 1, 1);
      expect(await cell(page, '社員 1号', year2, month2, mon1).inputValue()).toBe('');
      await page.getByRole('button', { name: '前月をコピー' }).click();
      await poll(() => cell(page, '社員 1号', year2, month2, mon1).inputValue()).toBe('early');
      await poll(() => page.getByRole('status').first().textContent()).toMatch(/件をコピーしました（未保存）/);
      await page.getByRole('button', { name: '保存', exact: true }).click();
      await poll(() => page.getByRole('status').first().textContent()).toMatch(/^シフトを保存しました/);

      // CSV out…
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'CSV出力' }).click(),
      ]);
      const text = await readFile((await download.path())!, 'utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const lines = text.slice(1).trimEnd().split('\r\n');
      const days = new Date(Date.UTC(year2, month2, 0)).getUTCDate();
      expect(lines[0]).toBe(
        ['社員', '氏名', ...Array.from({ length: days }, (_, i) => `${month2}/${i + 1}`)].join(','),
      );
      const row1 = lines.find((l) => l.includes(',社員 1号,'))!.split(',');
      expect(row1[1 + mon1]).toBe('早番');

      // …edited (社員 1号's first Monday → 夜勤), saved as Shift_JIS as Excel would, and back in.
      row1[1 + mon1] = '夜勤';
      const edited = lines.map((l) => (l.includes(',社員 1号,') ? row1.join(',') : l)).join('\r\n');
      await page.getByLabel('CSVファイルを選択').setInputFiles({
        name: 'shifts.csv',
        mimeType: 'text/csv',
        buffer: iconv.encode(edited, 'Shift_JIS'),
      });
      const preview = page.getByTestId('shift-csv-preview');
      await poll(() => preview.textContent()).toContain('3人分を読み込みました。変更は1件です。');
      await page.getByRole('button', { name: '取り込んで保存' }).click();
      await poll(() => page.getByRole('status').first().textContent()).toBe('シフトを保存しました（1件）。');
      await poll(() => cell(page, '社員 1号', year2, month2, mon1).inputValue()).toBe('night');

      // A bad file: every bad row named by its number, nothing saved.
      const bad = lines
        .map((l, i) => (i === 2 ? l.replace(/,(日勤|休)(,|$)/, ',残業$2') : l))
        .concat('unknownid123,誰か')
        .join('\r\n');
      await page.getByLabel('CSVファイルを選択').setInputFiles({
        name: 'bad.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`\uFEFF${bad}`, 'utf8'),
      });
      await poll(() => preview.textContent()).toContain('何も保存していません');
      expect(await preview.textContent()).toContain('3行目:');
      expect(await preview.textContent()).toContain('「残業」は勤務パターンにありません');
      expect(await preview.textContent()).toContain('5行目: 社員「unknownid123」は表示中のスタッフにいません');
      expect(await page.getByRole('button', { name: '取り込んで保存' }).count()).toBe(0);

      // What the API holds: the CSV's 夜勤 and the copied month.
      const api = await signIn(e2e.stack.baseUrl, 'admin', desktopTenant.admin);
      const held = (await api.get(`/api/v1/shifts?year=${year2}&month=${month2}`)).body.data;
      const first = desktopTenant.employees[0]!.id;
      expect(held.entries).toContainEqual({
        employee_id: first,
        date: iso(year2, month2, mon1),
        pattern_id: 'night',
        day_off: false,
      });
    },
  );
});
