/**
 * 勤怠状況 as the tester met it (issue 29 items 19 and 20), at 1280×800 and 390×844:
 * - no settings form under the figures: 36協定設定 is its own screen under 基本設定 (and linked from the
 *   alert limit), the old アラート設定 is gone;
 * - the averages are over the members who worked, and the screen says how many;
 * - a three-digit figure stays on one line with its unit;
 * - 協定期間の月別判定 lists the months with findings and says the rest in one line.
 *
 * The clock is held on Thursday 2026-11-26 10:00 in Tokyo; 末日締め, no 36協定 version (4月1日, 45 h).
 * Nine members; 社員 1–6号 each worked 09:00–14:59 on the 15 weekdays 11/4–6, 9–13, 16–20, 24–25
 * (11/23 is 勤労感謝の日): 5 h 59 min a day, no break due (34条: more than 6 hours), no overtime.
 * By hand: a member 15 × 359 = 5,385 min = 89時間45分; the six 32,310 min = 538時間30分; the average over
 * the six who worked 89時間45分 (over all nine it would be 3,590 = 59時間50分, the defect).
 * 社員 7号 had 50 h of 法定外 in June (stored history): over 45 h → June has findings; the agreement
 * year 2026年4月〜11月 has eight months, so seven are summed up as 該当なし in one line.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { refreshCompanyMonth } from '../../functions/db/summaries.js';
import { clock } from '../../functions/shared/clock.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { pinClock, tokyo } from '../support/test-clock.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });
let tenant: TestTenant;
const realNow = clock.now;
const DAYS = [4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20, 24, 25].map(
  (d) => `2026-11-${String(d).padStart(2, '0')}`,
);

beforeAll(async () => {
  pinClock('2026-11-26', '10:00');
  tenant = await createTenant({ employees: 9, name: '勤怠状況画面株式会社' });
  const { entities } = db();
  const workers = tenant.employees.slice(0, 6);
  await entities.AttendanceDay.put(
    workers.flatMap((e) =>
      DAYS.map((date) => ({
        companyId: tenant.companyId,
        employeeId: e.id,
        workDate: date,
        punchInAt: tokyo(date, '09:00').toISOString(),
        punchOutAt: tokyo(date, '14:59').toISOString(),
      })),
    ),
  ).go();
  // As the daily refresh would: every member's November, the nine of them.
  await refreshCompanyMonth(tenant.companyId, 'Asia/Tokyo', 2026, 11);
  const seventh = tenant.employees[6]!.id;
  const { data: history } = await entities.OvertimeHistory.get({
    companyId: tenant.companyId,
    employeeId: seventh,
  }).go();
  await entities.OvertimeHistory.put({
    companyId: tenant.companyId,
    employeeId: seventh,
    months: {
      ...((history?.months as object | undefined) ?? {}),
      '2026-06': { statutoryOvertimeMinutes: 50 * 60, legalHolidayWorkMinutes: 0 },
    },
  }).go();
});

afterAll(() => {
  clock.now = realNow;
});

async function workStatus(viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.page(viewport);
  await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
  await page.waitForURL('**/management');
  await poll(() => page.getByTestId('work-status-as-of').textContent()).toContain('集計日時');
  return page;
}

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const months = (page: Page) => page.getByRole('region', { name: /協定期間の月別判定/ });

/** Lines each panel figure takes (the distinct tops of its text's boxes) and whether the page scrolls sideways. */
const figureLayout = (page: Page) =>
  page.evaluate(() => {
    const lines = [...document.querySelectorAll('.work-panel__figures dd')].map((dd) => {
      const range = document.createRange();
      range.selectNodeContents(dd);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    const doc = document.documentElement;
    return { lines, overflow: doc.scrollWidth > doc.clientWidth };
  });

describe('勤怠状況 (issue 29 items 19 and 20)', () => {
  for (const [name, viewport] of [
    ['1280×800', DESKTOP],
    ['390×844', PHONE],
  ] as const) {
    it(`at ${name}: averages over the six who worked, each figure on one line, no settings form`, async () => {
      const page = await workStatus(viewport);
      expect(await page.locator('.work-count__value').textContent()).toBe('9名');
      expect(await panel(page, '月間労働時間').textContent()).toBe(
        '月間労働時間合計538時間30分平均（データのある6名）89時間45分',
      );
      expect(await panel(page, '残業時間').textContent()).toBe('残業時間合計0時間平均（データのある6名）0時間');
      expect(await figureLayout(page)).toEqual({ lines: [1, 1, 1, 1, 1, 1], overflow: false });

      // The settings live on their own screen: neither form is here, the alert limit links there.
      expect(await page.getByRole('region', { name: '36協定設定' }).count()).toBe(0);
      expect(await page.getByRole('region', { name: 'アラート設定' }).count()).toBe(0);
      expect(await page.locator('main form').count()).toBe(0);
      const alerts = page.getByRole('region', { name: /36協定アラート/ });
      expect(await alerts.getByRole('link', { name: '36協定設定で変更' }).getAttribute('href')).toBe(
        '/management/overtime_agreement',
      );
    });
  }

  it('協定期間の月別判定: the month with findings, the seven others in one line', async () => {
    const page = await workStatus(DESKTOP);
    const section = months(page);
    await poll(() => section.textContent()).toContain('協定期間の月別判定（2026年4月から）');
    expect(
      await section.getByRole('region').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
    ).toEqual(['2026年6月']);
    expect(await section.getByRole('region', { name: '2026年6月' }).textContent()).toContain(
      '時間外労働（50時間）が36協定の月の限度時間（45時間）を超えています',
    );
    expect(await section.getByTestId('agreement-months-rest').textContent()).toBe(
      'このほか7か月（2026年4月〜5月、7月〜11月）は該当なし',
    );
    expect(await section.textContent()).not.toContain('2026年4月該当なし');
  });

  it('36協定設定 is reached from 基本設定 on a phone and its save reaches 勤怠状況', { timeout: 120_000 }, async () => {
    const page = await workStatus(PHONE);
    await page.getByRole('button', { name: 'メニュー' }).click();
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    await nav.getByRole('list', { name: '基本設定' }).getByRole('link', { name: '36協定設定' }).click();
    await page.waitForURL('**/management/overtime_agreement');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('36協定設定');
    await poll(() => page.getByTestId('agreement-in-force').textContent()).toBe(
      '36協定設定は未登録です。登録するまでは法定の上限（月45時間・年360時間）で判定します。',
    );
    // 月30時間 from 4月1日, alert at 100 %: June's 50 h is still over it, and the alert limit is 30 h.
    await page.locator('#agreement-from').fill('2026-04-01');
    await page.locator('#agreement-monthly').fill('30');
    await page.locator('#agreement-annual').fill('300');
    await page.locator('#agreement-alert').fill('100');
    await page.getByRole('button', { name: '保存' }).click();
    await poll(() => page.getByRole('status').first().textContent()).toBe('設定が完了しました。');
    await poll(() => page.getByTestId('agreement-in-force').textContent()).toBe('現在の設定：2026年4月1日から適用');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('button', { name: 'メニュー' }).click();
    await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: '勤怠状況' }).click();
    await page.waitForURL(/\/management$/);
    await poll(() => page.getByRole('region', { name: /36協定アラート/ }).textContent()).toContain(
      'アラート基準：月30時間（特別条項なし）',
    );
  });
});
