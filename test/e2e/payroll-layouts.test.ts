/**
 * Issue 18 item 2 in Chromium: on 勤怠集計 the admin builds a payroll layout in レイアウト設定 (columns
 * added, one moved up, a header renamed, decimal hours, Shift_JIS), a blank name is refused beside the
 * field, then picks the layout in 出力レイアウト and downloads the CSV: its first line is the layout's
 * headers. The 給与奉行 preset downloads with its own headers. On a 390 px phone the editor fits the
 * width (the page never scrolls sideways).
 */
import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { refreshCompanyMonth } from '../../functions/db/summaries.js';
import { instantOf } from '../../functions/domain/time.js';
import { clock } from '../../functions/shared/clock.js';
import { expectNoSeriousA11yViolations } from '../support/a11y.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });
let tenant: TestTenant;
const realNow = clock.now;

beforeAll(async () => {
  clock.now = () => new Date('2026-11-10T03:00:00Z'); // 12:00 in Tokyo
  tenant = await createTenant({ employees: 1, name: '給与レイアウト株式会社' });
  // The figures are of days with the company's break (none is deemed without one since issue 29).
  await putTwoTierBreakRule(tenant.companyId);
  const a = tenant.employees[0]!.id;
  const { entities } = db();
  await entities.Employee.patch({ companyId: tenant.companyId, employeeId: a })
    .set({ employeeNumber: 'K001', nameKana: 'シャイン イチゴウ', lastName: '社員', firstName: '1号' })
    .go();
  await entities.AttendanceDay.put([
    {
      companyId: tenant.companyId,
      employeeId: a,
      workDate: '2026-10-01',
      punchInAt: instantOf('2026-10-01', 9, 0, 'Asia/Tokyo'),
      punchOutAt: instantOf('2026-10-01', 20, 30, 'Asia/Tokyo'), // 2:30 法定外 (a 60 min break)
    },
  ]).go();
  await refreshCompanyMonth(tenant.companyId, 'Asia/Tokyo', 2026, 10);
});

afterAll(() => {
  clock.now = realNow;
});

async function totalsPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.page(viewport);
  await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
  await page.waitForURL('**/management');
  await page.goto(`${e2e.stack.baseUrl}/management/attendance_totals`);
  await page.locator('#totals-period').fill('2026-10');
  await page.getByRole('heading', { name: 'レイアウト設定' }).waitFor();
  return page;
}

async function downloadLines(page: Page): Promise<string[]> {
  const file = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'CSVダウンロード' }).click();
  const bytes = await readFile((await (await file).path())!);
  return iconv.decode(bytes, 'CP932').split('\r\n');
}

describe('payroll CSV layouts', () => {
  it('builds a custom layout and downloads the CSV in it', { timeout: 240_000 }, async () => {
    const page = await totalsPage(DESKTOP);
    await page.getByRole('button', { name: '新しいレイアウト' }).click();
    // A blank name is refused beside the field, nothing saved.
    await page.getByRole('button', { name: '保存' }).click();
    await poll(() => page.locator('#layout-name-error').textContent()).toBe('入力してください');
    expect(await page.locator('#layout-name').getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(page, 'レイアウト設定 (a refused form)');

    await page.locator('#layout-name').fill('自社給与');
    await page.getByLabel('1列目の見出し').fill('社員No');
    await page.getByRole('button', { name: '列を追加' }).click();
    await page.getByLabel('2列目の項目').selectOption({ label: '法定外残業時間' });
    await page.getByRole('button', { name: '列を追加' }).click();
    await page.getByLabel('3列目の項目').selectOption({ label: '氏名' });
    await page.getByRole('button', { name: '3列目を上へ' }).click();
    expect(await page.getByLabel('2列目の見出し').inputValue()).toBe('氏名');
    expect(await page.getByLabel('3列目の見出し').inputValue()).toBe('法定外残業時間');
    await page.locator('#layout-time-format').selectOption('decimal');
    await page.locator('#layout-encoding').selectOption('sjis');
    await page.getByRole('button', { name: '保存' }).click();
    await poll(() => page.getByText('レイアウトを保存しました。').count()).toBe(1);
    await poll(() => page.locator('.layout-list__name').allTextContents()).toEqual(['自社給与']);

    await page.locator('#totals-layout').selectOption({ label: '自社給与' });
    const lines = await downloadLines(page);
    expect(lines[0]).toBe('社員No,氏名,法定外残業時間');
    expect(lines[1]).toBe('K001,社員 1号,2.50');
    await poll(() => page.getByRole('status').filter({ hasText: 'ダウンロードしました' }).count()).toBe(1);

    // A preset: 給与奉行's headers, Shift_JIS.
    await page.locator('#totals-layout').selectOption({ label: '給与奉行' });
    expect(await page.locator('#totals-layout-hint').textContent()).toContain('Shift_JIS');
    const bugyo = await downloadLines(page);
    expect(bugyo[0]!.startsWith('社員番号,出勤日数,欠勤日数,')).toBe(true);
    expect(bugyo[1]!.startsWith('K001,1,')).toBe(true);
  });

  it('fits a phone: the editor wraps, the page never scrolls sideways', { timeout: 120_000 }, async () => {
    const page = await totalsPage(PHONE);
    await page.getByRole('button', { name: '新しいレイアウト' }).click();
    await page.getByRole('button', { name: '列を追加' }).click();
    await page.getByRole('button', { name: '列を追加' }).click();
    await page.getByLabel('3列目の見出し').waitFor();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    const box = await page.getByRole('button', { name: '3列目を削除' }).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yViolations(page, 'レイアウト設定 on a phone');
  });
});
