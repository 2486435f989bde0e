/**
 * Screen defects of issue 14 (items 2, 3, 7, 8, 10 and 12), each met the way a person meets it:
 * the employee on a phone (390×844), the admin and the operator on a desktop and on a phone.
 */
import type { Page } from 'playwright-core';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { newId } from '../../functions/shared/ids.js';
import { QR_OPTIONS } from '../../frontend/src/operator/mfa/qr-options';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createOperator, createTenant, type TestTenant, type TestUser } from '../support/tenant.js';
import { totp } from '../support/totp.js';
import { pinSuiteDate, testNow, testToday } from '../support/test-clock.js';

// The screens are checked on one fixed Wednesday: these layout defects do not depend on the kind of day.
pinSuiteDate('2026-11-25');

const e2e = useBrowser();
let tenant: TestTenant;
let operator: TestUser;
let infoItemId: string;
const [year, month, day] = testToday().split('-').map(Number) as [number, number, number];

beforeAll(async () => {
  tenant = await createTenant({ employees: 3, name: '画面確認株式会社' });
  operator = await createOperator(e2e.stack.baseUrl);
  const { entities } = db();
  const employee = tenant.employees[0]!;
  // November 2026: 11/3 文化の日 (Tue), 11/7–8 a weekend, 11/10 有給 and 11/11 代休 (approved leave).
  await entities.AttendanceDay.put({
    companyId: tenant.companyId,
    employeeId: employee.id,
    workDate: '2026-11-10',
    leaveType: 0,
  }).go();
  await entities.AttendanceDay.put({
    companyId: tenant.companyId,
    employeeId: employee.id,
    workDate: '2026-11-11',
    leaveType: 1,
  }).go();
  // Something in every admin list, with long text where a person could type it.
  const date = `${year}-${String(month).padStart(2, '0')}-01`;
  for (const kind of ['holiday', 'holiday_work', 'over_work'] as const) {
    await entities.Request.put({
      companyId: tenant.companyId,
      requestId: newId(),
      employeeId: employee.id,
      employeeName: employee.name,
      kind,
      ...(kind === 'holiday' ? { leaveType: 0 } : {}),
      date,
      reason: '取引先との打ち合わせのため、午後から外出します。詳細は後ほど共有します。'.repeat(2),
    }).go();
  }
  infoItemId = newId();
  const start = new Date(testNow().getTime() - 86_400_000).toISOString();
  const end = new Date(testNow().getTime() + 30 * 86_400_000).toISOString();
  await entities.InfoItem.put({
    infoItemId,
    title: '年末年始の営業についてのお知らせ',
    detailText: '12月29日から1月3日までお休みします。',
    startAt: start,
    endAt: end,
  }).go();
  await entities.Inquiry.put({
    inquiryId: newId(),
    name: '問合 花子',
    companyName: '問い合わせ株式会社',
    email: 'a-rather-long-address-for-an-inquiry@example-company.test',
    message: '導入について相談したいです。'.repeat(5),
  }).go();
});

async function signedIn(
  role: 'employee' | 'admin' | 'operator',
  viewport: { width: number; height: number },
  user?: TestUser,
) {
  const page = await e2e.page(viewport);
  if (role === 'employee') {
    await signInAs(page, e2e.stack.baseUrl, 'employee', user ?? tenant.employees[0]!);
    await page.waitForURL('**/employees');
  } else if (role === 'admin') {
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
  } else {
    await signInAs(page, e2e.stack.baseUrl, 'operator', user ?? operator);
    await page.waitForURL('**/management/companies');
  }
  return page;
}

/** The computed background of a month row (day of month), and of the legend swatch whose label matches. */
async function rowTint(page: Page, dayOfMonth: number) {
  const row = page.locator('.month-table > tbody > tr:not(.month-detail)').nth(dayOfMonth - 1);
  return row.evaluate((el) => getComputedStyle(el).backgroundColor);
}

async function swatchTint(page: Page, label: RegExp) {
  const item = page.locator('.month-legend li', { hasText: label });
  return item.locator('.month-legend__swatch').evaluate((el) => getComputedStyle(el).backgroundColor);
}

