/**
 * The punctuation the admin screens put around their words, from the catalogue (issue 31): Japanese
 * full-width brackets, wave dash and colon, or their English forms.
 */
import { fmt, t } from '../i18n';

/** `（text）` */
export const paren = (text: string) => fmt(t.admin.paren, { text });
/** `from〜to` */
export const fromTo = (from: string, to: string) => fmt(t.admin.range, { from, to });
/** `label：` */
export const labelled = (label: string) => fmt(t.admin.labelled, { label });
