/**
 * Issue 16 item 4 on a phone (390×844), in Chromium against the real local stack: the employee sees
 * today's schedule (予定 9:00–18:00 日勤), punches in, takes two breaks (a double tap on 休憩開始
 * records one), punches out, and sees the day's figures: the breaks and their total on the punch
 * screen, the break minutes from the punched breaks (75, where the rule would take 60) in 勤怠一覧. The buttons follow the state
 * (出勤 → 休憩開始 / 退勤 → 休憩終了 / 退勤 → none).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
let tenant: TestTenant;
let page: Page;

/**
 * The scenario's day, pinned: an ordinary Wednesday, which the 日勤 pattern schedules (on a weekend or a
 * public holiday 勤怠一覧 rightly shows no 予定; this test once read the machine's date and failed on
 * Saturdays). The browser's clock starts on it too (the page is opened after `at('08:55')`).
 */
const DAY = '2026-11-25';
/** The gateway runs the handlers in this process: the domain clock moves theirs to `hh:mm` today in Tokyo. */
const realNow = clock.now;
const at = (hhmm: string) => {
  const instant = new Date(`${DAY}T${hhmm}:00+09:00`);
  clock.now = () => instant;
};

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '休憩打刻株式会社' });
  const { entities } = db();
  const companyId = tenant.companyId;
  await entities.WorkPatternItem.put({
    companyId,
    patternId: 'day',
    name: '日勤',
    startMinute: 9 * 60,
    endMinute: 18 * 60,
    breakWindows: [{ startMinute: 12 * 60, endMinute: 13 * 60 }],
  }).go();
  await entities.PatternAssignment.put({
    companyId,
    scope: 'employee',
    departmentId: '-',
    employmentStatusId: '-',
    employeeId: tenant.employees[0]!.id,
    effectiveFrom: '2020-01-01',
    patternId: 'day',
  }).go();
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
const enabled = async () => {
  const names = ['出勤', '退勤', '休憩開始', '休憩終了'];
  const out: string[] = [];
  for (const name of names) if (!(await button(name).isDisabled())) out.push(name);
  return out;
};

describe('break punches on a phone', () => {
  it('punches in, takes two breaks, punches out, and sees the day on the punch screen', async () => {
    await expect.poll(state).toBe('未出勤');
    await expect.poll(() => page.locator('.punch-schedule').textContent()).toBe('予定 9:00–18:00 日勤');
    expect(await enabled()).toEqual(['出勤']);

    at('09:00');
    await button('出勤').click();
    await expect.poll(state).toBe('勤務中');
    expect(await enabled()).toEqual(['退勤', '休憩開始']);

    // A double tap on 休憩開始: the second tap lands while the first is sending (or after) and records nothing.
    at('12:00');
    await button('休憩開始').dblclick();
    await expect.poll(state).toBe('休憩中');
    expect(await enabled()).toEqual(['退勤', '休憩終了']);
    await expect.poll(() => page.locator('.punch-breaks__list').textContent()).toBe('12:00–休憩中');

    at('12:45');
    await button('休憩終了').click();
    await expect.poll(state).toBe('勤務中');
    at('15:00');
    await button('休憩開始').click();
    await expect.poll(state).toBe('休憩中');
    at('15:30');
    await button('休憩終了').click();
    await expect.poll(state).toBe('勤務中');
    await expect
      .poll(() => page.locator('.punch-breaks__list li').allTextContents())
      .toEqual(['12:00–12:45', '15:00–15:30']);

    at('18:00');
    await page.getByLabel('退勤メモ').fill('直帰');
    await button('退勤').click();
    await expect.poll(state).toBe('退勤済み');
    expect(await enabled()).toEqual([]);
    expect(await page.locator('.punch-times').textContent()).toContain('休憩合計1:15');

    const stored = await db()
      .entities.AttendanceDay.get({ companyId: tenant.companyId, employeeId: tenant.employees[0]!.id, workDate: DAY })
      .go();
    expect(stored.data!.breaks).toEqual([
      {
        startAt: new Date(`${DAY}T12:00:00+09:00`).toISOString(),
        endAt: new Date(`${DAY}T12:45:00+09:00`).toISOString(),
      },
      {
        startAt: new Date(`${DAY}T15:00:00+09:00`).toISOString(),
        endAt: new Date(`${DAY}T15:30:00+09:00`).toISOString(),
      },
    ]);

    // After a reload too: the state and the breaks come from the server.
    await page.reload();
    await expect.poll(state).toBe('退勤済み');
    await expect.poll(() => page.locator('.punch-breaks__list li').count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('shows the punched break minutes in 勤怠一覧', async () => {
    await page.goto(`${e2e.stack.baseUrl}/employees/attendance`);
    const row = page.locator('tr[aria-current="date"]');
    const cell = (i: number) => row.locator('td').nth(i).textContent();
    // 予定, 出勤, 退勤, 休憩, 勤務: 9:00–18:00 with 75 minutes of punched breaks is 7:45 of work (the rule
    // or the pattern's 12:00–13:00 window would give 60 minutes: the punched breaks replace them).
    await expect.poll(() => cell(1)).toBe('9:00');
    expect(await cell(0)).toContain('9:00–18:00');
    expect(await cell(2)).toBe('18:00');
    expect(await cell(3)).toBe('1:15');
    expect(await row.locator('.month-table__worked').textContent()).toBe('7:45');
  });
});
