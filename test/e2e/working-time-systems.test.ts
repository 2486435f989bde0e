/**
 * 労働時間制度 (issue 17) in Chromium: on a desktop the admin opens the screen from the menu, puts
 * 正社員 on フレックスタイム制 (3-month 清算期間) — a core time outside the flexible time refused next to
 * its field first — and sees it in the table with its core time; on a phone the admin puts 契約社員 on
 * the 1-month 変形労働時間制 (the flex-only fields gone) and sees both in the table, nothing wider
 * than the screen.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { WORK_SYSTEM_MESSAGES } from '../../functions/domain/work-systems.js';
import { newId } from '../../functions/shared/ids.js';
import { DESKTOP, PHONE, pickStaff, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';
import { testToday } from '../support/test-clock.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });
let tenant: TestTenant;
const today = testToday();
const firstOfMonth = `${today.slice(0, 7)}-01`;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '制度株式会社' });
  await db()
    .entities.EmploymentStatus.put({ companyId: tenant.companyId, employmentStatusId: newId(), name: '契約社員' })
    .go();
});

async function signedIn(size: typeof PHONE | typeof DESKTOP): Promise<Page> {
  const page = await e2e.page(size);
  await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
  await page.waitForURL('**/management');
  return page;
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('労働時間制度', () => {
  it('on a desktop the admin puts a status on flextime from the menu', { timeout: 180_000 }, async () => {
    const page = await signedIn(DESKTOP);
    await page.getByRole('link', { name: '労働時間制度' }).click();
    await page.waitForURL('**/management/working_time_systems');
    await poll(() => page.textContent('main')).toContain('労働時間制度は未設定です。');

    await page.locator('#system-status').selectOption({ label: '正社員' });
    await page.locator('#system-kind').selectOption({ label: 'フレックスタイム制' });
    // Only flex's fields: the 特定期間 of 1年単位 is not offered.
    expect(await page.locator('#system-sp-from').count()).toBe(0);
    await page.locator('#system-period-start').fill(firstOfMonth);
    await page.locator('#system-months').selectOption({ label: '3か月' });
    // A 3-month 清算期間 cannot take the 44-hour 特例: the box is gone.
    expect(await page.locator('#system-special44').count()).toBe(0);
    await page.locator('#system-core-start').fill('06:00');
    await page.locator('#system-core-end').fill('15:00');
    await page.locator('#system-flexible-start').fill('07:00');
    await page.locator('#system-flexible-end').fill('22:00');
    await page.getByRole('button', { name: '保存' }).click();
    await poll(() => page.locator('#system-core-start-error').textContent()).toBe(
      WORK_SYSTEM_MESSAGES.coreInsideFlexible,
    );
    expect(await page.textContent('main')).toContain('労働時間制度は未設定です。');

    await page.locator('#system-core-start').fill('10:00');
    await page.getByRole('button', { name: '保存' }).click();
    await poll(() => page.getByRole('status').first().textContent()).toBe('労働時間制度を保存しました。');
    const row = page.getByTestId('system-list').getByRole('row', { name: /正社員/ });
    await poll(() => row.textContent()).toContain('フレックスタイム制');
    const text = await row.textContent();
    expect(text).toContain('コアタイム10:00〜15:00');
    expect(text).toContain('3か月');
    expect(text).toContain('標準8時間00分');
    await poll(() => page.getByTestId('rule-recompute').textContent()).toContain('集計日時');
  });

  it('on a phone the admin puts another status on the 1-month 変形 and sees both', { timeout: 180_000 }, async () => {
    const page = await signedIn(PHONE);
    await page.goto(`${e2e.stack.baseUrl}/management/working_time_systems`);
    await poll(() => page.getByTestId('system-list').textContent()).toContain('フレックスタイム制');

    await page.locator('#system-status').selectOption({ label: '契約社員' });
    await page.locator('#system-kind').selectOption({ label: '1か月単位の変形労働時間制' });
    expect(await page.locator('#system-core-start').count()).toBe(0);
    expect(await page.locator('#system-months').count()).toBe(0);
    // Without its 起算日 it is refused next to the field.
    await page.getByRole('button', { name: '保存' }).click();
    await poll(() => page.locator('#system-period-start-error').textContent()).toBe(
      WORK_SYSTEM_MESSAGES.periodStartRequired,
    );
    await page.locator('#system-period-start').fill(firstOfMonth);
    await page.getByRole('button', { name: '保存' }).click();
    await poll(() => page.getByRole('status').first().textContent()).toBe('労働時間制度を保存しました。');
    const list = page.getByTestId('system-list');
    await poll(() => list.getByRole('row', { name: /契約社員/ }).textContent()).toContain('1か月単位の変形労働時間制');
    expect(await list.getByRole('row', { name: /正社員/ }).textContent()).toContain('フレックスタイム制');
    expect(await noSideScroll(page)).toBe(true);
  });

  it(
    'on a phone, an employee on the 1-week 変形 from today, and the check of their period',
    { timeout: 180_000 },
    async () => {
      const page = await signedIn(PHONE);
      await page.goto(`${e2e.stack.baseUrl}/management/working_time_systems`);
      await poll(() => page.getByTestId('system-list').textContent()).toContain('契約社員');
      await page.locator('#system-scope').selectOption({ label: '従業員' });
      await pickStaff(page, 'system-employee', tenant.employees[0]!.email, '社員 1号');
      await page.locator('#system-kind').selectOption({ label: '1週間単位の非定型的変形労働時間制' });
      await page.locator('#system-period-start').fill(firstOfMonth);
      await page.getByRole('button', { name: '保存' }).click();
      await poll(() => page.getByRole('status').first().textContent()).toBe('労働時間制度を保存しました。');
      await poll(() =>
        page
          .getByTestId('system-list')
          .getByRole('row', { name: /社員 1号/ })
          .textContent(),
      ).toContain('1週間単位の非定型的変形労働時間制');

      // No shifts or patterns: the working rule's 8 hours on the calendar's working days, 40 h at most a week.
      const section = page.getByRole('region', { name: '変形期間の所定労働時間のチェック' });
      await section.getByRole('button', { name: 'チェック' }).click();
      await poll(() => page.locator('#check-employee-error').textContent()).toBe('従業員を選択してください');
      await pickStaff(page, 'check-employee', tenant.employees[0]!.email.toUpperCase(), '社員 1号');
      await page.locator('#check-date').fill(today);
      await section.getByRole('button', { name: 'チェック' }).click();
      const result = page.getByTestId('system-check');
      await poll(() => result.textContent()).toContain('1週間単位の非定型的変形労働時間制の変形期間');
      expect(await result.textContent()).toContain('問題はありません');
      expect(await noSideScroll(page)).toBe(true);
    },
  );
});
