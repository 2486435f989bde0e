/**
 * Issue 29 item 23, the smaller ones, each met the way a person meets it (1280×800 and 390×844):
 * - 勤務パターン on a phone: every column of the list, 休憩 and 編集/削除 included, on screen;
 * - its end-before-start error names the box as it is labelled (「終業は翌日」);
 * - the manual's スタッフ一括登録 names only what the import screen has;
 * - staff detail: the flex member's two terms are not both called 「労働時間制度」;
 * - the 退勤メモ box goes away once the day is 退勤済み;
 * - checkboxes: one 20×20 box on every screen, toggled from anywhere in a 44 px band through its label.
 *
 * The clock is held on Wednesday 2026-11-25 19:00 in Tokyo.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { MANUAL_AREAS } from '../../frontend/src/manual/manual-content.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import type { HttpClient } from '../support/http-client.js';
import { pinClock, tokyo } from '../support/test-clock.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });
let tenant: TestTenant;
let admin: HttpClient;
const realNow = clock.now;

beforeAll(async () => {
  pinClock('2026-11-25', '19:00');
  tenant = await createTenant({ employees: 3, name: '小さな不具合株式会社' });
  admin = await signIn(e2e.stack.baseUrl, 'admin', tenant.admin);
  const [first, second] = tenant.employees as [TestTenant['employees'][number], TestTenant['employees'][number]];
  // A pattern with two breaks, and 社員 1号 punched out today (09:00–18:00) with both memos.
  const pattern = await admin.post('/api/v1/work_patterns', {
    name: '日勤（本社・標準）',
    start_time: '09:00',
    end_time: '18:00',
    crosses_midnight: false,
    breaks: [
      { start_time: '12:00', end_time: '12:45' },
      { start_time: '15:00', end_time: '15:15' },
    ],
  });
  if (pattern.status !== 201) throw new Error(`pattern: ${pattern.status} ${JSON.stringify(pattern.body)}`);
  await db()
    .entities.AttendanceDay.put({
      companyId: tenant.companyId,
      employeeId: first.id,
      workDate: '2026-11-25',
      punchInAt: tokyo('2026-11-25', '09:00').toISOString(),
      punchOutAt: tokyo('2026-11-25', '18:00').toISOString(),
      note: '直行',
      punchOutNote: '直帰',
    })
    .go();
  // 社員 2号 on flex from 11/1 (a one-month 清算期間), one day worked.
  const flex = await admin.put('/api/v1/working_time_systems', {
    scope: 'employee',
    employee_id: second.id,
    system: 'flex',
    effective_from: '2026-11-01',
    period_start: '2026-11-01',
    period_months: 1,
    core_start: '10:00',
    core_end: '15:00',
    flexible_start: '07:00',
    flexible_end: '22:00',
    standard_daily_minutes: 480,
  });
  if (flex.status !== 200) throw new Error(`flex: ${flex.status} ${JSON.stringify(flex.body)}`);
  // A request waiting for a decision: the pending list has its row checkboxes.
  const employee = await signIn(e2e.stack.baseUrl, 'employee', tenant.employees[2]!);
  const filed = await employee.post('/api/v1/over_work_requests', { year: 2026, month: 11, day: 26, reason: '' });
  if (filed.status !== 201) throw new Error(`request: ${filed.status} ${JSON.stringify(filed.body)}`);
});

afterAll(() => {
  clock.now = realNow;
});

async function signedIn(role: 'admin' | 'employee', viewport: { width: number; height: number }, who = 0) {
  const page = await e2e.page(viewport);
  if (role === 'admin') {
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
  } else {
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[who]!);
    await page.waitForURL('**/employees');
  }
  return page;
}

const VIEWPORTS = [
  ['1280×800', DESKTOP],
  ['390×844', PHONE],
] as const;

describe('勤務パターン', () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`at ${name}: the list's 休憩 and 編集/削除 are on screen`, async () => {
      const page = await signedIn('admin', viewport);
      await page.goto(`${e2e.stack.baseUrl}/management/work_patterns`);
      const row = page.getByTestId('pattern-list').getByRole('row', { name: /日勤（本社・標準）/ });
      await poll(() => row.textContent()).toContain('12:00〜12:45');
      const layout = await row.evaluate((tr) => {
        const inside = (el: Element) => {
          const b = el.getBoundingClientRect();
          return b.width > 0 && b.left >= 0 && b.right <= document.documentElement.clientWidth;
        };
        const breaks = [...tr.querySelectorAll('td')].find((td) => td.textContent?.includes('12:00〜12:45'))!;
        return {
          breaks: breaks.textContent,
          breaksShown: inside(breaks),
          buttons: [...tr.querySelectorAll('button')].map((b) => [b.textContent, inside(b)]),
        };
      });
      expect(layout).toEqual({
        breaks: '12:00〜12:45、15:00〜15:15',
        breaksShown: true,
        buttons: [
          ['編集', true],
          ['削除', true],
        ],
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }

  it('an end before the start names the box by its label', async () => {
    const page = await signedIn('admin', PHONE);
    await page.goto(`${e2e.stack.baseUrl}/management/work_patterns`);
    await page.locator('#pattern-name').fill('夜勤');
    await page.locator('#pattern-start').fill('22:00');
    await page.locator('#pattern-end').fill('07:00');
    await page.getByRole('button', { name: '登録', exact: true }).click();
    const error = page.locator('#pattern-end-error');
    await poll(() => error.textContent()).toContain('日をまたぐ場合は');
    const label = (await page.locator('label[for="pattern-crosses"]').textContent())!;
    const named = /「(.+?)」/.exec((await error.textContent())!)?.[1];
    expect(named).toBe('終業は翌日');
    expect(label.startsWith(named!)).toBe(true);
  });
});

describe('the manual and the screens agree', () => {
  it('スタッフ一括登録: every 「…」 the manual names is on the import screen', async () => {
    const section = MANUAL_AREAS.find((a) => a.slug === 'admin')!.sections.find((s) => s.id === 'staff-import')!;
    const named = [...section.steps.join('').matchAll(/「(.+?)」/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    const page = await signedIn('admin', DESKTOP);
    await page.goto(`${e2e.stack.baseUrl}/management/staff/import`);
    // A good file, so every control the screen can show is there (登録する appears with the preview).
    await page.setInputFiles('#staff-import-file', {
      name: 'staff.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        '社員番号,姓,名,フリガナ,メールアドレス,部署,雇用形態,入社日\r\nM-1,手引,確認,てびき,manual-check@example.test,営業部,正社員,2026/4/1\r\n',
      ),
    });
    await poll(() => page.getByRole('status').first().textContent()).toContain('1人すべて登録できます。');
    // What a person can press or pick: buttons, links and the labels of the fields.
    const controls = await page
      .locator('main')
      .locator('button, a, label')
      .evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, '')));
    expect(named.filter((n) => !controls.some((c) => c.includes(n.replace(/\s+/g, ''))))).toEqual([]);
  });
});

