/**
 * 勤怠集計 (issue 18 item 1) in Chromium: the admin opens it from the menu, picks October 2026 (today is
 * 2026-11-10 on the server), sorts by a column both ways, filters by department and downloads the CSV
 * (社員番号 first, UTF-8 with BOM). On a 390 px phone the page does not scroll sideways: only the table does.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { refreshCompanyMonth } from '../../functions/db/summaries.js';
import { instantOf } from '../../functions/domain/time.js';
import { clock } from '../../functions/shared/clock.js';
import { newId } from '../../functions/shared/ids.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });
let tenant: TestTenant;
const realNow = clock.now;
const kaihatsu = newId();
const third = newId();

beforeAll(async () => {
  clock.now = () => new Date('2026-11-10T03:00:00Z'); // 12:00 in Tokyo
  tenant = await createTenant({ employees: 2, name: '集計画面株式会社' });
  // The figures are of days with the company's break (none is deemed without one since issue 29).
  await putTwoTierBreakRule(tenant.companyId);
  const [a, b] = tenant.employees.map((e) => e.id) as [string, string];
  const { entities } = db();
  await entities.Employee.patch({ companyId: tenant.companyId, employeeId: a })
    .set({ employeeNumber: 'E002', nameKana: 'シャイン イチゴウ', lastName: '社員', firstName: '1号' })
    .go();
  await entities.Employee.patch({ companyId: tenant.companyId, employeeId: b })
    .set({ employeeNumber: 'E001', nameKana: 'シャイン ニゴウ', lastName: '社員', firstName: '2号' })
    .go();
  await entities.Department.put({ companyId: tenant.companyId, departmentId: kaihatsu, name: '開発部' }).go();
  await entities.Employee.put({
    companyId: tenant.companyId,
    employeeId: third,
    lastName: '青木',
    firstName: '花子',
    nameKana: 'アオキ ハナコ',
    employeeNumber: 'E003',
    email: `aoki-${third}@example.com`,
    departmentId: kaihatsu,
    employmentStatusId: tenant.employmentStatusId,
  }).go();
  const day = (employeeId: string, date: string, outH: number) => ({
    companyId: tenant.companyId,
    employeeId,
    workDate: date,
    punchInAt: instantOf(date, 9, 0, 'Asia/Tokyo'),
    punchOutAt: instantOf(date, outH, 0, 'Asia/Tokyo'),
  });
  await entities.AttendanceDay.put([
    day(a, '2026-10-01', 18),
    day(a, '2026-10-02', 20), // 2 h 法定外 (a 60 min break)
    day(b, '2026-10-01', 21), // 3 h 法定外
    day(third, '2026-10-01', 18),
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
  // On a desktop the side menu has the entry; a phone opens the page by its address.
  if (viewport.width > PHONE.width) await page.getByRole('link', { name: '勤怠集計' }).first().click();
  else await page.goto(`${e2e.stack.baseUrl}/management/attendance_totals`);
  await page.waitForURL('**/management/attendance_totals');
  await page.locator('#totals-period').fill('2026-10');
  return page;
}

const names = (page: Page) =>
  page.locator('.totals-table tbody th[scope="row"]').evaluateAll((cells) => cells.map((c) => c.textContent));

describe('勤怠集計', () => {
  it('sorts by a column both ways, filters by department and downloads the CSV', { timeout: 180_000 }, async () => {
    const page = await totalsPage(DESKTOP);
    // 五十音 by フリガナ: アオキ, シャイン イチゴウ, シャイン ニゴウ.
    await poll(() => names(page)).toEqual(['青木 花子', '社員 1号', '社員 2号']);
    expect(await page.textContent('main')).toContain('期間：2026-10-01〜2026-10-31');
    const row = page.getByRole('row', { name: /社員 2号/ });
    expect(await row.textContent()).toContain('E001');
    expect(await row.textContent()).toContain('3:00');

    // 法定外: the first press sorts the largest first, the second the smallest first.
    await page.getByRole('button', { name: '法定外' }).click();
    await poll(() => names(page)).toEqual(['社員 2号', '社員 1号', '青木 花子']);
    expect(
      await page
        .getByRole('columnheader', { name: /法定外/ })
        .first()
        .getAttribute('aria-sort'),
    ).toBe('descending');
    await page
      .getByRole('button', { name: /法定外/ })
      .first()
      .click();
    await poll(() => names(page)).toEqual(['青木 花子', '社員 1号', '社員 2号']);

    await page.locator('#totals-department').selectOption({ label: '開発部' });
    await poll(() => names(page)).toEqual(['青木 花子']);

    const file = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'CSVダウンロード' }).click();
    const download = await file;
    expect(download.suggestedFilename()).toBe('勤怠集計_202610.csv');
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]!.startsWith('社員番号,氏名,フリガナ,部署,雇用形態')).toBe(true);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['E003']);
    await poll(() => page.getByRole('status').filter({ hasText: 'ダウンロードしました' }).count()).toBe(1);
  });

  it('fits a phone: the page never scrolls sideways, the table does', { timeout: 120_000 }, async () => {
    const page = await totalsPage(PHONE);
    await poll(() => names(page)).toHaveLength(3);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      box: document.querySelector('.table-scroll')!.scrollWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(widths.box).toBeGreaterThan(widths.viewport);
  });
});
