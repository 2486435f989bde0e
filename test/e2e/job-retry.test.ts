/**
 * Issue 30 items 11 and 13 in Chromium on a phone: a background job whose worker dies no longer shows
 * 処理中 forever. The worker is killed in-process (test/support/kill-switch.ts: a dependency that never
 * returns from a given call on), the domain clock moves past its lease, and the screen shows 失敗 with
 * 再実行, which finishes the job once:
 *
 * - スタッフ一括登録: two members mailed, four left registered without their welcome mail; 再実行
 *   completes it (6 registered) and each member gets exactly one mail;
 * - 締め処理: a closing stopped after the first employee reads 締め失敗 (処理が止まりました) with 再実行,
 *   which closes the period.
 *
 * date-matrix: skip — the import reads the day only to move past the lease (testNow); the closing pins
 * its own day (2026-11-10).
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOB_LEASE_MS } from '../../functions/domain/job-lease.js';
import { clock } from '../../functions/shared/clock.js';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { killSwitch } from '../support/kill-switch.js';
import { mailsTo } from '../support/mail.js';
import { createTenant, type TestTenant } from '../support/tenant.js';
import { ambientClock, testNow } from '../support/test-clock.js';

vi.mock('../../functions/services/notify.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/services/notify.js')>();
  const { killSwitch: named } = await import('../support/kill-switch.js');
  return {
    ...real,
    notify: async (...args: Parameters<typeof real.notify>) => {
      await named('e2e-import-mail').pass();
      return real.notify(...args);
    },
  };
});
vi.mock('../../functions/exports/attendance-rows.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/exports/attendance-rows.js')>();
  const { killSwitch: named } = await import('../support/kill-switch.js');
  return {
    ...real,
    employeeDays: async function* (...args: Parameters<typeof real.employeeDays>) {
      await named('e2e-closing').pass();
      yield* real.employeeDays(...args);
    },
  };
});

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 60_000 });
const realNow = clock.now;
const mail = killSwitch('e2e-import-mail');
const closing = killSwitch('e2e-closing');
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant({ employees: 2, name: '再実行画面株式会社' });
});
afterEach(() => {
  // A killed worker does not come back: its hung calls stay hung.
  mail.disarm();
  closing.disarm();
  clock.now = realNow;
});
afterAll(() => {
  clock.now = realNow;
});

async function adminPage(path: string): Promise<Page> {
  const page = await e2e.page(PHONE);
  await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
  await page.waitForURL('**/management');
  await page.goto(`${e2e.stack.baseUrl}${path}`);
  await page.waitForURL(`**${path}`);
  return page;
}

describe('a job whose worker died, on a phone', () => {
  it('スタッフ一括登録 shows 失敗 and 再実行, which registers the rest and mails each member once', async () => {
    const run = randomUUID().slice(0, 8);
    const emails = Array.from({ length: 6 }, (_, i) => `rt-${i + 1}-${run}@example.test`);
    const file =
      [
        '社員番号,姓,名,フリガナ,メールアドレス,部署,雇用形態,入社日',
        ...emails.map((e, i) => `RT-${i + 1},再実,${i + 1}子,さいじつ,${e},営業部,正社員,2026/4/1`),
      ].join('\r\n') + '\r\n';
    const page = await adminPage('/management/staff/import');
    await page.setInputFiles('#staff-import-file', {
      name: 'staff.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file),
    });
    await poll(() => page.getByRole('status').first().textContent()).toContain('6人すべて登録できます。');

    // Two welcome mails go, then the worker stops: its four lanes hang on the next mail.
    mail.arm(2);
    await page.getByRole('button', { name: '登録する' }).click();
    await poll(() => mail.hung).toBe(4);
    await poll(() => page.getByRole('status').first().textContent()).toContain('登録しています…');
    // Past the worker's lease: the screen's next poll reads it failed.
    clock.now = ambientClock(new Date(testNow().getTime() + JOB_LEASE_MS + 60_000));
    await poll(() => page.getByRole('alert').first().textContent()).toContain('登録の処理が止まりました（失敗）');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    mail.disarm();
    await page.getByRole('button', { name: '再実行' }).click();
    await poll(() => page.getByRole('status').first().textContent()).toContain('登録が完了しました（6人を登録）。');
    expect(await page.getByRole('button', { name: '再実行' }).count()).toBe(0);
    for (const e of emails)
      expect(await mailsTo(e, { subject: /アカウントが登録されました/, atLeast: 2, timeoutMs: 500 })).toHaveLength(1);
  }, 180_000);

  it('締め処理 shows 締め失敗 with 再実行, which closes the period', async () => {
    // Last month (October) has ended: 2026-11-10 12:00 in Tokyo.
    clock.now = () => new Date('2026-11-10T03:00:00Z');
    const page = await adminPage('/management/closing');
    const status = page.getByTestId('status-2026-10');
    await poll(() => status.textContent()).toBe('未締め');

    // The first employee's days, then the closing job stops.
    closing.arm(1);
    page.on('dialog', (d) => void d.accept());
    await page.locator('tr[data-period="2026-10"]').getByRole('button', { name: '締める' }).click();
    await poll(() => closing.hung).toBe(1);
    await poll(() => status.textContent()).toContain('締め処理中');

    // Ten minutes on (past the job's lease): reload the screen, as an admin coming back would.
    clock.now = () => new Date('2026-11-10T03:10:00Z');
    await page.reload();
    await poll(() => status.textContent()).toBe('締め失敗（処理が止まりました。再実行してください）');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    closing.disarm();
    await page.locator('tr[data-period="2026-10"]').getByRole('button', { name: '再実行' }).click();
    await poll(() => status.textContent()).toBe('締め済み');
  }, 180_000);
});
