/**
 * Lighthouse, mobile (issue 9): performance and accessibility of `/`, `/users/sign_in`,
 * `/employees`, `/employees/attendance` and `/management` against a stack of its own (emulators in
 * a temp dir, the demo company, the built SPA behind the local gateway). Signed-in pages get the
 * demo user's session cookies as a request header. Each page is measured LIGHTHOUSE_RUNS times (3)
 * and the median run by performance is kept, as Lighthouse advises on a noisy machine (TBT moves most
 * with the load of this shared two-core box). Prints a table; exits 1 when a score is below 95.
 *
 *   npm run build:web && npm run bench:lighthouse
 *
 * Lighthouse's default mobile run: a Moto G Power-sized screen, simulated slow 4G (150 ms RTT,
 * 1.6 Mbps) and a 4× slower CPU, so the scores do not depend on this machine's own speed much.
 * The local gateway does not compress; CloudFront does (`compress: true`), so a small gzip proxy
 * stands in front of it here, or the simulated network would carry three times the bytes.
 * Chromium: CHROMIUM_PATH, else /usr/bin/chromium. LIGHTHOUSE_REPORT_DIR=dir keeps each page's JSON
 * report (open it in the Lighthouse viewer to see why a score dropped).
 */
import { existsSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, LOCAL_HOST, startScratchEmulators } from '../../lib/local/emulators';
import { createGateway } from '../../lib/local/gateway';
import { applyApiEnv, provision } from '../../lib/local/provision';
import { createHttpClient } from '../support/http-client';

