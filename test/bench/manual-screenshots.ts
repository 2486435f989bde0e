/**
 * Regenerates the operation manual's screenshots (frontend/src/manual/screenshots/*.webp) from the
 * real product: builds the SPA, starts a stack of its own (emulators in a temp dir, the demo company
 * of `npm start`, the local gateway on a free port), adds a few requests, a correction, an
 * announcement and an inquiry so the screens are not empty, then signs in as the demo employee
 * (phone size), the demo admin and the demo operator (desktop) and captures every screen listed in
 * SHOTS (frontend/src/manual/manual-content.ts). Screenshots are PNG from Chromium, re-encoded to
 * WebP by the same Chromium (canvas), so no image package is needed. Prints each file's size and
 * the total. Not part of `npm test` (about two minutes); commit the images it writes.
 *
 *   npm run manual:screenshots
 *
 * Chromium: CHROMIUM_PATH, else /usr/bin/chromium. Needs a Japanese font (fonts-noto-cjk, as the
 * browser tests do): without one every Japanese character is an empty box, so the script refuses.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { LOCAL_HOST, startScratchEmulators } from '../../lib/local/emulators';
import { createGateway } from '../../lib/local/gateway';
import { applyApiEnv, provision } from '../../lib/local/provision';
import { SHOT_SIZE, SHOTS, type ShotName } from '../../frontend/src/manual/manual-content';
import { createHttpClient, type HttpClient } from '../support/http-client';
import { totp } from '../support/totp';
import { workingDayFrom } from '../support/working-days.js';

const ymdOf = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day };
};

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = `${ROOT}frontend/src/manual/screenshots/`;
const DIST = `${ROOT}frontend/dist`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** WebP quality: text stays crisp at 0.8, files stay around 10–60 KB. */
const QUALITY = 0.8;
process.env.LOG_LEVEL = 'SILENT';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date in Tokyo (the demo company's zone), `hours` from now. */
function tokyo(hours = 0) {
  const d = new Date(Date.now() + (hours + 9) * 3_600_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours() };
}
const tokyoHour = (hours: number) => {
  const d = tokyo(hours);
  return `${d.year}-${pad(d.month)}-${pad(d.day)} ${pad(d.hour)}:00:00`;
};

/** A data call made to fill the screens: a refusal is reported, not fatal (the screen is still useful). */
async function expectOk(what: string, res: Promise<{ status: number; body: unknown }>) {
  const { status, body } = await res;
  if (status >= 300) console.warn(`  (demo data) ${what}: ${status} ${JSON.stringify(body)}`);
  return body as { data?: { id?: string } };
}

/** An API client with the browser page's cookies (session and CSRF), for arranging data quickly. */
async function clientOf(page: Page, baseUrl: string): Promise<HttpClient> {
  const client = createHttpClient(baseUrl);
  for (const c of await page.context().cookies()) client.setCookie(c.name, c.value);
  return client;
}

async function signIn(page: Page, baseUrl: string, path: string, user: { email: string; password: string }) {
  await page.goto(baseUrl + path);
  await page.getByLabel('メールアドレス').fill(user.email);
  await page.getByLabel('パスワード', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

/** Waits until the page has its data: no request in flight, no loading indicator, fonts ready. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .locator('.loading')
    .first()
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(300);
}

const written: { name: string; bytes: number }[] = [];

/** Viewport screenshot, re-encoded to WebP in the browser, written to the manual's folder. */
async function shoot(page: Page, name: ShotName, encoder: Page) {
  await settle(page);
  const png = (await page.screenshot({ type: 'png' })).toString('base64');
  const webp = await encoder.evaluate(
    async ({ png, quality }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      canvas.getContext('2d')!.drawImage(img, 0, 0);
      return canvas.toDataURL('image/webp', quality);
    },
    { png, quality: QUALITY },
  );
  if (!webp.startsWith('data:image/webp;base64,')) throw new Error('this Chromium cannot encode WebP');
  const bytes = Buffer.from(webp.slice('data:image/webp;base64,'.length), 'base64');
  await writeFile(`${OUT}${name}.webp`, bytes);
  written.push({ name, bytes: bytes.length });
  console.log(`  ${name}.webp ${(bytes.length / 1000).toFixed(1)} kB`);
}

async function visit(page: Page, baseUrl: string, name: ShotName, encoder: Page) {
  await page.goto(baseUrl + SHOTS[name].path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await shoot(page, name, encoder);
}

async function main() {
  const fonts = spawnSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' });
  if (!fonts.error && fonts.stdout.trim() === '')
    throw new Error('no Japanese font: apt-get install -y fonts-noto-cjk (the screenshots would show empty boxes)');
  console.log('building the SPA (vite)…');
  const { build } = await import('vite');
  await build({ configFile: `${ROOT}frontend/vite.config.ts`, logLevel: 'warn' });

  const emulators = await startScratchEmulators('kintai-manual');
  let browser: Browser | undefined;
  const gateway = createGateway({ staticDir: DIST });
  try {
    applyApiEnv(await provision(emulators, { stage: 'manual' }));
    // After the env is applied: the seed and the handlers read it when first imported.
    const { DEMO, seedDemo } = await import('../../lib/local/seed');
    await seedDemo();
    const { runAllCompanies } = await import('../../functions/jobs/paid-leave-grants');
    await runAllCompanies();
    await new Promise<void>((r) => gateway.listen(0, LOCAL_HOST, () => r()));
    const baseUrl = `http://${LOCAL_HOST}:${(gateway.address() as AddressInfo).port}`;

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const context = (device: keyof typeof SHOT_SIZE) =>
      browser!.newContext({
        viewport: SHOT_SIZE[device],
        deviceScaleFactor: 1,
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
        isMobile: device === 'phone',
        hasTouch: device === 'phone',
      });
    const encoder = await (await browser.newContext()).newPage();
    await mkdir(OUT, { recursive: true });

    // Operator first: the TOTP enrolment screen (key and QR code masked), then an announcement the
    // company's screens show as a banner, and an inquiry from the public form.
    const operator = await (await context('desktop')).newPage();
    operator.setDefaultTimeout(60_000);
    await signIn(operator, baseUrl, '/operators/sign_in', DEMO.operator);
    await operator.getByRole('heading', { level: 1, name: '二段階認証の設定' }).waitFor();
    await settle(operator);
    const secret = (await operator.locator('.op-mfa__secret').textContent())!.replace(/\s/g, '');
    await operator.evaluate(() => {
      for (const el of document.querySelectorAll<HTMLElement>('.op-mfa__secret, .op-mfa__uri'))
        el.textContent = el.classList.contains('op-mfa__secret') ? 'XXXX XXXX XXXX XXXX' : 'otpauth://totp/…';
      for (const el of document.querySelectorAll<HTMLElement>('.op-mfa canvas, .op-mfa svg, .op-mfa img'))
        el.style.filter = 'blur(6px)';
    });
    await shoot(operator, 'operator-mfa', encoder);
    await operator.getByLabel('認証コード（6桁）').fill(totp(secret));
    await operator.getByRole('button', { name: '確認' }).click();
    await operator.getByRole('heading', { level: 1, name: '管理者アカウント一覧' }).waitFor();
    const operatorApi = await clientOf(operator, baseUrl);
    await expectOk(
      'announcement',
      operatorApi.post('/api/v1/info_items', {
        title: 'システムメンテナンスのお知らせ',
        detail_text: '今週末の深夜2時から4時まで、メンテナンスのため一時的にご利用いただけません。',
        start_at: tokyoHour(-1),
        end_at: tokyoHour(24 * 7),
      }),
    );
    const visitor = createHttpClient(baseUrl);
    await visitor.get('/api/v1/session');
    await expectOk(
      'inquiry',
      visitor.post('/api/v1/inquiries', {
        name: '問合 太郎',
        company: '株式会社サンプル',
        email: 'inquiry@example.test',
        message: '料金プランについて詳しく知りたいです。',
      }),
    );

    // The employee (phone): requests and a correction so the lists have rows.
    const phone = await (await context('phone')).newPage();
    phone.setDefaultTimeout(60_000);
    await visit(phone, baseUrl, 'employee-sign-in', encoder);
    await visit(phone, baseUrl, 'employee-password-reset', encoder);
    const sato = DEMO.employees[0]!;
    await signIn(phone, baseUrl, '/users/sign_in', { email: sato.email, password: DEMO.employeePassword });
    await phone.waitForURL('**/employees');
    const staff = await clientOf(phone, baseUrl);
    const { year, month, day } = tokyo();
    const later = Math.min(day + 3, 28);
    const earlier = Math.max(day - 2, 1);
    await expectOk(
      'paid leave',
      staff.post('/api/v1/holiday_requests', {
        kind: 0,
        ...ymdOf(workingDayFrom(`${year}-${String(month).padStart(2, '0')}-${String(later).padStart(2, '0')}`)),
        reason: '私用のため',
      }),
    );
    const overWork = await expectOk(
      'overtime',
      staff.post('/api/v1/over_work_requests', { year, month, day: earlier, reason: '月末の締め処理' }),
    );
    await expectOk(
      'correction',
      staff.post('/api/v1/modify_timestamps', {
        year,
        month,
        day: earlier,
        punch_in_at: '09:00',
        punch_out_at: '18:30',
        reason: '退勤の打刻を忘れたため',
      }),
    );
    for (const name of [
      'employee-punch',
      'employee-attendance',
      'employee-modify',
      'employee-requests',
      'employee-holiday-request',
      'employee-settings',
    ] as const)
      await visit(phone, baseUrl, name, encoder);

    // The admin (desktop): approve the overtime so the audit trail has a decision.
    const admin = await (await context('desktop')).newPage();
    admin.setDefaultTimeout(60_000);
    await signIn(admin, baseUrl, '/companies/sign_in', DEMO.admin);
    await admin.waitForURL('**/management');
    if (overWork.data?.id)
      await expectOk(
        'approval',
        (await clientOf(admin, baseUrl)).put(`/api/v1/over_work_requests/${overWork.data.id}`, { status: 1 }),
      );
    for (const name of [
      'admin-work-status',
      'admin-requests',
      'admin-staff',
      'admin-staff-import',
      'admin-departments',
      'admin-working-times',
      'admin-company-calendar',
      'admin-work-patterns',
      'admin-work-settings',
      'admin-shifts',
      'admin-work-systems',
      'admin-attendance-totals',
      'admin-closing',
      'admin-paid-leave',
      'admin-csv',
      'admin-audit',
      'admin-mail-settings',
    ] as const)
      await visit(admin, baseUrl, name, encoder);

    for (const name of ['operator-companies', 'operator-info-items', 'operator-inquiries'] as const)
      await visit(operator, baseUrl, name, encoder);

    const missing = (Object.keys(SHOTS) as ShotName[]).filter((n) => !written.some((w) => w.name === n));
    if (missing.length) throw new Error(`not captured: ${missing.join(', ')}`);
    const total = written.reduce((sum, w) => sum + w.bytes, 0);
    console.log(`${written.length} screenshots, ${(total / 1000).toFixed(1)} kB in total → ${OUT}`);
  } finally {
    await browser?.close();
    gateway.close();
    await emulators.stop();
  }
}

await main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
