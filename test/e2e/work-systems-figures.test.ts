/**
 * Issue 17 acceptance in Chromium: the admin sets up a flex status and a 1-month 変形 status on the
 * 労働時間制度 screen and sees the figures each system gives in the staff members' month tables.
 *
 * The clock is held on Wednesday 2026-04-08 12:00 (Asia/Tokyo); 末日締め, no closed period.
 * - 社員 1号 (正社員) → フレックスタイム制, 3-month 清算期間 from 4/1 (4/1–6/30), 標準 8 h. Worked 4/1
 *   9:00–20:00 (restraint 11 h, the company's break rule 拘束8:46以上で1:00: 600 min) and 4/2 9:00–18:00 (480):
 *   1,080. Working days 4/1–4/8: 1, 2, 3, 6, 7, 8 = 6 → 所定 6 × 480 = 2,880; 過不足 = 1,080 − 2,880
 *   = −1,800 = -30:00. No daily line under flex (32条の3): the 10-hour day has no 法定外 → month 法定外 0:00.
 * - 社員 2号 (契約社員) → 1か月単位の変形労働時間制 from 4/1. A 10-hour shift pattern (9:00–20:00,
 *   break 12:00–13:00) on 4/1, worked 9:00–20:00: 600 min. 32条の2: on a day scheduled over 8 h the
 *   daily line is the schedule (600), so nothing is 法定外 that day (under 通常 it would be 120); the
 *   week 3/29–4/4 cut at the period's start holds 4/1–4/4 only: 600 ≤ 40 h; the period is not over.
 *   → month 労働時間 10:00, 法定外 0:00.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { instantOf } from '../../functions/domain/time.js';
import { clock } from '../../functions/shared/clock.js';
import { newId } from '../../functions/shared/ids.js';
import { DESKTOP, signInAs, useBrowser } from '../support/browser.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });
const jst = (date: string, h: number, m = 0) => instantOf(date, h, m, 'Asia/Tokyo');
const realNow = clock.now;
let tenant: TestTenant;

beforeAll(async () => {
  clock.now = () => new Date('2026-04-08T03:00:00Z');
  tenant = await createTenant({ employees: 2, name: '制度集計株式会社' });
  // The figures are of days with the company's break (none is deemed without one since issue 29).
  await putTwoTierBreakRule(tenant.companyId);
  const companyId = tenant.companyId;
  const [a, b] = tenant.employees.map((e) => e.id) as [string, string];
  const { entities } = db();
  const contract = newId();
  await entities.EmploymentStatus.put({ companyId, employmentStatusId: contract, name: '契約社員' }).go();
  await entities.Employee.patch({ companyId, employeeId: b }).set({ employmentStatusId: contract }).go();
  // Both joined long before the periods (a joiner's flex period is settled on the own span, 32条の3の2).
  for (const employeeId of [a, b])
    await entities.Employee.patch({ companyId, employeeId }).set({ hireDate: '2020-04-01' }).go();
  await entities.WorkPatternItem.put({
    companyId,
    patternId: 'long',
    name: '長日勤',
    startMinute: 9 * 60,
    endMinute: 20 * 60,
    breakWindows: [{ startMinute: 12 * 60, endMinute: 13 * 60 }],
  }).go();
  await entities.Shift.put({
    companyId,
    yearMonth: '2026-04',
    employeeId: b,
    date: '2026-04-01',
    patternId: 'long',
  }).go();
  await entities.AttendanceDay.put([
    {
      companyId,
      employeeId: a,
      workDate: '2026-04-01',
      punchInAt: jst('2026-04-01', 9),
      punchOutAt: jst('2026-04-01', 20),
    },
    {
      companyId,
      employeeId: a,
      workDate: '2026-04-02',
      punchInAt: jst('2026-04-02', 9),
      punchOutAt: jst('2026-04-02', 18),
    },
    {
      companyId,
      employeeId: b,
      workDate: '2026-04-01',
      punchInAt: jst('2026-04-01', 9),
      punchOutAt: jst('2026-04-01', 20),
    },
  ]).go();
});
afterAll(() => {
  clock.now = realNow;
});

const total = (page: Page, label: string) =>
  page
    .locator('.month-totals__item')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

async function saveSystem(page: Page, status: string, kind: string, months?: string) {
  await page.locator('#system-status').selectOption({ label: status });
  await page.locator('#system-kind').selectOption({ label: kind });
  await page.locator('#system-period-start').fill('2026-04-01');
  // In force from the 1st (the form's default is today, 4/8).
  await page.locator('#system-from').fill('2026-04-01');
  if (months) await page.locator('#system-months').selectOption({ label: months });
  await page.getByRole('button', { name: '保存' }).click();
  await poll(() => page.getByRole('status').first().textContent()).toBe('労働時間制度を保存しました。');
}

describe('the admin sets up the systems and sees their figures', () => {
  it('flex for 正社員 and the 1-month 変形 for 契約社員, then each staff month', { timeout: 240_000 }, async () => {
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.goto(`${e2e.stack.baseUrl}/management/working_time_systems`);
    await poll(() => page.textContent('main')).toContain('労働時間制度は未設定です。');
    await saveSystem(page, '正社員', 'フレックスタイム制', '3か月');
    await saveSystem(page, '契約社員', '1か月単位の変形労働時間制');

    const [a, b] = tenant.employees.map((e) => e.id) as [string, string];
    await page.goto(`${e2e.stack.baseUrl}/management/${a}?year=2026&month=4`);
    await poll(() => page.getByTestId('work-system').textContent()).toContain('フレックスタイム制');
    // Issue 29 item 10: each figure named (the projection's derivation: test/e2e/work-systems.test.ts).
    expect(await page.getByTestId('flex-balance').textContent()).toBe('清算期間 4/1–6/30・本日までの過不足 -30:00');
    expect(await page.getByTestId('flex-projection').textContent()).toBe('期間見込みの過不足（総枠 520:00）-54:00');
    await poll(() => total(page, '労働時間').textContent()).toBe('18:00');
    expect(await total(page, '法定外').textContent()).toBe('0:00');

    await page.goto(`${e2e.stack.baseUrl}/management/${b}?year=2026&month=4`);
    await poll(() => page.getByTestId('work-system').textContent()).toContain('1か月単位の変形労働時間制');
    await poll(() => total(page, '労働時間').textContent()).toBe('10:00');
    expect(await total(page, '法定外').textContent()).toBe('0:00');
  });
});
