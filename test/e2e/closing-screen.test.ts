/**
 * 締め処理 as the tester met it (issue 29 item 22), at 1280×800 and 390×844. Today is Tuesday
 * 2026-11-10 (末日締め): 2026年11月度 is under way, 10月度 is the period to close next; 9月度 was closed
 * and reopened with a reason, 8月度 is closed, the nine before (2025年11月度–2026年7月度) were never
 * closed.
 * - 締める (primary) only in the rows of the period to close next and of the reopened one; an older
 *   period never closed is closed from its checklist (a secondary button there) and the table says so;
 * - チェック takes the reader to the checklist: its heading focused and on screen, not 13 rows below;
 * - 解除済み keeps to one line;
 * - every cell of a row, 操作 included, spans the row's own height (a flex cell did not).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { pinClock, tokyo } from '../support/test-clock.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });
let tenant: TestTenant;
const realNow = clock.now;

beforeAll(async () => {
  pinClock('2026-11-10', '12:00');
  tenant = await createTenant({ employees: 1, name: '締め画面確認株式会社' });
  const closedAt = tokyo('2026-10-05', '10:00').toISOString();
  await db()
    .entities.PeriodClosing.put([
      {
        companyId: tenant.companyId,
        period: '2026-09',
        from: '2026-09-01',
        to: '2026-09-30',
        status: 'reopened',
        closedAt,
        closedBy: '管理 太郎',
        reopenedAt: tokyo('2026-10-20', '15:00').toISOString(),
        reopenedBy: '管理 太郎',
        reopenReason: '打刻漏れの修正のため',
      },
      {
        companyId: tenant.companyId,
        period: '2026-08',
        from: '2026-08-01',
        to: '2026-08-31',
        status: 'closed',
        closedAt,
        closedBy: '管理 太郎',
      },
    ])
    .go();
});

afterAll(() => {
  clock.now = realNow;
});

async function closingPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.page(viewport);
  await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
  await page.waitForURL('**/management');
  await page.goto(`${e2e.stack.baseUrl}/management/closing`);
  await poll(() => page.getByTestId('status-2026-10').textContent()).toBe('未締め');
  return page;
}

const row = (page: Page, period: string) => page.locator(`tr[data-period="${period}"]`);

/** Per row: its cells' tops and heights against the row's, and the lines of its 状態 text. */
const rowLayout = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableRowElement>('.closing-table tbody tr')].map((tr) => {
      const r = tr.getBoundingClientRect();
      const status = tr.querySelector('[data-testid^="status-"]')!;
      const range = document.createRange();
      range.selectNodeContents(status);
      return {
        period: tr.dataset.period,
        cellsSpanRow: [...tr.cells].every((c) => {
          const b = c.getBoundingClientRect();
          return Math.abs(b.top - r.top) <= 1 && Math.abs(b.height - r.height) <= 1;
        }),
        statusLines: new Set([...range.getClientRects()].map((x) => Math.round(x.top))).size,
      };
    }),
  );

describe('締め処理 (issue 29 item 22)', () => {
  for (const [name, viewport] of [
    ['1280×800', DESKTOP],
    ['390×844', PHONE],
  ] as const) {
    it(`at ${name}: 締める only where it is the next step, 解除済み on one line, 操作 in line with its row`, async () => {
      const page = await closingPage(viewport);
      const primaries = await page
        .locator('.closing-table tbody tr')
        .filter({ has: page.getByRole('button', { name: '締める', exact: true }) })
        .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.period));
      expect(primaries).toEqual(['2026-10', '2026-09']);
      expect(
        await row(page, '2026-10').getByRole('button', { name: '締める', exact: true }).getAttribute('class'),
      ).toContain('button--primary');
      expect(await page.getByTestId('status-2026-09').textContent()).toBe('解除済み');
      expect(await row(page, '2025-12').getByRole('button').allTextContents()).toEqual(['チェック']);
      expect(await page.getByRole('region', { name: '期間の一覧' }).textContent()).toContain(
        'それより前の締めていない月度は、「チェック」で確認結果を開き、その下のボタンで締められます。',
      );

      const layout = await rowLayout(page);
      expect(layout).toHaveLength(13);
      expect(layout.filter((r) => !r.cellsSpanRow || r.statusLines !== 1)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });

    it(`at ${name}: チェック of a period a year back brings its checklist into view, focused, with its 締める`, async () => {
      const page = await closingPage(viewport);
      const check = row(page, '2025-12').getByRole('button', { name: 'チェック' });
      await check.scrollIntoViewIfNeeded();
      await check.click();
      const heading = page.getByRole('heading', { name: /締める前の確認/ });
      await poll(() => heading.textContent()).toBe('締める前の確認（2025年12月度（12月1日〜12月31日））');
      await poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
      const box = (await heading.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      const checklist = page.getByRole('region', { name: /締める前の確認/ });
      const closeOlder = checklist.getByRole('button', { name: '2025年12月度（12月1日〜12月31日）を締める' });
      expect(await closeOlder.getAttribute('class')).toContain('button--ghost');
    });
  }
});
