/**
 * 監査ログ (`/management/audit`) in Chromium: reached from the admin menu, newest first in Japanese,
 * 50 per page with もっと見る for the rest, and an entry that opens onto what changed.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../functions/db/audit.js';
import type { Principal } from '../../functions/shared/auth/session.js';
import { DESKTOP, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
let tenant: TestTenant;
const OLDER_EVENTS = 55;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '監査ログ株式会社' });
  const actor: Principal = {
    role: 'admin',
    sub: 'seed',
    sessionId: 'seed',
    companyId: tenant.companyId,
    userId: tenant.admin.id,
    userName: '管理 太郎',
    companyName: tenant.companyName,
    timeZone: 'Asia/Tokyo',
    mfaPending: false,
  };
  // An older history than one page holds, written as the routes write it.
  for (let i = 0; i < OLDER_EVENTS; i++) {
    await recordAudit({
      companyId: tenant.companyId,
      action: 'department.create',
      actor,
      targetId: `dep-${i}`,
      after: { request: { name: `部署${i}` }, result: { id: `dep-${i}` } },
    });
  }
});

async function adminPage(): Promise<Page> {
  const page = await e2e.page(DESKTOP);
  await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
  await page.waitForURL('**/management');
  return page;
}

describe('audit trail screen in Chromium', () => {
  it('lists the newest change first in Japanese, opens its before/after, and pages with もっと見る', async () => {
    const page = await adminPage();
    // A real change through the staff edit form: the newest event.
    await page.goto(`${e2e.stack.baseUrl}/management/staff/${tenant.employees[0]!.id}/edit`);
    const firstName = page.locator('#staff-first_name');
    await expect.poll(() => firstName.inputValue()).not.toBe('');
    const oldFirstName = await firstName.inputValue();
    await firstName.fill('監査後');
    await page.getByRole('button', { name: '更新' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).not.toBe('');

    await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: '監査ログ' }).click();
    await page.waitForURL('**/management/audit');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('監査ログ');
    const rows = page.locator('.audit-table > tbody > tr');
    await expect.poll(() => rows.count()).toBe(50);

    const newest = rows.first();
    expect(await newest.getByRole('rowheader').textContent()).toBe('スタッフ編集');
    const text = (await newest.textContent()) ?? '';
    expect(text).toContain('管理 太郎');
    expect(text).toContain('管理者');
    expect(await newest.locator('time').textContent()).toMatch(
      /\d{4}年\d{1,2}月\d{1,2}日\([日月火水木金土]\) \d{1,2}:\d{2}$/,
    );
    expect(await rows.nth(1).getByRole('rowheader').textContent()).toBe('部署登録');

    const details = newest.locator('details');
    expect(await details.locator('table').isVisible()).toBe(false);
    // Opens from the keyboard: the summary is focusable and toggles on Enter.
    await newest.getByText('変更内容を見る').focus();
    await page.keyboard.press('Enter');
    const diff = details.locator('table');
    await expect.poll(() => diff.isVisible()).toBe(true);
    const changed = diff.getByRole('row', { name: /first_name/ });
    expect(await changed.locator('td').allTextContents()).toEqual([oldFirstName, '監査後']);
    expect(await diff.textContent()).not.toMatch(/Passw0rd/);

    await page.getByRole('button', { name: 'もっと見る' }).click();
    await expect.poll(() => rows.count()).toBe(OLDER_EVENTS + 1);
    await expect.poll(() => page.getByRole('button', { name: 'もっと見る' }).count()).toBe(0);
    expect(await page.getByText('すべての記録を表示しました。').count()).toBe(1);
    // Structured values are shown as JSON.
    await rows.last().getByText('変更内容を見る').click();
    expect(await rows.last().locator('details table').textContent()).toContain('{"name":"部署');
  });
});
