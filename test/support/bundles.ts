/**
 * The Lambda bundles as the gateway's handlers: every route built at once with the deployed esbuild
 * options (lib/constructs/bundle-options.ts), so integration tests can run the shipped code — with
 * its package stand-ins — instead of the sources. Bundles keep their own module state (clock, caches):
 * tests that move the in-process clock cannot drive them.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { BACKGROUND_FUNCTIONS, ROUTES, type RouteDef } from '../../functions/routes.js';
import { ESBUILD_OPTIONS } from '../../lib/constructs/bundle-options.js';
import type { RouteHandler } from '../../lib/local/gateway.js';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Routes that start a background function (the export starters) invoke it through Lambda in a bundle,
 * and there is no Lambda here: they run from source, which starts the worker in-process. The status
 * routes that presign are bundled.
 */
export const FROM_SOURCE: ReadonlySet<string> = new Set(BACKGROUND_FUNCTIONS.flatMap((f) => f.invokedBy ?? []));

export interface BundledHandlers {
  loadHandler: (route: RouteDef) => Promise<RouteHandler>;
  /** A background function's bundled handler (export worker, daily grant job), by name. */
  background: (name: string) => Promise<(event?: unknown) => Promise<unknown>>;
  /** Names of the routes served from a bundle so far. */
  served: Set<string>;
}

export function bundledHandlers(): BundledHandlers {
  const outdir = mkdtempSync(join(tmpdir(), 'kintai-bundles-'));
  const entries = ROUTES.filter((r) => !FROM_SOURCE.has(r.name));
  // One esbuild run for all routes (started now, awaited by the first request).
  const built = build({
    ...ESBUILD_OPTIONS,
    entryPoints: Object.fromEntries(
      [...entries, ...BACKGROUND_FUNCTIONS.map((f) => ({ ...f, name: `background-${f.name}` }))].map((r) => [r.name, join(ROOT, r.handler)]),
    ),
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'error',
  });
  const served = new Set<string>();
  const loadHandler = async (route: RouteDef): Promise<RouteHandler> => {
    if (FROM_SOURCE.has(route.name)) return (await import(pathToFileURL(join(ROOT, route.handler)).href)).handler as RouteHandler;
    await built;
    served.add(route.name);
    return (await import(pathToFileURL(join(outdir, `${route.name}.mjs`)).href)).handler as RouteHandler;
  };
  const background = async (name: string) => {
    await built;
    return (await import(pathToFileURL(join(outdir, `background-${name}.mjs`)).href)).handler as (event?: unknown) => Promise<unknown>;
  };
  return { loadHandler, background, served };
}
