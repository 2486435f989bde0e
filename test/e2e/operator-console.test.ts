/**
 * The operator's screens in Chromium: a company account created through the form (whose admin then
 * signs in and sets a password), an announcement that appears as a banner for staff inside its
 * display window, the invalid-date alert, and closing a company (its accounts disabled in the background).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { newId } from '../../functions/shared/ids.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createOperator, createTenant, type TestTenant, type TestUser } from '../support/tenant.js';
import { pinSuiteDate, testNow } from '../support/test-clock.js';

// The operator's screens do not depend on the kind of day: the file runs on one fixed Wednesday.
pinSuiteDate('2026-11-25');

const e2e = useBrowser();
let tenant: TestTenant;
let operator: TestUser;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: 'お知らせ確認株式会社' });
  operator = await createOperator(e2e.stack.baseUrl);
});

/** Japan-time calendar parts of an instant (the form's wall clock). */
function japan(instant: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { year: get('year'), month: get('month'), day: get('day') };
}

async function operatorPage(): Promise<Page> {
  const page = await e2e.page(DESKTOP);
  await signInAs(page, e2e.stack.baseUrl, 'operator', operator);
  await page.waitForURL('**/management/companies');
  return page;
}

async function pickDateTime(page: Page, id: string, v: { year: string; month: string; day: string; hour: string }) {
  await page.locator(`#${id}-year`).selectOption(v.year);
  await page.locator(`#${id}-month`).selectOption(v.month);
  await page.locator(`#${id}-day`).selectOption(v.day);
  await page.locator(`#${id}-hour`).selectOption(v.hour);
}

