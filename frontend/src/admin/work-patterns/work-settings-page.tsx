/**
 * 勤務設定 (`/management/work_settings`, issue 16): 遅刻・早退の猶予, 勤務間インターバル, the display
 * rounding of punches, the monthly 30-minute rule and 時間単位年休, each with what the law says in
 * plain Japanese. Saves a version from its 適用開始日 (blank = today); the history lists every
 * version; a save shows the background recompute of the stored months.
 */
import { useState, type FormEvent } from 'react';
import { fmt, t } from '../../i18n';
import { jaDate } from '../../shared/paid-leave/paid-leave-api';
import { EffectiveFromField } from '../../shared/effective-from-field';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { FieldError, fieldErrorsOf, invalidProps, type FieldErrors } from '../../shared/field-errors';
import { PageTitle } from '../../shared/page-title';
import { failureMessage } from '../../shared/submit-failure';
import { useLoad } from '../../shared/use-load';
import { RecomputeProgress } from '../rules/rule-fields';
import { ApprovalSettingsForm } from '../requests/approval-settings-form';
import type { RecomputeJob } from '../rules/rules-api';
import {
  getWorkSettings,
  saveWorkSettings,
  type WorkSettings,
  type WorkSettingsBody,
  type WorkSettingsVersion,
} from './work-patterns-api';
import '../../shared/page.css';
import '../admin.css';
import './work-patterns.css';

const W = t.workPatterns;
const ROUNDING = [0, 5, 10, 15, 30] as const;

const intervalLabel = (minutes: number | null) =>
  minutes === null ? W.off : fmt(W.hoursMinutes, { h: String(Math.floor(minutes / 60)), m: String(minutes % 60) });

function Hint({ id, text }: { id: string; text: string }) {
  return (
    <span id={id} className="form__hint">
      {text}
    </span>
  );
}

function SettingsForm({ data, onSaved }: { data: WorkSettings; onSaved: (job: RecomputeJob | null) => void }) {
  const s = data.settings;
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [grace, setGrace] = useState(String(s.grace_minutes));
  const [intervalOn, setIntervalOn] = useState(s.interval_minutes !== null);
  const [intervalHours, setIntervalHours] = useState(String(Math.floor((s.interval_minutes ?? 660) / 60)));
  const [intervalMinutes, setIntervalMinutes] = useState(String((s.interval_minutes ?? 660) % 60));
  const [rounding, setRounding] = useState(String(s.display_rounding_minutes));
  const [monthly, setMonthly] = useState(s.monthly_rounding_30);
  const [hourly, setHourly] = useState(s.hourly_leave_enabled);
  const [hourlyDays, setHourlyDays] = useState(String(s.hourly_leave_days_per_year));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    setErrors({});
    setBusy(true);
    const toInt = (v: string) => (/^[0-9]+$/.test(v.trim()) ? Number(v.trim()) : v);
    const hours = toInt(intervalHours);
    const minutes = toInt(intervalMinutes);
    const body = {
      ...(effectiveFrom ? { effective_from: effectiveFrom } : {}),
      grace_minutes: toInt(grace),
      interval_minutes: !intervalOn
        ? null
        : typeof hours === 'number' && typeof minutes === 'number'
          ? hours * 60 + minutes
          : `${intervalHours}:${intervalMinutes}`,
      display_rounding_minutes: Number(rounding),
      monthly_rounding_30: monthly,
      hourly_leave_enabled: hourly,
      hourly_leave_days_per_year: Number(hourlyDays),
    } as WorkSettingsBody;
    const res = await saveWorkSettings(body);
    setBusy(false);
    if (!res.ok) {
      setError(failureMessage(res));
      setErrors(fieldErrorsOf(res));
      return;
    }
    setSuccess(W.settingsSaved);
    setEffectiveFrom('');
    onSaved(res.data.recompute);
  }

  return (
    <section className="card page-section" aria-labelledby="settings-form-title">
      <h2 id="settings-form-title" className="page-section__title">
        {W.settingsFormTitle}
      </h2>
      <p className="page-hint" data-testid="settings-in-force">
        {data.in_force ? fmt(W.settingsInForce, { from: jaDate(data.in_force.effective_from!) }) : W.settingsNone}
      </p>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormFeedback error={error} success={success} />
        <EffectiveFromField
          id="settings-from"
          label={W.effectiveFrom}
          hint={W.effectiveFromHint}
          value={effectiveFrom}
          onChange={setEffectiveFrom}
          errors={errors.effective_from}
        />
        <div className="form__field">
          <label htmlFor="settings-grace">{W.grace}</label>
          <input
            id="settings-grace"
            type="number"
            inputMode="numeric"
            min={0}
            max={59}
            value={grace}
            onChange={(e) => setGrace(e.target.value)}
            {...invalidProps('settings-grace', errors.grace_minutes, 'settings-grace-hint')}
          />
          <Hint id="settings-grace-hint" text={W.graceHint} />
          <FieldError id="settings-grace" messages={errors.grace_minutes} />
        </div>
        <div className="form__field">
          <span className="pattern-form__check">
            <input
              id="settings-interval-on"
              type="checkbox"
              checked={intervalOn}
              onChange={(e) => setIntervalOn(e.target.checked)}
              aria-describedby="settings-interval-hint"
            />
            <label htmlFor="settings-interval-on">{W.intervalEnabled}</label>
          </span>
          {intervalOn && (
            <div className="settings-interval">
              <span className="form__field">
                <label htmlFor="settings-interval-hours">{W.intervalHours}</label>
                <input
                  id="settings-interval-hours"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={24}
                  value={intervalHours}
                  onChange={(e) => setIntervalHours(e.target.value)}
                  {...invalidProps('settings-interval-hours', errors.interval_minutes)}
                />
              </span>
              <span className="form__field">
                <label htmlFor="settings-interval-minutes">{W.intervalMinutes}</label>
                <input
                  id="settings-interval-minutes"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={59}
                  value={intervalMinutes}
                  onChange={(e) => setIntervalMinutes(e.target.value)}
                />
              </span>
            </div>
          )}
          <Hint id="settings-interval-hint" text={W.intervalHint} />
          <FieldError id="settings-interval-hours" messages={errors.interval_minutes} />
        </div>
        <div className="form__field">
          <label htmlFor="settings-rounding">{W.rounding}</label>
          <select
            id="settings-rounding"
            value={rounding}
            onChange={(e) => setRounding(e.target.value)}
            {...invalidProps('settings-rounding', errors.display_rounding_minutes, 'settings-rounding-hint')}
          >
            {ROUNDING.map((n) => (
              <option key={n} value={String(n)}>
                {n === 0 ? W.roundingNone : fmt(W.roundingUnit, { n: String(n) })}
              </option>
            ))}
          </select>
          <Hint id="settings-rounding-hint" text={W.roundingHint} />
          <FieldError id="settings-rounding" messages={errors.display_rounding_minutes} />
        </div>
        <div className="form__field">
          <span className="pattern-form__check">
            <input
              id="settings-monthly"
              type="checkbox"
              checked={monthly}
              onChange={(e) => setMonthly(e.target.checked)}
              aria-describedby="settings-monthly-hint"
            />
            <label htmlFor="settings-monthly">{W.monthly30}</label>
          </span>
          <Hint id="settings-monthly-hint" text={W.monthly30Hint} />
        </div>
        <div className="form__field">
          <span className="pattern-form__check">
            <input
              id="settings-hourly"
              type="checkbox"
              checked={hourly}
              onChange={(e) => setHourly(e.target.checked)}
              aria-describedby="settings-hourly-hint"
            />
            <label htmlFor="settings-hourly">{W.hourlyLeave}</label>
          </span>
          <Hint id="settings-hourly-hint" text={W.hourlyLeaveHint} />
        </div>
        {hourly && (
          <div className="form__field">
            <label htmlFor="settings-hourly-days">{W.hourlyDays}</label>
            <select
              id="settings-hourly-days"
              value={hourlyDays}
              onChange={(e) => setHourlyDays(e.target.value)}
              {...invalidProps('settings-hourly-days', errors.hourly_leave_days_per_year, 'settings-hourly-days-hint')}
            >
              {[1, 2, 3, 4, 5].map((n) => (
                <option key={n} value={String(n)}>
                  {fmt(W.daysUnit, { n: String(n) })}
                </option>
              ))}
            </select>
            <Hint id="settings-hourly-days-hint" text={W.hourlyDaysHint} />
            <FieldError id="settings-hourly-days" messages={errors.hourly_leave_days_per_year} />
          </div>
        )}
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {W.saveSettings}
        </button>
      </form>
    </section>
  );
}