async function expectTintedAsLegend(page: Page) {
  await expect.poll(() => page.locator('.month-table > tbody > tr').count()).toBe(30);
  const white = 'rgb(255, 255, 255)';
  const holiday = await swatchTint(page, /^祝日$/);
  const dayOff = await swatchTint(page, /^所定休日$/);
  const legalHoliday = await swatchTint(page, /^法定休日$/);
  const paid = await swatchTint(page, /有給/);
  for (const tint of [holiday, dayOff, legalHoliday, paid]) expect(tint).not.toBe(white);
  expect(new Set([holiday, dayOff, legalHoliday, paid]).size).toBe(4);

  expect(await rowTint(page, 2)).toBe(white); // Monday, a working day
  expect(await rowTint(page, 3)).toBe(holiday); // 文化の日
  expect(await rowTint(page, 7)).toBe(dayOff); // Saturday, a 所定休日 of the default calendar
  expect(await rowTint(page, 8)).toBe(legalHoliday); // Sunday, its 法定休日
  expect(await rowTint(page, 10)).toBe(paid); // 有給
  // The sticky date cell carries the row's tint (it needs an opaque background of its own).
  const dateCell = page.locator('.month-table > tbody > tr').nth(2).locator('th');
  expect(await dateCell.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(holiday);
  // 代休 is leave too: the legend names it, and its row has that tint.
  expect(await rowTint(page, 11)).toBe(await swatchTint(page, /代休/));
}

/** Waits until the page has loaded what it shows (no loading marker, no request in flight). */
async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => page.locator('.loading').count()).toBe(0);
  await page.waitForLoadState('networkidle');
}

/**
 * No horizontal page scroll, and a table wider than the screen scrolls inside its own box with its
 * first (key) column kept in view.
 */
