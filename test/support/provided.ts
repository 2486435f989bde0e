import type { LocalApiEnv } from '../../lib/local/provision';

/** What the integration/e2e global setup hands to the test workers through `inject`. */
export interface LocalStackInfo {
  /** API env of the shared emulators (pools, clients, bucket, endpoints); TABLE_NAME is per file. */
  env: LocalApiEnv;
  dataDir: string;
  /** The local SMTP server's reading page (JSON with `?format=json`), for test/support/mail.ts. */
  mailUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: LocalStackInfo;
    /** Lambda bundles of every route (integration only; empty when no test file of the run needs them). */
    bundlesDir: string;
    /** Built SPA (e2e project only). */
    staticDir: string;
    /** Chromium executable for playwright-core (e2e only); empty when none is installed. */
    chromiumPath: string;
  }
}
