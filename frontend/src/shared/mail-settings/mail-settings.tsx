/**
 * お知らせメール (issue 18): the optional mails the signed-in user receives, each a checkbox ("受け取る");
 * unticking one turns it off. Welcome and password mails always go and are not listed. Used on the
 * employee's 設定 screen and the admin's メール通知設定 page (each lists the kinds its role receives).
 */
import { useState, type FormEvent } from 'react';
import type { MailSettingsView } from '../../../../functions/api/mail-settings/mail-settings-schemas';
import type { OptionalMailKind } from '../../../../functions/domain/mail-templates';
import { t } from '../../i18n';
import { nativeName } from '../../i18n/languages';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { FormFeedback, LoadView } from '../feedback';
import { FieldError, fieldErrorsOf, invalidProps } from '../field-errors';
import { failureMessage } from '../submit-failure';
import { useLoad } from '../use-load';
import './mail-settings.css';

const getMailSettings = () => api.get<MailSettingsView>('/api/v1/mail_settings');
const putMailSettings = (optOut: string[]) =>
  api.put<MailSettingsView>('/api/v1/mail_settings', { mail_opt_out: optOut });

export const EMPLOYEE_MAIL_KINDS: readonly OptionalMailKind[] = [
  'request_decided',
  'missed_punch',
  'overtime_notice',
  'paid_leave_pace',
];
export const ADMIN_MAIL_KINDS: readonly OptionalMailKind[] = ['request_filed', 'overtime_notice', 'paid_leave_pace'];

function MailSettingsForm({ kinds, saved }: { kinds: readonly OptionalMailKind[]; saved: readonly string[] }) {
  const [optOut, setOptOut] = useState<string[]>([...saved]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    setSuccess(null);
    const res = await putMailSettings(optOut);
    setSending(false);
    if (res.ok) {
      setOptOut(res.data.mail_opt_out);
      setSuccess(t.mailSettings.saved);
    } else setError(failureMessage(res) ?? null);
  }

  const toggle = (kind: string, receive: boolean) =>
    setOptOut((list) => (receive ? list.filter((k) => k !== kind) : [...list.filter((k) => k !== kind), kind]));

  return (
    <form className="form mail-settings" onSubmit={(e) => void onSubmit(e)}>
      <FormFeedback error={error} success={success} />
      <fieldset className="mail-settings__kinds">
        <legend>{t.mailSettings.legend}</legend>
        {kinds.map((kind) => (
          <label key={kind} className="mail-settings__kind">
            <input
              type="checkbox"
              name={kind}
              checked={!optOut.includes(kind)}
              onChange={(e) => toggle(kind, e.target.checked)}
            />
            <span>
              {t.mailSettings.kinds[kind]}
              <span className="mail-settings__hint">{t.mailSettings.hints[kind]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="form__hint">{t.mailSettings.always}</p>
      <div>
        <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
          {t.mailSettings.submit}
        </button>
      </div>
    </form>
  );
}

/** The section: heading, load state and the form. */
export function MailSettingsSection({ kinds }: { kinds: readonly OptionalMailKind[] }) {
  const { state, reload } = useLoad(getMailSettings, 'mail-settings');
  return (
    <section className="card page-section" aria-labelledby="mail-settings-title">
      <h2 id="mail-settings-title" className="page-section__title">
        {t.mailSettings.title}
      </h2>
      <LoadView state={state} onRetry={() => void reload()}>
        {(data) => <MailSettingsForm kinds={kinds} saved={data.mail_opt_out} />}
      </LoadView>
    </section>
  );
}

const LANGUAGE_FIELD = 'language-setting';

/**
 * 表示言語 (issue 31): the language the user reads the product (and their mails) in; empty = the
 * browser's, then the company's. Saved as soon as it is chosen; the session then carries the new
 * language and every screen switches to it at once.
 */
export function LanguageSection() {
  const { refresh } = useSession();
  const { state, reload } = useLoad(getMailSettings, 'language-settings');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<string[]>([]);

  async function choose(value: string) {
    setSending(true);
    setError(null);
    setFieldErrors([]);
    // The opt-outs as saved now (the form above may have changed them since this section loaded).
    const current = await getMailSettings();
    const res = current.ok
      ? await api.put<MailSettingsView>('/api/v1/mail_settings', {
          mail_opt_out: current.data.mail_opt_out,
          language: value || null,
        })
      : current;
    setSending(false);
    if (!res.ok) {
      setError(failureMessage(res) ?? null);
      setFieldErrors(fieldErrorsOf(res).language ?? []);
      return;
    }
    await refresh();
  }

  return (
    <section className="card page-section" aria-labelledby="language-settings-title">
      <h2 id="language-settings-title" className="page-section__title">
        {t.mailSettings.languageTitle}
      </h2>
      <LoadView state={state} onRetry={() => void reload()}>
        {(data) => (
          <form className="form" onSubmit={(e) => e.preventDefault()}>
            <FormFeedback error={error} success={null} />
            <div className="form__field">
              <label htmlFor={LANGUAGE_FIELD}>{t.mailSettings.language}</label>
              <select
                id={LANGUAGE_FIELD}
                name="language"
                defaultValue={data.language ?? ''}
                disabled={sending}
                aria-busy={sending}
                onChange={(e) => void choose(e.target.value)}
                {...invalidProps(LANGUAGE_FIELD, fieldErrors)}
              >
                <option value="">{t.mailSettings.languageDefault}</option>
                {data.languages.map((lang) => (
                  <option key={lang} value={lang} lang={lang}>
                    {nativeName(lang)}
                  </option>
                ))}
              </select>
              <FieldError id={LANGUAGE_FIELD} messages={fieldErrors} />
            </div>
          </form>
        )}
      </LoadView>
    </section>
  );
}
