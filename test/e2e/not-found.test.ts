/**
 * Unknown pages (issue 14 item 11): the gateway answers 404 with the app shell and the app renders
 * its 404 page; known pages, including one with an id, still answer 200 and render themselves.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '迷子株式会社' });
});

describe('unknown pages', () => {
  it('answers 404 for an unknown public path and shows the 404 page with a link back to the top', async () => {
    const page = await e2e.page(DESKTOP);
    const response = await page.goto(`${e2e.stack.baseUrl}/no-such-page`);

    expect(response!.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Not found.');
    expect(await page.title()).toContain('404 Not found.');
    // The prerendered landing page of index.html is not shown under the 404 page.
    expect(await page.getByText('勤怠管理を、ひとつの場所で。').count()).toBe(0);
    await page.locator('.status-page a').click();
    await page.waitForURL(`${e2e.stack.baseUrl}/`);
  });

  it('answers 404 for an unknown page inside the employee area and shows the 404 page there', async () => {
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
    const response = await page.goto(`${e2e.stack.baseUrl}/employees/no-such-page`);

    expect(response!.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Not found.');
  });

  it('answers 200 for a known page with an id and renders it, not the 404 page', async () => {
    const page = await e2e.page(DESKTOP);
    const response = await page.goto(`${e2e.stack.baseUrl}/users/sign_in`);
    expect(response!.status()).toBe(200);
    await expect.poll(() => page.getByLabel('メールアドレス').count()).toBe(1);

    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
    const withId = await page.goto(`${e2e.stack.baseUrl}/employees/info_items/01HXNOSUCHITEM0000000000000`);
    expect(withId!.status()).toBe(200);
    // The announcement page itself (its back link), not the router's 404 page.
    await expect.poll(() => page.locator('.info-item__back a').textContent()).toBe('戻る');
    expect(await page.getByRole('heading', { level: 1, name: '404 Not found.' }).count()).toBe(0);
  });
});
