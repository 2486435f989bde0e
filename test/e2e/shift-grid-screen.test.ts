/**
 * シフト, issue 29 items 18 and 21, in Chromium at a desktop's width (1280×800) and a phone's (390×844):
 * - 18: 一括入力 of a work pattern leaves days off alone — the company calendar's (文化の日 11/3, 勤労感謝の日
 *   11/23) and a member's 休 — says how many it skipped, and fills them only when 休日にも入力する is ticked.
 * - 21: the grid shows each pattern's full name on its own colour (with a legend, text readable on
 *   it), two weeks beside the names at 1280 px with the names kept in view when it scrolls, the staff
 *   in 五十音 order, 前週をコピー over the company's weeks (Sunday–Saturday by default, Monday–Sunday
 *   once the calendar says so) and 保存 enabled only when something changed.
 *
 * The scenario is November 2026 seen on Thursday 11/5 (pinned): 11/1 is a Sunday. Four staff whose ids
 * run in another order than their readings; everyone on 日勤（標準勤務） 9:00–18:00 by default.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import { clock } from '../../functions/shared/clock.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { pollUntil } from '../support/poll.js';
import { pinClock } from '../support/test-clock.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const ambient = clock.now;
const DAY = '日勤（標準勤務）';

/** The staff in the order they are created (ids ascending), and their readings. */
const STAFF = [
  ['渡辺', '一郎', 'ワタナベ イチロウ'],
  ['青木', '二郎', 'アオキ ジロウ'],
  ['加藤', '三郎', 'カトウ サブロウ'],
  ['伊藤', '四郎', 'イトウ シロウ'],
] as const;
const KANA_ORDER = ['青木 二郎', '伊藤 四郎', '加藤 三郎', '渡辺 一郎'];

async function setUp(name: string): Promise<TestTenant> {
  const tenant = await createTenant({ employees: STAFF.length, name });
  const { entities } = db();
  const companyId = tenant.companyId;
  for (const [i, [lastName, firstName, nameKana]] of STAFF.entries()) {
    await entities.Employee.patch({ companyId, employeeId: tenant.employees[i]!.id })
      .set({ lastName, firstName, nameKana })
      .go();
    tenant.employees[i]!.name = `${lastName} ${firstName}`;
  }
  for (const [patternId, label, start, end] of [
    ['day', DAY, 9, 18],
    ['early', '早番', 7, 16],
    ['night', '夜勤', 22, 31],
  ] as const)
    await entities.WorkPatternItem.put({
      companyId,
      patternId,
      name: label,
      startMinute: start * 60,
      endMinute: end * 60,
    }).go();
  await entities.PatternAssignment.put({
    companyId,
    scope: 'group',
    departmentId: RULE_ANY,
    employmentStatusId: RULE_ANY,
    employeeId: RULE_ANY,
    effectiveFrom: '2026-10-01',
    patternId: 'day',
  }).go();
  return tenant;
}

let tenant: TestTenant;
let bulkTenant: TestTenant;
beforeAll(async () => {
  pinClock('2026-11-05', '10:00');
  [tenant, bulkTenant] = await Promise.all([setUp('シフト表示株式会社'), setUp('シフト一括株式会社')]);
});
afterAll(() => {
  clock.now = ambient;
});

async function openShifts(who: TestTenant, viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.page(viewport);
  await signInAs(page, e2e.stack.baseUrl, 'admin', who.admin);
  await page.waitForURL('**/management');
  await page.goto(`${e2e.stack.baseUrl}/management/shifts`);
  await poll(() => page.getByTestId('shift-month').textContent()).toBe('2026年11月');
  await page.locator('.shift-table tbody tr').first().waitFor();
  return page;
}

const cell = (page: Page, who: string, d: number) =>
  page.getByRole('combobox', { name: `${who} 11月${d}日`, exact: true });
