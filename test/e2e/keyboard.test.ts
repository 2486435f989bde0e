/**
 * Keyboard use (issue 9): a form filled and sent with Tab and Enter, a visible focus ring, the
 * approval modal that keeps focus inside and closes on Escape, and the phone drawer menu.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { workingDay } from '../support/working-days.js';
import { testToday } from '../support/test-clock.js';

const e2e = useBrowser();
let tenant: TestTenant;
const [year, month] = testToday().split('-').map(Number) as [number, number];

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: 'キーボード株式会社' });
  const employee = await signIn(e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
  expect(
    (
      await employee.post('/api/v1/holiday_requests', {
        kind: 0,
        year,
        month,
        day: workingDay(year, month, 5),
        reason: '私用のため',
      })
    ).status,
  ).toBe(201);
});

/** What has focus: its accessible-ish name, and whether it sits inside `within`. */
const focused = (page: Page, within?: string) =>
  page.evaluate((sel) => {
    const el = document.activeElement as HTMLElement | null;
    const style = el ? getComputedStyle(el) : null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      id: el?.id ?? '',
      inside: sel ? Boolean(el?.closest(sel)) : false,
      outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : '',
    };
  }, within ?? null);

describe('keyboard navigation in Chromium', () => {
  it('signs in with Tab and Enter only, with a visible focus ring on each field', async () => {
    const page = await e2e.page(PHONE);
    await page.goto(`${e2e.stack.baseUrl}/users/sign_in`);
    await expect.poll(() => page.getByLabel('メールアドレス').count()).toBe(1);
    // Let the session request settle first: on a busy machine it can answer after the form shows and
    // re-render the page under a focused skip link, leaving focus on <body>.
    await page.waitForLoadState('networkidle');
    // From the top of the page: the skip link comes first.
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('メインコンテンツへ移動');
    let guard = 0;
    while ((await focused(page)).tag !== 'input' && guard++ < 10) await page.keyboard.press('Tab');
    const email = await focused(page);
    expect(email.outline).toMatch(/^solid [1-9]/);
    await page.keyboard.type(tenant.employees[0]!.email);
    await page.keyboard.press('Tab');
    const password = await focused(page);
    expect(password.tag).toBe('input');
    expect(password.id).not.toBe(email.id);
    expect(password.outline).toMatch(/^solid [1-9]/);
    await page.keyboard.type(tenant.employees[0]!.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/employees');
  });

  it('opens the approval modal from the keyboard, keeps Tab inside it, closes on Escape and returns focus', async () => {
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.goto(`${e2e.stack.baseUrl}/management/requests?year=${year}&month=${month}`);
    const opener = page.getByRole('region', { name: '休暇申請' }).getByRole('button', { name: /確認/ });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect((await focused(page, 'dialog')).inside).toBe(true);
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const f = await focused(page, 'dialog');
      expect(f.inside, `Tab ${i + 1} left the dialog for <${f.tag}> ${f.text}`).toBe(true);
      seen.add(f.text);
    }
    expect([...seen]).toEqual(expect.arrayContaining(['承認', '却下', '閉じる']));
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focused(page, 'dialog')).inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await focused(page)).text).toMatch(/^確認/);
  });

  it('operates the phone drawer menu: Enter opens it on its first link, Escape closes it, tabbing out closes it', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
    const menuButton = page.getByRole('button', { name: 'メニュー' });
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    await expect.poll(() => menuButton.isVisible()).toBe(true);
    expect(await nav.isVisible()).toBe(false);

    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => nav.isVisible()).toBe(true);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    expect((await focused(page, 'nav')).inside).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => nav.isVisible()).toBe(false);
    expect((await focused(page)).text).toBe('メニュー');

    await page.keyboard.press('Enter');
    await expect.poll(() => nav.isVisible()).toBe(true);
    const items = await nav.locator('a, button').count();
    for (let i = 0; i < items; i++) await page.keyboard.press('Tab');
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');

    // A link followed from the keyboard shows its page with the drawer closed.
    await page.keyboard.press('Shift+Tab');
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => nav.isVisible()).toBe(true);
    await nav.getByRole('link', { name: '勤怠一覧' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/employees/attendance');
    await expect.poll(() => nav.isVisible()).toBe(false);
  });
});
