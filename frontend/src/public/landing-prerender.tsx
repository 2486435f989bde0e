/**
 * Build-time render of `/` (run by scripts/prerender.ts through Vite's SSR build): the public layout
 * with the landing page, exactly as the SPA renders them, as static HTML.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { loadArea, setLanguage } from '../i18n';
import PublicArea from './public-area';

/** In Japanese: `/` is served as this HTML to everyone (the switch on the page changes the language). */
export async function renderLanding(): Promise<string> {
  await setLanguage('ja');
  await loadArea('public');
  return renderToString(
    <StaticRouter location="/">
      <PublicArea />
    </StaticRouter>,
  );
}
