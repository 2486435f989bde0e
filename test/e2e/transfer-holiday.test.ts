/**
 * Issue 15 item 9 in Chromium: on the phone the employee files a 振替休日 naming both days (the form
 * shows 出勤する休日 for that kind only), the admin sees both dates in 申請管理 and approves, and the
 * employee's 勤怠一覧 shows the Sunday as a 振替出勤 working day and the swap day as 振替休日.
 * Dates are relative to today in Tokyo (the page and the server use the real clock): the next Sunday
 * at least a day ahead, and the first working day of the company calendar after it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
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
let sunday = addDays(today, 1);
while (weekday(sunday) !== 0) sunday = addDays(sunday, 1);
let swapDay = addDays(sunday, 1);
while (calendar(swapDay).isDayOff) swapDay = addDays(swapDay, 1);
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const WD = '日月火水木金土';
const short = (date: string) => `${parts(date)[1]}/${parts(date)[2]}(${WD[weekday(date)]})`;
const long = (date: string) => `${parts(date)[0]}年${parts(date)[1]}月${parts(date)[2]}日(${WD[weekday(date)]})`;

let tenant: TestTenant;
beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '振替確認株式会社' });
});

describe('振替休日 in Chromium', () => {
  it('the employee files a 振替 naming both days, the admin approves, the month shows the swap', async () => {
    const staff = await e2e.page(PHONE);
    await signInAs(staff, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await staff.waitForURL('**/employees');
    await staff.goto(`${e2e.stack.baseUrl}/employees/requests/holiday`);
    // The second date belongs to 振替休日 only.
    await staff.locator('#request-leave-type').selectOption('1');
    expect(await staff.locator('#request-work-date-year').count()).toBe(0);
    await staff.locator('#request-leave-type').selectOption('2');
    await poll(() => staff.textContent('main')).toContain('出勤する休日');
    const pick = async (id: string, date: string) => {
      const [y, m, d] = parts(date);
      await staff.locator(`#${id}-year`).selectOption(String(y));
      await staff.locator(`#${id}-month`).selectOption(String(m));
      await staff.locator(`#${id}-day`).selectOption(String(d));
    };
    await pick('request-date', swapDay);
    const submit = staff.getByRole('button', { name: '申請', exact: true });
    // Without the holiday to be worked the request is not complete.
    expect(await submit.isDisabled()).toBe(true);
    // A working day named as the holiday to be worked is refused on its field.
    await pick('request-work-date', swapDay);
    await submit.click();
    await poll(() => staff.textContent('main')).toContain('振替休日と出勤する休日には別の日を指定してください');
    await pick('request-work-date', sunday);
    await submit.click();
    await poll(() => staff.textContent('main')).toContain('申請が完了しました。');
    await staff.goto(`${e2e.stack.baseUrl}/employees/requests`);
    await poll(() => staff.textContent('main')).toContain(`出勤する休日: ${long(sunday)}`);

    const admin = await e2e.page(DESKTOP);
    await signInAs(admin, e2e.stack.baseUrl, 'admin', tenant.admin);
    await admin.waitForURL('**/management');
    const [y, m] = parts(swapDay);
    await admin.goto(`${e2e.stack.baseUrl}/management/requests?year=${y}&month=${m}`);
    const row = admin.getByRole('region', { name: '休暇申請' }).getByRole('row', { name: /社員 1号/ });
    await poll(() => row.textContent()).toContain(long(swapDay));
    expect(await row.textContent()).toContain(`振替休日出勤する休日: ${long(sunday)}`);
    await row.getByRole('button', { name: /確認/ }).click();
    const dialog = admin.getByRole('dialog');
    await poll(() => dialog.textContent()).toContain(`出勤する休日: ${long(sunday)}`);
    await dialog.getByRole('button', { name: '承認', exact: true }).click();
    await poll(() => row.locator('.badge--approved').textContent()).toBe('承認');

    // The employee's month: the Sunday is a 振替出勤 working day, the swap day the 振替休日.
    for (const [date, text] of [
      [sunday, `振替出勤（振替休日 ${short(swapDay)}）`],
      [swapDay, `振替休日（${short(sunday)} 出勤）`],
    ] as const) {
      const [yy, mm] = parts(date);
      await staff.goto(`${e2e.stack.baseUrl}/employees/attendance?year=${yy}&month=${mm}`);
      const line = staff.locator('tbody tr', { has: staff.locator('th', { hasText: short(date) }) });
      await poll(() => line.first().textContent()).toContain(text);
    }
    const [sy, sm] = parts(sunday);
    await staff.goto(`${e2e.stack.baseUrl}/employees/attendance?year=${sy}&month=${sm}`);
    const sundayRow = staff.locator('tbody tr', { has: staff.locator('th', { hasText: short(sunday) }) }).first();
    await poll(() => sundayRow.textContent()).toContain('振替出勤');
    // No longer tinted as a day off.
    expect((await sundayRow.getAttribute('class')) ?? '').not.toContain('month-row--day-off');
  });
});
