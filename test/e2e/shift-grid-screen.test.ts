/**
 * シフト, issue 29 item 18, in Chromium at a phone's width (390×844):
 * - 18: 一括入力 of a work pattern leaves days off alone — the company calendar's (文化の日 11/3, 勤労感謝の日
 *   11/23) and a member's 休 — says how many it skipped, and fills them only when 休日にも入力する is ticked.
 *
 * The scenario is November 2026 seen on Thursday 11/5 (pinned): 11/1 is a Sunday. Four staff whose ids
 * run in another order than their readings; everyone on 日勤（標準勤務） 9:00–18:00 by default.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import { clock } from '../../functions/shared/clock.js';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { pinClock } from '../support/test-clock.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

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

let bulkTenant: TestTenant;
beforeAll(async () => {
  pinClock('2026-11-05', '10:00');
  bulkTenant = await setUp('シフト一括株式会社');
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
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

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
