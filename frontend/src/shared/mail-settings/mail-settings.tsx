/**
 * お知らせメール (issue 18): the optional mails the signed-in user receives, each a checkbox ("受け取る");
 * unticking one turns it off. Welcome and password mails always go and are not listed. Used on the
 * employee's 設定 screen and the admin's メール通知設定 page (each lists the kinds its role receives).
 */
import { useState, type FormEvent } from 'react';
import type { MailSettingsView } from '../../../../functions/api/mail-settings/mail-settings-schemas';
import type { OptionalMailKind } from '../../../../functions/domain/mail-templates';
import { t } from '../../i18n';
import { api } from '../../lib/api';
import { FormFeedback, LoadView } from '../feedback';
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
