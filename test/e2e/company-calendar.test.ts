/**
 * 会社カレンダー (issue 15) in Chromium at a phone's width: the admin adds a company day off (会社休日)
 * to the calendar — a date listed both off and working is refused next to its list first — and sees
 * the version in the history; the employee's paid-leave request for that day is refused next to the
 * date, and the day is tinted as 会社休日 with its name in 勤怠一覧. The day is a weekday of next
 * month (a working day under the default calendar), so the browser's real clock can stay.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';
import { workingDay } from '../support/working-days.js';
import { testToday } from '../support/test-clock.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
let tenant: TestTenant;

const [thisYear, thisMonth] = testToday().split('-').map(Number) as [number, number];
const [year, month] = thisMonth === 12 ? [thisYear + 1, 1] : [thisYear, thisMonth + 1];
const day = workingDay(year, month, 4);
const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: 'カレンダー株式会社' });
});

async function signedIn(role: 'admin' | 'employee'): Promise<Page> {
  const page = await e2e.page(PHONE);
  if (role === 'admin') {
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
  } else {
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
  }
  return page;
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('会社カレンダー', () => {
  it(
    'the admin adds a company day off; leave on it is refused and the day is tinted',
    { timeout: 180_000 },
    async () => {
      const admin = await signedIn('admin');
      await admin.goto(`${e2e.stack.baseUrl}/management/company_calendar`);
      await poll(() => admin.getByTestId('calendar-in-force').textContent()).toContain('会社カレンダーは未登録です。');
      expect(await admin.textContent('main')).toContain('登録された設定はありません。');
      // The 44 h 特例 says whom it is for.
      expect(await admin.locator('#calendar-44h-hint').textContent()).toContain('常時10人未満');

      await admin.getByRole('button', { name: '会社休日を追加' }).click();
      await admin.locator('#calendar-off-0-date').fill(date);
      await admin.locator('#calendar-off-0-name').fill('創立記念日');
      // The same date as an extra working day too: refused next to that list, nothing saved.
      await admin.getByRole('button', { name: '出勤日を追加' }).click();
      await admin.locator('#calendar-extra-0-date').fill(date);
      await admin.getByRole('button', { name: '保存' }).click();
      await poll(() => admin.locator('#calendar-extra-error').textContent()).toBe(
        '会社休日と出勤日に同じ日付は登録できません',
      );
      expect(await admin.textContent('main')).toContain('設定内容に不備があります。');
      expect(await admin.textContent('main')).toContain('登録された設定はありません。');
      expect(await noSideScroll(admin)).toBe(true);

      await admin.getByRole('button', { name: '出勤日1を削除' }).click();
      await admin.getByRole('button', { name: '保存' }).click();
      await poll(() => admin.getByRole('status').first().textContent()).toBe('設定が完了しました。');
      const history = admin.getByRole('region', { name: '設定の履歴' }).first();
      await poll(() => history.textContent()).toContain('会社休日1日・出勤日0日');
      await poll(() => admin.getByTestId('calendar-in-force').textContent()).toContain('から適用中の設定です。');
      expect(await noSideScroll(admin)).toBe(true);

      // The employee files paid leave for that day: refused next to the date.
      const staff = await signedIn('employee');
      await staff.goto(`${e2e.stack.baseUrl}/employees/requests/holiday`);
      await staff.locator('#request-leave-type').selectOption('0');
      await staff.locator('#request-date-year').selectOption(String(year));
      await staff.locator('#request-date-month').selectOption(String(month));
      await staff.locator('#request-date-day').selectOption(String(day));
      await staff.getByRole('button', { name: '申請', exact: true }).click();
      // Issue 29 item 9: the reason names the kind of day off.
      await poll(() => staff.locator('#request-date-error').textContent()).toBe(
        '選択した日は会社休日（創立記念日）です。休暇は勤務予定のある出勤日にのみ申請できます',
      );
      expect(await staff.textContent('main')).toContain('申請内容に不備があります。');

      // 勤怠一覧 of that month: the day is a 会社休日, named, and tinted as the legend says.
      await staff.goto(`${e2e.stack.baseUrl}/employees/attendance?year=${year}&month=${month}`);
      const row = staff.getByRole('row', { name: new RegExp(`^${month}/${day}\\(`) });
      await poll(() => row.getAttribute('class')).toContain('month-row--company-day-off');
      expect(await row.textContent()).toContain('会社休日：創立記念日');
      const swatch = staff.locator('.month-legend li', { hasText: /^会社休日$/ }).locator('.month-legend__swatch');
      expect(await row.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        await swatch.evaluate((el) => getComputedStyle(el).backgroundColor),
      );
    },
  );
});
