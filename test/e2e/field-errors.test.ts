/**
 * Issue 14 item 4 in Chromium: the server's reason shows next to the field it concerns, under the
 * spec's summary message — 打刻修正 on a phone (390×844) and the admin's CSV download — and the reason
 * box takes no more than the server's limit, with a live counter.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../functions/domain/text-limits.js';
import { clock } from '../../functions/shared/clock.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, type TestTenant } from '../support/tenant.js';
import { plusDays, testToday } from '../support/test-clock.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
let tenant: TestTenant;

const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '理由表示株式会社' });
});

/** `YYYY-MM-DD` in Japan, `days` from now. */
const tokyoDate = (days: number) => plusDays(testToday(), days);

async function employeePage(): Promise<Page> {
  const page = await e2e.page(PHONE);
  await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
  await page.waitForURL('**/employees');
  return page;
}

describe('打刻修正 on a phone', () => {
  it('shows 未来の日時は指定できません next to the day, under 正しい時刻を設定してください, and writes nothing', async () => {
    const page = await employeePage();
    const today = tokyoDate(0);
    await page.goto(`${e2e.stack.baseUrl}/employees/modify?date=${today}`);
    await page.locator('#modify-in').fill('09:00');
    // The handlers run in this process: for the server, the browser's today is still two days ahead.
    const ambient = clock.now;
    clock.now = () => new Date(ambient().getTime() - 2 * 86_400_000);
    const before = await tableSnapshot(e2e.stack.tableName);
    await page.getByRole('button', { name: '修正', exact: true }).click();

    await poll(() => page.locator('#modify-date-error').textContent()).toBe('未来の日時は指定できません。');
    expect(await page.getByRole('alert').first().textContent()).toBe('正しい時刻を設定してください');
    expect(await page.locator('#modify-date').getAttribute('aria-describedby')).toBe('modify-date-error');
    expect(await tableSnapshot(e2e.stack.tableName)).toEqual(before);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('takes at most the server limit in 理由 with a live counter, and shows the server reason next to it', async () => {
    const page = await employeePage();
    await page.goto(`${e2e.stack.baseUrl}/employees/modify?date=${tokyoDate(-1)}`);
    const reason = page.locator('#modify-reason');
    const counter = page.locator('#modify-reason-count');
    expect(await counter.getAttribute('aria-live')).toBe('polite');
    await reason.fill('打刻忘れ');
    await poll(() => counter.textContent()).toBe('4 / 500文字');

    // 3,000 characters typed or pasted: the box keeps the first 500.
    await reason.fill('あ'.repeat(3000));
    expect((await reason.inputValue()).length).toBe(TEXT_LIMITS.reason);
    await poll(() => counter.textContent()).toBe('500 / 500文字');
    expect(await reason.getAttribute('aria-invalid')).toBeNull();

    // A browser that ignores maxlength (the attribute removed): the counter flags it at once, and the
    // server's own reason stands next to the box after sending, under the spec's summary.
    await reason.evaluate((el) => el.removeAttribute('maxlength'));
    await reason.fill('あ'.repeat(3000));
    await poll(() => counter.textContent()).toBe('3000 / 500文字');
    expect(await page.locator('#modify-reason-error').textContent()).toBe('500文字以内で入力してください');
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    await page.locator('#modify-in').fill('09:00');
    const before = await tableSnapshot(e2e.stack.tableName);
    await page.getByRole('button', { name: '修正', exact: true }).click();
    await poll(() => page.getByRole('alert').first().textContent()).toBe('正しい時刻を設定してください');
    expect(await page.locator('#modify-reason-error').textContent()).toBe('500文字以内で入力してください');
    expect(await reason.getAttribute('aria-describedby')).toBe('modify-reason-count modify-reason-error');
    expect(await tableSnapshot(e2e.stack.tableName)).toEqual(before);
  });
});

describe('request forms on a phone', () => {
  it('count the reason against the server limit and keep no more than it', async () => {
    const page = await employeePage();
    await page.goto(`${e2e.stack.baseUrl}/employees/requests/over_work`);
    const reason = page.locator('#request-reason');
    await reason.fill('い'.repeat(TEXT_LIMITS.reason + 100));
    expect((await reason.inputValue()).length).toBe(TEXT_LIMITS.reason);
    await poll(() => page.locator('#request-reason-count').textContent()).toBe('500 / 500文字');
    expect(await reason.getAttribute('aria-describedby')).toBe('request-reason-count');
  });
});

describe('CSV download', () => {
  it('shows 期間は1年以内で指定してください next to a range over a year, under ダウンロードに失敗しました', async () => {
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.goto(`${e2e.stack.baseUrl}/management/csv_download`);
    const lastYear = String(Number(tokyoDate(0).slice(0, 4)) - 1);
    await page.locator('#csv-from-year').selectOption(lastYear);
    await page.locator('#csv-from-month').selectOption('1');
    await page.locator('#csv-from-day').selectOption('1');
    await page.locator('#csv-to-month').selectOption('12');
    await page.locator('#csv-to-day').selectOption('31');
    await page.getByRole('button', { name: 'ダウンロード' }).click();

    await poll(() => page.locator('#csv-run-range-error').textContent()).toBe('期間は1年以内で指定してください。');
    expect(await page.getByRole('alert').first().textContent()).toBe('ダウンロードに失敗しました');
    expect(await page.locator('#csv-run-title').getAttribute('aria-describedby')).toBe('csv-run-range-error');
  });
});
