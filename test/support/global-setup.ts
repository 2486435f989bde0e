/**
 * Global setup of the integration and e2e projects: starts the emulators once, on free ports, with
 * a throw-away data dir, provisions pools/clients/bucket once, and provides their ids to the workers.
 * Each test file then gets its own table (see setup-stack-env.ts and stack.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { LOCAL_HOST, startScratchEmulators, type Emulators } from '../../lib/local/emulators';
import { MAIL_PAGE_PATH, startMailServer } from '../../lib/local/mail-server';
import { provision } from '../../lib/local/provision';
import type { LocalStackInfo } from './provided';

interface Shared {
  ready: Promise<{ emulators: Emulators; info: LocalStackInfo }>;
  users: number;
}

// Both projects list this file; one `vitest run` must still start only one set of emulators.
const KEY = Symbol.for('kintai.test.localStack');
const registry = globalThis as typeof globalThis & { [KEY]?: Shared };

async function start(): Promise<{ emulators: Emulators; info: LocalStackInfo }> {
  const started = performance.now();
  const emulators = await startScratchEmulators('kintai-test', process.env.EMULATOR_LOGS === '1');
  try {
    // The shared table is not used: every test file creates its own.
    const env = await provision(emulators, { stage: 'test', createTable: false });
    // Every mail of the run reaches one local SMTP server; tests read it back over HTTP (test/support/mail.ts).
    const mail = await startMailServer();
    const reader = createServer((req, res) => mail.handle(req, res));
    await new Promise<void>((resolve) => reader.listen(0, LOCAL_HOST, resolve));
    const mailUrl = `http://${LOCAL_HOST}:${(reader.address() as AddressInfo).port}${MAIL_PAGE_PATH}`;
    console.log(
      `[global-setup] emulators + provisioning ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const stop = emulators.stop;
    emulators.stop = async () => {
      reader.closeAllConnections();
      await Promise.all([stop(), mail.stop(), new Promise((resolve) => reader.close(resolve))]);
    };
    return { emulators, info: { env: { ...env, SMTP_URL: mail.smtpUrl }, dataDir: emulators.dataDir, mailUrl } };
  } catch (error) {
    await emulators.stop();
    throw error;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (registry[KEY] ??= { ready: start(), users: 0 });
  shared.users++;
  const { info } = await shared.ready;
  project.provide('localStack', info);

  return async () => {
    shared.users--;
    if (shared.users > 0) return;
    delete registry[KEY];
    const { emulators } = await shared.ready;
    await emulators.stop();
  };
}
