/**
 * The operation manual (/manual, /manual/employee, /manual/admin, /manual/operator): public pages of
 * the SPA, readable without signing in and without any request beyond the SPA's own static files
 * (text in manual-content.ts, screenshots bundled by Vite from ./screenshots).
 */
import { Link } from 'react-router-dom';
import { language } from '../i18n';
import { useSession, type Role } from '../lib/session';
import { PageTitle } from '../shared/page-title';
import { SHOT_SIZE, SHOTS, type ManualArea, type ManualIndexText, type ShotName } from './manual-content';
import { manualFor } from './manual-language';
import './manual.css';

const FILES = import.meta.glob<string>('./screenshots/*.webp', { eager: true, query: '?url', import: 'default' });

/** The bundled URL of a screenshot, or undefined when the file has not been generated. */
const shotUrl = (name: ShotName): string | undefined => FILES[`./screenshots/${name}.webp`];

const AREA_HOME: Record<Role, string> = { employee: '/employees', admin: '/management', operator: '/management' };

/** Signed-in readers (who came from the app's menu) get a way back to their area. */
function BackToApp({ index }: { index: ManualIndexText }) {
  const { session } = useSession();
  if (!session) return null;
  return (
    <Link to={AREA_HOME[session.role]} className="manual__back-app">
      {index.backToApp}
    </Link>
  );
}

/** `lang` is the reader's language tag: the SPA's active language unless a caller names another. */
function ManualIndexPage({ lang = 'ja' }: { lang?: string }) {
  const { index: MANUAL_INDEX, areas: MANUAL_AREAS } = manualFor(lang);
  return (
    <article className="manual" lang={lang}>
      <PageTitle title={MANUAL_INDEX.title} />
      <p className="manual__lead">{MANUAL_INDEX.lead}</p>
      <ul className="manual__areas">
        {MANUAL_AREAS.map((area) => (
          <li key={area.slug} className="card manual__area-card">
            <h2 className="manual__area-title">
              <Link to={`/manual/${area.slug}`}>{area.title}</Link>
            </h2>
            <p>{area.audience}</p>
            <ul className="manual__area-topics">
              {area.sections.map((section) => (
                <li key={section.id}>{section.title}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <BackToApp index={MANUAL_INDEX} />
    </article>
  );
}

function ManualAreaPage({ slug, lang = 'ja' }: { slug: ManualArea['slug']; lang?: string }) {
  const { index: MANUAL_INDEX, areas: MANUAL_AREAS } = manualFor(lang);
  const area = MANUAL_AREAS.find((a) => a.slug === slug)!;
  return (
    <article className="manual" lang={lang}>
      <p className="manual__crumbs">
        <Link to="/manual">{MANUAL_INDEX.backToIndex}</Link>
        <BackToApp index={MANUAL_INDEX} />
      </p>
      <PageTitle title={area.title} />
      <p className="manual__lead">{area.lead}</p>
      <nav className="card manual__toc" aria-labelledby="manual-toc">
        <h2 id="manual-toc" className="manual__toc-title">
          {MANUAL_INDEX.toc}
        </h2>
        <ol>
          {area.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {area.sections.map((section) => {
        const size = SHOT_SIZE[SHOTS[section.shot].device];
        const src = shotUrl(section.shot);
        return (
          <section key={section.id} id={section.id} className="manual__section" aria-labelledby={`${section.id}-h`}>
            <h2 id={`${section.id}-h`} className="manual__section-title">
              {section.title}
            </h2>
            <p>{section.where}</p>
            <div className={`manual__body manual__body--${SHOTS[section.shot].device}`}>
              <figure className="manual__figure">
                {src && (
                  <img
                    src={src}
                    alt={section.alt}
                    width={size.width}
                    height={size.height}
                    loading="lazy"
                    decoding="async"
                  />
                )}
              </figure>
              <div className="manual__text">
                <h3 className="manual__label">{MANUAL_INDEX.stepsLabel}</h3>
                <ol className="manual__steps">
                  {section.steps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
                {section.tips && (
                  <>
                    <h3 className="manual__label">{MANUAL_INDEX.tipsLabel}</h3>
                    <ul className="manual__tips">
                      {section.tips.map((tip) => (
                        <li key={tip}>{tip}</li>
                      ))}
                    </ul>
                  </>
                )}
              </div>
            </div>
          </section>
        );
      })}
      <p className="manual__crumbs">
        <Link to="/manual">{MANUAL_INDEX.backToIndex}</Link>
      </p>
    </article>
  );
}

export default function ManualPages({ slug, lang = language() }: { slug?: ManualArea['slug']; lang?: string }) {
  return slug ? <ManualAreaPage slug={slug} lang={lang} /> : <ManualIndexPage lang={lang} />;
}
