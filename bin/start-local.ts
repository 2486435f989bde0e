/**
 * `npm start`: the whole product offline on one origin — emulators, provisioning, demo data, the
 * SPA and the API through the local gateway. Data persists in DATA_DIR (default `.data/`).
 *
 * Env: PORT (3000), DATA_DIR (.data), DYNAMODB_PORT (8000), COGNITO_PORT (9229), S3_PORT (4569),
 * EMULATOR_LOGS=1 to see the emulators' own logs.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_PORTS,
  LOCAL_HOST,
  StartupError,
  assertJava17,
  assertPortFree,
  startEmulators,
  stopLeftovers,
  type Emulators,
} from '../lib/local/emulators';
import { createGateway } from '../lib/local/gateway';
import { MAIL_PAGE_PATH, startMailServer, type LocalMailServer } from '../lib/local/mail-server';
import { applyApiEnv, provision } from '../lib/local/provision';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FRONTEND = join(ROOT, 'frontend');
const DIST = join(FRONTEND, 'dist');
const VITE_CONFIG = join(FRONTEND, 'vite.config.ts');

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new StartupError(`${name}=${raw} はポート番号ではありません / ${name} must be a port number (1-65535)`);
  }
  return port;
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Builds the SPA when dist is missing or older than its sources; returns the dir to serve. */
async function buildSpaIfStale(): Promise<{ staticDir?: string; note: string }> {
  const shell = join(DIST, 'index.html');
  if (!existsSync(VITE_CONFIG)) {
    if (existsSync(shell)) return { staticDir: DIST, note: 'SPA: frontend/dist (no vite config to rebuild it)' };
    console.warn(
      'frontend/vite.config.ts がありません: API のみ起動します / no SPA to build yet: serving the API only',
    );
    return { note: 'SPA: none' };
  }
  const sources = Math.max(
    newestMtime(join(FRONTEND, 'src')),
    newestMtime(join(FRONTEND, 'public')),
    newestMtime(join(FRONTEND, 'index.html')),
    newestMtime(VITE_CONFIG),
  );
  if (existsSync(shell) && statSync(shell).mtimeMs >= sources) return { staticDir: DIST, note: 'SPA: up to date' };

  const started = performance.now();
  console.log('building the SPA (vite)…');
  const { build } = await import('vite');
  await build({ configFile: VITE_CONFIG, logLevel: 'warn' });
  return { staticDir: DIST, note: `SPA build ${seconds(started)}` };
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function listen(server: Server, port: number): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'EADDRINUSE'
          ? new StartupError(
              `ポート ${port} は使用中です / port ${port} is busy: set PORT to another port (e.g. PORT=${port + 1})`,
            )
          : error,
      ),
    );
    server.listen(port, LOCAL_HOST, () => done());
  });
}

async function main(): Promise<void> {
  const started = performance.now();
  const port = portFromEnv('PORT', DEFAULT_PORTS.gateway);
  const dataDir = resolve(process.env.DATA_DIR || join(ROOT, '.data'));
  const ports = {
    dynamodbPort: portFromEnv('DYNAMODB_PORT', DEFAULT_PORTS.dynamodb),
    cognitoPort: portFromEnv('COGNITO_PORT', DEFAULT_PORTS.cognito),
    s3Port: portFromEnv('S3_PORT', DEFAULT_PORTS.s3),
  };

  // Fail fast, before anything is built or spawned.
  assertJava17();
  await stopLeftovers(dataDir);
  await assertPortFree(port, 'PORT', LOCAL_HOST);
  await assertPortFree(ports.dynamodbPort, 'DYNAMODB_PORT');
  await assertPortFree(ports.cognitoPort, 'COGNITO_PORT', LOCAL_HOST);
  await assertPortFree(ports.s3Port, 'S3_PORT', LOCAL_HOST);

  let emulators: Emulators | undefined;
  let mail: LocalMailServer | undefined;
  let server: Server | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    server?.closeAllConnections();
    server?.close();
    await Promise.all([emulators?.stop(), mail?.stop()]);
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(130); // a second Ctrl-C does not wait
      console.log('\nstopping…');
      void shutdown(0);
    });
  }

  try {
    const emulatorsStarted = performance.now();
    const [spa, emu] = await Promise.allSettled([
      buildSpaIfStale(),
      startEmulators({ dataDir, ...ports, verbose: process.env.EMULATOR_LOGS === '1' }),
    ]);
    if (emu.status === 'fulfilled') emulators = emu.value;
    if (spa.status === 'rejected') throw spa.reason;
    if (emu.status === 'rejected') throw emu.reason;
    const emulatorTime = seconds(emulatorsStarted);

    const provisionStarted = performance.now();
    const env = await provision(emulators!);
    // Mail goes to a local SMTP server (any free loopback port); read it at /_local/mail.
    mail = await startMailServer();
    applyApiEnv({ ...env, SMTP_URL: mail.smtpUrl, APP_URL: `http://localhost:${port}` });
    const provisionTime = seconds(provisionStarted);

    const seedStarted = performance.now();
    // Loaded after the env is applied: the seed (and the modules it imports) may read it at import time.
    const { seedDemo } = await import('../lib/local/seed');
    await seedDemo();
    // What the daily EventBridge job does on AWS: apply the paid-leave grants due today (idempotent).
    const { runAllCompanies } = await import('../functions/jobs/paid-leave-grants');
    const grants = await runAllCompanies();
    // What the recompute worker's daily schedule does on AWS (欠勤 of the day just ended): the seed has
    // just computed the figures, then an hourly check runs the refresh when the date in Japan changes.
    const { runDailyRefresh } = await import('../functions/services/daily-refresh');
    let refreshedOn = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    setInterval(() => {
      const day = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
      if (day === refreshedOn) return;
      refreshedOn = day;
      void runDailyRefresh().catch((error: unknown) => console.error('daily refresh failed', error));
    }, 3600_000).unref();
    // What the outbox's schedule does on AWS (every minute): send the mails that are due, e.g. those
    // the local SMTP server could not take while it was down (issue 30 item 12).
    const { startMailOutboxTimer } = await import('../lib/local/mail-outbox-timer');
    startMailOutboxTimer();
    const seedTime = seconds(seedStarted);

    server = createGateway({
      staticDir: spa.value.staticDir,
      rootDir: ROOT,
      accessLog: (line) => console.log(line),
      mail,
    });
    await listen(server, port);

    console.log(
      [
        '',
        `勤怠管理 (kintai) is running: http://localhost:${port}`,
        `  ready in ${seconds(started)} (emulators ${emulatorTime}, provision ${provisionTime}, seed ${seedTime}; ${spa.value.note})`,
        `  paid-leave grants applied on start: ${grants.granted} across ${grants.companies} companies`,
        `  mail (local SMTP ${mail.smtpUrl}): http://localhost:${port}${MAIL_PAGE_PATH}`,
        '  demo accounts: see README',
        `  data: ${relative(process.cwd(), dataDir) || '.'} (delete it to start over) · Ctrl-C stops everything`,
        '',
      ].join('\n'),
    );
  } catch (error) {
    report(error);
    await shutdown(1);
  }
}

function report(error: unknown): void {
  if (error instanceof StartupError) console.error(error.message);
  else console.error(error);
}

await main().catch((error: unknown) => {
  report(error);
  process.exit(1);
});
