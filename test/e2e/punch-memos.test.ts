/**
 * Issue 14 item 9 on a phone (390×844): the 退勤 memo no longer replaces the 出勤 memo. The box is
 * empty for 退勤 (not pre-filled with the morning memo), and both memos show on the punch screen and
 * in 勤怠一覧 — in Chromium against the real local stack.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
let tenant: TestTenant;
let page: Page;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: 'メモ二つ株式会社' });
  page = await e2e.page(PHONE);
  await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
  await page.waitForURL('**/employees');
});

describe('punch memos on a phone', () => {
  it('keeps the 出勤 memo when 退勤 carries its own, and shows both', async () => {
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('未出勤');
    await page.getByLabel('出勤メモ').fill('直行 A社');
    await page.getByRole('button', { name: '出勤' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('勤務中');

    // The box now belongs to 退勤 and starts empty; the morning memo is shown, not pre-filled.
    const box = page.getByLabel('退勤メモ', { exact: true });
    expect(await box.inputValue()).toBe('');
    const memos = page.locator('.punch-memos');
    await expect.poll(() => memos.textContent()).toBe('出勤メモ直行 A社');

    // 退勤 a few hours later (the gateway runs the handlers in this process: the domain clock moves theirs).
    const realNow = clock.now;
    clock.now = () => new Date(realNow().getTime() + 3 * 60 * 60 * 1000);
    try {
      await box.fill('直帰 B社');
      await page.getByRole('button', { name: '退勤' }).click();
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('退勤済み');
    } finally {
      clock.now = realNow;
    }
    await expect.poll(() => memos.textContent()).toBe('出勤メモ直行 A社退勤メモ直帰 B社');

    const stored = await db()
      .entities.AttendanceDay.query.byEmployee({ companyId: tenant.companyId, employeeId: tenant.employees[0]!.id })
      .go();
    expect(stored.data).toHaveLength(1);
    expect(stored.data[0]).toMatchObject({ note: '直行 A社', punchOutNote: '直帰 B社' });

    // After a reload too (the state comes from the server, not from what was typed).
    await page.reload();
    await expect.poll(() => memos.textContent()).toBe('出勤メモ直行 A社退勤メモ直帰 B社');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('shows both memos in the month table', async () => {
    await page.getByRole('button', { name: 'メニュー' }).click();
    await page.getByRole('link', { name: '勤怠一覧' }).click();
    await page.waitForURL('**/employees/attendance');
    const table = page.getByRole('table');
    const row = table.locator('tbody tr[aria-current="date"]');
    await expect
      .poll(() => row.locator('.month-table__note-text').allTextContents())
      .toEqual(['出勤メモ: 直行 A社', '退勤メモ: 直帰 B社']);
  });
});
