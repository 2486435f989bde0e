/**
 * Review of issue 16 (payroll defect), on a phone (390×844) in Chromium against the real local stack:
 * the employee starts a break at 12:00 and forgets 休憩終了; 退勤 at 18:00 leaves the break open (it
 * used to end it at 18:00: a 6-hour break). The punch screen says the break end is missing and links
 * to 打刻修正; 勤怠一覧 counts 9:00–18:00 as work (9:00) with ⚠ 休憩終了なし; the correction form shows
 * the break prefilled (開始 12:00, 終了 empty), the employee types 終了 13:00, and the worked time
 * becomes 8:00 with the flag gone; the history shows the breaks before and after.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';
import { testToday } from '../support/test-clock.js';

const e2e = useBrowser();
let tenant: TestTenant;
let page: Page;

const DAY = testToday();
/** The gateway runs the handlers in this process: the domain clock moves theirs to `hh:mm` today in Tokyo. */
const realNow = clock.now;
const at = (hhmm: string) => {
  const instant = new Date(`${DAY}T${hhmm}:00+09:00`);
  clock.now = () => instant;
};
const jst = (hhmm: string) => new Date(`${DAY}T${hhmm}:00+09:00`).toISOString();

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '休憩修正株式会社' });
  at('08:55');
  page = await e2e.page(PHONE);
  await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
  await page.waitForURL('**/employees');
});
afterAll(() => {
  clock.now = realNow;
});

const state = () => page.getByRole('status').first().textContent();
const button = (name: string) => page.getByRole('button', { name, exact: true });
const todayRow = () => page.locator('tr[aria-current="date"]');
const fitsPhone = async () =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

describe('a forgotten 休憩終了, corrected on a phone', () => {
  it('退勤 during the break leaves it open, and the punch screen says how to correct it', async () => {
    await expect.poll(state).toBe('未出勤');
    at('09:00');
    await button('出勤').click();
    await expect.poll(state).toBe('勤務中');
    at('12:00');
    await button('休憩開始').click();
    await expect.poll(state).toBe('休憩中');
    at('18:00');
    await button('退勤').click();
    await expect.poll(state).toBe('退勤済み');

    const notice = page.locator('.punch-notice--open-break');
    await expect.poll(() => notice.textContent()).toContain('休憩終了の打刻がないまま退勤しました（休憩開始 12:00）。');
    expect(await notice.textContent()).toContain('打刻修正で休憩の終了時刻を入力してください。');
    expect(await page.locator('.punch-breaks__list').textContent()).toBe('12:00–終了の打刻なし');
    expect(await page.locator('.punch-times').textContent()).toContain('休憩合計0:00');
    const stored = await db()
      .entities.AttendanceDay.get({ companyId: tenant.companyId, employeeId: tenant.employees[0]!.id, workDate: DAY })
      .go();
    expect(stored.data!.breaks).toEqual([{ startAt: jst('12:00') }]);
    await fitsPhone();
  });

  it('勤怠一覧 counts the open break as work and flags it', async () => {
    await page.goto(`${e2e.stack.baseUrl}/employees/attendance`);
    await expect.poll(() => todayRow().locator('.month-table__worked').textContent()).toBe('9:00');
    expect(await todayRow().locator('.month-badge--flag').allTextContents()).toContain('⚠ 休憩終了なし');
  });

  it('the correction form shows the break, takes its end, and the worked time becomes 8:00', async () => {
    await page.goto(`${e2e.stack.baseUrl}/employees`);
    at('18:05');
    await page.getByRole('link', { name: '打刻修正で休憩を直す' }).click();
    await page.waitForURL(`**/employees/modify?date=${DAY}`);

    await expect.poll(() => page.locator('.modify-current__breaks').textContent()).toBe('12:00–終了の打刻なし');
    const start = page.getByLabel('休憩1 開始');
    const end = page.getByLabel('休憩1 終了');
    await expect.poll(() => start.inputValue()).toBe('12:00');
    expect(await end.inputValue()).toBe('');
    // Only the breaks change: the punch times stay empty, and 修正 is enabled by the edited break.
    await end.fill('13:00');
    await page.getByLabel('理由').fill('休憩終了の打刻忘れ');
    await fitsPhone();
    await button('修正').click();

    await expect.poll(() => page.getByText('打刻修正が完了しました').count()).toBe(1);
    await expect.poll(() => page.locator('.modify-current__breaks').textContent()).toBe('12:00–13:00');
    const history = page.locator('.history-table tbody tr').first().locator('td');
    await expect.poll(() => history.nth(6).textContent()).toBe('12:00–終了の打刻なし');
    expect(await history.nth(7).textContent()).toBe('12:00–13:00');
    await fitsPhone();

    await page.goto(`${e2e.stack.baseUrl}/employees/attendance`);
    await expect.poll(() => todayRow().locator('.month-table__worked').textContent()).toBe('8:00');
    expect(await todayRow().locator('.month-badge--flag').allTextContents()).not.toContain('⚠ 休憩終了なし');
    // Back on the punch screen the notice is gone: the break has its end.
    await page.goto(`${e2e.stack.baseUrl}/employees`);
    await expect.poll(() => page.locator('.punch-breaks__list').textContent()).toBe('12:00–13:00');
    expect(await page.locator('.punch-notice--open-break').count()).toBe(0);
  });

  it('a bad break is refused with the reason next to the field, on the phone', async () => {
    await page.goto(`${e2e.stack.baseUrl}/employees/modify?date=${DAY}`);
    const end = page.getByLabel('休憩1 終了');
    await expect.poll(() => end.inputValue()).toBe('13:00');
    await page.getByRole('button', { name: '休憩を追加' }).click();
    await page.getByLabel('休憩2 開始').fill('12:30');
    await page.getByLabel('休憩2 終了').fill('12:50');
    await button('修正').click();
    await expect.poll(() => page.getByText('休憩は時刻の早い順に、重ならないように入力してください').count()).toBe(1);
    expect(await page.getByLabel('休憩2 開始').getAttribute('aria-invalid')).toBe('true');
    // Removing the row sends one break again: accepted.
    await page.getByRole('button', { name: '休憩2を削除' }).click();
    await button('修正').click();
    await expect.poll(() => page.getByText('打刻修正が完了しました').count()).toBe(1);
  });
});
