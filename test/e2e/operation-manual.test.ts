/**
 * The operation manual inside the product (issue 14 item 6): /manual and one page per area, served
 * by the SPA itself, readable signed out, at a phone's width, with the API unreachable and nothing
 * fetched from another origin; every screenshot loads; the menus' 操作マニュアル link opens the
 * area's page in the same tab; and no example.com address is left in the app.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MANUAL_AREAS, SHOTS } from '../../frontend/src/manual/manual-content.js';
import { describeViolations, seriousA11yViolations } from '../support/a11y.js';
import { DESKTOP, PHONE, signInAs, useBrowser } from '../support/browser.js';
import { createOperator, createTenant, type TestTenant } from '../support/tenant.js';

const e2e = useBrowser();
let tenant: TestTenant;
const FRONTEND_SRC = fileURLToPath(new URL('../../frontend/src/', import.meta.url));

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: 'マニュアル株式会社' });
});

/**
 * Cuts the page off from everything but the SPA's static files: the API (and sign-in routes) and any
 * other origin are refused, and every attempt is recorded.
 */
async function offline(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    const own = url.origin === e2e.stack.baseUrl;
    if (own && !url.pathname.startsWith('/api/')) return route.continue();
    refused.push(url.href);
    return route.abort('internetdisconnected');
  });
  return refused;
}

async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

describe('operation manual pages', () => {
  it('shows the index signed out, linking one page per area', async () => {
    const page = await e2e.page(PHONE);
    const refused = await offline(page);
    const response = await page.goto(`${e2e.stack.baseUrl}/manual`);
    expect(response!.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('操作マニュアル');
    for (const area of MANUAL_AREAS) {
      expect(await page.getByRole('link', { name: area.title }).getAttribute('href')).toBe(`/manual/${area.slug}`);
    }
    await expectNoHorizontalScroll(page);
    // Only the session probe went out (and was refused): nothing from another origin.
    expect(refused.filter((u) => !u.startsWith(`${e2e.stack.baseUrl}/api/`))).toEqual([]);
  });

  for (const area of MANUAL_AREAS) {
    it(`/manual/${area.slug}: every section has its heading, steps and a loaded screenshot, at a phone's width, offline`, async () => {
      const page = await e2e.page(PHONE);
      const refused = await offline(page);
      const response = await page.goto(`${e2e.stack.baseUrl}/manual/${area.slug}`);
      expect(response!.status()).toBe(200);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(area.title);
      expect(await page.title()).toContain(area.title);

      for (const section of area.sections) {
        const box = page.locator(`section#${section.id}`);
        expect(await box.getByRole('heading', { level: 2 }).textContent()).toBe(section.title);
        expect(await box.locator('.manual__steps li').count()).toBe(section.steps.length);
        const img = box.getByRole('img', { name: section.alt });
        expect(await img.count()).toBe(1);
        await img.scrollIntoViewIfNeeded();
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
        // Scaled to the screen, never wider than it.
        const rect = (await img.boundingBox())!;
        expect(rect.x).toBeGreaterThanOrEqual(0);
        expect(rect.x + rect.width).toBeLessThanOrEqual(PHONE.width);
      }
      expect(await page.locator('main img').count()).toBe(area.sections.length);
      // The table of contents jumps to a section.
      const last = area.sections.at(-1)!;
      await page.getByRole('navigation', { name: '目次' }).getByRole('link', { name: last.title }).click();
      await page.waitForURL(`**/manual/${area.slug}#${last.id}`);
      await expectNoHorizontalScroll(page);
      expect(refused.filter((u) => !u.startsWith(`${e2e.stack.baseUrl}/api/`))).toEqual([]);
      const violations = await seriousA11yViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    });
  }

  it('answers 404 for an unknown manual page', async () => {
    const page = await e2e.page(DESKTOP);
    const response = await page.goto(`${e2e.stack.baseUrl}/manual/nobody`);
    expect(response!.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Not found.');
  });
});

describe('操作マニュアル links', () => {
  /** Follows the menu's 操作マニュアル link and checks it stays in this tab, on the area's page. */
  async function followManualLink(page: Page, slug: string, title: string) {
    const link = page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: '操作マニュアル' });
    expect(await link.getAttribute('href')).toBe(`/manual/${slug}`);
    expect(await link.getAttribute('target')).toBeNull();
    await link.click();
    await page.waitForURL(`${e2e.stack.baseUrl}/manual/${slug}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(page.context().pages()).toHaveLength(1);
    // A signed-in reader gets back to the app.
    await page.getByRole('link', { name: 'アプリに戻る' }).first().click();
  }

  const titleOf = (slug: string) => MANUAL_AREAS.find((a) => a.slug === slug)!.title;

  it('employee menu (phone) opens the staff manual', async () => {
    const page = await e2e.page(PHONE);
    await signInAs(page, e2e.stack.baseUrl, 'employee', tenant.employees[0]!);
    await page.waitForURL('**/employees');
    await page.getByRole('button', { name: 'メニュー' }).click();
    await followManualLink(page, 'employee', titleOf('employee'));
    await page.waitForURL(`${e2e.stack.baseUrl}/employees`);
  });

  it('admin menu opens the admin manual', async () => {
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'admin', tenant.admin);
    await page.waitForURL('**/management');
    await followManualLink(page, 'admin', titleOf('admin'));
    await page.waitForURL(`${e2e.stack.baseUrl}/management`);
  });

  it('operator menu opens the operator manual', async () => {
    const page = await e2e.page(DESKTOP);
    await signInAs(page, e2e.stack.baseUrl, 'operator', await createOperator(e2e.stack.baseUrl));
    await page.waitForURL('**/management/companies');
    await followManualLink(page, 'operator', titleOf('operator'));
  });

  it('public pages link the manual in their footer', async () => {
    const page = await e2e.page(PHONE);
    await page.goto(`${e2e.stack.baseUrl}/users/sign_in`);
    await page.getByRole('contentinfo').getByRole('link', { name: '操作マニュアル' }).click();
    await page.waitForURL(`${e2e.stack.baseUrl}/manual`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('操作マニュアル');
  });
});

describe('no placeholder manual address', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });
  const EXAMPLE_URL = /https?:\/\/([\w-]+\.)*example\.com/;

  it('neither the sources nor the built SPA contain an example.com web address', () => {
    const dist = inject('staticDir');
    const texts = [...files(FRONTEND_SRC), ...files(dist)].filter((f) => /\.(tsx?|css|html|js)$/.test(f));
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.filter((f) => EXAMPLE_URL.test(readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('every screenshot the manual names is a committed file of modest size', () => {
    let total = 0;
    for (const name of Object.keys(SHOTS)) {
      const file = join(FRONTEND_SRC, 'manual', 'screenshots', `${name}.webp`);
      expect(existsSync(file), file).toBe(true);
      total += statSync(file).size;
    }
    // Generous ceiling, not a speed check: a phone reading the manual should not pull megabytes.
    expect(total).toBeLessThan(2_000_000);
  });
});
