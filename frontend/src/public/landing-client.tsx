/**
 * JavaScript of the prerendered landing page `/`: the page is already on screen as HTML, only the
 * contact form becomes interactive. No router and no session here, so `/` stays light on a phone.
 */
import { hydrateRoot } from 'react-dom/client';
import { CONTACT_FORM_SLOT, ContactForm } from './contact-form';

const slot = document.getElementById(CONTACT_FORM_SLOT);
if (slot) hydrateRoot(slot, <ContactForm />);
