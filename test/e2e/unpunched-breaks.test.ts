/**
 * Issue 29 item 3 in Chromium at a phone's width (390×844), the admin's screen included: the engine never
 * invents break time. The admin chooses on 休憩時間設定 what a day without punched breaks takes (this
 * rule's break, or 休憩なし), the employee's 勤怠一覧 shows the work as it was and 休憩不足 with the
 * minutes 34条 lacks, and 打刻修正 records a day on which no break was taken.
 *
 * Figures (by hand from 34条: work over 6 h needs 45 minutes of break, over 8 h 60). The clock is held on
 * Tuesday 2026-11-10 12:00 in Tokyo; October's days are over and open. The status's rule from 10/1 is
 * 拘束6:01以上で0:45 (one tier), taking the rule's break on days without punched breaks.
 * - Wed 10/7 09:00–18:00, no break punched: 540 ≥ 361 → 45 → 8:15 worked; 8:15 > 8 h needs 60 → 休憩不足15分.
 * - Thu 10/8 09:00–18:00: from 10/8 the admin's version says 休憩なし → 9:00 worked, 休憩不足60分.
 * - Fri 10/9 09:00–15:00, no break punched: 360 ≥ 361? no → no break; 6:00 needs none → 6:00, no flag.
 *   The employee records 休憩を取らなかった on 10/7: 9:00 worked, 休憩不足60分.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putRule } from '../../functions/db/rules.js';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';
import { pinClock, tokyo } from '../support/test-clock.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });
let tenant: TestTenant;
const realNow = clock.now;

beforeAll(async () => {
  pinClock('2026-11-10', '12:00');
  tenant = await createTenant({ employees: 1, name: '休憩規程株式会社' });
  await putRule(tenant.companyId, 'break', null, tenant.employmentStatusId, '2026-10-01', {
    conditionMinutes: 361,
    breakMinutes: 45,
    unpunchedBreaks: 'rule',
  });
  const day = (date: string, to: string) => ({
    companyId: tenant.companyId,
    employeeId: tenant.employees[0]!.id,
    workDate: date,
    punchInAt: tokyo(date, '09:00').toISOString(),
    punchOutAt: tokyo(date, to).toISOString(),
  });
  await db()
    .entities.AttendanceDay.put([day('2026-10-07', '18:00'), day('2026-10-08', '18:00'), day('2026-10-09', '15:00')])
    .go();
});
afterAll(() => {
  clock.now = realNow;
});

const row = (page: Page, label: string) =>
  page.locator('tbody tr', { has: page.locator('th', { hasText: label }) }).first();
const fitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

async function october(page: Page) {
  await page.goto(`${e2e.stack.baseUrl}/employees/attendance?year=2026&month=10`);
  await poll(() => row(page, '10/9(金)').locator('.month-table__worked').textContent()).toBe('6:00');
}

describe('breaks nobody took are not invented (phone)', () => {
  it('the admin chooses 休憩なし for days without punched breaks from 10/8 on 休憩時間設定', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.goto(`${e2e.stack.baseUrl}/management/break_times`);
    await page.locator('#break-status').selectOption({ label: '正社員' });
    await poll(() => page.locator('.rule-heading').textContent()).toContain('正社員');
    // The version in force today is the one from 10/1: its choice is shown.
    await poll(() => page.locator('#break-condition-minute').inputValue()).toBe('1');
    expect(
      await page
        .getByLabel('この休憩ルール（勤務パターンの日は休憩時間帯）の休憩を取ったものとして計算する')
        .isChecked(),
    ).toBe(true);
    await page.getByLabel('休憩なしとして計算する').check();
    await page.locator('#break-from').fill('2026-10-08');
    await fitsPhone(page);
    await page.getByRole('button', { name: '保存' }).click();
    await poll(() => page.getByRole('status').first().textContent()).toContain('設定が完了しました。');
    const history = page.getByRole('table', { name: '履歴' });
    await poll(() => history.textContent()).toContain('休憩の打刻がない日は休憩なし');
    const stored = await db().entities.Rule.query.byCompany({ companyId: tenant.companyId, ruleType: 'break' }).go();
    expect(stored.data.map((r) => [r.effectiveFrom, r.unpunchedBreaks])).toEqual([
      ['2026-10-01', 'rule'],
      ['2026-10-08', 'none'],
    ]);
    await fitsPhone(page);
  });

  it('勤怠一覧 shows the work as it was, with 休憩不足 and its minutes', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
    await october(page);
    const wed = row(page, '10/7(水)');
    expect(await wed.locator('.month-table__worked').textContent()).toBe('8:15');
    expect(await wed.locator('.month-badge--flag').allTextContents()).toContain('⚠ 休憩不足15分');
    const thu = row(page, '10/8(木)');
    expect(await thu.locator('.month-table__worked').textContent()).toBe('9:00');
    expect(await thu.locator('.month-badge--flag').allTextContents()).toContain('⚠ 休憩不足60分');
    expect(await row(page, '10/9(金)').locator('.month-badge--flag').allTextContents()).not.toContain('⚠ 休憩不足');
    await fitsPhone(page);
  });

  it('打刻修正 records 休憩を取らなかった: the rule’s break is no longer deducted', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
    await page.goto(`${e2e.stack.baseUrl}/employees/modify?date=2026-10-07`);
    await poll(() => page.locator('.modify-current__breaks').textContent()).toBe('なし');
    await page.getByLabel('休憩を取らなかった（休憩なしとして修正する）').check();
    await page.getByLabel('理由').fill('休憩を取れなかったため');
    await fitsPhone(page);
    await page.getByRole('button', { name: '修正', exact: true }).click();
    await poll(() => page.getByText('打刻修正が完了しました').count()).toBe(1);
    await poll(() => page.locator('.modify-current__breaks').textContent()).toBe('なし（休憩を取らなかった）');
    const stored = await db()
      .entities.AttendanceDay.get({
        companyId: tenant.companyId,
        employeeId: tenant.employees[0]!.id,
        workDate: '2026-10-07',
      })
      .go();
    expect(stored.data).toMatchObject({ breaks: [], breaksRecorded: true });

    await october(page);
    const wed = row(page, '10/7(水)');
    await poll(() => wed.locator('.month-table__worked').textContent()).toBe('9:00');
    expect(await wed.locator('.month-badge--flag').allTextContents()).toContain('⚠ 休憩不足60分');
  });
});
