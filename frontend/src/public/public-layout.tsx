import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { t } from '../i18n';
import { LANGUAGE_SELECT_ID, LanguageSwitch } from '../shared/language-switch';
import { Loading } from '../shared/status-pages';
import './public.css';

/** Frame of the public pages: logo header with the sign-in links, page, footer with the tagline. */
export function PublicLayout() {
  return (
    <div className="public">
      <a className="skip-link" href="#main">
        {t.app.skipToContent}
      </a>
      <header className="site-header">
        <Link to="/" className="site-logo">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>{t.app.name}</span>
        </Link>
        <nav aria-label={t.landing.loginHeading} className="site-header__nav">
          <Link to="/users/sign_in" className="button button--ghost">
            {t.landing.employeeLogin}
          </Link>
          <Link to="/companies/sign_in" className="button button--primary">
            {t.landing.adminLogin}
          </Link>
        </nav>
      </header>
      <main id="main" className="public__main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <p className="site-footer__tagline">{t.landing.footerTagline}</p>
        <p className="site-footer__links">
          <Link to="/manual">{t.nav.manual}</Link>
        </p>
        <LanguageSwitch id={LANGUAGE_SELECT_ID} />
        <p className="site-footer__copyright">
          <small>{t.landing.copyright}</small>
        </p>
      </footer>
    </div>
  );
}
