/**
 * Issue 14 item 1: a request filed for next year is reachable. The employee files leave for 8 January
 * next year on the phone; the admin finds it under 申請管理 ?year=<next year> (the year select offers
 * every year staff can file for), sees it in 未処理 with the side menu's count, approves it there, and
 * the count drops.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';
import { testToday } from '../support/test-clock.js';

const e2e = useBrowser();
/** Two shared cores: give the page time to answer (expect.poll waits 1 s by default). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
let tenant: TestTenant;
const [thisYear] = testToday().split('-').map(Number) as [number];
const nextYear = thisYear + 1;
const weekday = '日月火水木金土'[new Date(Date.UTC(nextYear, 0, 8)).getUTCDay()]!;
const longDate = `${nextYear}年1月8日(${weekday})`;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '未処理確認株式会社' });
});

describe('next year’s requests in 申請管理', () => {
  it('an employee files leave for 8 January next year; the admin finds it by year and in 未処理, approves it, and the count drops', async () => {
    const staff = await e2e.page(PHONE);
    await signInAs(staff, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await staff.waitForURL('**/employees');
    await staff.goto(`${e2e.stack.baseUrl}/employees/requests/holiday`);
    await staff.locator('#request-leave-type').selectOption('1');
    await staff.locator('#request-date-year').selectOption(String(nextYear));
    await staff.locator('#request-date-month').selectOption('1');
    await staff.locator('#request-date-day').selectOption('8');
    await staff.locator('#request-reason').fill('年始の代休');
    await staff.getByRole('button', { name: '申請', exact: true }).click();
    await poll(() => staff.textContent('main')).toContain('申請が完了しました。');

    const admin = await e2e.page(DESKTOP);
    await signInAs(admin, e2e.stack.baseUrl, 'admin', tenant.admin);
    await admin.waitForURL('**/management');
    // The side menu counts what waits, on every page.
    const menuLink = admin.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: /申請管理/ });
    await poll(() => menuLink.locator('.side-nav__badge').textContent()).toBe('1');
    expect(await menuLink.textContent()).toContain('未処理 1件');

    // ?year=<next year> is honoured: the select shows it and the month's list has the request.
    await admin.goto(`${e2e.stack.baseUrl}/management/requests?year=${nextYear}&month=1`);
    const yearSelect = admin.locator('#admin-requests-month-year');
    await poll(() => yearSelect.inputValue()).toBe(String(nextYear));
    expect(await yearSelect.locator('option').allTextContents()).toContain(String(nextYear));
    const leave = admin.getByRole('region', { name: '休暇申請' });
    await poll(() => leave.textContent()).toContain(longDate);
    expect(await leave.textContent()).toContain('社員 1号');

    // 未処理: every month and kind on one list; decided there, the request leaves it and the count drops.
    await admin
      .getByRole('navigation', { name: '表示' })
      .getByRole('link', { name: /未処理/ })
      .click();
    await admin.waitForURL('**/management/requests?view=pending');
    const pending = admin.getByRole('region', { name: '未処理の申請' });
    const row = pending.getByRole('row', { name: /社員 1号/ });
    await poll(() => row.textContent()).toContain(longDate);
    expect(await row.textContent()).toContain('休暇申請');
    expect(await row.textContent()).toContain('代休');
    await row.getByRole('button', { name: /確認/ }).click();
    const dialog = admin.getByRole('dialog');
    await poll(() => dialog.getByRole('heading').textContent()).toBe('社員 1号さんから申請が届いています');
    expect(await dialog.textContent()).toContain('年始の代休');
    await dialog.getByRole('button', { name: '承認', exact: true }).click();
    await poll(() => pending.textContent()).toContain('未処理の申請はありません。');
    await poll(() => menuLink.locator('.side-nav__badge').count()).toBe(0);

    // Approved, it shows as such in next January's list.
    await admin.goto(`${e2e.stack.baseUrl}/management/requests?year=${nextYear}&month=1`);
    const decided = admin.getByRole('region', { name: '休暇申請' }).getByRole('row', { name: /社員 1号/ });
    await poll(() => decided.locator('.badge--approved').textContent()).toBe('承認');
  });
});
