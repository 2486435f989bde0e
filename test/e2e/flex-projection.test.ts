/**
 * Issue 29 item 10 in Chromium at a phone's width: the punch screen's 今月の勤務 card and 勤怠一覧 name
 * both flex figures — the 過不足 to date against 所定 and the period's 実労働 projected to its end against
 * the 総枠 — so a 1-month and a 2-month 清算期間 no longer show one unexplained 「過不足」.
 *
 * Saturday 2026-11-28 10:00 in Tokyo, the default calendar (Saturday and Sunday off, 祝日 off).
 * Figures derived by hand in test/unit/worktime-flex-projection.test.ts:
 * - 1-month period 11/1–11/30, nothing worked (as the tester saw it): 所定 to date 18 × 8:00 → -144:00;
 *   総枠 40 × 30 ÷ 7 = 171:25; projection 8:00 (Monday 11/30) → -163:25.
 * - 1-month period, 18 days of 10:00 (09:00–20:00, break 12:00–13:00 punched) = 180:00: +36:00 to
 *   date; projection 180:00 + 8:00 = 188:00 → +16:35 over 171:25.
 * - 2-month period 11/1–12/31, the same days: +36:00 to date; 総枠 40 × 61 ÷ 7 = 348:34; projection
 *   180:00 + 24 × 8:00 = 372:00 → +23:26.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { refreshCompanyMonth } from '../../functions/db/summaries.js';
import { db } from '../../functions/db/service.js';
import { addDays, instantOf, weekday } from '../../functions/domain/time.js';
import { publicHoliday } from '../../functions/domain/calendar.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';
import { pinClock } from '../support/test-clock.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const jst = (date: string, h: number) => instantOf(date, h, 0, 'Asia/Tokyo');
let tenant: TestTenant;

/** The 18 working days 11/2–11/27 (weekdays less 文化の日 11/3 and 勤労感謝の日 11/23). */
const WORKED: string[] = [];
for (let d = '2026-11-02'; d <= '2026-11-27'; d = addDays(d, 1))
  if (weekday(d) >= 1 && weekday(d) <= 5 && !publicHoliday(d)) WORKED.push(d);

beforeAll(async () => {
  pinClock('2026-11-28', '10:00');
  expect(WORKED).toHaveLength(18);
  tenant = await createTenant({ employees: 3, name: 'フレックス株式会社' });
  const companyId = tenant.companyId;
  const { entities } = db();
  const [oneMonth, twoMonths, idle] = tenant.employees.map((e) => e.id) as [string, string, string];
  for (const [employeeId, periodMonths] of [
    [oneMonth, 1],
    [twoMonths, 2],
    [idle, 1],
  ] as const)
    await entities.WorkSystemItem.put({
      companyId,
      scope: 'employee',
      employmentStatusId: RULE_ANY,
      employeeId,
      effectiveFrom: '2026-11-01',
      system: 'flex',
      periodStart: '2026-11-01',
      periodMonths,
    }).go();
  for (const employeeId of [oneMonth, twoMonths])
    await entities.AttendanceDay.put(
      WORKED.map((date) => ({
        companyId,
        employeeId,
        workDate: date,
        punchInAt: jst(date, 9),
        punchOutAt: jst(date, 20),
        breaks: [{ startAt: jst(date, 12), endAt: jst(date, 13) }],
      })),
    ).go();
  await refreshCompanyMonth(companyId, 'Asia/Tokyo', 2026, 11);
});

async function punchScreen(index: number): Promise<Page> {
  const page = await e2e.page(PHONE);
  await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[index]!);
  await page.waitForURL('**/employees');
  return page;
}

async function expectFigures(page: Page, balance: string, projection: string) {
  const card = page.locator('.work-month-card');
  await poll(() => card.getByTestId('flex-balance').textContent()).toBe(balance);
  expect(await card.getByTestId('flex-projection').textContent()).toBe(projection);
  // 勤怠一覧 of the month says the same, in the same words.
  await page.goto(`${e2e.stack.baseUrl}/employees/attendance?year=2026&month=11`);
  const note = page.getByTestId('work-system');
  await poll(() => note.getByTestId('flex-balance').textContent()).toBe(balance);
  expect(await note.getByTestId('flex-projection').textContent()).toBe(projection);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe('the flex 過不足 to date and the period’s projection, each named', () => {
  it('a 1-month period with nothing worked: the tester’s -144:00 is the balance to date', async () => {
    await expectFigures(
      await punchScreen(2),
      '清算期間 11/1–11/30・本日までの過不足 -144:00',
      '期間見込みの過不足（総枠 171:25）-163:25',
    );
  });

  it('a 1-month period after 18 days of 10 hours', async () => {
    await expectFigures(
      await punchScreen(0),
      '清算期間 11/1–11/30・本日までの過不足 +36:00',
      '期間見込みの過不足（総枠 171:25）+16:35',
    );
  });

  it('a 2-month period: the same balance to date, its own 総枠 and projection', async () => {
    await expectFigures(
      await punchScreen(1),
      '清算期間 11/1–12/31・本日までの過不足 +36:00',
      '期間見込みの過不足（総枠 348:34）+23:26',
    );
  });
});
