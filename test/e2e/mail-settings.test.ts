/**
 * お知らせメール settings (issue 18 item 6) in Chromium on a phone: the employee turns a kind off on
 * 設定 and it stays off after a reload; the admin turns 申請の受付 off on メール通知設定 (from the
 * menu), and a request filed afterwards mails the admin nothing while the employee still gets the decision.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { mailsTo } from '../support/mail.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { workingDay } from '../support/working-days.js';
import { testToday } from '../support/test-clock.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: 'メール設定株式会社' });
});

describe('mail settings in Chromium on a phone', () => {
  it('the employee turns 打刻漏れ off on 設定, and it stays off', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
    await page.goto(`${e2e.stack.baseUrl}/employees/settings`);
    const missed = page.getByRole('checkbox', { name: /打刻漏れ/ });
    await poll(() => missed.isChecked()).toBe(true);
    await missed.uncheck();
    await page.getByRole('button', { name: '保存' }).click();
    await poll(() => page.getByRole('status').filter({ hasText: '設定を保存' }).textContent()).toBe(
      'お知らせメールの設定を保存しました。',
    );
    await page.reload();
    await poll(() => page.getByRole('checkbox', { name: /打刻漏れ/ }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: /申請の承認・却下/ }).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('the admin turns 申請の受付 off from the menu; a new request then mails the admin nothing', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.locator('.menu-button').click();
    await page.getByRole('link', { name: 'メール通知設定' }).click();
    await page.waitForURL('**/management/mail_settings');
    const filed = page.getByRole('checkbox', { name: /申請の受付/ });
    await poll(() => filed.isChecked()).toBe(true);
    await filed.uncheck();
    await page.getByRole('button', { name: '保存' }).click();
    await poll(() => page.getByRole('status').filter({ hasText: '設定を保存' }).textContent()).toBe(
      'お知らせメールの設定を保存しました。',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const employee = await signIn(e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    const [year, month] = testToday().split('-').map(Number) as [number, number];
    const res = await employee.post('/api/v1/over_work_requests', {
      year,
      month,
      day: workingDay(year, month, 1),
      reason: '',
    });
    expect(res.status).toBe(201);
    expect(await mailsTo(tenant.admin.email, { atLeast: 0 })).toEqual([]);
  });
});
