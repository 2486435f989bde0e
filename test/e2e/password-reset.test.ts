/**
 * Issue 18 item 7 in Chromium, on a phone: パスワードをお忘れの方 from the employee sign-in page to a
 * new password (the code as the mail carries it), and the admin's パスワードを再設定 on スタッフ編集.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { mailsTo } from '../support/mail.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const CHOSEN = 'Chosen#Passw0rd2026';
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant({ employees: 3, name: '再設定株式会社' });
});

/** The code the employee got by mail (the local SMTP server), and the mail's link. */
async function mailedCode(email: string): Promise<string> {
  return (await codeMail(email)).code;
}

async function codeMail(email: string): Promise<{ code: string; link: string }> {
  const [mail] = await mailsTo(email, { subject: /パスワード再設定の確認コード/, timeoutMs: 30_000 });
  expect(mail?.text).toMatch(/確認コード: \d{6}/);
  return {
    code: /確認コード: (\d{6})/.exec(mail!.text)![1]!,
    link: /^(http\S*password_reset\S*)$/m.exec(mail!.text)![1]!,
  };
}

const fitsWidth = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('password reset in Chromium on a phone', () => {
  it('an employee resets a forgotten password with the mailed code and signs in with the new one', async () => {
    const user = tenant.employees[0]!;
    const page = await e2e.page(PHONE);
    await page.goto(`${e2e.stack.baseUrl}/users/sign_in`);
    await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
    await page.waitForURL('**/users/password_reset');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('パスワードの再設定（従業員）');
    expect(await fitsWidth(page)).toBe(true);

    await page.getByLabel('メールアドレス').fill(user.email);
    await page.getByRole('button', { name: '確認コードを送信' }).click();
    await poll(() => page.getByRole('status').first().textContent()).toBe(
      '該当するアカウントがあれば確認コードを送信しました。',
    );
    const code = await mailedCode(user.email);

    // A wrong code first: the reason under the field, the form stays.
    await page.getByLabel('確認コード（6桁）').fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel('新しいパスワード', { exact: true }).fill(CHOSEN);
    await page.getByLabel('新しいパスワード（確認）').fill(CHOSEN);
    await page.getByRole('button', { name: 'パスワードを再設定する' }).click();
    // One answer for every refused code, whether the e-mail has an account or not (issue 30 item 2).
    await poll(() => page.getByRole('alert').filter({ hasText: '確認コード' }).first().textContent()).toBe(
      '確認コードが正しくないか、使えなくなっています。入力を確かめるか、確認コードをもう一度送信してください。',
    );
    expect(await fitsWidth(page)).toBe(true);

    await page.getByLabel('確認コード（6桁）').fill(code);
    await page.getByRole('button', { name: 'パスワードを再設定する' }).click();
    await page.waitForURL('**/users/sign_in');
    await poll(() => page.getByRole('status').first().textContent()).toBe(
      'パスワードを再設定しました。新しいパスワードでログインしてください。',
    );

    await signInAs(page, e2e.stack.baseUrl, 'employee', { email: user.email, password: CHOSEN });
    await page.waitForURL('**/employees');
  });

  it("the mail's link opens the code step for that address, when the first tab is gone", async () => {
    const user = tenant.employees[2]!;
    const first = await e2e.page(PHONE);
    await first.goto(`${e2e.stack.baseUrl}/users/password_reset`);
    await first.getByLabel('メールアドレス').fill(user.email);
    await first.getByRole('button', { name: '確認コードを送信' }).click();
    await poll(() => first.getByRole('status').first().textContent()).toBe(
      '該当するアカウントがあれば確認コードを送信しました。',
    );
    await first.close();

    const { code, link } = await codeMail(user.email);
    // The link is the app's reset page (APP_URL) with the address; open it on the local stack.
    const url = new URL(link);
    expect(url.pathname).toBe('/users/password_reset');
    expect(url.searchParams.get('email')).toBe(user.email);
    const page = await e2e.page(PHONE);
    await page.goto(`${e2e.stack.baseUrl}${url.pathname}${url.search}`);
    await poll(() => page.getByRole('status').first().textContent()).toBe(
      `${user.email} に送信した確認コードと、新しいパスワードを入力してください。`,
    );
    expect(await fitsWidth(page)).toBe(true);
    await page.getByLabel('確認コード（6桁）').fill(code);
    await page.getByLabel('新しいパスワード', { exact: true }).fill(CHOSEN);
    await page.getByLabel('新しいパスワード（確認）').fill(CHOSEN);
    await page.getByRole('button', { name: 'パスワードを再設定する' }).click();
    await page.waitForURL('**/users/sign_in');
    await signInAs(page, e2e.stack.baseUrl, 'employee', { email: user.email, password: CHOSEN });
    await page.waitForURL('**/employees');
  });

  it('the company admin sign-in page links to its own reset page', async () => {
    const page = await e2e.page(PHONE);
    await page.goto(`${e2e.stack.baseUrl}/companies/sign_in`);
    await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
    await page.waitForURL('**/companies/password_reset');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('パスワードの再設定（管理者）');
    await page.getByRole('link', { name: 'ログイン画面に戻る' }).click();
    await page.waitForURL('**/companies/sign_in');
  });

  it('the admin resets a staff member’s password from スタッフ編集 after confirming', async () => {
    const member = tenant.employees[1]!;
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await page.goto(`${e2e.stack.baseUrl}/management/staff/${member.id}/edit`);
    const button = page.getByRole('button', { name: 'パスワードを再設定' });
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await button.click();
    await poll(() => page.getByRole('status').filter({ hasText: '再設定' }).first().textContent()).toBe(
      '再設定メールを送信しました。',
    );
    expect(asked[0]).toContain(`${member.name}さんのパスワードを再設定`);
    expect(await fitsWidth(page)).toBe(true);
    // The member signs in with the mailed temporary password and must choose their own.
    const [mail] = await mailsTo(member.email, { subject: /パスワードがリセットされました/, timeoutMs: 30_000 });
    const temporary = /仮パスワード: (\S+)/.exec(mail!.text)![1]!;
    const staffPage = await e2e.page(PHONE);
    await signInAs(staffPage, e2e.stack.baseUrl, 'employee', { email: member.email, password: temporary });
    await poll(() => staffPage.getByRole('heading', { level: 1 }).textContent()).toBe('新しいパスワードの設定');
    await staffPage.getByLabel('新しいパスワード', { exact: true }).fill(CHOSEN);
    await staffPage.getByLabel('新しいパスワード（確認）').fill(CHOSEN);
    await staffPage.getByRole('button', { name: 'パスワードを設定する' }).click();
    await staffPage.waitForURL('**/employees');
  });
});
