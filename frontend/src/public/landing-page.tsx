import { t } from '../i18n';

/** Public landing page shell; the marketing sections (benefits, features, pricing, contact) come later. */
export function LandingPage() {
  return (
    <>
      <title>{t.app.name}</title>
      <section className="hero" aria-labelledby="hero-heading">
        <div className="hero__inner">
          <h1 id="hero-heading" className="hero__heading">
            {t.landing.bannerHeading}
          </h1>
          <p className="hero__lead">{t.landing.bannerLead}</p>
        </div>
      </section>
    </>
  );
}
