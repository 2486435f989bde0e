import { t } from '../i18n';

/** The page's h1 and the document title (React 19 hoists `<title>` into the head). */
export function PageTitle({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} | ${t.app.name}`}</title>
      <h1 className="page-title">{title}</h1>
    </>
  );
}
