/** Issue 14 item 5 in Chromium: a department name already in use is refused, with the reason next to the field. */
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '重複名株式会社' });
});

describe('department form in Chromium', () => {
  it('refuses a name that repeats 営業部 with other spacing, showing why next to the name field', async () => {
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.goto(`${e2e.stack.baseUrl}/management/departments/new`);
    const field = page.locator('#department-name');
    await field.fill('\u3000営業部 ');
    await page.getByRole('button', { name: '登録' }).click();
    const taken = 'この部署名はすでに登録されています。';
    await poll(() => page.locator('#department-name-error').textContent()).toBe(taken);
    expect(await page.getByRole('alert').first().textContent()).toBe(taken);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe('department-name-error');
    expect(page.url()).toContain('/management/departments/new');
  });
});