function History({ versions }: { versions: WorkSettingsVersion[] }) {
  return (
    <section className="card page-section" aria-labelledby="settings-history-title">
      <h2 id="settings-history-title" className="page-section__title">
        {W.settingsHistory}
      </h2>
      {versions.length === 0 ? (
        <p className="page-hint">{W.historyEmpty}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="settings-history-title">
          <table className="data-table" data-testid="settings-history">
            <thead>
              <tr>
                <th scope="col">{W.colFrom}</th>
                <th scope="col">{W.colGrace}</th>
                <th scope="col">{W.colInterval}</th>
                <th scope="col">{W.colRounding}</th>
                <th scope="col">{W.colMonthly}</th>
                <th scope="col">{W.colHourly}</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.effective_from}>
                  <td>{jaDate(v.effective_from!)}</td>
                  <td>{fmt(W.minutes, { n: String(v.grace_minutes) })}</td>
                  <td>{intervalLabel(v.interval_minutes)}</td>
                  <td>
                    {v.display_rounding_minutes
                      ? fmt(W.roundingUnit, { n: String(v.display_rounding_minutes) })
                      : W.off}
                  </td>
                  <td>{v.monthly_rounding_30 ? W.on : W.off}</td>
                  <td>
                    {v.hourly_leave_enabled ? fmt(W.daysUnit, { n: String(v.hourly_leave_days_per_year) }) : W.off}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function WorkSettingsPage() {
  const { state, reload, setData } = useLoad(getWorkSettings, 'work-settings');
  const [job, setJob] = useState<RecomputeJob | null>(null);
  return (
    <>
      <PageTitle title={W.settingsTitle} />
      <p className="page-hint">{W.settingsIntro}</p>
      <LoadView state={state} onRetry={() => void reload()}>
        {(data) => (
          <>
            <SettingsForm
              data={data}
              onSaved={(recompute) => {
                setJob(recompute);
                // Today's settings fetched again without unmounting the form, so its message stays.
                void getWorkSettings().then((res) => res.ok && setData(() => res.data));
              }}
            />
            <RecomputeProgress job={job} />
            <History versions={data.history} />
          </>
        )}
      </LoadView>
      <ApprovalSettingsForm />
    </>
  );
}
