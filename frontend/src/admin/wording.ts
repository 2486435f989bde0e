/**
 * The punctuation the admin screens put around their words, from the catalogue (issue 31): Japanese
 * full-width brackets, wave dash and colon, or their English forms.
 */
import { t } from '../i18n';

/** `（text）` */
export const paren = (text: string) => t.admin.paren.replace('{text}', text);
/** `from〜to` */
export const fromTo = (from: string, to: string) => t.admin.range.replace('{from}', from).replace('{to}', to);
/** `label：` */
export const labelled = (label: string) => t.admin.labelled.replace('{label}', label);
