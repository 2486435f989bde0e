import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { workingDay } from '../support/working-days.js';
import { testToday } from '../support/test-clock.js';

const e2e = useBrowser();
/** Two shared cores: give the page time to answer (expect.poll waits 1 s by default). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
let tenant: TestTenant;
const [year, month] = testToday().split('-').map(Number) as [number, number];
/** The month's fifth working day: leave can only be filed on a working day (issue 15 item 8). */
const leaveDay = workingDay(year, month, 4);

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '管理画面株式会社' });
  // The figures are of days with the company's break (none is deemed without one since issue 29).
  await putTwoTierBreakRule(tenant.companyId);
});

async function adminPage() {
  const page = await e2e.page(DESKTOP);
  await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
  await page.waitForURL('**/management');
  return page;
}

describe('company admin area in Chromium', () => {
  it('registers a staff member who then signs in with the temporary password and sets a new one', async () => {
    const page = await adminPage();
    await poll(() => page.locator('.work-count__number').textContent()).toBe('1');
    await page.goto(`${e2e.stack.baseUrl}/management/staff/new`);
    const register = page.getByRole('button', { name: '登録' });
    await page.locator('#staff-last_name').fill('佐藤');
    await page.locator('#staff-first_name').fill('次郎');
    await page.locator('#staff-department_id').selectOption({ label: '営業部' });
    await page.locator('#staff-employment_status_id').selectOption({ label: '正社員' });
    const email = `e2e-${Date.now()}@example.test`;
    await page.locator('#staff-email').fill(email);
    expect(await register.isDisabled()).toBe(true);
    await page.locator('#staff-password').fill('Temp#Passw0rd2026');
    await register.click();
    await poll(() => page.getByRole('status').first().textContent()).toContain('登録が完了しました。');
    expect(await page.locator('#staff-last_name').inputValue()).toBe('');

    await page.goto(`${e2e.stack.baseUrl}/management/staff`);
    const row = page.getByRole('row', { name: /佐藤 次郎/ });
    await poll(() => row.textContent()).toContain('営業部');
    // A new member of staff has this month's summary figures at zero (monthly hours, overtime, over the legal limit).
    expect(await row.textContent()).toContain('正社員0:000:000:00');

    const staffPage = await e2e.page(PHONE);
    await signInAs(staffPage, e2e.stack.baseUrl, 'employee', { email, password: 'Temp#Passw0rd2026' });
    await staffPage.getByLabel('新しいパスワード', { exact: true }).fill('Mine#Passw0rd2026');
    await staffPage.getByLabel('新しいパスワード（確認）').fill('Mine#Passw0rd2026');
    await staffPage.getByRole('button', { name: 'パスワードを設定する' }).click();
    await staffPage.waitForURL('**/employees');
    await poll(() => staffPage.getByRole('banner').textContent()).toContain('佐藤 次郎');
  });

  it('approves a leave request and the day is tinted in that employee’s month', async () => {
    const employee = await signIn(e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    const filed = await employee.post('/api/v1/holiday_requests', {
      kind: 0,
      year,
      month,
      // Leave only on a working day (issue 15 item 8).
      day: leaveDay,
      reason: '通院のため',
    });
    expect(filed.status).toBe(201);

    const page = await adminPage();
    await page.goto(`${e2e.stack.baseUrl}/management/requests?year=${year}&month=${month}`);
    const leave = page.getByRole('region', { name: '休暇申請' });
    await leave.getByRole('button', { name: /確認/ }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading').textContent()).toBe('社員 1号さんから申請が届いています');
    const text = await dialog.textContent();
    expect(text).toContain('申請内容');
    expect(text).toContain('通院のため');
    expect(text).toContain('承認すると自動で反映されます');
    expect(text).toContain('承認後の変更はできません');
    await dialog.getByRole('button', { name: '承認', exact: true }).click();
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => leave.getByRole('row', { name: /社員 1号/ }).textContent()).toContain('承認');

    await page.goto(`${e2e.stack.baseUrl}/management/${tenant.employees[0]!.id}?year=${year}&month=${month}`);
    const day = page.getByRole('row', { name: new RegExp(`^${month}/${leaveDay}\\(`) });
    await poll(() => day.getAttribute('class')).toContain('month-row--leave');
    expect(await day.textContent()).toContain('有給');
  });

  it('drops the 残業申請なし mark from a day of the month table once its overtime request is approved', async () => {
    // The 10th of last month (always in the past): 09:00–20:00 = 660 − 60 break = 600 worked,
    // 120 beyond 8 h, so the day is marked until an overtime request for it is approved.
    const [py, pm] = month === 1 ? [year - 1, 12] : [year, month - 1];
    const employee = await signIn(e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    const fixed = await employee.post('/api/v1/modify_timestamps', {
      year: py,
      month: pm,
      day: 10,
      punch_in_at: '09:00',
      punch_out_at: '20:00',
      reason: '打刻修正',
    });
    expect(fixed.status).toBe(201);
    const filed = await employee.post('/api/v1/over_work_requests', {
      year: py,
      month: pm,
      day: 10,
      reason: '月末処理',
    });
    expect(filed.status).toBe(201);

    const page = await adminPage();
    const url = `${e2e.stack.baseUrl}/management/${tenant.employees[0]!.id}?year=${py}&month=${pm}`;
    await page.goto(url);
    const day = page.getByRole('row', { name: new RegExp(`^${pm}/10\\(`) });
    await poll(() => day.textContent()).toContain('残業申請なし');

    const admin = await signIn(e2e.stack.baseUrl, 'admin', tenant.admin);
    expect((await admin.put(`/api/v1/over_work_requests/${filed.body.data.id}`, { status: 1 })).status).toBe(200);
    await page.goto(url);
    await poll(() => day.textContent()).toContain('20:00');
    await poll(() => day.textContent()).not.toContain('残業申請なし');
  });

  it('sets a working-time rule for a department and shows it when the department is chosen again', async () => {
    const page = await adminPage();
    await page.goto(`${e2e.stack.baseUrl}/management/working_times`);
    await poll(() => page.locator('.rule-heading').textContent()).toContain('全て');
    const save = page.getByRole('button', { name: '保存' });
    await page.locator('#working-fixed-hour').selectOption('8');
    await page.locator('#working-fixed-minute').selectOption('0');
    await page.locator('#working-over-hour').selectOption('9');
    await page.locator('#working-over-minute').selectOption('30');
    // Spec §5: a department or an employment status is required.
    expect(await save.isDisabled()).toBe(true);
    await page.locator('#working-department').selectOption({ label: '営業部' });
    await poll(() => page.locator('.rule-heading').textContent()).toContain('営業部');
    // Choosing a target loads its rule in force (none yet): the selects are cleared.
    await poll(() => page.locator('#working-fixed-hour').inputValue()).toBe('');
    await page.locator('#working-fixed-hour').selectOption('8');
    await page.locator('#working-fixed-minute').selectOption('0');
    await page.locator('#working-over-hour').selectOption('9');
    await page.locator('#working-over-minute').selectOption('30');
    await save.click();
    await poll(() => page.getByRole('status').first().textContent()).toContain('設定が完了しました。');

    await page.reload();
    await page.locator('#working-department').selectOption({ label: '営業部' });
    await poll(() => page.locator('#working-fixed-hour').inputValue()).toBe('8');
    expect(await page.locator('#working-over-minute').inputValue()).toBe('30');
    expect(await page.locator('.rule-in-force').textContent()).toContain('部署の設定を適用中');
  });

  it('saves a two-tier break rule with a fixed break window, refusing a lower second tier and overlapping windows', async () => {
    const page = await adminPage();
    await page.goto(`${e2e.stack.baseUrl}/management/break_times`);
    await poll(() => page.locator('.rule-heading').textContent()).toContain('全て');
    await page.locator('#break-department').selectOption({ label: '営業部' });
    await poll(() => page.locator('.rule-heading').textContent()).toContain('営業部');
    await poll(() => page.locator('.rule-in-force').textContent()).not.toContain('読み込み');
    const pick = async (id: string, value: string) => page.locator(`#${id}`).selectOption(value);
    // 1st tier: 拘束6:01以上→0:45.
    await pick('break-condition-hour', '6');
    await pick('break-condition-minute', '1');
    await pick('break-break-hour', '0');
    await pick('break-break-minute', '45');
    // 2nd tier below the 1st (5:00 < 6:01): refused on the screen, nothing sent.
    await pick('break-tier2-condition-hour', '5');
    await pick('break-tier2-condition-minute', '0');
    await pick('break-tier2-break-hour', '1');
    await pick('break-tier2-break-minute', '0');
    const save = page.getByRole('button', { name: '保存' });
    await save.click();
    await poll(() => page.getByRole('alert').first().textContent()).toContain(
      '2段階目の拘束時間と休憩時間は1段階目以上にしてください。',
    );
    // 2nd tier 拘束8:46以上→1:00.
    await pick('break-tier2-condition-hour', '8');
    await pick('break-tier2-condition-minute', '46');
    // Two overlapping windows: 12:00–13:00 and 12:30–13:30.
    await page.getByRole('button', { name: '休憩時間帯を追加' }).click();
    await pick('break-window-1-start-hour', '12');
    await pick('break-window-1-start-minute', '0');
    await pick('break-window-1-end-hour', '13');
    await pick('break-window-1-end-minute', '0');
    await page.getByRole('button', { name: '休憩時間帯を追加' }).click();
    await pick('break-window-2-start-hour', '12');
    await pick('break-window-2-start-minute', '30');
    await pick('break-window-2-end-hour', '13');
    await pick('break-window-2-end-minute', '30');
    await save.click();
    await poll(() => page.getByRole('alert').first().textContent()).toContain('休憩時間帯が重なっています。');
    await page.getByRole('button', { name: '休憩時間帯2を削除' }).click();
    await save.click();
    await poll(() => page.getByRole('status').first().textContent()).toContain('設定が完了しました。');
    // The two tiers are lawful on every day: no legal-minimum warning.
    expect(await page.locator('.form-warning').count()).toBe(0);

    await page.reload();
    await page.locator('#break-department').selectOption({ label: '営業部' });
    await poll(() => page.locator('#break-tier2-condition-minute').inputValue()).toBe('46');
    expect(await page.locator('#break-tier2-condition-hour').inputValue()).toBe('8');
    expect(await page.locator('#break-tier2-break-hour').inputValue()).toBe('1');
    expect(await page.locator('#break-window-1-start-hour').inputValue()).toBe('12');
    expect(await page.locator('#break-window-1-end-hour').inputValue()).toBe('13');
    expect(await page.locator('#break-window-2-start-hour').count()).toBe(0);
    expect(await page.locator('.rule-in-force').textContent()).toContain('部署の設定を適用中');
  });
});
