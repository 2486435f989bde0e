/**
 * スタッフ一括登録 in Chromium on a phone: from the staff list to the import screen, the template's
 * header, a file with a bad row (problems beside the row, 登録する disabled), the fixed file, the
 * progress, the result and the new staff in the list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';
import { STAFF_IMPORT_COLUMNS } from '../../functions/domain/staff-import.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 60_000 });
let tenant: TestTenant;
const run = Date.now().toString(36);

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '一括登録画面株式会社' });
});

const HEADER = '社員番号,姓,名,フリガナ,メールアドレス,部署,雇用形態,入社日';
const line = (n: number, email = `ui-${n}-${run}@example.test`) =>
  `UI-${n},山本,${n}子,やまもと,${email},営業部,正社員,2026/4/1`;

describe('bulk staff import in Chromium on a phone', () => {
  it('shows the bad row with its problem, imports the fixed file with progress, and the list shows the new staff', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.goto(`${e2e.stack.baseUrl}/management/staff`);
    await page.getByRole('link', { name: '一括登録（CSV）' }).click();
    await page.waitForURL('**/management/staff/import');
    await poll(() => page.getByRole('heading', { level: 1, name: 'スタッフ一括登録' }).count()).toBe(1);

    // The template is the header row the API reads, UTF-8 with a BOM.
    const href = await page.getByRole('link', { name: 'テンプレートをダウンロード' }).getAttribute('href');
    const template = decodeURIComponent(href!.replace(/^data:text\/csv;charset=utf-8,/, ''));
    expect(template).toBe(`\ufeff${STAFF_IMPORT_COLUMNS.map((c) => c.header).join(',')}\r\n`);
    expect(template.trim()).toBe(`\ufeff${HEADER}`.trim());

    // Row 3 has a broken e-mail: it is marked with the message, 登録する stays disabled.
    const bad = [HEADER, line(1), line(2, 'not-an-email'), line(3)].join('\r\n') + '\r\n';
    await page.setInputFiles('#staff-import-file', {
      name: 'staff.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(bad),
    });
    const badRow = page.locator('tr[data-row="3"]');
    await poll(() => badRow.textContent()).toContain('メールアドレス：正しいメールアドレスを入力してください');
    expect(await page.getByRole('status').first().textContent()).toContain('1件の問題があります');
    expect(await page.locator('tr[data-row="2"] td').first().textContent()).toBe('OK');
    expect(await page.getByRole('button', { name: '登録する' }).isDisabled()).toBe(true);
    // The page does not scroll sideways (the preview table scrolls in its own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The fixed file: every row OK, 登録する enabled; the import runs with progress to the result.
    const good = [HEADER, line(1), line(2), line(3)].join('\r\n') + '\r\n';
    await page.setInputFiles('#staff-import-file', {
      name: 'staff.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(good),
    });
    await poll(() => page.getByRole('status').first().textContent()).toContain('3人すべて登録できます。');
    await page.getByRole('button', { name: '登録する' }).click();
    await poll(() => page.getByRole('status').first().textContent()).toContain('登録が完了しました（3人を登録）。');

    await page.getByRole('link', { name: 'スタッフ一覧へ' }).click();
    await page.waitForURL('**/management/staff');
    const numbers = page.locator('.staff-table .staff-number');
    await poll(async () => (await numbers.allTextContents()).filter((n) => n.startsWith('UI-')).sort()).toEqual([
      'UI-1',
      'UI-2',
      'UI-3',
    ]);
  });
});
