/**
 * 締め処理 (issue 15) in Chromium: the admin keeps 末日締め, checks and closes last month (October 2026;
 * today is 2026-11-10) after its checklist was built in the background (集計日時, 再集計), sees it 締め済み, downloads its CSV and gets exactly the bytes stored at closing,
 * reopens it with a required reason, and records a 20日締め from the next period's first day. The screen
 * fits a 390 px phone.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { instantOf } from '../../functions/domain/time.js';
import { getObject } from '../../functions/services/period-snapshot.js';
import { clock } from '../../functions/shared/clock.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });
let tenant: TestTenant;
const realNow = clock.now;

beforeAll(async () => {
  tenant = await createTenant({ employees: 2, name: '締め画面株式会社' });
  // The figures are of days with the company's break (none is deemed without one since issue 29).
  await putTwoTierBreakRule(tenant.companyId);
  const day = (employeeId: string, date: string) => ({
    companyId: tenant.companyId,
    employeeId,
    workDate: date,
    punchInAt: instantOf(date, 9, 0, 'Asia/Tokyo'),
    punchOutAt: instantOf(date, 18, 0, 'Asia/Tokyo'),
  });
  const [a, b] = tenant.employees.map((e) => e.id) as [string, string];
  await db()
    .entities.AttendanceDay.put([day(a, '2026-10-01'), day(a, '2026-10-02'), day(b, '2026-10-01')])
    .go();
  clock.now = () => new Date('2026-11-10T03:00:00Z'); // 12:00 in Tokyo
});

afterAll(() => {
  clock.now = realNow;
});

async function closingPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.page(viewport);
  await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
  await page.waitForURL('**/management');
  // On a desktop the side menu has the entry; a phone opens the page by its address.
  if (viewport.width > PHONE.width) await page.getByRole('link', { name: '締め処理' }).first().click();
  else await page.goto(`${e2e.stack.baseUrl}/management/closing`);
  await page.waitForURL('**/management/closing');
  return page;
}

const row = (page: Page, period: string) => page.locator(`tr[data-period="${period}"]`);

describe('締め処理', () => {
  it(
    'closes last month, downloads the CSV taken at closing byte for byte, and reopens with a reason',
    {
      timeout: 180_000,
    },
    async () => {
      const page = await closingPage(DESKTOP);
      await poll(() => page.getByTestId('payroll-in-force').textContent()).toContain('現在の締め日：末日（初期設定）');
      expect(await page.textContent('main')).toContain('期間の初日');
      await poll(() => page.getByTestId('status-2026-10').textContent()).toBe('未締め');
      expect(await page.getByTestId('status-2026-11').textContent()).toBe('期間中');
      await poll(() => page.getByRole('region', { name: /締める前の確認/ }).textContent()).toContain(
        '締める前の確認（2026年10月度（10月1日〜10月31日））',
      );
      // The checklist's lists come from a digest built in the background: its 集計日時 (12:00 in Tokyo,
      // the server's fixed clock) once built, and 再集計 builds it again.
      const asOf = page.getByTestId('closing-as-of');
      await poll(() => asOf.textContent()).toBe('集計日時 2026/11/10 12:00');
      await page.getByRole('button', { name: '再集計' }).click();
      await poll(() => page.getByRole('button', { name: '再集計' }).isEnabled()).toBe(true);
      expect(await asOf.textContent()).toBe('集計日時 2026/11/10 12:00');

      const questions: string[] = [];
      page.once('dialog', (d) => {
        questions.push(d.message());
        void d.accept();
      });
      await row(page, '2026-10').getByRole('button', { name: '締める' }).click();
      await poll(() => page.getByTestId('status-2026-10').textContent()).toBe('締め済み');
      expect(questions[0]).toContain('2026年10月度（10月1日〜10月31日）を締めます');

      // The CSV stored at closing, as the closing job wrote it to S3.
      const { data: item } = await db()
        .entities.PeriodClosing.get({ companyId: tenant.companyId, period: '2026-10' })
        .go();
      const stored = await getObject(item!.csvKey!);
      const file = page.waitForEvent('download', { timeout: 60_000 });
      await row(page, '2026-10').getByRole('button', { name: '締め時点のCSV' }).click();
      const download = await file;
      expect(download.suggestedFilename()).toBe('勤怠データ_20261001-20261031.csv');
      const bytes = await readFile((await download.path())!);
      expect(bytes.equals(stored)).toBe(true);
      expect(bytes.toString('utf8')).toContain('2026-10-01,木,,09:00,18:00,1:00,8:00');

      // Reopen: the reason is required.
      await row(page, '2026-10').getByRole('button', { name: '締めを解除' }).click();
      const reason = row(page, '2026-10').getByLabel('解除の理由');
      await row(page, '2026-10').locator('form').getByRole('button', { name: '締めを解除' }).click();
      await poll(() => row(page, '2026-10').textContent()).toContain('解除の理由を入力してください');
      expect(await reason.getAttribute('aria-invalid')).toBe('true');
      await reason.fill('打刻漏れの修正のため');
      await row(page, '2026-10').locator('form').getByRole('button', { name: '締めを解除' }).click();
      await poll(() => page.getByTestId('status-2026-10').textContent()).toBe('解除済み');
      expect(await row(page, '2026-10').textContent()).toContain('打刻漏れの修正のため');
    },
  );

  it('records a 20日締め from the next period’s first day, on a phone', { timeout: 120_000 }, async () => {
    const page = await closingPage(PHONE);
    await poll(() => page.getByTestId('payroll-in-force').textContent()).toContain('末日');
    await page.locator('#closing-day').selectOption({ label: '20日' });
    await page.getByLabel('適用開始日').fill('2026-11-01');
    await page.getByRole('button', { name: '締め日を保存' }).click();
    await poll(() => page.getByTestId('payroll-in-force').textContent()).toContain(
      '現在の締め日：20日（2026年11月1日から適用）',
    );
    expect(await page.getByRole('table', { name: '締め日の履歴' }).textContent()).toContain('2026年11月1日20日');
    // The current period now ends on the 20th.
    await poll(() => row(page, '2026-11').locator('th').textContent()).toBe('2026年11月度（11月1日〜11月20日）');
    // Nothing sticks out of a 390 px screen: wide tables scroll inside their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
