import { Link } from 'react-router-dom';
import { t } from '../i18n';
import { PageTitle } from './page-title';

export function NotFound() {
  return (
    <section className="status-page">
      <PageTitle title={t.pages.notFound} />
      <p>{t.messages.notFound}</p>
      <p>
        <Link to="/">{t.statusPages.backToTop}</Link>
      </p>
    </section>
  );
}

/** Shown inside an area when the signed-in role may not use the page (e.g. an admin on operator pages). */
export function PermissionDenied() {
  return (
    <section className="status-page">
      <PageTitle title={t.messages.permissionDenied} />
      <p>{t.messages.forbidden}</p>
    </section>
  );
}

export function Loading() {
  return (
    <p className="loading" role="status">
      {t.app.loading}
    </p>
  );
}
