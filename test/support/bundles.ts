/**
 * The Lambda bundles as the gateway's handlers: every route built at once with the deployed esbuild
 * options (lib/constructs/bundle-options.ts), so integration tests can run the shipped code — with
 * its package stand-ins — instead of the sources. Bundles keep their own module state (clock, caches):
 * tests that move the in-process clock cannot drive them.
 *
 * One `vitest run` builds them once, in the integration project's global setup (bundles-setup.ts),
 * into a temporary directory that the workers receive through `inject('bundlesDir')`.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { inject } from 'vitest';
import { BACKGROUND_FUNCTIONS, ROUTES, type RouteDef } from '../../functions/routes.js';
import { ESBUILD_OPTIONS } from '../../lib/constructs/bundle-options.js';
import type { RouteHandler } from '../../lib/local/gateway.js';
import './provided';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Routes that start a background function (the export starters) invoke it through Lambda in a bundle,
 * and there is no Lambda here: they run from source, which starts the worker in-process. The status
 * routes that presign are bundled.
 */
export const FROM_SOURCE: ReadonlySet<string> = new Set(BACKGROUND_FUNCTIONS.flatMap((f) => f.invokedBy ?? []));

/** Builds every bundled route and background function into `outdir` (one esbuild run); returns how many. */
export async function buildBundles(outdir: string): Promise<number> {
  const entries = ROUTES.filter((r) => !FROM_SOURCE.has(r.name));
  const entryPoints = Object.fromEntries(
    [...entries, ...BACKGROUND_FUNCTIONS.map((f) => ({ ...f, name: `background-${f.name}` }))].map((r) => [
      r.name,
      join(ROOT, r.handler),
    ]),
  );
  await build({ ...ESBUILD_OPTIONS, entryPoints, outdir, outExtension: { '.js': '.mjs' }, logLevel: 'error' });
  return Object.keys(entryPoints).length;
}

export interface BundledHandlers {
  loadHandler: (route: RouteDef) => Promise<RouteHandler>;
  /** A background function's bundled handler (export worker, daily grant job), by name. */
  background: (name: string) => Promise<(event?: unknown) => Promise<unknown>>;
  /** Names of the routes served from a bundle so far. */
  served: Set<string>;
}

/** The bundles the global setup built, as the gateway's handler loader. */
export function bundledHandlers(): BundledHandlers {
  const outdir = inject('bundlesDir');
  if (!outdir || !existsSync(outdir)) {
    throw new Error(
      'No Lambda bundles: test/support/bundles-setup.ts builds them for the integration project when a test file of the run imports test/support/bundles.ts',
    );
  }
  const served = new Set<string>();
  const loadHandler = async (route: RouteDef): Promise<RouteHandler> => {
    if (FROM_SOURCE.has(route.name))
      return (await import(pathToFileURL(join(ROOT, route.handler)).href)).handler as RouteHandler;
    served.add(route.name);
    return (await import(pathToFileURL(join(outdir, `${route.name}.mjs`)).href)).handler as RouteHandler;
  };
  const background = async (name: string) =>
    (await import(pathToFileURL(join(outdir, `background-${name}.mjs`)).href)).handler as (
      event?: unknown,
    ) => Promise<unknown>;
  return { loadHandler, background, served };
}
