/**
 * Public landing page `/` (spec §1): top banner, three benefits, feature list, pricing, contact
 * block with the contact form. Text and inline SVG only, so it stays light on a phone.
 */
import { t } from '../i18n';
import { CONTACT_EMAIL } from './contact-api';
import { CONTACT_FORM_SLOT, ContactForm } from './contact-form';
import './landing.css';

const L = t.landing;

/** Small line icons (inline SVG, decorative). */
const ICONS = {
  people: 'M16 11a4 4 0 1 0-8 0M4 20a8 8 0 0 1 16 0M12 3v1',
  csv: 'M6 2h9l5 5v15H6zM14 2v6h6M9 13h6M9 17h6',
  alert: 'M12 3 2 20h20zM12 10v4M12 17v.5',
  clock: 'M12 7v5l3 2M12 21a9 9 0 1 1 0-18 9 9 0 0 1 0 18z',
  check: 'M5 12l4 4 10-10',
} as const;

function Icon({ path }: { path: string }) {
  return (
    <svg className="lp-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const BENEFIT_ICONS = [ICONS.people, ICONS.csv, ICONS.alert] as const;
const FEATURE_ICONS = [ICONS.clock, ICONS.csv, ICONS.people, ICONS.alert] as const;

export function LandingPage() {
  return (
    <>
      <title>{`${t.app.name} | ${L.titleSuffix}`}</title>

      <section className="hero" aria-labelledby="hero-heading">
        <div className="hero__inner">
          <p className="hero__eyebrow">{L.eyebrow}</p>
          <h1 id="hero-heading" className="hero__heading">
            {L.bannerHeading}
          </h1>
          <p className="hero__lead">{L.bannerLead}</p>
          <p className="hero__actions">
            <a className="button lp-button--light" href="#contact">
              {L.ctaContact}
            </a>
            <a className="button lp-button--outline" href="#pricing">
              {L.ctaPricing}
            </a>
          </p>
        </div>
      </section>

      <section className="lp-section" aria-labelledby="benefits-heading">
        <div className="lp-section__inner">
          <h2 id="benefits-heading" className="lp-section__title">
            {L.benefitsHeading}
          </h2>
          <ul className="lp-grid lp-grid--3">
            {L.benefits.map((b, i) => (
              <li key={b.title} className="card lp-card">
                <Icon path={BENEFIT_ICONS[i] ?? ICONS.check} />
                <h3 className="lp-card__title">{b.title}</h3>
                <p>{b.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="lp-section lp-section--alt" aria-labelledby="features-heading">
        <div className="lp-section__inner">
          <h2 id="features-heading" className="lp-section__title">
            {L.featuresHeading}
          </h2>
          <ul className="lp-grid lp-grid--2">
            {L.features.map((f, i) => (
              <li key={f.title} className="lp-feature">
                <Icon path={FEATURE_ICONS[i] ?? ICONS.check} />
                <div>
                  <h3 className="lp-feature__title">{f.title}</h3>
                  <p>{f.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="pricing" className="lp-section" aria-labelledby="pricing-heading">
        <div className="lp-section__inner">
          <h2 id="pricing-heading" className="lp-section__title">
            {L.pricingHeading}
          </h2>
          <p className="lp-section__lead">{L.pricingLead}</p>
          <ul className="lp-grid lp-grid--3">
            {L.plans.map((p) => (
              <li key={p.name} className={p.featured ? 'card lp-plan lp-plan--featured' : 'card lp-plan'}>
                <h3 className="lp-plan__name">{p.name}</h3>
                <p className="lp-plan__price">
                  <span className="lp-plan__amount">{p.price}</span>
                  <span className="lp-plan__unit">{L.taxExcluded}</span>
                </p>
                {p.note && <p className="lp-plan__note">{p.note}</p>}
              </li>
            ))}
          </ul>
          <ul className="lp-checks">
            {L.pricingIncludes.map((text) => (
              <li key={text}>
                <Icon path={ICONS.check} />
                {text}
              </li>
            ))}
          </ul>
          <h3 className="lp-subtitle">{L.optionsHeading}</h3>
          <table className="lp-options">
            <caption className="visually-hidden">{L.optionsHeading}</caption>
            <tbody>
              {L.options.map((o) => (
                <tr key={o.name}>
                  <th scope="row">{o.name}</th>
                  <td>{o.price}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="lp-fineprint">{L.pricingNote}</p>
        </div>
      </section>

      <section id="contact" className="lp-section lp-section--alt" aria-labelledby="contact-heading">
        <div className="lp-section__inner lp-contact">
          <div>
            <h2 id="contact-heading" className="lp-section__title">
              {L.contactHeading}
            </h2>
            <p>{L.contactLead}</p>
            <p className="lp-contact__mail">
              {L.contactMailLabel}
              <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            </p>
          </div>
          <div id={CONTACT_FORM_SLOT}>
            <ContactForm />
          </div>
        </div>
      </section>
    </>
  );
}
