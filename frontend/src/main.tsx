import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';
import { language, loadArea, onLanguageChange, pinLanguage, setLanguage } from './i18n';
import { initialLanguage } from './i18n/choice';
import { PSEUDO_FLAG, registerPseudoLocale } from './i18n/pseudo';
import { SessionProvider } from './lib/session';

// The prerendered landing page (scripts/prerender.ts) is only for `/`; the SPA renders its own pages.
document.getElementById('landing')?.remove();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/** Renders the app again, from the top, when the language changes (every screen reads `t` as it renders). */
function LanguageRoot() {
  const lang = useSyncExternalStore(onLanguageChange, language);
  return <App key={lang} />;
}

async function start(container: HTMLElement) {
  // The shell's own texts (header, loading, status pages) come before the first paint.
  const pseudo = (window as unknown as Record<string, unknown>)[PSEUDO_FLAG];
  if (typeof pseudo === 'string') {
    // Test only (i18n/pseudo.ts): a browser test set the flag before the page loaded.
    await setLanguage(registerPseudoLocale(pseudo));
    pinLanguage();
  } else await setLanguage(initialLanguage());
  await loadArea('common');
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <SessionProvider>
          <LanguageRoot />
        </SessionProvider>
      </BrowserRouter>
    </StrictMode>,
  );
}

void start(root);
