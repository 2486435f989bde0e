/**
 * Issue 29 items 8 and 11 in Chromium, on a phone (390×844) — staff at the employee's 勤怠一覧, the admin
 * on the staff form and 有給管理 (admin screens work on a phone too):
 * - a member hired on Monday 16 November sees the days before it as 入社前 in 勤怠一覧, none of them 欠勤;
 * - the admin moves a member to 開発部 from a date: the date field appears with the change, a date in the
 *   closed October is refused next to it, a later one is saved and the 履歴 shows both versions;
 * - the five-day duty of a member taken on before the company's first day of use shows 要確認 until the
 *   admin states the days taken before the records on the staff form, then 順調.
 * Saturday 2026-11-28; October is closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putPeriodClosing } from '../../functions/db/period-closings.js';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { grantRunDone } from '../support/grant-runs.js';
import type { HttpClient } from '../support/http-client.js';
import { seedCompanyDayPattern } from '../support/day-pattern.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { pinClock } from '../support/test-clock.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const realNow = clock.now;
let tenant: TestTenant;
let admin: HttpClient;
let newcomer: string;
let veteran: string;

const body = (i: number, extra: Record<string, unknown>) => ({
  last_name: '社員',
  first_name: `${i + 1}号`,
  email: tenant.employees[i]!.email,
  password: '',
  department_id: tenant.departmentId,
  employment_status_id: tenant.employmentStatusId,
  ...extra,
});

beforeAll(async () => {
  pinClock('2026-11-28', '10:00');
  tenant = await createTenant({ employees: 2, name: '在籍期間株式会社' });
  [newcomer, veteran] = tenant.employees.map((e) => e.id) as [string, string];
  admin = await signIn(e2e.stack.baseUrl, 'admin', tenant.admin);
  await seedCompanyDayPattern(tenant.companyId);
  expect((await admin.put(`/api/v1/employees/${newcomer}`, body(0, { hire_date: '2026-11-16' }))).status).toBe(200);
  expect((await admin.put(`/api/v1/employees/${veteran}`, body(1, { hire_date: '2024-04-01' }))).status).toBe(200);
  expect((await admin.post('/api/v1/departments', { name: '開発部' })).status).toBe(201);
  // The company started using the product today; October is closed.
  await db().entities.Company.patch({ companyId: tenant.companyId }).set({ usageStartedOn: '2026-11-28' }).go();
  await putPeriodClosing(tenant.companyId, {
    period: '2026-10',
    from: '2026-10-01',
    to: '2026-10-31',
    status: 'closed',
  });
  expect(await grantRunDone(admin)).toMatchObject({ status: 'done' });
});
afterAll(() => {
  clock.now = realNow;
});

describe('employment span and moves on a phone', () => {
  it('勤怠一覧 shows the days before the 入社日 as 入社前, not 欠勤', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
    await page.goto(`${e2e.stack.baseUrl}/employees/attendance?year=2026&month=11`);
    const outside = page.getByTestId('outside-employment');
    // 11/1–11/15: fifteen days before the 16th.
    await poll(() => outside.count()).toBe(15);
    expect(await outside.first().textContent()).toBe('入社前');
    // No row before the 16th is tinted 欠勤; the first working days after it are (nothing punched).
    expect(await page.locator('tr.month-row--absent.month-row--outside').count()).toBe(0);
    expect(await page.locator('tr.month-row--absent').count()).toBe(9);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('moves a member to 開発部 from a date: a date in the closed October is refused beside it, a later one saved with its 履歴', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.goto(`${e2e.stack.baseUrl}/management/staff/${newcomer}/edit`);
    await poll(() => page.locator('#staff-department_id').inputValue()).toBe(tenant.departmentId);
    expect(await page.locator('#staff-assignment_from').count()).toBe(0);
    await page.locator('#staff-department_id').selectOption({ label: '開発部' });
    await page.locator('#staff-assignment_from').fill('2026-10-20');
    await page.getByRole('button', { name: '更新' }).click();
    await poll(() => page.locator('#staff-assignment_from-error').textContent()).toBe(
      '2026年10月度（10月1日〜10月31日）は締め済みです。適用開始日は10月31日より後の日付にしてください。',
    );
    expect(await page.locator('#staff-assignment_from').getAttribute('aria-invalid')).toBe('true');

    await page.locator('#staff-assignment_from').fill('2026-11-16');
    await page.getByRole('button', { name: '更新' }).click();
    await poll(() => page.getByRole('status').first().textContent()).toContain('更新が完了しました。');
    const history = page.getByTestId('assignment-history');
    await poll(() => history.locator('tbody tr').allTextContents()).toEqual([
      '登録時から営業部正社員',
      '2026-11-16開発部正社員',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // A move scheduled for 12/1 back to 営業部: the 履歴 marks it 予定, the staff list says from when.
    await page.locator('#staff-department_id').selectOption({ label: '営業部' });
    await page.locator('#staff-assignment_from').fill('2026-12-01');
    await page.getByRole('button', { name: '更新' }).click();
    await poll(() => history.locator('tbody tr').last().textContent()).toBe('2026-12-01（予定）営業部正社員');
    await page.goto(`${e2e.stack.baseUrl}/management/staff`);
    await poll(() =>
      page
        .getByRole('row', { name: /社員 1号/ })
        .locator('td')
        .nth(1)
        .textContent(),
    ).toBe('営業部（12/1(火)から）');
  });

  it('有給管理 says 要確認 until the days taken before the records are stated on the staff form', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.goto(`${e2e.stack.baseUrl}/management/paid_leave/${veteran}`);
    const windows = page.getByTestId('five-day-window');
    // The grant year 2025-10-01 – 2026-09-30 ended before the company used the product: not shown.
    await poll(() => windows.count()).toBe(1);
    expect(await windows.first().textContent()).toContain('要確認');
    expect(await windows.first().textContent()).toContain('記録開始前の取得日数が未入力です');

    await page.goto(`${e2e.stack.baseUrl}/management/staff/${veteran}/edit`);
    await poll(() => page.locator('#staff-hire_date').inputValue()).toBe('2024-04-01');
    await page.locator('#staff-leave_taken_before_records').fill('2');
    await page.getByRole('button', { name: '更新' }).click();
    await poll(() => page.getByRole('status').first().textContent()).toContain('更新が完了しました。');

    await page.goto(`${e2e.stack.baseUrl}/management/paid_leave/${veteran}`);
    await poll(() => windows.first().textContent()).toContain('順調');
    expect(await windows.first().textContent()).toContain('記録開始前の取得 2日を含む');
  });
});
