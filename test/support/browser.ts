/**
 * Chromium for end-to-end tests (Debian's chromium driven by playwright-core; `npx playwright
 * install` cannot download browsers here). Employee flows run at a phone viewport.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { clock } from '../../functions/shared/clock.js';
import { useTestStack, type TestStack } from './stack.js';
import { totp } from './totp.js';
import './provided';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export interface E2E {
  stack: TestStack;
  /**
   * A fresh browser context (own cookies) and page at the given viewport, its clock starting at the
   * domain clock's now (test-clock.ts).
   */
  page(viewport?: { width: number; height: number }): Promise<Page>;
}

/** Starts this file's stack serving the built SPA, and one Chromium for the file. */
export function useBrowser(): E2E {
  const stack = useTestStack({ staticDir: inject('staticDir') });
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const executablePath = inject('chromiumPath');
    if (!executablePath) throw new Error('Chromium not found: apt-get install -y chromium (see README, browser tests)');
    browser = await chromium.launch({
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
    });
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  return {
    stack,
    async page(viewport = DESKTOP) {
      if (!browser) throw new Error('useBrowser(): the browser starts in beforeAll');
      const context = await browser.newContext({
        viewport,
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
        isMobile: viewport.width < 500,
        hasTouch: viewport.width < 500,
      });
      contexts.push(context);
      // The page's Date starts where the handlers' clock is now (the pinned test date, or the instant the
      // test pinned for its scenario) and runs on in real time: no page reads the machine's date.
      await context.clock.install({ time: clock.now() });
      const page = await context.newPage();
      // Generous: CI shares two cores between Chromium, the JVM and the gateway.
      page.setDefaultTimeout(30_000);
      return page;
    },
  };
}

const SIGN_IN_PAGE = {
  employee: '/users/sign_in',
  admin: '/companies/sign_in',
  operator: '/operators/sign_in',
} as const;

/**
 * Signs in through the real sign-in page, as a person would; an enrolled operator then types the
 * code of the authenticator app (computed from `totpSecret`).
 */
export async function signInAs(
  page: Page,
  baseUrl: string,
  role: keyof typeof SIGN_IN_PAGE,
  user: { email: string; password: string; totpSecret?: string },
) {
  await page.goto(baseUrl + SIGN_IN_PAGE[role]);
  await page.getByLabel('メールアドレス').fill(user.email);
  await page.getByLabel('パスワード', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  if (user.totpSecret) {
    await page.getByLabel('認証コード（6桁）').fill(totp(user.totpSecret));
    await page.getByRole('button', { name: '確認' }).click();
  }
}

/**
 * Picks a member in a staff picker (frontend/src/admin/staff/staff-picker.tsx): types `search` (フリガナ,
 * 社員番号 or e-mail) into the combobox `#id`, taps the option named `name` and waits until the field
 * shows it. Works at either viewport: a tap on a phone, a click on a desktop.
 */
export async function pickStaff(page: Page, id: string, search: string, name: string) {
  const field = page.locator(`#${id}`);
  await field.fill(search);
  const option = page.locator(`#${id}-listbox`).getByRole('option', { name: new RegExp(`^${name}`) });
  await option.waitFor({ state: 'visible', timeout: 15_000 });
  await option.click();
  await page.waitForFunction(
    ([selector, expected]) => (document.querySelector(selector) as HTMLInputElement | null)?.value === expected,
    [`#${id}`, name] as const,
    { timeout: 15_000 },
  );
}
