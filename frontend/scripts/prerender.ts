/**
 * Last step of every client `vite build` (the `prerender-landing` plugin in vite.config.ts calls it
 * once the bundle is written): puts the landing page `/` into dist/index.html as static HTML, so it
 * shows before any script runs (and without JavaScript).
 *
 * The gateway and CloudFront answer every extension-less path with the same index.html, so the file
 * carries the landing in `<div id="landing">` next to the SPA's empty `#root`, plus a tiny classic
 * script in the head (`assets/route-gate-<hash>.js`) that runs before the body is painted:
 * - on any path but `/` it marks <html class="spa">, which hides #landing (base.css), so SPA pages
 *   never flash the landing; without JavaScript the landing simply shows;
 * - it adds preload hints for the chunks the path will need (on `/` only React and the contact form;
 *   elsewhere the SPA shell, and the area and page chunks of ROUTE_CHUNKS), so the lazy imports that
 *   follow one another (entry, shell, session, area, page) do not each cost a round trip.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const frontend = fileURLToPath(new URL('../', import.meta.url));
const dist = `${frontend}dist/`;
// Inside the repository so the SSR bundle resolves react & co. from node_modules.
const ssrOut = fileURLToPath(new URL('../../node_modules/.cache/kintai-prerender/', import.meta.url));

const ENTRY = 'index.html';
const LANDING_CLIENT = 'src/public/landing-client.tsx';
const SPA_MAIN = 'src/main.tsx';

async function renderLandingHtml(): Promise<string> {
  rmSync(ssrOut, { recursive: true, force: true });
  await build({
    configFile: `${frontend}vite.config.ts`,
    logLevel: 'warn',
    build: {
      ssr: 'src/public/landing-prerender.tsx',
      outDir: ssrOut,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'landing-prerender.mjs' } },
    },
  });
  const mod = (await import(pathToFileURL(`${ssrOut}landing-prerender.mjs`).href)) as {
    renderLanding: () => Promise<string>;
  };
  const html = await mod.renderLanding();
  rmSync(ssrOut, { recursive: true, force: true });
  return html;
}

/**
 * Chunks worth fetching as soon as the path is known, first match wins: the area and, for the pages
 * people open first, the page. Otherwise each lazy import waits for the one before it (shell, then
 * session, then area, then page). A key that no longer exists is skipped with a warning.
 */
const ROUTE_CHUNKS: readonly [pattern: string, keys: readonly string[]][] = [
  ['^/(users|companies|operators)/sign_in', ['src/public/public-area.tsx']],
  ['^/employees/?$', ['src/employee/employee-area.tsx', 'src/employee/punch/punch-page.tsx']],
  ['^/employees/attendance', ['src/employee/employee-area.tsx', 'src/employee/attendance/attendance-page.tsx']],
  ['^/employees', ['src/employee/employee-area.tsx']],
  ['^/management/?$', ['src/admin/admin-area.tsx', 'src/admin/work-status/work-status-page.tsx']],
  ['^/management/(companies|inquiries|info_items/?$)', ['src/operator/operator-area.tsx']],
  ['^/management', ['src/admin/admin-area.tsx']],
];

interface Preloads {
  js: string[];
  css: string[];
}

/** Files of the given chunks and their static imports that the entry has not loaded already. */
function preloadsOf(manifest: Manifest, keys: readonly string[], skip: Set<string>): Preloads {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const walk = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) {
      console.warn(`prerender: ${k} is not in the Vite manifest; no preload for it`);
      return;
    }
    if (!skip.has(chunk.file)) js.add(`/${chunk.file}`);
    for (const f of chunk.css ?? []) if (!skip.has(f)) css.add(`/${f}`);
    for (const i of chunk.imports ?? []) walk(i);
  };
  for (const k of keys) walk(k);
  return { js: [...js], css: [...css] };
}

function gateScript(manifest: Manifest): string {
  const entryFiles = new Set<string>();
  const walkEntry = (k: string) => {
    const chunk = manifest[k]!;
    if (entryFiles.has(chunk.file)) return;
    entryFiles.add(chunk.file);
    for (const f of chunk.css ?? []) entryFiles.add(f);
    for (const i of chunk.imports ?? []) walkEntry(i);
  };
  walkEntry(ENTRY);
  const landing = preloadsOf(manifest, [LANDING_CLIENT], entryFiles);
  const shell = preloadsOf(manifest, [SPA_MAIN], entryFiles);
  const shellFiles = new Set([...entryFiles, ...shell.js.map((f) => f.slice(1))]);
  const routes = ROUTE_CHUNKS.map(([pattern, keys]) => [pattern, preloadsOf(manifest, keys, shellFiles)] as const);
  // ES5 and no modules: it runs synchronously in the head, before the body exists.
  return `(function(){var d=document,p=location.pathname,l=p==='/';if(!l)d.documentElement.classList.add('spa');
function add(rel,h,as){var e=d.createElement('link');e.rel=rel;e.href=h;if(as)e.as=as;d.head.appendChild(e)}
function load(x){for(var i=0;i<x.js.length;i++)add('modulepreload',x.js[i]);for(var j=0;j<x.css.length;j++)add('preload',x.css[j],'style')}
if(l){load(${JSON.stringify(landing)});return}
load(${JSON.stringify(shell)});
var r=${JSON.stringify(routes)};
for(var k=0;k<r.length;k++)if(new RegExp(r[k][0]).test(p)){load(r[k][1]);break}})();
`;
}

/** Prerenders `/` into frontend/dist/index.html; returns a one-line summary. */
export async function prerenderLanding(): Promise<string> {
  const indexPath = `${dist}index.html`;
  let index = readFileSync(indexPath, 'utf8');
  if (index.includes('id="landing"')) throw new Error('dist/index.html is already prerendered: run `vite build` first');
  const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Manifest;

  let landing = await renderLandingHtml();
  // The landing's <title> belongs in the head (a <title> in the body is ignored by the browser).
  const title = /<title>(.*?)<\/title>/.exec(landing)?.[1];
  if (!title) throw new Error('the landing page rendered no <title>');
  landing = landing.replace(/<title>.*?<\/title>/, '');

  const gate = gateScript(manifest);
  const gateFile = `assets/route-gate-${createHash('sha256').update(gate).digest('base64url').slice(0, 8)}.js`;
  mkdirSync(`${dist}assets`, { recursive: true });
  writeFileSync(`${dist}${gateFile}`, gate);

  const replaceOnce = (html: string, find: string | RegExp, by: string) => {
    const next = html.replace(find, by);
    if (next === html) throw new Error(`dist/index.html: ${String(find)} not found`);
    return next;
  };
  index = replaceOnce(
    index,
    /<title>.*?<\/title>/,
    `<title>${title}</title>\n    <script src="/${gateFile}"></script>`,
  );
  index = replaceOnce(index, '<div id="root"></div>', `<div id="landing">${landing}</div>\n    <div id="root"></div>`);
  writeFileSync(indexPath, index);
  return `prerendered / into dist/index.html (${(landing.length / 1000).toFixed(1)} kB of HTML), ${gateFile}`;
}
