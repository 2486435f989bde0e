/**
 * 勤務時間設定 as versions (issue 15 item 2): the admin saves versions from a 適用開始日, sees the
 * background recompute finish (再計算中 n/m → 集計日時) and the pair's 履歴; a version effective next
 * month waits for its day, and a past month's figures stay as they were.
 *
 * Figures (by hand; "now" is Monday 6 July 2026, 21:00 in Tokyo): the employee worked Mon 15 June and
 * Mon 6 July 09:00–18:00 — restraint 540, break 60 (the company's rule 拘束8:46以上で1:00), work 480 = 8:00.
 * With 所定 8:00 that is all 所定内: the 法内残業 cell is blank. With 所定 7:30 (from 6 July) it is
 * 7:30 所定内 + 0:30 法内 (beyond the schedule, within 8 h: 32条).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { instantOf } from '../../functions/domain/time.js';
import { clock } from '../../functions/shared/clock.js';
import { DESKTOP, signInAs, useBrowser } from '../support/browser.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });
let tenant: TestTenant;
const realNow = clock.now;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: '規程版株式会社' });
  // The figures are of days with the company's break (none is deemed without one since issue 29).
  await putTwoTierBreakRule(tenant.companyId);
  const day = (date: string) => ({
    companyId: tenant.companyId,
    employeeId: tenant.employees[0]!.id,
    workDate: date,
    punchInAt: instantOf(date, 9, 0, 'Asia/Tokyo'),
    punchOutAt: instantOf(date, 18, 0, 'Asia/Tokyo'),
  });
  await db()
    .entities.AttendanceDay.put([day('2026-06-15'), day('2026-07-06')])
    .go();
  clock.now = () => new Date('2026-07-06T12:00:00Z');
});
afterAll(() => {
  clock.now = realNow;
});

async function adminPage(): Promise<Page> {
  const page = await e2e.page(DESKTOP);
  await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
  await page.waitForURL('**/management');
  return page;
}

async function saveVersion(page: Page, fixed: [string, string], from: string | null) {
  await page.locator('#working-fixed-hour').selectOption(fixed[0]);
  await page.locator('#working-fixed-minute').selectOption(fixed[1]);
  await page.locator('#working-over-hour').selectOption('9');
  await page.locator('#working-over-minute').selectOption('0');
  if (from) await page.locator('#working-from').fill(from);
  await page.getByRole('button', { name: '保存' }).click();
  await poll(() => page.getByRole('status').first().textContent()).toContain('設定が完了しました。');
}

const historyRows = (page: Page) =>
  page
    .getByRole('table', { name: '履歴' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(0, 2).map((c) => c.textContent)));

/** The 法内残業 cell of a day in the admin's monthly table of the employee. */
async function withinLegalCell(page: Page, month: number, day: string) {
  await page.goto(`${e2e.stack.baseUrl}/management/${tenant.employees[0]!.id}?year=2026&month=${month}`);
  const row = page.getByRole('row', { name: new RegExp(`^${month}/${day}\\(`) });
  // Cells after the date: 予定, 出勤, 退勤, 休憩, 勤務時間 (4), 遅刻, 早退, 法内残業 (7), …
  await poll(() => row.locator('td').nth(4).textContent()).toBe('8:00');
  return row.locator('td').nth(7).textContent();
}

describe('勤務時間設定: versions from a 適用開始日', () => {
  it(
    'saves versions, shows the recompute and the history; next month’s version waits and June is unchanged',
    { timeout: 180_000 },
    async () => {
      const page = await adminPage();
      await page.goto(`${e2e.stack.baseUrl}/management/working_times`);
      await page.locator('#working-department').selectOption({ label: '営業部' });
      await poll(() => page.locator('.rule-heading').textContent()).toContain('営業部');
      // 適用開始日 starts as today in the company's zone; the pair has no history yet.
      await poll(() => page.locator('#working-from').inputValue()).toBe('2026-07-06');
      await poll(() => page.getByRole('region', { name: '履歴' }).textContent()).toContain(
        'この対象の設定はまだありません。',
      );

      // 8:00 from 1 June: June and July are recomputed in the background.
      await saveVersion(page, ['8', '0'], '2026-06-01');
      await poll(() => page.getByTestId('rule-recompute').textContent()).toMatch(
        /^集計日時：2026年7月6日\(月\) \d+:\d\d$/,
      );
      expect(await withinLegalCell(page, 6, '15')).toBe('');

      // 7:30 from today (the default 適用開始日).
      await page.goto(`${e2e.stack.baseUrl}/management/working_times`);
      await page.locator('#working-department').selectOption({ label: '営業部' });
      await poll(() => page.locator('#working-fixed-minute').inputValue()).toBe('0');
      await saveVersion(page, ['7', '30'], null);
      await poll(() => page.getByTestId('rule-recompute').textContent()).toContain('集計日時：');

      // 7:00 from next month: in the history, not in force yet, nothing to recompute.
      await page.locator('#working-from').fill('');
      await saveVersion(page, ['7', '0'], '2026-08-01');
      await poll(() => historyRows(page)).toEqual([
        ['2026年8月1日(土)', '所定 7:00／残業判定 9:00／固定残業 なし'],
        ['2026年7月6日(月)', '所定 7:30／残業判定 9:00／固定残業 なし'],
        ['2026年6月1日(月)', '所定 8:00／残業判定 9:00／固定残業 なし'],
      ]);
      await poll(() => page.locator('.rule-in-force').textContent()).toContain('（2026年7月6日(月)から適用）');
      expect(await page.locator('#working-fixed-minute').inputValue()).toBe('30');
      expect(await page.getByTestId('rule-recompute').count()).toBe(0);

      // June keeps 8:00 (no 法内); July, from the 6th, is 7:30 (0:30 法内).
      expect(await withinLegalCell(page, 6, '15')).toBe('');
      expect(await withinLegalCell(page, 7, '6')).toBe('0:30');
    },
  );
});
