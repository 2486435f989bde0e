/**
 * Issue 16 item 3 in Chromium at a phone's width: with a work pattern 日勤 9:00–18:00 for everyone
 * (written straight into the table: the pattern screens are other work), the employee's 勤怠一覧 and
 * the admin's staff month show 予定, 遅刻, the punched breaks, 休憩不足 and 欠勤 on the days that are
 * over, and the month's totals count them. October 2026 (Asia/Tokyo), the clock held in November.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshCompanyMonth } from '../../functions/db/summaries.js';
import { db } from '../../functions/db/service.js';
import { instantOf } from '../../functions/domain/time.js';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import { clock } from '../../functions/shared/clock.js';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
/** Two shared cores: give the page time to answer (expect.poll waits 1 s by default). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const jst = (date: string, h: number, m = 0) => instantOf(date, h, m, 'Asia/Tokyo');
const realNow = clock.now;
let tenant: TestTenant;

beforeAll(async () => {
  clock.now = () => new Date('2026-11-10T03:00:00Z');
  tenant = await createTenant({ employees: 1, name: '予定表示株式会社' });
  const companyId = tenant.companyId;
  const employeeId = tenant.employees[0]!.id;
  const { entities } = db();
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
  // Thursday 10/1: 9:05–18:00 with a 45-minute punched break (below the 60 minutes 34条 asks for
  // more than 8 h of work). Friday 10/2: nothing punched — 欠勤.
  await entities.AttendanceDay.put({
    companyId,
    employeeId,
    workDate: '2026-10-01',
    punchInAt: jst('2026-10-01', 9, 5),
    punchOutAt: jst('2026-10-01', 18),
    breaks: [{ startAt: jst('2026-10-01', 12), endAt: jst('2026-10-01', 12, 45) }],
  }).go();
  // November (today is Tuesday 11/10): Monday 11/2 punched 9:10–17:30, then nothing.
  await entities.AttendanceDay.put({
    companyId,
    employeeId,
    workDate: '2026-11-02',
    punchInAt: jst('2026-11-02', 9, 10),
    punchOutAt: jst('2026-11-02', 17, 30),
  }).go();
  // The stored figures, as the daily refresh leaves them.
  await refreshCompanyMonth(companyId, 'Asia/Tokyo', 2026, 10);
  await refreshCompanyMonth(companyId, 'Asia/Tokyo', 2026, 11);
});
afterAll(() => {
  clock.now = realNow;
});

const row = (page: import('playwright-core').Page, label: string) =>
  page.locator('tbody tr', { has: page.locator('th', { hasText: label }) }).first();

async function expectScheduleShown(page: import('playwright-core').Page) {
  const header = page.locator('.month-table thead');
  await poll(() => header.textContent()).toContain('予定');
  expect(await header.textContent()).toContain('遅刻');
  expect(await header.textContent()).toContain('早退');
  const first = row(page, '10/1(木)');
  await poll(() => first.textContent()).toContain('9:00–18:00');
  const text = (await first.textContent())!;
  expect(text).toContain('日勤');
  expect(text).toContain('0:05'); // 遅刻 5 minutes
  expect(text).toContain('休憩打刻: 12:00–12:45');
  expect(text).toContain('遅刻');
  expect(text).toContain('休憩不足');
  const second = row(page, '10/2(金)');
  expect(await second.textContent()).toContain('欠勤');
  expect(await second.getAttribute('class')).toContain('month-row--absent');
  // A weekend day has no schedule and is not absent.
  expect(await row(page, '10/3(土)').textContent()).not.toContain('欠勤');
  const totals = page.locator('.month-totals');
  await poll(() => totals.textContent()).toContain('予定日数');
  const totalsText = (await totals.textContent())!;
  expect(totalsText).toContain('遅刻1日（0:05）');
  // October 2026 has 21 working days (10/12 スポーツの日 off); one was worked.
  expect(totalsText).toMatch(/欠勤20日/);
  // Readable on a phone: the page itself does not scroll sideways (the table scrolls in its box).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe('予定・遅刻・欠勤 in the month tables on a phone', () => {
  it("the employee's 勤怠一覧", async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
    await page.goto(`${e2e.stack.baseUrl}/employees/attendance?year=2026&month=10`);
    await expectScheduleShown(page);
  });

  it("the admin's staff month", async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.goto(`${e2e.stack.baseUrl}/management/${tenant.employees[0]!.id}?year=2026&month=10`);
    await expectScheduleShown(page);
  });

  it('the admin sees 遅刻・早退・欠勤 in 勤務状況, the staff list and the closing checklist', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    // 勤務状況 of November: 11/2 late 10 min and 30 min early; 11/4, 5, 6 and 9 over and unpunched
    // (11/3 文化の日 is a holiday, today 11/10 is not over).
    const section = page.locator('section', { has: page.locator('#schedule-figures-title') });
    await poll(() => section.textContent()).toContain('社員 1号');
    const line = section.getByRole('row', { name: /社員 1号/ });
    expect(await line.textContent()).toContain('1回（0:10）');
    expect(await line.textContent()).toContain('1回（0:30）');
    expect(await line.textContent()).toContain('4日');

    await page.goto(`${e2e.stack.baseUrl}/management/staff`);
    await poll(() =>
      page
        .getByRole('row', { name: /社員 1号/ })
        .first()
        .textContent(),
    ).toContain('遅刻1・早退1・欠勤4');

    // 締め処理: the checklist of October (the last ended period).
    await page.goto(`${e2e.stack.baseUrl}/management/closing`);
    const checklist = page.locator('.closing-checklist');
    await poll(() => checklist.textContent()).toContain('遅刻 1回・早退 0回・欠勤 20日');
    expect(await checklist.textContent()).toContain('社員 1号 遅刻1回（0:05）・早退0回（0:00）・欠勤20日');
    expect(await checklist.textContent()).toContain('休憩が34条の最低基準に満たない日1日');
  });
});
