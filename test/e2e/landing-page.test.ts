/**
 * The public landing page on a phone: every section of spec §1 in Japanese, no sideways scrolling,
 * and a contact form that checks its fields, submits, and is stored for the operator.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { PHONE, useBrowser } from '../support/browser.js';

const e2e = useBrowser();

describe('prerendered landing page', () => {
  it('shows its heading, sections and sign-in links with JavaScript disabled', async () => {
    const page = await e2e.page(PHONE);
    const context = await page
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'ja-JP' });
    try {
      const noJs = await context.newPage();
      await noJs.goto(`${e2e.stack.baseUrl}/`);
      expect(await noJs.getByRole('heading', { level: 1 }).textContent()).toBe('勤怠管理を、ひとつの場所で。');
      expect(await noJs.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
        '勤怠管理で選ばれる3つの理由',
        '主な機能',
        '料金プラン',
        'お問い合わせ',
      ]);
      expect(await noJs.getByRole('link', { name: '従業員ログイン' }).getAttribute('href')).toBe('/users/sign_in');
      expect(await noJs.getByLabel('お名前').count()).toBe(1);
      expect(await noJs.title()).toBe('勤怠管理 | スタッフの勤怠をクラウドでスマートに管理');
      // Styled without any script: the stylesheet is linked from the head.
      expect(await noJs.locator('.skip-link').evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
    } finally {
      await context.close();
    }
  });

  it('loads at most 90 kB of gzipped JavaScript on / (React and the contact form, no router)', async () => {
    const page = await e2e.page(PHONE);
    const scripts: Promise<{ url: string; gz: number }>[] = [];
    // A hydration mismatch is reported on the console (and React re-renders the form from scratch).
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script')
        scripts.push(r.body().then((b) => ({ url: r.url(), gz: gzipSync(b, { level: 9 }).length })));
    });
    await page.goto(`${e2e.stack.baseUrl}/`);
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    const total = loaded.reduce((sum, s) => sum + s.gz, 0);
    console.log(`/ loads ${loaded.length} scripts, ${(total / 1000).toFixed(1)} kB gzipped`);
    expect(total).toBeLessThanOrEqual(90_000);
    expect(loaded.some((s) => /\/main-[\w-]+\.js$/.test(s.url))).toBe(false);
    expect(errors).toEqual([]);
  });

  it('is hidden on every other path, which gets the SPA and its own title', async () => {
    const page = await e2e.page(PHONE);
    await page.goto(`${e2e.stack.baseUrl}/users/sign_in`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('従業員ログイン');
    expect(await page.locator('#landing').count()).toBe(0);
    await expect.poll(() => page.title()).toContain('従業員ログイン');
    // Back to the landing inside the SPA (the header logo): rendered by the SPA itself.
    await page.getByRole('link', { name: '勤怠管理' }).first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('勤怠管理を、ひとつの場所で。');
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  });
});

describe('landing page in Chromium', () => {
  it('shows the banner, benefits, features, pricing, contact block and tagline, fitting a 390px phone', async () => {
    const page = await e2e.page(PHONE);
    await page.goto(`${e2e.stack.baseUrl}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    const h2 = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(h2).toEqual(['勤怠管理で選ばれる3つの理由', '主な機能', '料金プラン', 'お問い合わせ']);
    const text = (await page.textContent('body')) ?? '';
    for (const phrase of [
      'スタッフの勤怠を一か所で管理',
      '勤怠データをCSVで出力',
      '残業超過をアラートでお知らせ',
      '休暇申請',
      '1ヶ月プラン',
      '¥300,000',
      '6ヶ月プラン',
      '¥1,500,000',
      '年間プラン',
      '¥2,400,000',
      '税抜',
      '自動更新',
      'アカウント数無制限',
      '導入支援',
      '¥500,000〜',
      'コンサルティング',
      '¥400,000〜',
      '社内運用マニュアル作成',
      '¥300,000〜',
      'contact@kintai.example.com',
      '勤怠管理をスマートに、働き方をスマートに。',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    expect(await page.getByRole('link', { name: 'contact@kintai.example.com' }).getAttribute('href')).toBe(
      'mailto:contact@kintai.example.com',
    );
    for (const landmark of ['banner', 'main', 'contentinfo'] as const)
      expect(await page.getByRole(landmark).count()).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('checks the contact form in the browser, then submits it and shows the result', async () => {
    const page = await e2e.page(PHONE);
    await page.goto(`${e2e.stack.baseUrl}/#contact`);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/inquiries') && r.method() === 'POST') posts.push(r.url());
    });

    const send = page.getByRole('button', { name: '送信する' });
    await send.click();
    await expect.poll(() => page.getByText('入力してください。').count()).toBe(4);
    expect(await page.getByLabel('お名前').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('お名前').fill('見込 花子');
    await page.getByLabel('会社名').fill('株式会社フォーム');
    await page.getByLabel('メールアドレス').fill('hanako@example');
    await page.getByLabel('お問い合わせ内容').fill('デモを見せていただけますか。');
    await send.click();
    await expect.poll(() => page.getByText('メールアドレスの形式が正しくありません。').count()).toBe(1);
    expect(posts).toHaveLength(0);

    await page.getByLabel('メールアドレス').fill('hanako@example.test');
    await send.click();
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContain('お問い合わせを受け付けました。担当者よりご連絡いたします。');
    expect(posts).toHaveLength(1);
    expect(await page.getByLabel('お名前').inputValue()).toBe('');

    const { data } = await db().entities.Inquiry.query.byId({}).go();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      name: '見込 花子',
      companyName: '株式会社フォーム',
      email: 'hanako@example.test',
      message: 'デモを見せていただけますか。',
    });
  });

  it('shows the server message when the address has sent too many', async () => {
    const page = await e2e.page(PHONE);
    await page.goto(`${e2e.stack.baseUrl}/#contact`);
    const fill = async () => {
      await page.getByLabel('お名前').fill('連投 太郎');
      await page.getByLabel('会社名').fill('株式会社連投');
      await page.getByLabel('メールアドレス').fill('renpo@example.test');
      await page.getByLabel('お問い合わせ内容').fill('テスト');
    };
    // One inquiry was already sent from this address in this file; four more fill the window.
    for (let i = 0; i < 4; i++) {
      await fill();
      await page.getByRole('button', { name: '送信する' }).click();
      await expect.poll(() => page.getByLabel('お名前').inputValue()).toBe('');
    }
    await fill();
    await page.getByRole('button', { name: '送信する' }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContain('リクエストが多すぎます。しばらく待ってから再度お試しください。');
    expect(await page.getByLabel('お名前').inputValue()).toBe('連投 太郎');
  });
});
