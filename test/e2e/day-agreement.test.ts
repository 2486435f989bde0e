/**
 * Issue 29 items 15 and 9 in Chromium at a phone's width (390×844), on Saturday 2026-11-28 10:00 in
 * Tokyo — the day the tester saw the punch screen say 「予定 9:00–18:00 日勤」 while 勤怠一覧 showed no
 * schedule, and a 午前半休 on a 会社休日 end in 申請が完了しました.
 *
 * The company: 日勤 9:00–18:00 (break 12:00–13:00) the default pattern of everyone; the calendar from
 * 2026-11-01: Sunday the 法定休日, Saturday and Sunday off, 祝日 off, 2026-12-30 a 会社休日 (年末年始休暇).
 * Both screens take the day from one function (functions/domain/worktime/employee-day.ts): Saturday is a
 * 所定休日 without a schedule on each, and leave on the 会社休日 is refused next to the date, naming it.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { pinClock } from '../support/test-clock.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
let tenant: TestTenant;

beforeAll(async () => {
  pinClock('2026-11-28', '10:00');
  tenant = await createTenant({ employees: 1, name: '土曜株式会社' });
  const companyId = tenant.companyId;
  await db()
    .entities.WorkPatternItem.put({
      companyId,
      patternId: 'day',
      name: '日勤',
      startMinute: 9 * 60,
      endMinute: 18 * 60,
      breakWindows: [{ startMinute: 12 * 60, endMinute: 13 * 60 }],
    })
    .go();
  await db()
    .entities.PatternAssignment.put({
      companyId,
      scope: 'group',
      departmentId: RULE_ANY,
      employmentStatusId: RULE_ANY,
      employeeId: RULE_ANY,
      effectiveFrom: '2026-01-01',
      patternId: 'day',
    })
    .go();
  const admin = await signIn(e2e.stack.baseUrl, 'admin', tenant.admin);
  const calendar = await admin.put('/api/v1/company_calendar', {
    effective_from: '2026-11-01',
    legal_holiday: 0,
    weekly_days_off: [0, 6],
    public_holidays_off: true,
    company_days_off: [{ date: '2026-12-30', name: '年末年始休暇' }],
  });
  expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
});

async function employee(): Promise<Page> {
  const page = await e2e.page(PHONE);
  await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
  await page.waitForURL('**/employees');
  return page;
}

describe('the employee’s day on Saturday 11/28', () => {
  it('the punch screen and 勤怠一覧 both say 所定休日 without a schedule', { timeout: 120_000 }, async () => {
    const page = await employee();
    await poll(() => page.getByTestId('punch-schedule').textContent()).toBe('予定 休日（所定休日）');
    expect(await page.locator('.punch-card').textContent()).not.toContain('日勤');

    await page.goto(`${e2e.stack.baseUrl}/employees/attendance?year=2026&month=11`);
    const row = page.getByRole('row', { name: /^11\/28\(/ });
    await poll(() => row.getAttribute('class')).toContain('month-row--day-off');
    expect((await row.locator('.month-table__scheduled').textContent())?.trim()).toBe('');
    // A weekday keeps its schedule on both: Friday 11/27 in the table.
    const friday = page.getByRole('row', { name: /^11\/27\(/ });
    expect(await friday.locator('.month-table__scheduled').textContent()).toContain('日勤');
  });

  it('午前半休 on the 会社休日 is refused next to the date, naming it', { timeout: 120_000 }, async () => {
    const page = await employee();
    await page.goto(`${e2e.stack.baseUrl}/employees/requests/holiday`);
    await page.locator('#request-leave-type').selectOption('0');
    await page.locator('#request-unit').selectOption('am');
    await page.locator('#request-date-year').selectOption('2026');
    await page.locator('#request-date-month').selectOption('12');
    await page.locator('#request-date-day').selectOption('30');
    await page.getByRole('button', { name: '申請', exact: true }).click();
    await poll(() => page.locator('#request-date-error').textContent()).toBe(
      '選択した日は会社休日（年末年始休暇）です。休暇は勤務予定のある出勤日にのみ申請できます',
    );
    const main = await page.textContent('main');
    expect(main).toContain('申請内容に不備があります。');
    expect(main).not.toContain('申請が完了しました');
    // The form keeps what was chosen, so the employee picks another day.
    expect(await page.locator('#request-unit').inputValue()).toBe('am');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
