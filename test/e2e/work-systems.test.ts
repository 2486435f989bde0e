/**
 * Issue 17 in Chromium: the month tables name the employee's working-time system and its period, and
 * on flex the 清算期間's 過不足 — the employee's 勤怠一覧 and punch screen at a phone's width, the admin's
 * staff month on a desktop. The system is written straight into the table (its settings screen is
 * another helper's work); the engine's flex settlement gives 過不足 = worked − 標準となる1日の労働時間
 * (8 h by default) × working days from the period's start through today.
 *
 * フレックスタイム制 with a 3-month 清算期間 from 4/1/2026; the clock is held on Wednesday 4/8
 * (Asia/Tokyo). Worked 4/1 9:00–20:00 (10 h after a 60-minute break) and 4/2 9:00–18:00 (8 h).
 * 4/1–4/8 has 6 working days (4/1–3, 6–8): 過不足 = 1,080 − 6 × 480 = −1,800 min = -30:00.
 * Issue 29 item 10, the period's projection against its 総枠: 総枠 = 40 h × 91 days ÷ 7 = 520:00; the
 * period's working days (祝日 off: 4/29, 5/4–5/6) are April 21, May 18, June 22 = 61; after today 61 − 6
 * = 55, plus today (not yet worked) 1 → 56 × 8:00 = 448:00; projection 18:00 + 448:00 = 466:00 → -54:00.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshCompanyMonth } from '../../functions/db/summaries.js';
import { db } from '../../functions/db/service.js';
import { instantOf } from '../../functions/domain/time.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import { clock } from '../../functions/shared/clock.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
/** Two shared cores: give the page time to answer (expect.poll waits 1 s by default). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const jst = (date: string, h: number, m = 0) => instantOf(date, h, m, 'Asia/Tokyo');
const realNow = clock.now;
let tenant: TestTenant;

beforeAll(async () => {
  clock.now = () => new Date(jst('2026-04-08', 12));
  tenant = await createTenant({ employees: 1, name: '制度表示株式会社' });
  // The figures are of days with the company's break (none is deemed without one since issue 29).
  await putTwoTierBreakRule(tenant.companyId);
  const companyId = tenant.companyId;
  const employeeId = tenant.employees[0]!.id;
  const { entities } = db();
  await entities.WorkSystemItem.put({
    companyId,
    scope: 'employee',
    employmentStatusId: RULE_ANY,
    employeeId,
    effectiveFrom: '2026-04-01',
    system: 'flex',
    periodStart: '2026-04-01',
    periodMonths: 3,
  }).go();
  await entities.AttendanceDay.put({
    companyId,
    employeeId,
    workDate: '2026-04-01',
    punchInAt: jst('2026-04-01', 9),
    punchOutAt: jst('2026-04-01', 20),
  }).go();
  await entities.AttendanceDay.put({
    companyId,
    employeeId,
    workDate: '2026-04-02',
    punchInAt: jst('2026-04-02', 9),
    punchOutAt: jst('2026-04-02', 18),
  }).go();
  await refreshCompanyMonth(companyId, 'Asia/Tokyo', 2026, 4);
});
afterAll(() => {
  clock.now = realNow;
});

async function expectSystemShown(page: import('playwright-core').Page) {
  const note = page.getByTestId('work-system');
  await poll(() => note.textContent()).toContain('フレックスタイム制');
  expect(await note.textContent()).toContain('清算期間 4/1–6/30');
  expect(await page.getByTestId('flex-balance').textContent()).toBe('清算期間 4/1–6/30・本日までの過不足 -30:00');
  expect(await page.getByTestId('flex-projection').textContent()).toBe('期間見込みの過不足（総枠 520:00）-54:00');
  // The table is still there below it.
  expect(await page.locator('.month-table thead').textContent()).toContain('法定外残業');
}

describe('the working-time system and the flex 過不足 on the screens', () => {
  it("the employee's 勤怠一覧 and punch screen on a phone", async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
    // The punch screen's 今月の勤務 card: the 過不足 as of the last computation.
    const card = page.locator('.work-month-card');
    await poll(() => card.textContent()).toContain('清算期間 4/1–6/30・本日までの過不足 -30:00');
    expect(await card.textContent()).toContain('期間見込みの過不足（総枠 520:00）-54:00');

    await page.goto(`${e2e.stack.baseUrl}/employees/attendance?year=2026&month=4`);
    await expectSystemShown(page);
    // Readable on a phone: the page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it("the admin's staff month", async () => {
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.goto(`${e2e.stack.baseUrl}/management/${tenant.employees[0]!.id}?year=2026&month=4`);
    await expectSystemShown(page);
    // The staff list names the system beside the employment status.
    await page.goto(`${e2e.stack.baseUrl}/management/staff`);
    await poll(() =>
      page
        .getByRole('row', { name: /社員 1号/ })
        .first()
        .textContent(),
    ).toContain('フレックスタイム制');
  });
});
