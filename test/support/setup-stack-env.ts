/**
 * Runs in the worker before each integration/e2e test file is imported, so that handler modules
 * imported at the top of a test already see the emulator env. Each file gets a table of its own;
 * `useTestStack()` creates it. The domain clock is pinned to the tests' date (test-clock.ts) before any
 * test file reads it.
 */
import { basename } from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import { applyApiEnv } from '../../lib/local/provision';
import { installAmbientClock } from './test-clock';
import './provided';

function tableNameForThisFile(): string {
  const file = basename(expect.getState().testPath ?? 'test').replace(/\.test\.tsx?$/, '');
  const slug = file.replace(/[^a-zA-Z0-9_.-]/g, '-').slice(0, 60);
  return `kintai-test-${slug}-${randomBytes(4).toString('hex')}`;
}

applyApiEnv({ ...inject('localStack').env, TABLE_NAME: tableNameForThisFile() });

installAmbientClock();
