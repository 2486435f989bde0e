/**
 * Global setup of the e2e project (after global-setup.ts): makes sure the SPA is built and tells the
 * workers where it is and which Chromium to drive (Debian's `chromium`, installed by .ci/run).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import './provided';

const FRONTEND = fileURLToPath(new URL('../../frontend/', import.meta.url));
const DIST = join(FRONTEND, 'dist');

function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
    if (found) return found;
  }
  return '';
}

export default async function setup(project: TestProject): Promise<void> {
  // `npm test` builds the SPA before vitest; this covers `npm run test:e2e` on a fresh checkout.
  if (!existsSync(join(DIST, 'index.html'))) {
    const { build } = await import('vite');
    // Vitest sets NODE_ENV=test, which would give React's development build (StrictMode's double
    // effects, dev warnings): build what ships, as `npm run build:web` does.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ configFile: join(FRONTEND, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  }
  project.provide('staticDir', DIST);
  project.provide('chromiumPath', findChromium());
}
