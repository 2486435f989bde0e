/**
 * The test clock reaches everything a test drives (issue 29 item 1): with KINTAI_TEST_TODAY set, the
 * handlers' "today" (the punch's work date), the browser page's Date (the punch screen's clock) and the
 * test's own testToday() are the same day — never the machine's. test/dates/ runs this file on a
 * Saturday, a Sunday, a national holiday and the last and first day of a month.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { TEST_TODAY, testToday } from '../support/test-clock.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
let tenant: TestTenant;
let page: Page;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '時計確認株式会社' });
  page = await e2e.page(PHONE);
  await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
  await page.waitForURL('**/employees');
});

describe('the pinned test date', () => {
  it('is the day the test, the browser and the handlers see', async () => {
    // The suite starts on KINTAI_TEST_TODAY at KINTAI_TEST_TIME (default 10:00): still that day.
    expect(testToday()).toBe(TEST_TODAY);
    const pageDate = await page.evaluate(() =>
      // eslint-disable-next-line no-restricted-syntax -- the page's Date, which browser.ts pins: what this checks
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date()),
    );
    expect(pageDate).toBe(TEST_TODAY);
    await expect.poll(() => page.locator('.clock__date time').getAttribute('datetime')).toBe(TEST_TODAY);

    await page.getByRole('button', { name: '出勤', exact: true }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('勤務中');
    const res = await page.request.get(`${e2e.stack.baseUrl}/api/v1/timestamps/today`);
    expect(res.status()).toBe(200);
    expect((await res.json()).data.work_date).toBe(TEST_TODAY);
  });
});
