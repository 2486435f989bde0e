/**
 * Issue 29 items 16 and 17, met as a person meets them in Chromium:
 * - 16: a 欠勤 row of the month table (the employee's 勤怠一覧 on a phone, the admin's staff month on a
 *   desktop and a phone) has its own tint and legend entry, not the 祝日 one, and says 欠勤 in words in
 *   the date cell that stays in view when the table scrolls sideways.
 * - 17: 会社カレンダー at a desktop's and a phone's width: each checkbox is a box beside its label
 *   (月曜日…日曜日 on one line each, 祝日を休日にする and the 44 h 特例 next to their boxes), and the
 *   page does not scroll sideways.
 *
 * The scenario: November 2026 seen on Tuesday 11/10 (pinned), everyone on 日勤 9:00–18:00 from 10/1
 * and nothing punched: Monday 11/2 is over and unworked (欠勤), 11/3 is 文化の日 (祝日).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { refreshCompanyMonth } from '../../functions/db/summaries.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import { clock } from '../../functions/shared/clock.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { pinClock } from '../support/test-clock.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const ambient = clock.now;
let tenant: TestTenant;

beforeAll(async () => {
  pinClock('2026-11-10', '12:00');
  tenant = await createTenant({ employees: 1, name: '表示確認株式会社' });
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
    scope: 'group',
    departmentId: RULE_ANY,
    employmentStatusId: RULE_ANY,
    employeeId: RULE_ANY,
    effectiveFrom: '2026-10-01',
    patternId: 'day',
  }).go();
  await refreshCompanyMonth(companyId, 'Asia/Tokyo', 2026, 11);
});
afterAll(() => {
  clock.now = ambient;
});

async function signedIn(role: 'employee' | 'admin', viewport: { width: number; height: number }) {
  const page = await e2e.page(viewport);
  if (role === 'employee') {
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
  } else {
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
  }
  return page;
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const dayRow = (page: Page, dayOfMonth: number) =>
  page.locator('.month-table > tbody > tr:not(.month-detail)').nth(dayOfMonth - 1);
const background = (el: import('playwright-core').Locator) =>
  el.evaluate((node) => getComputedStyle(node).backgroundColor);
const swatch = (page: Page, label: string) =>
  page.locator('.month-legend li', { hasText: new RegExp(`^${label}$`) }).locator('.month-legend__swatch');

async function expectAbsentApart(page: Page) {
  await poll(() => page.locator('.month-table > tbody > tr').count()).toBe(30);
  const absent = dayRow(page, 2);
  await poll(() => absent.textContent()).toContain('欠勤');
  // Its own legend entry and tint, apart from 祝日's (文化の日, 11/3) and from a plain working day's.
  expect(await swatch(page, '欠勤').count()).toBe(1);
  const absentTint = await background(swatch(page, '欠勤'));
  const holidayTint = await background(swatch(page, '祝日'));
  expect(absentTint).not.toBe(holidayTint);
  expect(await background(absent)).toBe(absentTint);
  expect(await background(dayRow(page, 3))).toBe(holidayTint);
  // No cell paints another colour over it (they were painted the 祝日 pink); the sticky date cell has
  // it as its own opaque background.
  const cells = await absent.locator('> *').evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
  for (const tint of cells) expect([absentTint, 'rgba(0, 0, 0, 0)']).toContain(tint);
  expect(await background(absent.locator('th'))).toBe(absentTint);
  // Not colour alone: the date cell, which stays in view when the table scrolls, says 欠勤 in words.
  expect(await absent.locator('th').textContent()).toContain('欠勤');
  expect(await dayRow(page, 3).locator('th').textContent()).not.toContain('欠勤');
  expect(await noSideScroll(page)).toBe(true);
}

describe('item 16: 欠勤 is not shown as a 祝日', () => {
  it("the employee's 勤怠一覧 on a phone", async () => {
    const page = await signedIn('employee', PHONE);
    await page.goto(`${e2e.stack.baseUrl}/employees/attendance?year=2026&month=11`);
    await expectAbsentApart(page);
  });

  it("the admin's staff month on a desktop and on a phone", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await signedIn('admin', viewport);
      await page.goto(`${e2e.stack.baseUrl}/management/${tenant.employees[0]!.id}?year=2026&month=11`);
      await expectAbsentApart(page);
    }
  });
});

/** Each checkbox of the calendar form: its box and its label's boxes (one per line the label takes). */
async function checkLayout(page: Page) {
  return page.locator('.calendar-form input[type="checkbox"]').evaluateAll((boxes) =>
    boxes.map((box) => {
      const label = document.querySelector(`label[for="${box.id}"]`)!;
      const b = box.getBoundingClientRect();
      const l = label.getBoundingClientRect();
      const lineHeight = parseFloat(getComputedStyle(label).lineHeight) || 24;
      return {
        label: label.textContent,
        boxWidth: Math.round(b.width),
        gap: Math.round(l.left - b.right),
        // The label's middle lies within the box's height: on the same line.
        sameLine: l.top + l.height / 2 >= b.top - 4 && l.top + l.height / 2 <= b.bottom + 4,
        lines: Math.round(l.height / lineHeight),
      };
    }),
  );
}

describe('item 17: 会社カレンダー lays its checkboxes out beside their labels', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`at a ${name}'s width`, async () => {
      const page = await signedIn('admin', viewport);
      await page.goto(`${e2e.stack.baseUrl}/management/company_calendar`);
      await poll(() => page.getByTestId('calendar-in-force').textContent()).toContain('会社カレンダーは未登録です。');
      const checks = await checkLayout(page);
      expect(checks.map((c) => c.label)).toEqual([
        '月曜日',
        '火曜日',
        '水曜日',
        '木曜日',
        '金曜日',
        '土曜日',
        '日曜日',
        '祝日を休日にする',
        '週44時間の特例（特例措置対象事業場）',
      ]);
      for (const c of checks) {
        // A box, not a bar stretched across the card; its label right beside it, on its line.
        expect.soft(c.boxWidth, c.label!).toBeLessThanOrEqual(28);
        expect.soft(c.gap, c.label!).toBeGreaterThanOrEqual(0);
        expect.soft(c.gap, c.label!).toBeLessThanOrEqual(16);
        expect.soft(c.sameLine, c.label!).toBe(true);
      }
      // 月曜日…日曜日 read on one line each (they were stacked one character a line).
      for (const c of checks.slice(0, 7)) expect.soft(c.lines, c.label!).toBe(1);
      if (viewport === DESKTOP) for (const c of checks.slice(7)) expect.soft(c.lines, c.label!).toBe(1);
      // The boxes still toggle through their labels.
      await page.getByLabel('祝日を休日にする').uncheck();
      expect(await page.locator('#calendar-public').isChecked()).toBe(false);
      await page.locator('label[for="calendar-weekly-1"]').click();
      expect(await page.locator('#calendar-weekly-1').isChecked()).toBe(true);
      expect(await noSideScroll(page)).toBe(true);
    });
  }
});
