/**
 * Approvals (issue 18 item 5) in the browser. The admin turns 打刻修正の承認 on under 勤務設定; the
 * employee corrects a day on the phone and sees it 申請中 (correction screen and month table), nothing
 * applied; the admin sees before and after side by side in 未処理 and approves with a reason; the
 * employee then sees the new punches and the reason. 一括承認: checked rows approved together, the one
 * decided meanwhile listed as not approved with why.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { signIn, createTenant, type TestTenant } from '../support/tenant.js';
import { plusDays, testToday } from '../support/test-clock.js';

const e2e = useBrowser();
/** Two shared cores: give the page time to answer (expect.poll waits 1 s by default). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
let tenant: TestTenant;
/** The bulk test's own company, so the first test's requests are not in its inbox. */
let bulkTenant: TestTenant;

/** A day three days ago in Tokyo, `YYYY-MM-DD`. */
const day = plusDays(testToday(), -3);
const [year, month] = day.split('-').map(Number) as [number, number];

beforeAll(async () => {
  [tenant, bulkTenant] = await Promise.all([
    createTenant({ employees: 1, name: '承認確認株式会社' }),
    createTenant({ employees: 1, name: '一括承認株式会社' }),
  ]);
});

describe('打刻修正の承認', () => {
  it('the employee files a correction on the phone, the admin approves it with before/after shown, the employee sees the new punches', async () => {
    const admin = await e2e.page(DESKTOP);
    await signInAs(admin, e2e.stack.baseUrl, 'admin', tenant.admin);
    await admin.waitForURL('**/management');
    await admin.goto(`${e2e.stack.baseUrl}/management/work_settings`);
    const settings = admin.getByRole('region', { name: '承認設定' });
    const toggle = settings.getByRole('checkbox', { name: '打刻修正を承認制にする' });
    await poll(() => toggle.isChecked()).toBe(false);
    await toggle.check();
    await settings.getByRole('button', { name: '承認設定を保存' }).click();
    await poll(() => settings.textContent()).toContain('承認設定を保存しました。');

    const staff = await e2e.page(PHONE);
    await signInAs(staff, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await staff.waitForURL('**/employees');
    await staff.goto(`${e2e.stack.baseUrl}/employees/modify?date=${day}`);
    await poll(() => staff.textContent('main')).toContain('打刻修正は承認制です');
    await staff.locator('#modify-in').fill('09:00');
    await staff.locator('#modify-out').fill('18:00');
    await staff.locator('#modify-reason').fill('打刻を忘れました');
    await staff.getByRole('button', { name: '修正を申請する' }).click();
    await poll(() => staff.textContent('main')).toContain('打刻修正を申請しました。');
    const mine = staff.getByRole('region', { name: '打刻修正の申請' });
    await poll(() => mine.textContent()).toContain('申請中');
    // Nothing applied: the day still has no punch.
    await poll(() => staff.locator('.modify-current').textContent()).toContain('打刻なし');
    // The month table marks the day 申請中.
    await staff.goto(`${e2e.stack.baseUrl}/employees/attendance?year=${year}&month=${month}`);
    await poll(() => staff.locator('.month-badge--correction-pending').count()).toBe(1);

    await admin.goto(`${e2e.stack.baseUrl}/management/requests?view=pending`);
    const pending = admin.getByRole('region', { name: '未処理の申請' });
    const row = pending.getByRole('row', { name: /社員 1号/ });
    await poll(() => row.textContent()).toContain('打刻修正申請');
    await row.getByRole('button', { name: /確認/ }).click();
    const dialog = admin.getByRole('dialog');
    const compare = dialog.locator('.correction-compare');
    await poll(() => compare.getByRole('row', { name: /出勤/ }).textContent()).toContain('9:00');
    expect(await compare.locator('thead th').allTextContents()).toEqual(['修正前', '修正後']);
    expect(await compare.getByRole('row', { name: /退勤/ }).textContent()).toContain('18:00');
    expect(await dialog.textContent()).toContain('打刻を忘れました');
    await dialog.getByLabel('理由（任意）').fill('確認しました');
    await dialog.getByRole('button', { name: '承認', exact: true }).click();
    await poll(() => pending.textContent()).toContain('未処理の申請はありません。');

    await staff.goto(`${e2e.stack.baseUrl}/employees/modify?date=${day}`);
    const current = staff.locator('.modify-current');
    await poll(() => current.textContent()).toContain('9:00');
    expect(await current.textContent()).toContain('18:00');
    const decided = staff.getByRole('region', { name: '打刻修正の申請' });
    await poll(() => decided.textContent()).toContain('承認');
    expect(await decided.textContent()).toContain('管理者からの理由：確認しました');
    expect(await decided.getByRole('button', { name: /取り下げる/ }).count()).toBe(0);
  });
});

describe('一括承認', () => {
  it('approves the checked requests and lists the one that could not be approved', async () => {
    const staff = await signIn(e2e.stack.baseUrl, 'employee', bulkTenant.employees[0]!);
    const file = async (d: number, extra: Record<string, unknown> = {}) => {
      const res = await staff.post('/api/v1/over_work_requests', {
        year: 2026,
        month: 3,
        day: d,
        reason: '',
        ...extra,
      });
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    };
    await file(2, { planned_start: '18:00', planned_end: '21:30' });
    await file(3);
    const gone = await file(4);

    const admin = await e2e.page(DESKTOP);
    await signInAs(admin, e2e.stack.baseUrl, 'admin', bulkTenant.admin);
    await admin.waitForURL('**/management');
    await admin.goto(`${e2e.stack.baseUrl}/management/requests?view=pending`);
    const pending = admin.getByRole('region', { name: '未処理の申請' });
    await poll(() => pending.getByRole('row', { name: /社員 1号/ }).count()).toBe(3);
    expect(await pending.textContent()).toContain('予定時刻 18:00〜21:30');
    await pending.getByRole('checkbox', { name: 'このページの申請をすべて選択' }).check();
    await poll(() => pending.getByRole('button', { name: /一括承認/ }).textContent()).toContain('選択した3件を承認');

    // Meanwhile another admin rejects one of them.
    const other = await signIn(e2e.stack.baseUrl, 'admin', bulkTenant.admin);
    expect((await other.put(`/api/v1/over_work_requests/${gone}`, { status: 2 })).status).toBe(200);

    await pending.getByRole('button', { name: /一括承認/ }).click();
    await poll(() => pending.textContent()).toContain('2件を承認しました。');
    expect(await pending.textContent()).toContain('1件は承認できませんでした。');
    expect(await pending.textContent()).toContain('この申請はすでに処理されています。');
    // The approved rows left the list; the refused one stays, still checked.
    await poll(() => pending.getByRole('row', { name: /社員 1号/ }).count()).toBe(1);

    const list = await staff.get('/api/v1/over_work_requests');
    expect((list.body.data as { status: number }[]).map((r) => r.status).sort()).toEqual([1, 1, 2]);
  });
});
