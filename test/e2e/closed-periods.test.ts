/**
 * Issue 15, closing a period (締め), in Chromium: last month is closed. The employee who corrects one
 * of its days on the phone reads why next to the day (and as the form's message); the admin who
 * approves a request of that month reads it in the decision dialog, and one who saves a working-time
 * rule on the month's last day (it would apply from that day) reads it on the rule screen. Nothing is
 * written any time.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closedMessage, putPeriodClosing } from '../../functions/db/period-closings.js';
import { daysInMonth } from '../../functions/domain/time.js';
import { clock } from '../../functions/shared/clock.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { testToday } from '../support/test-clock.js';
import { workingDay } from '../support/working-days.js';

const e2e = useBrowser();
/** Two shared cores: give the page time to answer (expect.poll waits 1 s by default). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
let tenant: TestTenant;

// Last month in Japan: over, so it can be closed, and its days can still be corrected when open.
const [y, m] = testToday().split('-').map(Number) as [number, number];
const last = m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
const period = `${last.year}-${String(last.month).padStart(2, '0')}`;
const [from, to] = [`${period}-01`, `${period}-${daysInMonth(last.year, last.month)}`];
const message = closedMessage({ period, from, to });

const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '締め確認株式会社' });
  // A leave request of last month's 5th working day (leave is taken on working days only), filed while
  // the month was open; then the month is closed.
  const staff = await signIn(e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
  const day = workingDay(last.year, last.month, 5);
  const filed = await staff.post('/api/v1/holiday_requests', { kind: 1, ...last, day, reason: '通院' });
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  await putPeriodClosing(tenant.companyId, { period, from, to, status: 'closed' });
}, 60_000);

describe('a closed period on the screens', () => {
  it('打刻修正 of a day of the closed month: the period named next to the day, nothing written', async () => {
    expect(message).toBe(
      `${last.year}年${last.month}月度（${last.month}月1日〜${last.month}月${Number(to.slice(8))}日）は締め済みのため変更できません。変更が必要な場合は管理者が締めを解除してください。`,
    );
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
    await page.goto(`${e2e.stack.baseUrl}/employees/modify?date=${period}-06`);
    await page.locator('#modify-in').fill('09:00');
    await page.locator('#modify-out').fill('18:00');
    await page.locator('#modify-reason').fill('打刻忘れ');
    const before = await tableSnapshot(e2e.stack.tableName);
    await page.getByRole('button', { name: '修正', exact: true }).click();

    await poll(() => page.locator('#modify-date-error').textContent()).toBe(message);
    expect(await page.locator('#modify-date').getAttribute('aria-describedby')).toBe('modify-date-error');
    expect(await page.getByRole('alert').first().textContent()).toBe(message);
    expect(await tableSnapshot(e2e.stack.tableName)).toEqual(before);
  });

  it('承認 of a request of the closed month: the dialog says why, the request stays in 未処理', async () => {
    const admin = await e2e.page(DESKTOP);
    await signInAs(admin, e2e.stack.baseUrl, 'admin', tenant.admin);
    await admin.waitForURL('**/management');
    await admin.goto(`${e2e.stack.baseUrl}/management/requests?view=pending`);
    const pending = admin.getByRole('region', { name: '未処理の申請' });
    const row = pending.getByRole('row', { name: /社員 1号/ });
    await poll(() => row.textContent()).toContain('通院');
    await row.getByRole('button', { name: /確認/ }).click();
    const dialog = admin.getByRole('dialog');
    const before = await tableSnapshot(e2e.stack.tableName);
    await dialog.getByRole('button', { name: '承認', exact: true }).click();

    await poll(() => dialog.getByRole('alert').textContent()).toBe(message);
    expect(await tableSnapshot(e2e.stack.tableName)).toEqual(before);
  });

  it('就業時間設定 saved on the closed month’s last day (the rule would apply from it): the screen says why', async () => {
    const admin = await e2e.page(DESKTOP);
    await signInAs(admin, e2e.stack.baseUrl, 'admin', tenant.admin);
    await admin.waitForURL('**/management');
    await admin.goto(`${e2e.stack.baseUrl}/management/working_times`);
    await admin.locator('#working-department').selectOption({ label: '営業部' });
    await poll(() => admin.locator('.rule-heading').textContent()).toContain('営業部');
    await poll(() => admin.locator('#working-fixed-hour').inputValue()).toBe('');
    await admin.locator('#working-fixed-hour').selectOption('8');
    await admin.locator('#working-fixed-minute').selectOption('0');
    await admin.locator('#working-over-hour').selectOption('9');
    await admin.locator('#working-over-minute').selectOption('0');
    // 適用開始日 (filled with today when the form loads): the closed month's last day.
    await admin.locator('#working-from').fill(to);
    const before = await tableSnapshot(e2e.stack.tableName);
    await admin.getByRole('button', { name: '保存' }).click();

    const day = `${last.month}月${Number(to.slice(8))}日`;
    const message = `${last.year}年${last.month}月度（${last.month}月1日〜${day}）は締め済みです。適用開始日は${day}より後の日付にしてください。`;
    // The summary at the top of the form and the same reason next to 適用開始日 (the field it concerns).
    await poll(() => admin.getByRole('alert').allTextContents()).toContain(message);
    await poll(() => admin.locator('#working-from-error').textContent()).toContain(message);
    expect(await tableSnapshot(e2e.stack.tableName)).toEqual(before);
  });
});
