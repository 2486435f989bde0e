/**
 * One e-mail, several companies (issue 30 item 3), in Chromium: a person whose password opens their
 * account in two companies is asked which company on the sign-in page — on a phone (390×844) for the
 * employee and the admin page alike — and lands in the one chosen; the page lists only those companies.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
let first: TestTenant;
let second: TestTenant;
let third: TestTenant;

beforeAll(async () => {
  first = await createTenant({ employees: 1, name: '選択テスト一株式会社' });
  second = await createTenant({
    employees: 1,
    name: '選択テスト二株式会社',
    adminEmail: first.admin.email,
    employeeEmails: [first.employees[0]!.email],
  });
  // A third company with a different person: never offered.
  third = await createTenant({ employees: 1, name: '選択テスト三株式会社' });
});

describe('the company choice on a phone', () => {
  it('asks an employee which company, lists only the two, and signs into the one chosen', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'employee', first.employees[0]!);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('ログインする会社の選択');
    const list = page.getByRole('list', { name: 'ログインする会社' });
    const names = await list.getByRole('button').allTextContents();
    expect(names.sort()).toEqual(['選択テスト一株式会社', '選択テスト二株式会社']);
    expect(await page.content()).not.toContain(third.companyName);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await list.getByRole('button', { name: second.companyName }).click();
    await page.waitForURL('**/employees');
    await expect.poll(() => page.getByRole('banner').textContent()).toContain(second.companyName);
  });

  it('lets the admin choose too, and go back to the form', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'admin', first.admin);
    const list = page.getByRole('list', { name: 'ログインする会社' });
    await expect.poll(() => list.getByRole('button').count()).toBe(2);
    await page.getByRole('button', { name: 'メールアドレスの入力に戻る' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('管理者ログイン');

    await signInAs(page, e2e.stack.baseUrl, 'admin', first.admin);
    await page
      .getByRole('list', { name: 'ログインする会社' })
      .getByRole('button', { name: '選択テスト一株式会社' })
      .click();
    await page.waitForURL('**/management');
    await expect.poll(() => page.getByRole('banner').textContent()).toContain('選択テスト一株式会社');
  });

  it('tells two companies of one name apart by their company code', async () => {
    const one = await createTenant({ employees: 1, name: '同名株式会社' });
    const two = await createTenant({ employees: 1, name: '同名株式会社', employeeEmails: [one.employees[0]!.email] });
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'employee', one.employees[0]!);
    const list = page.getByRole('list', { name: 'ログインする会社' });
    await expect.poll(() => list.getByRole('button').count()).toBe(2);
    expect((await list.getByRole('button').allTextContents()).sort()).toEqual(
      [`同名株式会社（会社コード: ${one.companyId}）`, `同名株式会社（会社コード: ${two.companyId}）`].sort(),
    );
    await list.getByRole('button', { name: two.companyId }).click();
    await page.waitForURL('**/employees');
  });
});
