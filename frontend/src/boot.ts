/**
 * The one entry of index.html. `/` is served prerendered (scripts/prerender.ts puts the landing page
 * into #landing at build time), so there only the contact form needs JavaScript: React without the
 * router, well under the landing's 90 kB budget. Every other path starts the SPA. The stylesheets
 * are imported here so they are linked in the head and style the prerendered HTML before any script
 * runs (and without JavaScript at all).
 */
import './styles/base.css';
import './public/public.css';
import './public/landing.css';

import { DEFAULT_LANGUAGE } from './i18n/languages';
import { initialLanguage } from './i18n/choice';

// In `npm run dev:web` nothing is prerendered: the SPA renders the landing page itself. The
// prerendered landing is Japanese: a visitor who chose (or whose browser asks for) another language
// gets the SPA's landing page in it.
if (location.pathname === '/' && document.getElementById('landing') && initialLanguage() === DEFAULT_LANGUAGE)
  void import('./public/landing-client');
else void import('./main');