const box = (page: Page, who: string, d: number) => cell(page, who, d).locator('xpath=..');
const saveButton = (page: Page) => page.getByRole('button', { name: '保存', exact: true });
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Colours, clipping and contrast of an element (WCAG 2 relative luminance). */
async function looks(el: import('playwright-core').Locator) {
  return el.evaluate((node) => {
    const style = getComputedStyle(node);
    const rgb = (c: string) =>
      c
        .match(/\d+(\.\d+)?/g)!
        .slice(0, 3)
        .map(Number);
    const lum = (c: string) => {
      const [r, g, b] = rgb(c).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [hi, lo] = [lum(style.color), lum(style.backgroundColor)].sort((a, b) => b - a);
    const text = node.querySelector('.shift-cell__text') ?? node;
    return {
      background: style.backgroundColor,
      contrast: Math.round(((hi! + 0.05) / (lo! + 0.05)) * 100) / 100,
      text: text.textContent,
      clipped: text.scrollHeight > text.clientHeight + 1 || text.scrollWidth > text.clientWidth + 1,
      title: node.getAttribute('title'),
    };
  });
}

describe('item 21: the シフト grid', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`reads at a ${name}'s width: full names on their colours, names in view, 五十音 order`, async () => {
      const page = await openShifts(tenant, viewport);
      // 五十音 order, as 勤怠集計 (the ids run 渡辺, 青木, 加藤, 伊藤).
      const names = await page
        .locator('.shift-table tbody th[scope="row"]')
        .evaluateAll((ths) => ths.map((th) => th.querySelector('.shift-table__name > span')!.firstChild!.textContent));
      expect.soft(names).toEqual(KANA_ORDER);

      // Nothing changed yet: 保存 is not offered.
      expect(await page.getByTestId('shift-changes').textContent()).toBe('未保存の変更 0件');
      expect.soft(await saveButton(page).isDisabled()).toBe(true);

      // A blank cell shows its default's whole name, faintly; the option says it in brackets.
      const blank = await looks(box(page, '青木 二郎', 2));
      expect.soft(blank).toMatchObject({ text: DAY, clipped: false, title: `（${DAY}）` });
      expect(blank.contrast).toBeGreaterThanOrEqual(4.5);

      await cell(page, '青木 二郎', 2).selectOption({ label: DAY });
      await cell(page, '青木 二郎', 4).selectOption({ label: '早番' });
      await cell(page, '青木 二郎', 5).selectOption({ label: '夜勤' });
      expect(await page.getByTestId('shift-changes').textContent()).toBe('未保存の変更 3件');
      expect(await saveButton(page).isEnabled()).toBe(true);

      // Each pattern by its whole name on its own colour, the legend's, with text readable on it.
      const legend = page.getByRole('list', { name: '勤務パターンの色' });
      const chips: Record<string, Awaited<ReturnType<typeof looks>>> = {};
      for (const p of [DAY, '早番', '夜勤']) chips[p] = await looks(legend.locator('.shift-chip', { hasText: p }));
      expect(new Set(Object.values(chips).map((c) => c.background)).size).toBe(3);
      for (const [d, p] of [
        [2, DAY],
        [4, '早番'],
        [5, '夜勤'],
      ] as const) {
        const shown = await looks(box(page, '青木 二郎', d));
        expect
          .soft(shown, `11/${d}`)
          .toMatchObject({ text: p, clipped: false, title: p, background: chips[p]!.background });
        expect.soft(shown.contrast, `11/${d}`).toBeGreaterThanOrEqual(4.5);
        expect.soft(chips[p]!.contrast, p).toBeGreaterThanOrEqual(4.5);
      }
      expect(await legend.textContent()).toContain('9:00–18:00');
      expect(await legend.textContent()).toContain('22:00–翌7:00');

      // Days in view beside the names: two whole weeks at 1280 px; on a phone the grid scrolls.
      const grid = page.getByRole('region', { name: 'シフト表' });
      const layout = await grid.evaluate((region) => {
        const r = region.getBoundingClientRect();
        const name = region.querySelector('tbody th[scope="row"]')!.getBoundingClientRect();
        const days = [...region.querySelectorAll('thead .shift-table__day')].map((th) => th.getBoundingClientRect());
        return {
          visible: days.filter((d) => d.left >= name.right - 1 && d.right <= r.right + 1).length,
          scrolls: region.scrollWidth > region.clientWidth,
        };
      });
      if (viewport === DESKTOP) expect(layout.visible).toBeGreaterThanOrEqual(14);
      else expect(layout.visible).toBeGreaterThanOrEqual(3);
      expect(layout.scrolls).toBe(true);
      // Scrolled sideways, the names stay at the grid's left edge.
      await grid.evaluate((region) => region.scrollBy({ left: 600 }));
      const pinned = await grid.evaluate((region) => {
        const th = region.querySelector('tbody th[scope="row"]')!.getBoundingClientRect();
        return Math.abs(th.left - region.getBoundingClientRect().left) <= 1 && region.scrollLeft > 0;
      });
      expect(pinned).toBe(true);
      expect(await noSideScroll(page)).toBe(true);

      // Discarded, nothing is left to save.
      await page.getByRole('button', { name: '変更を破棄' }).click();
      expect(await saveButton(page).isDisabled()).toBe(true);
    });
  }

  it("前週をコピー copies the company's weeks: Sunday–Saturday by default, Monday–Sunday once the calendar says so", async () => {
    const page = await openShifts(tenant, DESKTOP);
    const aoki = '青木 二郎';
    const week = page.getByLabel('対象の週');
    const weeks = await week.locator('option').allTextContents();
    expect(weeks).toEqual(['11/1〜11/7', '11/8〜11/14', '11/15〜11/21', '11/22〜11/28', '11/29〜11/30']);
    expect(await page.locator('#shift-week-hint').textContent()).toContain('日曜日');
    // Sunday 11/1 (a calendar day off) 早番 and Saturday 11/7 夜勤, copied onto the week from Sunday 11/8.
    await cell(page, aoki, 1).selectOption({ label: '早番' });
    await cell(page, aoki, 7).selectOption({ label: '夜勤' });
    await week.selectOption({ label: '11/8〜11/14' });
    await page.getByRole('button', { name: '前週をコピー' }).click();
    await poll(() => cell(page, aoki, 8).inputValue()).toBe('early');
    expect(await cell(page, aoki, 14).inputValue()).toBe('night');
    expect(await cell(page, aoki, 9).inputValue()).toBe('');
    expect(await cell(page, aoki, 15).inputValue()).toBe('');
    await saveButton(page).click();
    await poll(() => page.getByRole('status').first().textContent()).toMatch(/^シフトを保存しました/);
    expect(await saveButton(page).isDisabled()).toBe(true);

    // The calendar's week from Monday (from 11/1): the weeks of the grid follow.
    const api = await signIn(e2e.stack.baseUrl, 'admin', tenant.admin);
    const saved = await api.put('/api/v1/company_calendar', { effective_from: '2026-11-01', week_starts_on: 1 });
    expect(saved.status).toBe(200);
    const job = saved.body.data.recompute;
    if (job)
      await pollUntil(
        async () => (await api.get(`/api/v1/recompute_jobs/${job.id}`)).body.data,
        (j) => j.status === 'done' || j.status === 'failed',
      );
    await page.reload();
    await poll(() => page.getByTestId('shift-month').textContent()).toBe('2026年11月');
    await poll(() => week.locator('option').allTextContents()).toEqual([
      '11/1〜11/1',
      '11/2〜11/8',
      '11/9〜11/15',
      '11/16〜11/22',
      '11/23〜11/29',
      '11/30〜11/30',
    ]);
    expect(await page.locator('#shift-week-hint').textContent()).toContain('月曜日');
    expect(await cell(page, aoki, 8).inputValue()).toBe('early');
  });
});

