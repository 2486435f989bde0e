/** The id of the public pages' language select (the prerendered landing's script finds it by it). */
export const LANGUAGE_SELECT_ID = 'language-switch';
