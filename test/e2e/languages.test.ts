/**
 * Issue 31: the SPA in the visitor's language. On a phone (390×844): the public pages switch language
 * from their footer, and a signed-in employee switches on 設定; then every public and employee screen
 * is walked in English (no Japanese outside user data) and in the tests' pseudo-locale (every text
 * bracketed ⟦…⟧ or user data). The Japanese wording is what every other e2e file checks.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import holidayJp from '@holiday-jp/holiday_jp';
import { PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
/** Public holiday names come from the holiday dataset (data, like staff names), not from a catalogue. */
const HOLIDAY_NAMES = [
  ...new Set(Object.values(holidayJp.holidays as Record<string, { name: string }>).map((h) => h.name)),
].sort((a, b) => b.length - a.length);
let tenant: TestTenant;

const PUBLIC_PATHS = [
  '/',
  '/users/sign_in',
  '/companies/sign_in',
  '/operators/sign_in',
  // The operation manual, in the reader's language.
  '/manual',
  '/manual/employee',
  '/manual/admin',
  '/manual/operator',
  '/users/password_reset',
  '/companies/password_reset',
];
const EMPLOYEE_PATHS = [
  '/employees',
  '/employees/attendance',
  '/employees/modify',
  '/employees/requests',
  '/employees/requests/holiday',
  '/employees/requests/holiday_work',
  '/employees/requests/over_work',
  '/employees/settings',
];

/** Kana, kanji and full-width forms (CJK punctuation included). */
const JAPANESE = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/**
 * The visible text nodes of the page, except the language switches' options (each language in its
 * own name, marked with its lang) and the user data given (company, staff and department names).
 */
async function visibleTexts(page: Page, userData: readonly string[]): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const lang = document.documentElement.lang;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim()) continue;
      if (parent.closest('script, style, [hidden], #landing')) continue;
      // A language switch's options: each language in its own name.
      if (parent.closest('option[lang]')) continue;
      const own = parent.closest('[lang]');
      if (own && own !== document.documentElement && own.getAttribute('lang') !== lang) continue;
      if (parent.closest('option') === null && parent.getClientRects().length === 0) continue;
      out.push(node.textContent.trim());
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]'))
      for (const a of ['aria-label', 'placeholder', 'title']) {
        const v = el.getAttribute(a);
        if (v?.trim()) out.push(v.trim());
      }
    return out;
  });
  return texts.map((text) => userData.reduce((rest, data) => rest.split(data).join(''), text)).filter((t) => t.trim());
}

async function settle(page: Page, path: string) {
  await page.goto(e2e.stack.baseUrl + path);
  await page.waitForSelector('main h1, main h2', { state: 'visible' });
  await page.waitForLoadState('networkidle');
}

describe('languages on a phone', () => {
  beforeAll(async () => {
    tenant = await createTenant({ employees: 1, name: 'ことば株式会社' });
  });

  it('a visitor switches the sign-in page to English, which then holds on every public page', async () => {
    const page = await e2e.page(PHONE);
    await page.goto(`${e2e.stack.baseUrl}/users/sign_in`);
    await page.getByLabel('表示言語').selectOption('en');
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
    await expect.poll(() => page.textContent('main')).toContain('Staff sign-in');
    for (const path of PUBLIC_PATHS) {
      await settle(page, path);
      expect(await page.getAttribute('html', 'lang'), path).toBe('en');
      const japanese = (await visibleTexts(page, [])).filter((t) => JAPANESE.test(t));
      expect(japanese, path).toEqual([]);
    }
    // And back: the choice is kept on this browser.
    await page.getByLabel('Language').selectOption('ja');
    await expect.poll(() => page.textContent('main')).toContain('パスワードの再設定');
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
  });

  it('an employee chooses English on 設定: the screen switches at once and every screen is in English', async () => {
    const page = await e2e.page(PHONE);
    const employee = tenant.employees[0]!;
    await signInAs(page, e2e.stack.baseUrl, 'employee', employee);
    await page.waitForURL('**/employees');
    await settle(page, '/employees/settings');
    await page.getByLabel('表示する言語').selectOption('en');
    await expect.poll(() => page.textContent('main')).toContain('Display language');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const userData = [tenant.companyName, employee.name, '営業部', '正社員', employee.email, ...HOLIDAY_NAMES];
    for (const path of EMPLOYEE_PATHS) {
      await settle(page, path);
      const japanese = (await visibleTexts(page, userData)).filter((t) => JAPANESE.test(t));
      expect(japanese, path).toEqual([]);
    }
    // The setting is the user's: a new sign-in on another browser is in English too.
    const other = await e2e.page(PHONE);
    await signInAs(other, e2e.stack.baseUrl, 'employee', employee);
    await other.waitForURL('**/employees');
    await expect.poll(() => other.getAttribute('html', 'lang')).toBe('en');
    await expect.poll(() => other.textContent('main')).toContain('Clock in');
  });

  it('a company admin chooses English on メール通知設定, and the admin screens follow', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await settle(page, '/management/mail_settings');
    await page.getByLabel('表示する言語').selectOption('en');
    await expect.poll(() => page.textContent('main')).toContain('Display language');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    // Each screen's own title and its menu in English (the full admin walk is still to come).
    for (const path of ['/management', '/management/staff', '/management/shifts', '/management/closing']) {
      await settle(page, path);
      const title = (await page.textContent('main h1')) ?? '';
      expect(title, path).not.toMatch(JAPANESE);
      expect(title.trim(), path).not.toBe('');
    }
  });

  it('in the pseudo-locale every text of the public and employee screens comes from a catalogue', async () => {
    const page = await e2e.page(PHONE);
    await page.addInitScript(() => {
      (window as unknown as Record<string, string>).__KINTAI_PSEUDO_LOCALE__ = 'en-XA';
    });
    const employee = tenant.employees[0]!;
    const userData = [tenant.companyName, employee.name, '営業部', '正社員', employee.email, ...HOLIDAY_NAMES];
    /** What is left of a text once the bracketed parts, user data, digits and separators are taken out. */
    const unbracketed = (text: string): string => {
      const inner = text.replace(/⟦[^⟦⟧]*⟧/g, ''); // innermost first: messages nest (⟦（⟦休暇申請⟧）⟧)
      return inner === text ? text : unbracketed(inner);
    };
    const leftover = (text: string) =>
      unbracketed(text)
        // Dates and times through Intl (the pseudo-locale formats them as English does).
        .replace(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b/g, '')
        .replace(/[\d\s:./,\-–—+%()|·•…×]/g, '')
        .trim();
    // The manual is a content module per language (frontend/src/manual), not catalogue messages.
    for (const path of PUBLIC_PATHS.slice(1).filter((p) => !p.startsWith('/manual'))) {
      await settle(page, path);
      const bare = (await visibleTexts(page, userData)).filter((t) => leftover(t));
      expect(bare, path).toEqual([]);
    }
    await page.goto(`${e2e.stack.baseUrl}/users/sign_in`);
    await page.locator('input[type=email]').fill(employee.email);
    await page.locator('input[type=password]').fill(employee.password);
    await page.locator('main button[type=submit]').click();
    await page.waitForURL('**/employees');
    for (const path of EMPLOYEE_PATHS) {
      await settle(page, path);
      const bare = (await visibleTexts(page, userData)).filter((t) => leftover(t));
      expect(bare, path).toEqual([]);
    }
  });
});
