/**
 * 36協定設定 (issue 15; its own screen under 基本設定 since issue 29 item 19): the admin records a version
 * of the 36協定 from a 適用開始日, sees it in force and in the history, and 勤怠状況's month-by-month
 * findings of the agreement year follow it; a limit over the law is refused next to its field. The
 * screen fits a 390 px phone.
 *
 * Figures (by hand): stored 法定外 2026-03 50 h, 2026-04 35 h, 2026-05 10 h; today 2026-05-20.
 * 起算日 April → the agreement year from 2026-04: April and May are listed, March is not.
 * Before any version: statutory 45 h and the company alert 45 h → April 35 h has no finding.
 * Version from 2026-01-01 with 月30時間 and alert 100 % → April 35 h > 30 h: 違反 (and the alert, 30 h).
 * May: 10 h after 10 of 18 work days → projected 18 h ≤ 30 h → 該当なし.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillAgreementFromAlert } from '../../functions/db/overtime-agreements.js';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
let tenant: TestTenant;
const realNow = clock.now;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '協定設定株式会社' });
  const month = (h: number) => ({ statutoryOvertimeMinutes: h * 60, legalHolidayWorkMinutes: 0 });
  await db()
    .entities.OvertimeHistory.put({
      companyId: tenant.companyId,
      employeeId: tenant.employees[0]!.id,
      months: { '2026-03': month(50), '2026-04': month(35), '2026-05': month(10) },
    })
    .go();
  clock.now = () => new Date('2026-05-20T00:00:00Z'); // Wednesday 09:00 in Tokyo
});

afterAll(() => {
  clock.now = realNow;
});

async function adminPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.page(viewport);
  await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
  await page.waitForURL('**/management');
  return page;
}

const settingsPage = (page: Page) => page.goto(`${e2e.stack.baseUrl}/management/overtime_agreement`);
const workStatusPage = (page: Page) => page.goto(`${e2e.stack.baseUrl}/management`);
const months = (page: Page) => page.getByRole('region', { name: /協定期間の月別判定/ });
const settings = (page: Page) => page.getByRole('region', { name: '協定の内容' });

describe('36協定設定', () => {
  it('records a version from a 適用開始日 and the agreement year is judged by it', { timeout: 120_000 }, async () => {
    const page = await adminPage(DESKTOP);
    await poll(() => months(page).textContent()).toContain('協定期間の月別判定（2026年4月から）');
    // Before any version neither April (35 h ≤ 45 h) nor May has a finding: both are said in one line.
    expect(await months(page).getByRole('region').count()).toBe(0);
    expect(await months(page).getByTestId('agreement-months-rest').textContent()).toBe(
      '2か月（2026年4月〜5月）とも該当なし',
    );
    // No settings form on 勤怠状況 (issue 29 item 19).
    expect(await page.getByRole('region', { name: 'アラート設定' }).count()).toBe(0);

    await settingsPage(page);
    await poll(() => settings(page).textContent()).toContain('36協定設定は未登録です。');

    // A limit over the law: refused next to its field, nothing saved.
    await page.locator('#agreement-monthly').fill('46');
    await page.getByRole('button', { name: '保存' }).click();
    await poll(() => page.locator('#agreement-monthly-error').textContent()).toBe(
      '月の限度時間は1〜45時間で入力してください',
    );
    expect(await page.locator('#agreement-monthly').getAttribute('aria-invalid')).toBe('true');
    expect(await settings(page).textContent()).toContain('設定内容に不備があります。');
    expect(await page.getByRole('region', { name: '設定の履歴' }).textContent()).toContain('履歴はまだありません。');

    await page.locator('#agreement-from').fill('2026-01-01');
    await page.locator('#agreement-start').selectOption('4');
    await page.locator('#agreement-monthly').fill('30');
    await page.locator('#agreement-annual').fill('80');
    await page.locator('#agreement-alert').fill('100');
    await page.getByRole('button', { name: '保存' }).click();
    await poll(() => settings(page).getByRole('status').first().textContent()).toBe('設定が完了しました。');
    await poll(() => settings(page).locator('[data-testid="agreement-in-force"]').textContent()).toBe(
      '現在の設定：2026年1月1日から適用',
    );
    const history = page.getByRole('table', { name: '設定の履歴' });
    expect(await history.getByRole('row').nth(1).textContent()).toBe('2026年1月1日4月1日30時間／80時間なし100%');

    // 勤怠状況 judges the agreement year by it: April 35 h > 30 h is listed, May (projected 18 h) is not.
    await workStatusPage(page);
    const april = months(page).getByRole('region', { name: '2026年4月' });
    await poll(() => april.textContent()).toContain(
      '時間外労働（35時間）が36協定の月の限度時間（30時間）を超えています',
    );
    expect(await april.textContent()).toContain('違反');
    expect(await months(page).getByRole('region').count()).toBe(1);
    expect(await months(page).getByTestId('agreement-months-rest').textContent()).toBe(
      'このほか1か月（2026年5月）は該当なし',
    );
    expect(await months(page).textContent()).not.toContain('2026年3月');
  });

  it('fits a 390 px phone with the special clause fields open', { timeout: 120_000 }, async () => {
    const page = await adminPage(PHONE);
    await settingsPage(page);
    await settings(page).waitFor();
    await page.locator('#agreement-clause').check();
    await page.locator('#agreement-special-monthly').waitFor();
    await page.waitForLoadState('networkidle');
    const layout = await page.evaluate(() => {
      const doc = document.documentElement;
      const scrolls = (el: Element) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
          if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
        return false;
      };
      const wide = [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 1 && !scrolls(el))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
      return { scrollWidth: doc.scrollWidth, width: doc.clientWidth, wide };
    });
    expect(layout).toEqual({ scrollWidth: layout.width, width: layout.width, wide: [] });
  });

  it('shows a version the migration carried over from the old アラート設定 (40 h, special clause)', async () => {
    // A company registered on 2026-04-01 that had set the retired alert to 40 h with a special clause;
    // the migration step gives it a version saying the same (40 h is no whole % of 45 h: kept in hours).
    const old = await createTenant({ employees: 0, name: '旧アラート株式会社' });
    const { data: company } = await db().entities.Company.get({ companyId: old.companyId }).go();
    await db()
      .entities.Company.put({
        ...company!,
        createdAt: '2026-04-01T00:00:00.000Z',
        overtimeAlertMinutes: 40 * 60,
        specialClause: true,
      })
      .go();
    expect(await backfillAgreementFromAlert(old.companyId)).toBe(1);

    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'admin', old.admin);
    await page.waitForURL('**/management');
    await poll(() => page.getByRole('region', { name: /36協定アラート/ }).textContent()).toContain(
      'アラート基準：月40時間（特別条項あり）',
    );
    await settingsPage(page);
    await poll(() => page.getByTestId('agreement-in-force').textContent()).toBe('現在の設定：2026年4月1日から適用');
    expect(await page.getByTestId('agreement-alert-hours').textContent()).toBe(
      '現在の設定のアラート基準は、以前の「アラート設定」から引き継いだ月40時間です。保存すると、上の割合による基準に変わります。',
    );
    expect(await page.locator('#agreement-clause').isChecked()).toBe(true);
    const history = page.getByRole('table', { name: '設定の履歴' });
    expect(await history.getByRole('row').nth(1).textContent()).toBe(
      '2026年4月1日4月1日45時間／360時間あり（法定の上限）40時間',
    );
  });
});
