/**
 * SPA build: root is frontend/, output frontend/dist (uploaded to the private S3 origin behind
 * CloudFront, or served by the local gateway). `npm run dev:web` proxies API calls to the local
 * gateway at KINTAI_API_ORIGIN (default http://localhost:3000).
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import { API_PATH_PREFIXES, isApiRequest } from '../functions/routes.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiOrigin = process.env.KINTAI_API_ORIGIN ?? 'http://localhost:3000';

// /operators/sign_in is both a page (GET) and an API route (POST): only API requests are proxied.
const proxy: ProxyOptions = {
  target: apiOrigin,
  changeOrigin: false,
  bypass: (req) => (isApiRequest(req.method ?? 'GET', new URL(req.url ?? '/', 'http://x').pathname) ? undefined : req.url),
};

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
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