describe('operator console in Chromium', () => {
  it('shows company accounts, announcements and inquiries in the operator menu', async () => {
    const page = await operatorPage();
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    for (const label of ['会社アカウント', 'お知らせ', 'お問い合わせ']) {
      await expect.poll(() => nav.getByRole('link', { name: label, exact: true }).count()).toBe(1);
    }
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('管理者アカウント一覧');
  });

  it('creates a company account through the form; its admin signs in and sets a password', async () => {
    const page = await operatorPage();
    await page.getByRole('link', { name: '新規登録' }).click();
    await page.waitForURL('**/management/companies/new');
    // The form's screen is loaded on demand: the URL changes before its heading replaces the list's.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('管理者アカウント新規登録');

    const submit = page.getByRole('button', { name: '登録' });
    expect(await submit.isDisabled()).toBe(true);
    const email = `e2e-company-${Date.now()}@example.test`;
    await page.getByLabel('事業者名').fill('株式会社ブラウザ登録');
    await page.getByLabel('代表者名').fill('代表 一郎');
    await page.getByLabel('メールアドレス').fill(email);
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('パスワード').fill('Temp#Passw0rd2026');
    expect(await page.getByLabel('プラン').inputValue()).toBe('1');
    expect(await page.getByLabel('オプション契約あり').isChecked()).toBe(true);
    await submit.click();
    await expect.poll(() => page.getByRole('status').allTextContents()).toContain('登録が完了しました。');
    expect(await page.getByLabel('事業者名').inputValue()).toBe('');

    await page.getByRole('link', { name: '一覧へ戻る' }).click();
    const row = page.getByRole('row', { name: /株式会社ブラウザ登録/ });
    await expect.poll(() => row.textContent()).toContain(email);
    expect(await row.textContent()).toContain('代表 一郎');

    const admin = await e2e.page(DESKTOP);
    await signInAs(admin, e2e.stack.baseUrl, 'admin', { email, password: 'Temp#Passw0rd2026' });
    await admin.getByLabel('新しいパスワード', { exact: true }).fill('Mine#Passw0rd2026');
    await admin.getByLabel('新しいパスワード（確認）').fill('Mine#Passw0rd2026');
    await admin.getByRole('button', { name: 'パスワードを設定する' }).click();
    await admin.waitForURL('**/management');
    await expect.poll(() => admin.getByRole('banner').textContent()).toContain('株式会社ブラウザ登録');
  });

  it('creates an announcement that staff of a company see as a banner while it is on display', async () => {
    const page = await operatorPage();
    await page.goto(`${e2e.stack.baseUrl}/management/info_items/new`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('お知らせ新規登録');
    const title = `システムメンテナンスのお知らせ ${Date.now()}`;
    await page.getByLabel('タイトル').fill(title);
    await page.getByLabel('本文').fill('今週末にメンテナンスを行います。\n打刻は通常どおり可能です。');
    const start = japan(new Date(testNow().getTime() - 86_400_000));
    const end = japan(new Date(testNow().getTime() + 2 * 86_400_000));
    await pickDateTime(page, 'info-start', { ...start, hour: '0' });
    await pickDateTime(page, 'info-end', { ...end, hour: '23' });
    await page.getByRole('button', { name: '登録' }).click();
    await expect.poll(() => page.getByRole('status').allTextContents()).toContain('登録が完了しました。');
    expect(await page.getByLabel('タイトル').inputValue()).toBe('');

    await page.goto(`${e2e.stack.baseUrl}/management/info_items`);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('link', { name: title, exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await page.getByRole('link', { name: '編集する' }).count()).toBe(1);

    const staff = await e2e.page(PHONE);
    await signInAs(staff, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await staff.waitForURL('**/employees');
    const banner = staff
      .getByRole('complementary', { name: 'お知らせ' })
      .getByRole('link', { name: new RegExp(title) });
    await expect.poll(() => banner.count()).toBe(1);
    await banner.click();
    await expect.poll(() => staff.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await staff.textContent('main')).toContain('打刻は通常どおり可能です。');
    // Staff get no edit link.
    expect(await staff.getByRole('link', { name: '編集する' }).count()).toBe(0);
  });

  it('edits an announcement, and refuses Feb 30 with the alert 日時が不正です without sending anything', async () => {
    const { data: item } = await db()
      .entities.InfoItem.create({
        infoItemId: newId(),
        title: '編集前',
        detailText: '本文',
        startAt: '2027-01-01T00:00:00.000Z',
        endAt: '2027-01-02T00:00:00.000Z',
      })
      .go();
    const page = await operatorPage();
    await page.goto(`${e2e.stack.baseUrl}/management/info_items/${item.infoItemId}/edit`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('お知らせ編集');
    await expect.poll(() => page.getByLabel('タイトル').inputValue()).toBe('編集前');
    // Stored as UTC, shown in Japan time: 2027-01-01T00:00Z is 09:00 in Tokyo.
    expect(await page.locator('#info-start-hour').inputValue()).toBe('9');

    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/info_items') && r.method() !== 'GET') writes.push(r.method());
    });
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await page.getByLabel('タイトル').fill('更新後');
    await pickDateTime(page, 'info-start', { year: '2027', month: '2', day: '30', hour: '10' });
    await page.getByRole('button', { name: '更新' }).click();
    await expect.poll(() => alerts).toEqual(['日時が不正です']);
    expect(writes).toEqual([]);

    await page.locator('#info-start-day').selectOption('28');
    await pickDateTime(page, 'info-end', { year: '2027', month: '3', day: '1', hour: '0' });
    await page.getByRole('button', { name: '更新' }).click();
    await expect.poll(() => page.getByRole('status').allTextContents()).toContain('更新が完了しました。');
    expect(writes).toEqual(['PUT']);
    const { data: saved } = await db().entities.InfoItem.get({ infoItemId: item.infoItemId }).go();
    expect(saved).toMatchObject({ title: '更新後', startAt: '2027-02-28T01:00:00.000Z' });
  });

  it('closes a company after confirmation; it leaves the list and its accounts are disabled in the background, with progress', async () => {
    const closing = await createTenant({ employees: 2, name: '解約予定株式会社' });
    const page = await operatorPage();
    const row = page.getByRole('row', { name: /解約予定株式会社/ });
    await expect.poll(() => row.count()).toBe(1);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    await row.getByRole('button', { name: /削除/ }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect(dialogs).toEqual(['confirm']);
    const { data } = await db().entities.Company.get({ companyId: closing.companyId }).go();
    expect(data?.status).toBe('closed');
    // The admin and the two staff, disabled by the worker: the line under the list follows it to the end.
    const progress = page.getByTestId('company-closing');
    await expect
      .poll(() => progress.textContent())
      .toBe('「解約予定株式会社」を削除しました。管理者・スタッフ 3 名のアカウントを停止しました。');
  });

  it('shows a company admin Permission Denied on the operator pages', async () => {
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.goto(`${e2e.stack.baseUrl}/management/companies`);
    await expect.poll(() => page.textContent('main')).toContain('操作権限がありません。');
  });
});
