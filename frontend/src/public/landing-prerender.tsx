/**
 * Build-time render of `/` (run by scripts/prerender.ts through Vite's SSR build): the public layout
 * with the landing page, exactly as the SPA renders them, as static HTML.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import PublicArea from './public-area';

export function renderLanding(): string {
  return renderToString(
    <StaticRouter location="/">
      <PublicArea />
    </StaticRouter>,
  );
}
