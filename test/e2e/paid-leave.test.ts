/**
 * Annual paid leave in Chromium: the admin registers a hire date on the staff form, runs the
 * statutory grants and sees who is behind on the five-day duty on the dashboard; an employee files
 * paid leave seeing the days left, and the punch screen's balance changes once it is approved.
 * Dates are relative to today in Tokyo, since the page and the server both use the real clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../functions/domain/time.js';
import { addMonthsLegal, addYearsLegal } from '../../functions/domain/paid-leave/index.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { workingDayFrom } from '../support/working-days.js';
import { testToday } from '../support/test-clock.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
const today = testToday();
/** `2027-06-21` → `2027年6月21日`, as the paid-leave screens write dates. */
const jaDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

// 社員 1号: hired 11 months ago, granted 10 days 5 months ago, none taken → behind (an even pace is at 1 day).
const behindHire = addMonthsLegal(today, -11);
const behindGrant = addMonthsLegal(behindHire, 6);
const behindDeadline = addDays(addYearsLegal(behindGrant, 1), -1);
// 社員 2号: hired 7 months ago, granted 10 days a month ago → nothing expected yet.
const filerHire = addMonthsLegal(today, -7);
const leaveDate = workingDayFrom(addDays(today, 14));

let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant({ employees: 2, name: '有給画面株式会社' });
  const admin = await signIn(e2e.stack.baseUrl, 'admin', tenant.admin);
  const e = tenant.employees[1]!;
  const res = await admin.put(`/api/v1/employees/${e.id}`, {
    last_name: '社員',
    first_name: '2号',
    email: e.email,
    password: '',
    department_id: tenant.departmentId,
    employment_status_id: tenant.employmentStatusId,
    hire_date: filerHire,
    working_pattern: null,
  });
  expect(res.status).toBe(200);
});

describe('paid leave in Chromium', () => {
  it('an admin registers a hire date, runs the grants and sees who is behind on the five-day duty', async () => {
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');

    await page.goto(`${e2e.stack.baseUrl}/management/staff/${tenant.employees[0]!.id}/edit`);
    await poll(() => page.locator('#staff-last_name').inputValue()).toBe('社員');
    await page.locator('#staff-hire_date').fill(behindHire);
    await page.locator('#staff-pattern_basis').selectOption('week');
    const update = page.getByRole('button', { name: '更新' });
    // A chosen basis needs its figures.
    expect(await update.isDisabled()).toBe(true);
    await page.locator('#staff-pattern_days').fill('5');
    await page.locator('#staff-pattern_hours').fill('40');
    await update.click();
    await poll(() => page.getByRole('status').first().textContent()).toContain('更新が完了しました。');

    await page.getByRole('link', { name: '有給休暇管理' }).first().click();
    await page.waitForURL('**/management/paid_leave');
    await page.getByRole('button', { name: '本日までの法定付与を実行' }).click();
    await poll(() => page.locator('.form-notice').textContent()).toBe('2件の付与を登録しました。');
    const row = page.getByRole('row', { name: /社員 1号/ });
    await poll(() => row.textContent()).toContain('遅れ');
    expect(await row.textContent()).toContain('10日');

    await page.goto(`${e2e.stack.baseUrl}/management`);
    const section = page.getByRole('region', { name: '年5日の取得義務が遅れているスタッフ' });
    const behind = section.getByRole('row', { name: /社員 1号/ });
    await poll(() => behind.textContent()).toContain(jaDate(behindDeadline));
    expect(await behind.textContent()).toContain('残り5日の取得が必要です');
    expect(await section.textContent()).not.toContain('社員 2号');

    // The register of that employee: base date and 10 days granted, nothing taken.
    await behind.getByRole('link', { name: '社員 1号' }).click();
    await page.waitForURL(`**/management/paid_leave/${tenant.employees[0]!.id}`);
    const register = page
      .getByRole('region', { name: '年次有給休暇管理簿' })
      .or(page.locator('section[aria-labelledby="register-title"]'));
    await poll(() => register.first().textContent()).toContain(jaDate(behindGrant));
  });

  it('the employee sees the days left when filing, and the balance changes once approved', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[1]!);
    await page.waitForURL('**/employees');
    const card = page.locator('section[aria-labelledby="paid-leave-card-title"]');
    await poll(() => card.locator('.paid-leave-card__remaining').textContent()).toBe('10日');

    await page.goto(`${e2e.stack.baseUrl}/employees/requests/holiday`);
    await page.locator('#request-leave-type').selectOption('0');
    await poll(() => page.locator('.paid-leave-remaining').textContent()).toBe('有給休暇の残日数：10日（申請中 0日）');
    const [y, m, d] = leaveDate.split('-').map(Number) as [number, number, number];
    await page.locator('#request-date-year').selectOption(String(y));
    await page.locator('#request-date-month').selectOption(String(m));
    await page.locator('#request-date-day').selectOption(String(d));
    await page.getByRole('button', { name: '申請', exact: true }).click();
    await poll(() => page.textContent('main')).toContain('申請が完了しました。');

    await page.goto(`${e2e.stack.baseUrl}/employees`);
    await poll(() => card.textContent()).toContain('申請中1日');
    expect(await card.locator('.paid-leave-card__remaining').textContent()).toBe('10日');

    const admin = await signIn(e2e.stack.baseUrl, 'admin', tenant.admin);
    const mine = await (
      await signIn(e2e.stack.baseUrl, 'employee', tenant.employees[1]!)
    ).get('/api/v1/holiday_requests');
    const filed = mine.body.data.find((r: { date: string }) => r.date === leaveDate);
    expect((await admin.put(`/api/v1/holiday_requests/${filed.id}`, { status: 1 })).status).toBe(200);

    await page.reload();
    await poll(() => card.locator('.paid-leave-card__remaining').textContent()).toBe('9日');
    expect(await card.textContent()).toContain('申請中0日');
  });
});
