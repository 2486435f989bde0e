/**
 * SPA build: root is frontend/, output frontend/dist (uploaded to the private S3 origin behind
 * CloudFront, or served by the local gateway). `npm run dev:web` proxies API calls to the local
 * gateway at KINTAI_API_ORIGIN (default http://localhost:3000).
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { API_PATH_PREFIXES, isApiRequest } from '../functions/routes.js';
import { cataloguePlugin } from './scripts/catalogue-plugin.js';
import { prerenderLanding } from './scripts/prerender.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiOrigin = process.env.KINTAI_API_ORIGIN ?? 'http://localhost:3000';

// /operators/sign_in is both a page (GET) and an API route (POST): only API requests are proxied.
const proxy: ProxyOptions = {
  target: apiOrigin,
  changeOrigin: false,
  bypass: (req) =>
    isApiRequest(req.method ?? 'GET', new URL(req.url ?? '/', 'http://x').pathname) ? undefined : req.url,
};

/**
 * After the client bundle is written, renders the landing page into dist/index.html (scripts/prerender.ts).
 * Part of `vite build` itself, so every build that serves the SPA (build:web, the e2e setup) has it.
 */
function prerenderLandingPlugin(): Plugin {
  let isClientBuild = false;
  return {
    name: 'kintai:prerender-landing',
    apply: 'build',
    configResolved(config) {
      // The prerender's own SSR build loads this config too: only the client build prerenders.
      isClientBuild = !config.build.ssr;
    },
    async closeBundle() {
      if (isClientBuild) this.info(await prerenderLanding());
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [cataloguePlugin(), react(), prerenderLandingPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/route-budget.ts to add up what each area's first visit downloads.
    manifest: true,
  },
  server: {
    proxy: Object.fromEntries(API_PATH_PREFIXES.map((prefix) => [`^${prefix.replace(/[/]/g, '\\/')}`, proxy])),
  },
});