async function expectFitsPhone(page: Page, path: string) {
  const layout = await page.evaluate(() => {
    const doc = document.documentElement;
    const tables = [...document.querySelectorAll('main table')].map((table) => {
      let box = table.parentElement;
      while (box && box !== document.body && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX))
        box = box.parentElement;
      const key = table.querySelector('tbody tr > :first-child');
      return {
        overflows: table.getBoundingClientRect().width > (table.parentElement?.clientWidth ?? 0) + 1,
        scrollBox: Boolean(box && box !== document.body),
        stickyKey: key ? getComputedStyle(key).position === 'sticky' : true,
      };
    });
    // What sticks out past the screen, outside any box that scrolls on its own (names the culprit).
    const scrolls = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    const wide = [...document.querySelectorAll('body *')]
      .filter(
        (el) =>
          el.getBoundingClientRect().right > doc.clientWidth + 1 &&
          !scrolls(el) &&
          getComputedStyle(el).visibility !== 'hidden',
      )
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(el.getBoundingClientRect().right)}px`,
      );
    return { scrollWidth: doc.scrollWidth, width: doc.clientWidth, tables, wide };
  });
  // Soft: one run lists every screen that does not fit.
  expect
    .soft({ path, scrollWidth: layout.scrollWidth, wide: layout.wide })
    .toEqual({ path, scrollWidth: layout.width, wide: [] });
  for (const table of layout.tables.filter((t) => t.overflows)) {
    expect.soft({ path, ...table }).toEqual({ path, overflows: true, scrollBox: true, stickyKey: true });
  }
}

describe('issue 14 screens', () => {
  it('item 2: tints holiday, weekend, 有給 and 代休 rows as the legend says on 勤怠一覧 (phone)', async () => {
    const page = await signedIn('employee', PHONE);
    await page.goto(`${e2e.stack.baseUrl}/employees/attendance?year=2026&month=11`);
    await expectTintedAsLegend(page);
  });

  it("item 2: tints the same rows on the admin's staff detail table", async () => {
    const page = await signedIn('admin', DESKTOP);
    await page.goto(`${e2e.stack.baseUrl}/management/${tenant.employees[0]!.id}?year=2026&month=11`);
    await expectTintedAsLegend(page);
  });

  it('item 3: says why 退勤 within a minute of 出勤 was ignored and when it becomes possible', async () => {
    const page = await signedIn('employee', PHONE, tenant.employees[1]!);
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('未出勤');
    await page.getByRole('button', { name: '出勤' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('勤務中');
    await page.getByLabel('メモ').fill('直帰');
    await page.getByRole('button', { name: '退勤' }).click();
    const notice = page.locator('.punch-ignored');
    await expect.poll(() => notice.textContent()).toContain('出勤から1分以内のため、退勤は記録されていません');
    const seconds = Number((await notice.textContent())!.match(/あと(\d+)秒/)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(await page.getByRole('status').first().textContent()).toBe('勤務中');
    // Nothing was recorded, so the memo typed for 退勤 is kept for the next press.
    expect(await page.getByLabel('メモ').inputValue()).toBe('直帰');

    // Later (the gateway runs the handlers in this process, so the domain clock moves theirs) 退勤 works
    // and the note goes away.
    const realNow = clock.now;
    clock.now = () => new Date(realNow().getTime() + 2 * 60 * 60 * 1000);
    try {
      await page.getByRole('button', { name: '退勤' }).click();
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('退勤済み');
    } finally {
      clock.now = realNow;
    }
    expect(await notice.count()).toBe(0);
  });

  it('item 7: employee logout lands on / and stays there', async () => {
    const page = await signedIn('employee', PHONE);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.getByRole('button', { name: 'メニュー' }).click();
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.locator('#hero-heading').waitFor();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(visited).not.toContain('/users/sign_in');
    expect(await page.locator('#hero-heading').isVisible()).toBe(true);
  });

  it('item 8: 勤怠一覧 opens on the current month', async () => {
    const page = await signedIn('employee', PHONE);
    await page.goto(`${e2e.stack.baseUrl}/employees/attendance`);
    expect(await page.locator('#attendance-year').inputValue()).toBe(String(year));
    expect(await page.locator('#attendance-month').inputValue()).toBe(String(month));
    await expect
      .poll(() => page.locator('.month-table > tbody > tr').count())
      .toBe(new Date(Date.UTC(year, month, 0)).getUTCDate());
    expect(await page.locator('.attendance-heading').textContent()).toBe(`${year}年${month}月`);
  });

  it('item 8: 打刻修正 opens on today, ready to correct', async () => {
    const page = await signedIn('employee', PHONE);
    await page.goto(`${e2e.stack.baseUrl}/employees/modify`);
    expect(await page.locator('#modify-year').inputValue()).toBe(String(year));
    expect(await page.locator('#modify-month').inputValue()).toBe(String(month));
    expect(await page.locator('#modify-day').inputValue()).toBe(String(day));
    await page.locator('#modify-in').waitFor();
    await expect.poll(() => page.locator('main').textContent()).toContain(`${year}年${month}月${day}日`);
  });

  it('item 10: every admin screen fits a 390 px phone without horizontal page scroll', async () => {
    const page = await signedIn('admin', PHONE);
    const staff = tenant.employees[0]!.id;
    const paths = [
      '/management',
      `/management/requests?year=${year}&month=${month}`,
      '/management/staff',
      '/management/staff/new',
      `/management/staff/${staff}/edit`,
      `/management/${staff}`,
      '/management/departments',
      '/management/departments/new',
      `/management/departments/${tenant.departmentId}/edit`,
      '/management/employment_statuses',
      '/management/employment_statuses/new',
      `/management/employment_statuses/${tenant.employmentStatusId}/edit`,
      '/management/paid_leave',
      `/management/paid_leave/${staff}`,
      '/management/audit',
      '/management/working_times',
      '/management/break_times',
      '/management/csv_download',
      '/management/csv_download/download',
      `/management/info_items/${infoItemId}`,
      '/management/info_items',
      '/management/companies',
    ];
    for (const path of paths) {
      await page.goto(e2e.stack.baseUrl + path);
      await settled(page);
      await expectFitsPhone(page, path);
    }

    // Approving from a phone: the modal fits the screen too.
    await page.goto(`${e2e.stack.baseUrl}/management/requests?year=${year}&month=${month}`);
    await settled(page);
    await page.getByRole('button', { name: /^確認/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await dialog.getByRole('button', { name: '承認' }).isVisible()).toBe(true);
    await expectFitsPhone(page, 'approval modal');
  });

  it('item 10: every operator screen fits a 390 px phone without horizontal page scroll', async () => {
    const page = await signedIn('operator', PHONE);
    const paths = [
      '/management/companies',
      '/management/companies/new',
      `/management/companies/${tenant.companyId}/edit`,
      '/management/info_items',
      '/management/info_items/new',
      `/management/info_items/${infoItemId}`,
      `/management/info_items/${infoItemId}/edit`,
      '/management/inquiries',
    ];
    for (const path of paths) {
      await page.goto(e2e.stack.baseUrl + path);
      await settled(page);
      await expectFitsPhone(page, path);
    }
  });

  it('item 12: TOTP enrolment shows a QR code of the otpauth URI, drawn in the browser', async () => {
    const newcomer = await createOperator(e2e.stack.baseUrl, { enrolled: false });
    const page = await e2e.page(PHONE);
    const hosts = new Set<string>();
    page.on('request', (req) => hosts.add(new URL(req.url()).origin));
    await signInAs(page, e2e.stack.baseUrl, 'operator', newcomer);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('二段階認証の設定');
    const uri = (await page.locator('.op-mfa__uri').textContent())!;
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const qr = page.getByRole('img', { name: 'QRコード' });
    await qr.waitFor();
    const src = (await qr.getAttribute('src'))!;
    const prefix = 'data:image/svg+xml;charset=utf-8,';
    expect(src.startsWith(prefix)).toBe(true);
    // The picture is exactly the QR code of this URI (the same encoder run here gives the same modules).
    expect(decodeURIComponent(src.slice(prefix.length))).toBe(
      await QRCode.toString(uri, { ...QR_OPTIONS, type: 'svg' }),
    );
    expect([...hosts].filter((h) => h !== new URL(e2e.stack.baseUrl).origin && !h.startsWith('data:'))).toEqual([]);
    await expectFitsPhone(page, 'enrolment');

    const secret = (await page.locator('.op-mfa__secret').textContent())!.replace(/\s/g, '');
    await page.getByLabel('認証コード（6桁）').fill(totp(secret));
    await page.getByRole('button', { name: '確認' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('管理者アカウント一覧');
  });
});
