/**
 * axe-core on every screen (issue 9): public, employee (phone), company admin and operator pages,
 * each once its data has loaded, plus the states that add UI (the approval modal, the phone drawer,
 * an opened audit entry). No serious or critical violation may remain. Prints screens × violations.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { newId } from '../../functions/shared/ids.js';
import { describeViolations, seriousA11yViolations, type A11yViolation } from '../support/a11y.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createOperator, createTenant, signIn, type TestTenant, type TestUser } from '../support/tenant.js';
import { workingDay } from '../support/working-days.js';
import { pinSuiteDate, testNow, testToday } from '../support/test-clock.js';

// The screens are checked on one fixed Wednesday: what axe finds does not depend on the kind of day.
pinSuiteDate('2026-11-25');

const e2e = useBrowser();
let tenant: TestTenant;
let operator: TestUser;
let infoItemId: string;
const [year, month] = testToday().split('-').map(Number) as [number, number];
const results: { screen: string; violations: A11yViolation[] }[] = [];

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: 'アクセシビリティ株式会社' });
  operator = await createOperator(e2e.stack.baseUrl);
  const now = testNow().getTime();
  const { data } = await db()
    .entities.InfoItem.create({
      infoItemId: newId(),
      title: 'システムメンテナンスのお知らせ',
      detailText: '土曜日の深夜に短時間停止します。',
      startAt: new Date(now - 3_600_000).toISOString(),
      endAt: new Date(now + 86_400_000).toISOString(),
    })
    .go();
  infoItemId = data.infoItemId;
  // A pending request for the approval modal, and a change for the audit trail.
  const employee = await signIn(e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
  expect(
    (
      await employee.post('/api/v1/holiday_requests', {
        kind: 0,
        year,
        month,
        day: workingDay(year, month, 4),
        reason: '通院のため',
      })
    ).status,
  ).toBe(201);
  const admin = await signIn(e2e.stack.baseUrl, 'admin', tenant.admin);
  expect((await admin.post('/api/v1/departments', { name: '監査部' })).status).toBe(201);
});

afterAll(() => {
  const width = Math.max(...results.map((r) => r.screen.length), 6);
  console.log(`\naxe-core (serious + critical) on ${results.length} screens`);
  for (const r of results)
    console.log(
      `  ${r.screen.padEnd(width)}  ${r.violations.length === 0 ? 'ok' : r.violations.map((v) => `${v.impact} ${v.id}`).join(', ')}`,
    );
});

/** Waits until the page has settled (no request in flight, no loading indicator), then runs axe. */
async function check(page: Page, screen: string): Promise<A11yViolation[]> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.loading').count()).toBe(0);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
  const violations = await seriousA11yViolations(page);
  results.push({ screen, violations });
  return violations;
}

async function visitAll(page: Page, paths: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const path of paths) {
    await page.goto(e2e.stack.baseUrl + path);
    const v = await check(page, path);
    if (v.length) failures.push(`${path}\n  ${describeViolations(v)}`);
  }
  return failures;
}

describe('axe-core finds no serious or critical violation', () => {
  it('on the public pages (landing, the three sign-in pages, 404)', async () => {
    const page = await e2e.page(PHONE);
    const failures = await visitAll(page, [
      '/',
      '/users/sign_in',
      '/companies/sign_in',
      '/operators/sign_in',
      '/no-such-page',
    ]);
    expect(failures.join('\n')).toBe('');
  });

  it('on every employee screen, phone sized, and with the menu drawer open', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
    const failures = await visitAll(page, [
      '/employees',
      `/employees/attendance?year=${year}&month=${month}`,
      '/employees/modify',
      '/employees/requests',
      '/employees/requests/holiday',
      '/employees/requests/holiday_work',
      '/employees/requests/over_work',
      '/employees/settings',
      `/employees/info_items/${infoItemId}`,
    ]);
    await page.goto(`${e2e.stack.baseUrl}/employees`);
    await page.getByRole('button', { name: 'メニュー' }).click();
    await expect.poll(() => page.getByRole('navigation', { name: 'メインメニュー' }).isVisible()).toBe(true);
    const drawer = await check(page, '/employees (drawer open)');
    if (drawer.length) failures.push(`drawer\n  ${describeViolations(drawer)}`);
    expect(failures.join('\n')).toBe('');
  });

  it('on every company admin screen, the approval modal and an opened audit entry', async () => {
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    const staffId = tenant.employees[0]!.id;
    const failures = await visitAll(page, [
      '/management',
      '/management/staff',
      '/management/staff/new',
      `/management/staff/${staffId}/edit`,
      `/management/${staffId}?year=${year}&month=${month}`,
      '/management/departments',
      '/management/departments/new',
      '/management/employment_statuses',
      '/management/working_times',
      '/management/break_times',
      '/management/company_calendar',
      '/management/overtime_agreement',
      '/management/shifts',
      '/management/work_patterns',
      '/management/work_settings',
      '/management/working_time_systems',
      '/management/csv_download',
      '/management/paid_leave',
      `/management/paid_leave/${staffId}`,
      `/management/info_items/${infoItemId}`,
      `/management/requests?year=${year}&month=${month}`,
    ]);
    await page.getByRole('region', { name: '休暇申請' }).getByRole('button', { name: /確認/ }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    const modal = await check(page, '/management/requests (approval modal)');
    if (modal.length) failures.push(`modal\n  ${describeViolations(modal)}`);
    await page.keyboard.press('Escape');

    await page.goto(`${e2e.stack.baseUrl}/management/audit`);
    await check(page, '/management/audit');
    await page.getByText('変更内容を見る').first().click();
    const audit = await check(page, '/management/audit (entry open)');
    if (audit.length) failures.push(`audit\n  ${describeViolations(audit)}`);
    expect(failures.join('\n')).toBe('');
  });

  it('on every operator screen', async () => {
    // Signed in through the API (password + TOTP), then the session cookies are handed to the browser.
    const client = await signIn(e2e.stack.baseUrl, 'operator', operator);
    const page = await e2e.page(DESKTOP);
    await page
      .context()
      // Given as domain + path, not url: Chromium refuses a `__Host-` cookie set through a url (CDP's
      // Storage.setCookies: "Invalid cookie fields"). The prefix needs Secure and Path=/; Chromium
      // treats the loopback origin as secure.
      .addCookies(
        [...client.cookies].map(([name, value]) => ({
          name,
          value,
          domain: new URL(e2e.stack.baseUrl).hostname,
          path: '/',
          ...(name.startsWith('__Host-') ? { secure: true } : {}),
        })),
      );
    const failures = await visitAll(page, [
      '/management/companies',
      '/management/companies/new',
      `/management/companies/${tenant.companyId}/edit`,
      '/management/info_items',
      '/management/info_items/new',
      `/management/info_items/${infoItemId}`,
      `/management/info_items/${infoItemId}/edit`,
      '/management/inquiries',
    ]);
    expect(failures.join('\n')).toBe('');
  });
});
