/** 設定 (`/employees/settings`): own profile, read-only except the phone number. */
import { useState, type FormEvent } from 'react';
import { t } from '../../i18n';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { FieldError, fieldErrorsOf, invalidProps } from '../../shared/field-errors';
import { PageTitle } from '../../shared/page-title';
import { failureMessage } from '../../shared/submit-failure';
import { useLoad } from '../../shared/use-load';
import { getProfile, updateCell, type Profile } from './settings-api';
import { EMPLOYEE_MAIL_KINDS, LanguageSection, MailSettingsSection } from '../../shared/mail-settings/mail-settings';
import '../../shared/page.css';
import './settings.css';

function CellForm({ saved, onSaved }: { saved: string; onSaved: (cell: string) => void }) {
  const [cell, setCell] = useState(saved);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cellErrors, setCellErrors] = useState<string[]>([]);
  const [success, setSuccess] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!cell.trim() || sending) return;
    setSending(true);
    setError(null);
    setCellErrors([]);
    setSuccess(null);
    const res = await updateCell(cell.trim());
    setSending(false);
    if (res.ok) {
      const next = res.data?.cell ?? cell.trim();
      setCell(next);
      onSaved(next);
      setSuccess(t.messages.changed);
    } else {
      // Spec §8: the field goes back to the number on file.
      setCell(saved);
      setError(failureMessage(res) ?? null);
      setCellErrors(fieldErrorsOf(res).cell ?? []);
    }
  }

  return (
    <form className="form settings-form" onSubmit={(e) => void onSubmit(e)}>
      <FormFeedback error={error} success={success} />
      <div className="form__field">
        <label htmlFor="settings-cell">{t.settings.cell}</label>
        <input
          id="settings-cell"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={cell}
          onChange={(e) => setCell(e.target.value)}
          maxLength={20}
          {...invalidProps('settings-cell', cellErrors, 'settings-cell-hint')}
        />
        <span id="settings-cell-hint" className="form__hint">
          {t.settings.cellHint}
        </span>
        <FieldError id="settings-cell" messages={cellErrors} />
      </div>
      <div>
        <button type="submit" className="button button--primary" disabled={!cell.trim() || sending} aria-busy={sending}>
          {t.settings.submit}
        </button>
      </div>
    </form>
  );
}

function ProfileView({ profile, onSaved }: { profile: Profile; onSaved: (cell: string) => void }) {
  const rows: [string, string][] = [
    [t.settings.name, profile.name || `${profile.last_name} ${profile.first_name}`],
    [t.settings.department, profile.department_name ?? ''],
    [t.settings.employmentStatus, profile.employment_status_name ?? ''],
    [t.settings.email, profile.email],
  ];
  return (
    <>
      <dl className="profile-list">
        {rows.map(([label, value]) => (
          <div key={label} className="profile-list__row">
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      <CellForm saved={profile.cell ?? ''} onSaved={onSaved} />
    </>
  );
}

export default function SettingsPage() {
  const { state, reload, setData } = useLoad(getProfile, 'profile');
  return (
    <>
      <PageTitle title={t.pages.settings} />
      <section className="card page-section settings">
        <LoadView state={state} onRetry={() => void reload()}>
          {(profile) => <ProfileView profile={profile} onSaved={(cell) => setData((p) => ({ ...p, cell }))} />}
        </LoadView>
      </section>
      <div className="settings">
        <LanguageSection />
        <MailSettingsSection kinds={EMPLOYEE_MAIL_KINDS} />
      </div>
    </>
  );
}
