/**
 * Issue 16 item 5 in Chromium: on a phone the employee files a 午前半休 (the unit select offers
 * 時間単位 only for 有給 and only because 勤務設定 allows it, and shows the hours field for it alone),
 * the admin sees 有給（午前半休） in 申請管理 and approves, the day is stored as a half day, and the
 * employee's 勤怠一覧 and the admin's CSV show it. The leave day is the first working day of the
 * company calendar after today in Tokyo (the page and the server use the real clock).
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { addDays, weekday } from '../../functions/domain/time.js';
import { companyCalendar } from '../../functions/domain/worktime/calendar.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';
import { testToday } from '../support/test-clock.js';

const e2e = useBrowser();
/** Two shared cores: give the page time to answer (expect.poll waits 1 s by default). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const today = testToday();
const calendar = companyCalendar();
let leaveDay = addDays(today, 1);
while (calendar(leaveDay).isDayOff) leaveDay = addDays(leaveDay, 1);
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const WD = '日月火水木金土';
const short = (date: string) => `${parts(date)[1]}/${parts(date)[2]}(${WD[weekday(date)]})`;
const long = (date: string) => `${parts(date)[0]}年${parts(date)[1]}月${parts(date)[2]}日(${WD[weekday(date)]})`;

let tenant: TestTenant;
beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '半休確認株式会社' });
  // 勤務設定: 時間単位年休 allowed (the 労使協定), so the form offers it.
  await db()
    .entities.WorkSetting.put({
      companyId: tenant.companyId,
      effectiveFrom: '2020-01-01',
      hourlyLeaveEnabled: true,
      hourlyLeaveDaysPerYear: 5,
    })
    .go();
});

describe('half-day leave in Chromium', () => {
  it('a 午前半休 filed on a phone is approved and shows in 勤怠一覧 and the CSV', async () => {
    const staff = await e2e.page(PHONE);
    await signInAs(staff, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await staff.waitForURL('**/employees');
    await staff.goto(`${e2e.stack.baseUrl}/employees/requests/holiday`);
    const unit = staff.locator('#request-unit');
    // 振替休日 is a whole day: no unit to choose.
    await staff.locator('#request-leave-type').selectOption('2');
    await poll(() => staff.textContent('main')).toContain('出勤する休日');
    expect(await unit.count()).toBe(0);
    // 代休: a day or a half day, no hours.
    await staff.locator('#request-leave-type').selectOption('1');
    await poll(() => unit.locator('option').allTextContents()).toEqual(['終日', '午前半休', '午後半休']);
    // 有給: every unit; the hours field belongs to 時間単位 only.
    await staff.locator('#request-leave-type').selectOption('0');
    await poll(() => unit.locator('option').allTextContents()).toEqual(['終日', '午前半休', '午後半休', '時間単位']);
    await unit.selectOption('hours');
    await poll(() => staff.locator('#request-hours').count()).toBe(1);
    expect(await staff.textContent('main')).toContain('時間単位の有給休暇は年5日分まで取得できます');
    const [y, m, d] = parts(leaveDay);
    await staff.locator('#request-date-year').selectOption(String(y));
    await staff.locator('#request-date-month').selectOption(String(m));
    await staff.locator('#request-date-day').selectOption(String(d));
    // No pattern: the working rule's 8 hours are the day; 8 hours of leave is refused next to the field.
    await staff.locator('#request-hours').fill('8');
    await staff.getByRole('button', { name: '申請', exact: true }).click();
    await poll(() => staff.locator('#request-hours-error').textContent()).toBe(
      '時間数は所定労働時間（8時間）未満で入力してください',
    );
    expect(await staff.locator('#request-hours').getAttribute('aria-invalid')).toBe('true');
    await unit.selectOption('am');
    await poll(() => staff.locator('#request-hours').count()).toBe(0);
    await staff.getByRole('button', { name: '申請', exact: true }).click();
    await poll(() => staff.textContent('main')).toContain('申請が完了しました。');
    await staff.goto(`${e2e.stack.baseUrl}/employees/requests`);
    const mine = staff.getByRole('region', { name: '休暇申請' });
    await poll(() => mine.textContent()).toContain('有給（午前半休）');
    expect(await mine.textContent()).toContain(long(leaveDay));

    const admin = await e2e.page(DESKTOP);
    await signInAs(admin, e2e.stack.baseUrl, 'admin', tenant.admin);
    await admin.waitForURL('**/management');
    await admin.goto(`${e2e.stack.baseUrl}/management/requests?year=${y}&month=${m}`);
    const row = admin.getByRole('region', { name: '休暇申請' }).getByRole('row', { name: /社員 1号/ });
    await poll(() => row.textContent()).toContain(long(leaveDay));
    expect(await row.textContent()).toContain('有給（午前半休）');
    await row.getByRole('button', { name: /確認/ }).click();
    const dialog = admin.getByRole('dialog');
    await poll(() => dialog.textContent()).toContain('有給（午前半休）');
    await dialog.getByRole('button', { name: '承認', exact: true }).click();
    await poll(() => row.locator('.badge--approved').textContent()).toBe('承認');

    // Stored on the day as a half day: the engine and the month's paid-leave days read it from there.
    const { data: day } = await db()
      .entities.AttendanceDay.get({
        companyId: tenant.companyId,
        employeeId: tenant.employees[0]!.id,
        workDate: leaveDay,
      })
      .go();
    expect(day).toMatchObject({ leaveType: 0, leaveUnit: 'am', leaveDays: 0.5 });

    // The employee's 勤怠一覧 on the phone.
    await staff.goto(`${e2e.stack.baseUrl}/employees/attendance?year=${y}&month=${m}`);
    const line = staff.locator('tbody tr', { has: staff.locator('th', { hasText: short(leaveDay) }) }).first();
    await poll(() => line.textContent()).toContain('有給（午前半休）');

    // The admin's CSV of that day.
    await admin.goto(`${e2e.stack.baseUrl}/management/csv_download`);
    await poll(() => admin.locator('#csv-from-year').inputValue()).not.toBe('');
    for (const side of ['from', 'to'])
      for (const [part, value] of [
        ['year', y],
        ['month', m],
        ['day', d],
      ] as const)
        await admin.locator(`#csv-${side}-${part}`).selectOption(String(value));
    await admin.getByLabel('UTF-8（BOM付き）').check();
    const file = admin.waitForEvent('download', { timeout: 30_000 });
    await admin.getByRole('button', { name: 'ダウンロード' }).click();
    const csv = await readFile((await (await file).path())!, 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
    const header = lines[0]!.split(',').map((c) => c.replace(/^"|"$/g, ''));
    const record = lines.find((l) => l.includes(leaveDay) || l.includes(leaveDay.replaceAll('-', '/')));
    expect(record, csv).toBeDefined();
    const cells = record!.split(',').map((c) => c.replace(/^"|"$/g, ''));
    expect(cells[header.indexOf('休暇')]).toBe('有給休暇');
    expect(cells[header.indexOf('休暇単位')]).toBe('午前半休');
  });
});