const MIN_SCORE = 95;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);
const DIST = fileURLToPath(new URL('../../frontend/dist/', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
process.env.LOG_LEVEL = 'SILENT';

if (!existsSync(join(DIST, 'index.html'))) {
  console.error('frontend/dist is missing: run `npm run build:web` first');
  process.exit(2);
}

type Who = 'anonymous' | 'employee' | 'admin';
const PAGES: { path: string; who: Who }[] = [
  { path: '/', who: 'anonymous' },
  { path: '/users/sign_in', who: 'anonymous' },
  { path: '/employees', who: 'employee' },
  { path: '/employees/attendance', who: 'employee' },
  { path: '/management', who: 'admin' },
];

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

/** Forwards to the gateway and gzips what CloudFront would (text types, when the client accepts gzip). */
function gzipProxy(target: AddressInfo): Server {
  return createServer((req, res) => {
    const upstream = request(
      { host: target.address, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        const type = String(up.headers['content-type'] ?? '');
        const gzip =
          /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) &&
          COMPRESSIBLE.test(type) &&
          req.method !== 'HEAD';
        const headers = { ...up.headers };
        if (gzip) {
          delete headers['content-length'];
          headers['content-encoding'] = 'gzip';
          headers.vary = 'accept-encoding';
        }
        res.writeHead(up.statusCode ?? 502, headers);
        (gzip ? up.pipe(createGzip()) : up).pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
}

/** The Cookie header of a signed-in demo user, signing in as the SPA does (CSRF cookie first). */
async function sessionCookie(
  baseUrl: string,
  who: Exclude<Who, 'anonymous'>,
  demo: typeof import('../../lib/local/seed').DEMO,
): Promise<string> {
  const client = createHttpClient(baseUrl);
  await client.get('/api/v1/session');
  const res =
    who === 'employee'
      ? await client.post('/users/sign_in', {
          user: { email: demo.employees[0]!.email, password: demo.employeePassword },
        })
      : await client.post('/companies/sign_in', {
          company: { email: demo.admin.email, password: demo.admin.password },
        });
  if (res.status !== 200) throw new Error(`sign-in as ${who}: ${res.status} ${JSON.stringify(res.body)}`);
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

const emulators = await startScratchEmulators('kintai-lighthouse');
let failed = false;
try {
  applyApiEnv(await provision(emulators, { stage: 'lighthouse' }));
  // After the env is applied: the seed and the handlers read it when first imported.
  const { DEMO, seedDemo } = await import('../../lib/local/seed');
  await seedDemo();

  const gateway = createGateway({ staticDir: DIST });
  await new Promise<void>((r) => gateway.listen(0, LOCAL_HOST, () => r()));
  const server = gzipProxy(gateway.address() as AddressInfo);
  await new Promise<void>((r) => server.listen(0, LOCAL_HOST, () => r()));
  const baseUrl = `http://${LOCAL_HOST}:${(server.address() as AddressInfo).port}`;
  const cookies: Partial<Record<Who, string>> = {
    employee: await sessionCookie(baseUrl, 'employee', DEMO),
    admin: await sessionCookie(baseUrl, 'admin', DEMO),
  };

  const debuggingPort = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${debuggingPort}`,
    ],
  });
  const rows: {
    path: string;
    performance: number;
    range: string;
    accessibility: number;
    fcp: string;
    lcp: string;
    tbt: string;
    cls: string;
  }[] = [];
  try {
    for (const { path, who } of PAGES) {
      const cookie = cookies[who];
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await lighthouse(baseUrl + path, {
          port: debuggingPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          formFactor: 'mobile',
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        });
        if (!run) throw new Error(`Lighthouse returned nothing for ${path}`);
        runs.push(run);
      }
      runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
      const result = runs[Math.floor(runs.length / 2)]!;
      const perfScores = runs.map((r) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100));
      const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
      if (reportDir) {
        await mkdir(reportDir, { recursive: true });
        await writeFile(
          join(reportDir, `${path.replace(/\W+/g, '_') || 'root'}.json`),
          JSON.stringify(result.lhr, null, 1),
        );
      }
      const { categories, audits, runtimeError, finalDisplayedUrl } = result.lhr;
      if (runtimeError) throw new Error(`${path}: ${runtimeError.code} ${runtimeError.message}`);
      // A signed-in page that bounced to its sign-in page would be measuring the wrong screen.
      if (new URL(finalDisplayedUrl).pathname !== path) throw new Error(`${path} ended at ${finalDisplayedUrl}`);
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      const shown = (id: string) => audits[id]?.displayValue ?? '';
      rows.push({
        path,
        performance: score('performance'),
        range: `${perfScores[0]}–${perfScores.at(-1)}`,
        accessibility: score('accessibility'),
        fcp: shown('first-contentful-paint'),
        lcp: shown('largest-contentful-paint'),
        tbt: shown('total-blocking-time'),
        cls: shown('cumulative-layout-shift'),
      });
      for (const key of ['performance', 'accessibility']) {
        for (const ref of categories[key]?.auditRefs ?? []) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9)
            console.log(`  ${path} ${key}: ${audit.id} ${audit.score} ${audit.displayValue ?? ''}`);
        }
      }
    }
  } finally {
    await browser.close();
    server.close();
    gateway.close();
  }

  console.log(
    `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (simulated slow 4G, 4× CPU), median of ${RUNS} runs, minimum ${MIN_SCORE}`,
  );
  console.log(
    `${'page'.padEnd(24)} ${'perf'.padStart(5)} ${'(runs)'.padStart(8)} ${'a11y'.padStart(5)}   ${'FCP'.padStart(7)} ${'LCP'.padStart(7)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)}`,
  );
  for (const r of rows) {
    const low = r.performance < MIN_SCORE || r.accessibility < MIN_SCORE;
    failed ||= low;
    console.log(
      `${r.path.padEnd(24)} ${String(r.performance).padStart(5)} ${r.range.padStart(8)} ${String(r.accessibility).padStart(5)}   ${r.fcp.padStart(7)} ${r.lcp.padStart(7)} ${r.tbt.padStart(7)} ${r.cls.padStart(6)}${low ? '   BELOW' : ''}`,
    );
  }
} finally {
  await emulators.stop();
}
process.exit(failed ? 1 : 0);
