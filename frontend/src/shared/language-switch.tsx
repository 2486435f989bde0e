/**
 * The language switch of the public pages (landing and the sign-in pages; issue 31): a labelled
 * select listing every language in its own name. A visitor's choice is kept on this browser
 * (i18n/choice.ts) until they sign in; then their own setting (設定) decides.
 */
import { useId } from 'react';
import { LANGUAGES, language, setLanguage, t } from '../i18n';
import { storeLanguage } from '../i18n/choice';
import { nativeName } from '../i18n/languages';

export { LANGUAGE_SELECT_ID } from './language-switch-id';

export function LanguageSwitch({ id }: { id?: string }) {
  const ownId = useId();
  const selectId = id ?? ownId;
  return (
    <p className="language-switch">
      <label htmlFor={selectId}>{t.common.language}</label>{' '}
      <select
        id={selectId}
        value={language()}
        onChange={(e) => {
          storeLanguage(e.target.value);
          void setLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {nativeName(lang)}
          </option>
        ))}
      </select>
    </p>
  );
}