describe('item 18: 一括入力 leaves days off alone', () => {
  it('skips the calendar’s holidays and 休 days, says how many, and fills them when asked (phone)', async () => {
    const page = await openShifts(bulkTenant, PHONE);
    const [ito, kato] = ['伊藤 四郎', '加藤 三郎'];
    // 加藤's Thursday 11/5 is 休 (his shift, not saved yet).
    await cell(page, kato, 5).selectOption({ label: '休' });
    await page.getByRole('checkbox', { name: `${ito}を選択` }).check();
    await page.getByRole('checkbox', { name: `${kato}を選択` }).check();
    for (const wd of ['月', '火', '水', '木', '金']) await page.getByLabel(wd, { exact: true }).check();
    await page.getByLabel('入力する内容').selectOption({ label: DAY });
    // The option is in view beside 反映 and off by default.
    const include = page.getByRole('checkbox', { name: '休日にも入力する' });
    expect(await include.isVisible()).toBe(true);
    expect(await include.isChecked()).toBe(false);
    await page.getByRole('button', { name: '反映', exact: true }).click();
    // November has 21 weekdays, two of them holidays (11/3, 11/23): 2 × 19 filled less 加藤's 休 = 37;
    // skipped 2 × 2 holidays + 1 休 = 5.
    await poll(() => page.getByRole('status').first().textContent()).toBe(
      '37件を反映しました（未保存）。休日の5件はスキップしました。内容を確認して保存してください。',
    );
    for (const who of [ito, kato]) {
      expect(await cell(page, who, 2).inputValue()).toBe('day');
      expect(await cell(page, who, 3).inputValue()).toBe('');
      expect(await cell(page, who, 23).inputValue()).toBe('');
      expect(await cell(page, who, 7).inputValue()).toBe('');
    }
    expect(await cell(page, kato, 5).inputValue()).toBe('off');
    expect(await cell(page, ito, 5).inputValue()).toBe('day');

    // Asked to, it fills the days off too (and says nothing of skipping).
    await include.check();
    await page.getByRole('button', { name: '反映', exact: true }).click();
    await poll(() => page.getByRole('status').first().textContent()).toBe(
      '42件を反映しました（未保存）。内容を確認して保存してください。',
    );
    expect(await cell(page, ito, 3).inputValue()).toBe('day');
    expect(await cell(page, kato, 5).inputValue()).toBe('day');
    expect(await noSideScroll(page)).toBe(true);
  });
});