describe('staff detail of a flex member', () => {
  it('names its two terms apart: 労働時間制度 and the 清算期間 balance', async () => {
    const page = await signedIn('admin', DESKTOP);
    await page.goto(`${e2e.stack.baseUrl}/management/${tenant.employees[1]!.id}?year=2026&month=11`);
    await poll(() => page.getByTestId('work-system').textContent()).toContain('フレックスタイム制');
    await poll(() => page.getByTestId('flex-balance').count()).toBe(1);
    const terms = await page.getByTestId('work-system').locator('dt').allTextContents();
    expect(terms).toEqual(['労働時間制度', '清算期間の過不足']);
  });
});

describe('the punch screen after 退勤', () => {
  it('shows both memos and offers no 退勤メモ box once 退勤済み (390×844)', async () => {
    const page = await signedIn('employee', PHONE);
    await poll(() => page.getByRole('status').first().textContent()).toBe('退勤済み');
    expect(await page.locator('.punch-memos').textContent()).toBe('出勤メモ直行退勤メモ直帰');
    expect(await page.getByRole('textbox', { name: /メモ/ }).count()).toBe(0);
    expect(await page.locator('#punch-memo').count()).toBe(0);
  });
});

/**
 * Every visible checkbox of the page: its box, and which of 15 points down a 44 px band through the
 * box's middle (x: the box's centre, y: centre − 21 … + 21) do not land on the box or a label of it.
 */
const checkboxes = (page: Page) =>
  page.locator('input[type="checkbox"]').evaluateAll(async (inputs) => {
    const out: { id: string; width: number; height: number; misses: number[] }[] = [];
    for (const input of inputs as HTMLInputElement[]) {
      if (!input.offsetParent) continue;
      input.scrollIntoView({ block: 'center' });
      await new Promise((r) => requestAnimationFrame(r));
      const b = input.getBoundingClientRect();
      const x = b.left + b.width / 2;
      const misses: number[] = [];
      for (let dy = -21; dy <= 21; dy += 3) {
        const hit = document.elementFromPoint(x, b.top + b.height / 2 + dy);
        const ok = hit === input || (hit?.closest('label') as HTMLLabelElement | null)?.control === input;
        if (!ok) misses.push(dy);
      }
      out.push({
        id: input.id || input.getAttribute('aria-label') || input.name,
        width: Math.round(b.width),
        height: Math.round(b.height),
        misses,
      });
    }
    return out;
  });

describe('checkboxes are one size on every screen, with a 44 px touch target', () => {
  const ADMIN = [
    '/management/work_patterns',
    '/management/work_settings',
    '/management/overtime_agreement',
    '/management/company_calendar',
    '/management/requests?view=pending',
    '/management/paid_leave',
    '/management/mail_settings',
  ];
  const EMPLOYEE = ['/employees/settings', '/employees/modify', '/employees/requests/over_work'];

  for (const [name, viewport] of VIEWPORTS) {
    it(`at ${name}: 20×20 each, hit anywhere in a 44 px band`, { timeout: 180_000 }, async () => {
      const found: { page: string; id: string; width: number; height: number; misses: number[] }[] = [];
      const page = await signedIn('admin', viewport);
      for (const path of ADMIN) {
        await page.goto(`${e2e.stack.baseUrl}${path}`);
        await page
          .locator('main input[type="checkbox"]')
          .first()
          .waitFor({ timeout: 10_000 })
          .catch(() => {
            throw new Error(`no checkbox on ${path}`);
          });
        await page.waitForLoadState('networkidle');
        found.push(...(await checkboxes(page)).map((c) => ({ page: path, ...c })));
      }
      const staff = await signedIn('employee', viewport, 2);
      for (const path of EMPLOYEE) {
        await staff.goto(`${e2e.stack.baseUrl}${path}`);
        await staff
          .locator('main input[type="checkbox"]')
          .first()
          .waitFor({ timeout: 10_000 })
          .catch(() => {
            throw new Error(`no checkbox on ${path}`);
          });
        await staff.waitForLoadState('networkidle');
        found.push(...(await checkboxes(staff)).map((c) => ({ page: path, ...c })));
      }
      // Each screen has its boxes: the pending request's row and 全て選択 among them.
      expect(new Set(found.map((c) => c.page)).size).toBe(ADMIN.length + EMPLOYEE.length);
      expect(found.length).toBeGreaterThanOrEqual(20);
      expect(found.filter((c) => c.width !== 20 || c.height !== 20 || c.misses.length)).toEqual([]);
    });
  }
});
