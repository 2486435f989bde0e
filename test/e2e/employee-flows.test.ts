/**
 * The employee's day on a phone (390×844): punch in and out, see the month, correct a day, file and
 * withdraw each kind of request, change the phone number — in Chromium against the real local stack.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';
import { testToday } from '../support/test-clock.js';

const e2e = useBrowser();
let tenant: TestTenant;
let page: Page;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: 'スマホ株式会社' });
  page = await e2e.page(PHONE);
  await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
  await page.waitForURL('**/employees');
});

async function openMenuItem(name: string) {
  await page.getByRole('button', { name: 'メニュー' }).click();
  await page.getByRole('link', { name }).click();
}

describe('employee flows on a phone', () => {
  it('punches in with a memo, then out; the button is disabled once left work', async () => {
    await expect.poll(() => page.textContent('main')).toContain('未出勤');
    await page.getByLabel('メモ').fill('直行');
    await page.getByRole('button', { name: '出勤' }).click();
    await expect.poll(() => page.textContent('main')).toContain('勤務中');
    // A second press within a minute counts as the same press: punch out a few hours later (the
    // gateway runs the handlers in this process, so the domain clock moves theirs).
    const realNow = clock.now;
    clock.now = () => new Date(realNow().getTime() + 3 * 60 * 60 * 1000);
    try {
      await page.getByRole('button', { name: '退勤' }).click();
      await expect.poll(() => page.textContent('main')).toContain('退勤済み');
    } finally {
      clock.now = realNow;
    }
    expect(await page.getByRole('button', { name: '退勤' }).isDisabled()).toBe(true);

    const stored = await db()
      .entities.AttendanceDay.query.byEmployee({ companyId: tenant.companyId, employeeId: tenant.employees[0]!.id })
      .go();
    expect(stored.data).toHaveLength(1);
    expect(stored.data[0]).toMatchObject({ workDate: testToday(), note: '直行' });
    expect(stored.data[0]!.punchOutAt).toBeTruthy();
  });

  it("shows this month's table with today's punches", async () => {
    await openMenuItem('勤怠一覧');
    await page.waitForURL('**/employees/attendance');
    // It opens on the current month: nothing to choose first.
    const [y, m] = testToday().split('-').map(Number);
    expect(await page.locator('#attendance-year').inputValue()).toBe(String(y));
    expect(await page.locator('#attendance-month').inputValue()).toBe(String(m));
    const table = page.getByRole('table');
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThanOrEqual(28);
    expect(await table.textContent()).toContain('直行');
  });

  it('corrects a past day and sees it in the history', async () => {
    await openMenuItem('打刻修正');
    await page.waitForURL('**/employees/modify');
    await page.locator('#modify-year').selectOption('2026');
    await page.locator('#modify-month').selectOption('4');
    await page.locator('#modify-day').selectOption('1');
    await page.getByRole('button', { name: '表示' }).click();
    await expect.poll(() => page.textContent('main')).toContain('打刻なし');
    const submit = page.getByRole('button', { name: '修正', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await page.locator('#modify-in').fill('09:00');
    await page.locator('#modify-out').fill('18:00');
    await page.locator('#modify-reason').fill('打刻忘れ');
    await submit.click();
    await expect.poll(() => page.textContent('main')).toContain('打刻修正が完了しました');
    const history = page
      .getByRole('region', { name: '修正履歴' })
      .or(page.locator('section[aria-labelledby="modify-history-title"]'));
    await expect.poll(() => history.first().textContent()).toContain('打刻忘れ');
  });

  it('refuses a clock-out before the clock-in with the spec message', async () => {
    await page.locator('#modify-in').fill('18:00');
    await page.locator('#modify-out').fill('09:00');
    await page.getByRole('button', { name: '修正', exact: true }).click();
    await expect.poll(() => page.textContent('main')).toContain('正しい時刻を設定してください');
  });

  const kinds = [
    ['休暇申請', '/employees/requests/holiday', true],
    ['残業申請', '/employees/requests/over_work', false],
    ['休日出勤申請', '/employees/requests/holiday_work', false],
  ] as const;

  it.each(kinds)('files and withdraws a %s', async (section, path, hasType) => {
    await page.goto(e2e.stack.baseUrl + path);
    const apply = page.getByRole('button', { name: '申請', exact: true });
    expect(await apply.isDisabled()).toBe(true);
    if (hasType) await page.locator('#request-leave-type').selectOption('0');
    await page.locator('#request-date-year').selectOption('2026');
    await page.locator('#request-date-month').selectOption('12');
    await page.locator('#request-date-day').selectOption('24');
    await page.locator('#request-reason').fill(`${section}の理由`);
    await apply.click();
    await expect.poll(() => page.textContent('main')).toContain('申請が完了しました。');
    expect(await page.locator('#request-reason').inputValue()).toBe('');

    await page.goto(`${e2e.stack.baseUrl}/employees/requests`);
    const list = page.locator('section', { hasText: section }).first();
    await expect.poll(() => list.textContent()).toContain(`${section}の理由`);
    page.once('dialog', (d) => void d.accept());
    await list.getByRole('button', { name: '取消' }).first().click();
    await expect.poll(() => list.textContent()).not.toContain(`${section}の理由`);
  });

  it('changes the phone number, and resets the field on a bad one', async () => {
    await openMenuItem('設定');
    await page.waitForURL('**/employees/settings');
    await expect.poll(() => page.textContent('main')).toContain('営業部');
    const cell = page.getByLabel('電話番号');
    await cell.fill('080-1111-2222');
    await page.getByRole('button', { name: '変更' }).click();
    await expect.poll(() => page.textContent('main')).toContain('変更しました。');
    await cell.fill('123');
    await page.getByRole('button', { name: '変更' }).click();
    await expect.poll(() => page.textContent('main')).toContain('登録内容に不備があります。');
    await expect.poll(() => cell.inputValue()).toBe('080-1111-2222');
  });
});
