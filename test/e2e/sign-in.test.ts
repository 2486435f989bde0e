import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createOperator, createTenant, type TestTenant, type TestUser } from '../support/tenant.js';
import { totp } from '../support/totp.js';

const e2e = useBrowser();
let tenant: TestTenant;
let operator: TestUser;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: 'ブラウザ株式会社' });
  operator = await createOperator(e2e.stack.baseUrl);
});

describe('sign-in in Chromium', () => {
  it('takes an employee to /employees on a phone, with company and user names in the header', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
    const header = page.getByRole('banner');
    await expect.poll(() => header.textContent()).toContain('ブラウザ株式会社');
    expect(await header.textContent()).toContain('社員 1号');
    expect(await header.textContent()).toContain('スタッフアカウント');
  });

  it('takes the company admin to /management', async () => {
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await expect.poll(() => page.getByRole('banner').textContent()).toContain('ブラウザ株式会社');
    expect(await page.getByRole('navigation').first().textContent()).not.toContain('会社アカウント');
  });

  it('takes the operator to the company accounts page', async () => {
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'operator', operator);
    await page.waitForURL('**/management/companies');
  });

  it('asks the operator for the authenticator code and shows a wrong one as an error', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'operator', { email: operator.email, password: operator.password });
    const code = page.getByLabel('認証コード（6桁）');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    const valid = new Set([-30_000, 0, 30_000].map((d) => totp(operator.totpSecret!, Date.now() + d)));
    await code.fill(['000000', '111111', '222222'].find((c) => !valid.has(c))!);
    await page.getByRole('button', { name: '確認' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('認証コードが正しくありません。');
    await code.fill(totp(operator.totpSecret!));
    await page.getByRole('button', { name: '確認' }).click();
    await page.waitForURL('**/management/companies');
  });

  it('shows an operator without TOTP only the enrolment page, then the console once a code confirms it', async () => {
    const newcomer = await createOperator(e2e.stack.baseUrl, { enrolled: false });
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'operator', newcomer);
    await page.waitForURL('**/management/companies');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('二段階認証の設定');
    expect(await page.getByRole('navigation').first().textContent()).not.toContain('会社アカウント');
    const secret = (await page.locator('.op-mfa__secret').textContent())!.replace(/\s/g, '');
    expect(await page.locator('.op-mfa__uri').textContent()).toContain(`secret=${secret}`);
    await page.getByLabel('認証コード（6桁）').fill(totp(secret));
    await page.getByRole('button', { name: '確認' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('管理者アカウント一覧');
    expect(await page.getByRole('navigation').first().textContent()).toContain('会社アカウント');
  });

  it('shows the server message above the form on wrong credentials and re-enables the button', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'employee', {
      email: tenant.employees[0]!.email,
      password: 'Wrong#Passw0rd!',
    });
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('メールアドレスまたはパスワードが正しくありません。');
    expect(await page.getByRole('button', { name: 'ログイン' }).isEnabled()).toBe(true);
    expect(page.url()).toContain('/users/sign_in');
  });

  it('keeps the sign-in button disabled while a field is empty', async () => {
    const page = await e2e.page(PHONE);
    await page.goto(`${e2e.stack.baseUrl}/companies/sign_in`);
    const button = page.getByRole('button', { name: 'ログイン' });
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('メールアドレス').fill('a@example.test');
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('パスワード', { exact: true }).fill('x');
    expect(await button.isEnabled()).toBe(true);
  });

  it('logs out from the side menu and returns to /', async () => {
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
    await page.getByRole('button', { name: 'ログアウト' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`${e2e.stack.baseUrl}/employees`);
    await page.waitForURL('**/users/sign_in');
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await e2e.page(DESKTOP);
    await page.goto(`${e2e.stack.baseUrl}/no/such/page`);
    await expect.poll(() => page.textContent('body')).toContain('お探しのページは見つかりませんでした');
  });
});
