/**
 * アラート設定: the company's monthly overtime alert limit (whole hours, 1–100) and whether its 36協定
 * has a special clause. Each save clears the previous message first, so a repeated result is announced again.
 */
import { useState, type FormEvent } from 'react';
import { t } from '../../i18n';
import { FormFeedback } from '../../shared/feedback';
import { FieldError, fieldErrorsOf, invalidProps, type FieldErrors } from '../../shared/field-errors';
import { failureMessage } from '../../shared/submit-failure';
import { range } from '../../shared/time';
import { saveAlertSettings, type AlertSettings } from './work-status-api';
import './work-status.css';

const WS = t.admin.workStatus;
const HOURS = range(1, 100);

export function AlertSettingsForm({
  initial,
  onSaved,
}: {
  initial: AlertSettings;
  onSaved: (saved: AlertSettings) => void;
}) {
  const [hours, setHours] = useState(String(initial.alert_hours));
  const [specialClause, setSpecialClause] = useState(initial.special_clause);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [success, setSuccess] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setFieldErrors({});
    setSuccess(null);
    setBusy(true);
    const body = { alert_hours: Number(hours), special_clause: specialClause };
    const res = await saveAlertSettings(body);
    setBusy(false);
    if (res.ok) {
      setSuccess(t.messages.settingCompleted);
      onSaved({ alert_hours: res.data.alert_limit_minutes / 60, special_clause: res.data.special_clause });
    } else {
      setError(failureMessage(res));
      setFieldErrors(fieldErrorsOf(res));
    }
  }

  return (
    <section className="card page-section" aria-labelledby="alert-settings-title">
      <h2 id="alert-settings-title" className="page-section__title">
        {WS.settings}
      </h2>
      <form className="form alert-settings" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormFeedback error={error} success={success} />
        <div className="alert-settings__fields">
          <div className="form__field">
            <label htmlFor="alert-hours">{WS.alertHours}</label>
            <span className="alert-settings__hours">
              <select
                id="alert-hours"
                value={hours}
                onChange={(e) => setHours(e.target.value)}
                {...invalidProps('alert-hours', fieldErrors.alert_hours)}
              >
                {HOURS.map((h) => (
                  <option key={h} value={String(h)}>
                    {h}
                  </option>
                ))}
              </select>
              {WS.hoursUnit}
            </span>
            <FieldError id="alert-hours" messages={fieldErrors.alert_hours} />
          </div>
          <div className="alert-settings__clause">
            <span className="alert-settings__check">
              <input
                id="special-clause"
                type="checkbox"
                checked={specialClause}
                onChange={(e) => setSpecialClause(e.target.checked)}
                {...invalidProps('special-clause', fieldErrors.special_clause, 'special-clause-hint')}
              />
              <label htmlFor="special-clause">{WS.specialClause}</label>
            </span>
            <span id="special-clause-hint" className="form__hint">
              {WS.specialClauseHint}
            </span>
            <FieldError id="special-clause" messages={fieldErrors.special_clause} />
          </div>
        </div>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {WS.save}
        </button>
      </form>
    </section>
  );
}
