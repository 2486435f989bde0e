/**
 * Draws the home-screen icons of the web app manifest (frontend/public/icons/*.png) from the
 * favicon's clock glyph, rasterised by the installed Chromium. The PNGs are committed; re-run only
 * when the design changes:
 *   npx tsx frontend/scripts/make-icons.ts
 * "any" icons are the rounded tile; "maskable" ones fill the square and keep the glyph inside the
 * 80 % safe zone, since the phone's launcher applies its own mask.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));
const NAVY = '#1d3557';

/** The clock glyph in a 32-unit box, scaled by `scale` around the centre. */
function svg(size: number, { rounded, scale }: { rounded: boolean; scale: number }): string {
  const glyph = `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)"><circle cx="16" cy="16" r="9.5" fill="none" stroke="#fff" stroke-width="2.5"/><path d="M16 10.5V16l3.8 2.6" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${NAVY}"/>${glyph}</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1 },
  { file: 'maskable-192.png', size: 192, rounded: false, scale: 0.8 },
  { file: 'maskable-512.png', size: 512, rounded: false, scale: 0.8 },
  // iOS rounds the corners itself and shows transparency as black: a full square.
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 0.9 },
] as const;

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(icon.size, icon)}</body></html>`);
    await page.locator('svg').screenshot({ path: `${OUT}${icon.file}`, omitBackground: true });
    await page.close();
    console.log(`${icon.file} ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
