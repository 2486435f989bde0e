/**
 * メール送信状況 (issue 30 item 12) in Chromium on a phone: a request filed while the mail server is down
 * still succeeds; the admin finds its mail on メール送信状況 (from the menu) as 再送待ち with the reason;
 * once the retries are used up it shows 送信失敗 with 再送, and 再送 with the server back sends it, once.
 * The operator sees the platform's own mails (a password-reset code) on their メール送信状況.
 *
 * The mail server is the test's own (test/support/mail.ts ownMailServer: stopped and started again on
 * the same port, loopback only); the outbox's scheduled run is called at the instants its waits end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMailOutbox } from '../../functions/services/mail-outbox.js';
import { describeViolations, seriousA11yViolations } from '../support/a11y.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { ownMailServer } from '../support/mail.js';
import { createHttpClient } from '../support/http-client.js';
import { createOperator, createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { pinSuiteDate } from '../support/test-clock.js';

// A Wednesday: nothing here depends on the kind of day.
pinSuiteDate('2026-11-25', '10:00');

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
let tenant: TestTenant;
let mail: Awaited<ReturnType<typeof ownMailServer>>;

beforeAll(async () => {
  mail = await ownMailServer();
  tenant = await createTenant({ employees: 1, name: '送信状況株式会社' });
});

afterAll(async () => {
  await mail?.close();
});

const fitsWidth = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('メール送信状況 in Chromium on a phone', () => {
  it('shows a mail the server did not take as 再送待ち, then 送信失敗 with 再送, and 再送 sends it once', async () => {
    await mail.down();
    const employee = await signIn(e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    const filed = await employee.post('/api/v1/over_work_requests', { year: 2026, month: 11, day: 20, reason: '' });
    expect(filed.status).toBe(201);

    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.locator('.menu-button').click();
    await page.getByRole('link', { name: 'メール送信状況' }).click();
    await page.waitForURL('**/management/mail_outbox');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('メール送信状況');

    const card = page.locator('.mail-outbox__item').first();
    await poll(() => card.getByRole('heading').textContent()).toBe('申請の受付');
    expect(await card.locator('.badge').textContent()).toBe('再送待ち');
    expect(await card.textContent()).toContain('メールサーバーに接続できませんでした');
    // The recipient masked: the first two characters of the address, then ***.
    expect(await card.locator('.mail-outbox__to').textContent()).toBe(
      `${tenant.admin.email.slice(0, 2)}***@example.test`,
    );
    expect(await card.getByRole('button', { name: /再送/ }).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);

    // The server stays down through every retry: the outbox gives up (10 tries) and says 送信失敗.
    const admin = await signIn(e2e.stack.baseUrl, 'admin', tenant.admin);
    for (let i = 0; i < 9; i++) {
      const [row] = (await admin.get('/api/v1/mail_outbox')).body.data as { next_attempt_at: string }[];
      await runMailOutbox(() => new Date(Date.parse(row!.next_attempt_at)));
    }
    await page.reload();
    await poll(() => card.locator('.badge').textContent()).toBe('送信失敗');
    expect(await fitsWidth(page)).toBe(true);
    // axe (serious and critical) on the screen with its 再送 button.
    const violations = await seriousA11yViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    // Back up: 再送 (after the confirmation) sends it at once, and the card says 送信済み.
    await mail.up();
    page.once('dialog', (d) => void d.accept());
    await card.getByRole('button', { name: /再送/ }).click();
    await poll(() => page.getByRole('status').textContent()).toBe('メールを再送しました。');
    await poll(() => card.locator('.badge').textContent()).toBe('送信済み');
    expect(await card.getByRole('button', { name: /再送/ }).count()).toBe(0);
    expect(mail.mailsTo(tenant.admin.email, /残業申請/)).toHaveLength(1);
  });

  it("the operator sees the platform's password-reset code mails; admins are refused that screen", async () => {
    await mail.up();
    const anonymous = createHttpClient(e2e.stack.baseUrl);
    await anonymous.get('/api/v1/session');
    expect(
      (await anonymous.post('/api/v1/password_resets', { audience: 'employee', email: tenant.employees[0]!.email }))
        .status,
    ).toBe(200);

    const operator = await createOperator(e2e.stack.baseUrl);
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'operator', operator);
    await page.waitForURL('**/management/companies');
    await page
      .getByRole('navigation', { name: 'メインメニュー' })
      .getByRole('link', { name: 'メール送信状況' })
      .click();
    await page.waitForURL('**/management/platform_mails');
    const card = page.locator('.mail-outbox__item').first();
    await poll(() => card.getByRole('heading').textContent()).toBe('パスワード再設定の確認コード');
    expect(await card.locator('.badge').textContent()).toBe('送信済み');
    expect(await card.getByRole('button', { name: /再送/ }).count()).toBe(0);
    await page.setViewportSize(PHONE);
    expect(await fitsWidth(page)).toBe(true);
    const violations = await seriousA11yViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    const adminPage = await e2e.page(PHONE);
    await signInAs(adminPage, e2e.stack.baseUrl, 'admin', tenant.admin);
    await adminPage.waitForURL('**/management');
    await adminPage.goto(`${e2e.stack.baseUrl}/management/platform_mails`);
    await poll(() => adminPage.getByRole('heading', { level: 1 }).textContent()).toMatch(/Permission Denied/);
  });
});
