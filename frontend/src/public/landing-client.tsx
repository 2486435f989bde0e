/**
 * JavaScript of the prerendered landing page `/`: the page is already on screen as HTML, only the
 * contact form becomes interactive. No router and no session here, so `/` stays light on a phone.
 * The prerendered page is Japanese: choosing another language in its switch keeps the choice and
 * reloads, and boot.ts then starts the SPA, which renders the landing page in that language.
 */
import { hydrateRoot } from 'react-dom/client';
import { loadArea } from '../i18n';
import { storeLanguage } from '../i18n/choice';
import { LANGUAGE_SELECT_ID } from '../shared/language-switch-id';
import { CONTACT_FORM_SLOT, ContactForm } from './contact-form';

// The form's words come from the public catalogue (Japanese, as the prerendered page).
const slot = document.getElementById(CONTACT_FORM_SLOT);
if (slot) void loadArea('public').then(() => hydrateRoot(slot, <ContactForm />));

document.getElementById(LANGUAGE_SELECT_ID)?.addEventListener('change', (event) => {
  storeLanguage((event.target as HTMLSelectElement).value);
  location.reload();
});
