/**
 * Issue 30 item 8: an admin deletes a grant entered wrongly on 有給管理's detail, on a phone (390×844):
 * 削除 on the grant's row, a confirmation, then the balance shown without it. The statutory run's
 * grant has no 削除.
 *
 * Figures (今日 2026-11-25): 10 statutory days of 2026-04-01 and a wrong 5 of 2026-06-01, both live
 * for two years (115条): 15日; without the 5: 10日.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGrant } from '../../functions/db/paid-leave.js';
import { clock } from '../../functions/shared/clock.js';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { aprilGrant } from '../support/grants.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { pinClock } from '../support/test-clock.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
let tenant: TestTenant;
let employeeId: string;
const realNow = clock.now;
afterAll(() => {
  clock.now = realNow;
});

beforeAll(async () => {
  pinClock('2026-11-25', '10:00');
  tenant = await createTenant({ employees: 1, name: '付与削除株式会社' });
  employeeId = tenant.employees[0]!.id;
  await insertGrant(aprilGrant(tenant.companyId, employeeId));
  const admin = await signIn(e2e.stack.baseUrl, 'admin', tenant.admin);
  const res = await admin.post(`/api/v1/paid_leave/employees/${employeeId}/grants`, {
    granted_on: '2026-06-01',
    days: 5,
    kind: 'extra',
    reason: '入力誤り',
  });
  expect(res.status).toBe(201);
});

describe('deleting a grant in Chromium', () => {
  it('削除 with a confirmation takes the grant off and the balance follows, at 390×844', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.goto(`${e2e.stack.baseUrl}/management/paid_leave/${employeeId}`);
    const remaining = page.locator('.paid-leave-summary__remaining');
    await poll(() => remaining.textContent()).toBe('15日');

    // The run's grant cannot be deleted: no button on its row.
    expect(await page.getByRole('button', { name: '2026年4月1日の付与（10日）を削除' }).count()).toBe(0);
    const button = page.getByRole('button', { name: '2026年6月1日の付与（5日）を削除' });
    await button.scrollIntoViewIfNeeded();
    // Tappable on a phone, and the page does not scroll sideways (the grants' table scrolls in its box).
    const box = await button.boundingBox();
    expect(box && box.width > 0 && box.height >= 24).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Dismissing the confirmation changes nothing.
    const messages: string[] = [];
    page.once('dialog', (d) => {
      messages.push(d.message());
      void d.dismiss();
    });
    await button.click();
    await poll(() => messages.length).toBe(1);
    expect(messages[0]).toBe('2026年6月1日の付与（5日）を削除しますか？残日数から差し引かれ、元に戻せません。');
    expect(await remaining.textContent()).toBe('15日');

    page.once('dialog', (d) => void d.accept());
    await button.click();
    await poll(() => page.locator('.form-notice').textContent()).toBe('付与を削除しました。');
    await poll(() => remaining.textContent()).toBe('10日');
    await poll(() => button.count()).toBe(0);
  });
});
