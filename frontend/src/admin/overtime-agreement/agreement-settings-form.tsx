/**
 * 36協定設定: the company's 36協定 as versions. The form saves a new version from its 適用開始日
 * (blank = today); the version in force today fills it; the history lists every version, newest first.
 * Each save clears the previous message first, so a repeated result is announced again. A version the
 * migration carried over from the old アラート設定 may hold its alert in hours (`alert_hours`): the form
 * says so, and a save replaces it by the % typed.
 */
import { EffectiveFromField } from '../../shared/effective-from-field';
import { useState, type FormEvent } from 'react';
import { fmt, t } from '../../i18n';
import { jaDate } from '../../shared/paid-leave/paid-leave-api';
import { FormFeedback } from '../../shared/feedback';
import { FieldError, fieldErrorsOf, invalidProps, type FieldErrors } from '../../shared/field-errors';
import { failureMessage } from '../../shared/submit-failure';
import { range } from '../../shared/time';
import {
  saveAgreement,
  type AgreementBody,
  type AgreementSettings,
  type AgreementVersion,
} from './overtime-agreement-api';
import './overtime-agreement.css';

const A = t.admin.workStatus.agreement;
const MONTHS = range(1, 12);

function NumberField({
  id,
  label,
  unit,
  value,
  onChange,
  errors,
}: {
  id: string;
  label: string;
  unit: string;
  value: string;
  onChange: (v: string) => void;
  errors: readonly string[] | undefined;
}) {
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      <span className="agreement-form__unit">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...invalidProps(id, errors)}
        />
        {unit}
      </span>
      <FieldError id={id} messages={errors} />
    </div>
  );
}

/** A whole number from what was typed (full-width digits too); null when it is none. */
const toNumber = (v: string): number | null => {
  const ascii = v.trim().replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  return /^[0-9]+$/.test(ascii) ? Number(ascii) : null;
};

export function AgreementSettingsForm({
  data,
  onSaved,
}: {
  data: AgreementSettings;
  onSaved: (saved: AgreementSettings) => void;
}) {
  const v: Partial<AgreementVersion> = data.in_force ?? {};
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [startMonth, setStartMonth] = useState(String(v.start_month ?? 4));
  const [variant, setVariant] = useState<AgreementBody['variant']>(v.variant ?? 'standard');
  const [monthly, setMonthly] = useState(String(v.monthly_limit_hours ?? 45));
  const [annual, setAnnual] = useState(String(v.annual_limit_hours ?? 360));
  const [clause, setClause] = useState(v.special_clause ?? false);
  const [specialMonthly, setSpecialMonthly] = useState(String(v.special_monthly_limit_hours ?? 80));
  const [specialAnnual, setSpecialAnnual] = useState(String(v.special_annual_limit_hours ?? 720));
  const [specialMonths, setSpecialMonths] = useState(String(v.special_months ?? 6));
  const [alertPercent, setAlertPercent] = useState(String(v.alert_percent ?? 80));
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
    const body = {
      ...(effectiveFrom ? { effective_from: effectiveFrom } : {}),
      start_month: Number(startMonth),
      variant,
      monthly_limit_hours: toNumber(monthly),
      annual_limit_hours: toNumber(annual),
      special_clause: clause,
      ...(clause
        ? {
            special_monthly_limit_hours: toNumber(specialMonthly),
            special_annual_limit_hours: toNumber(specialAnnual),
            special_months: toNumber(specialMonths),
          }
        : {}),
      alert_percent: toNumber(alertPercent),
    } as AgreementBody;
    const res = await saveAgreement(body);
    setBusy(false);
    if (res.ok) {
      setSuccess(t.messages.settingCompleted);
      setEffectiveFrom('');
      onSaved(res.data);
    } else {
      setError(failureMessage(res));
      setFieldErrors(fieldErrorsOf(res));
    }
  }

  return (
    <section className="card page-section" aria-labelledby="agreement-settings-title">
      <h2 id="agreement-settings-title" className="page-section__title">
        {A.formTitle}
      </h2>
      <p className="agreement-in-force" data-testid="agreement-in-force">
        {data.in_force ? fmt(A.inForce, { from: jaDate(data.in_force.effective_from) }) : A.none}
      </p>
      <form className="form agreement-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormFeedback error={error} success={success} />
        <div className="agreement-form__fields">
          <EffectiveFromField
            id="agreement-from"
            label={A.effectiveFrom}
            hint={A.effectiveFromHint}
            value={effectiveFrom}
            onChange={setEffectiveFrom}
            errors={fieldErrors.effective_from}
          />
          <div className="form__field">
            <label htmlFor="agreement-start">{A.startMonth}</label>
            <select
              id="agreement-start"
              value={startMonth}
              onChange={(e) => setStartMonth(e.target.value)}
              {...invalidProps('agreement-start', fieldErrors.start_month)}
            >
              {MONTHS.map((m) => (
                <option key={m} value={String(m)}>
                  {fmt(A.startMonthOption, { m: String(m) })}
                </option>
              ))}
            </select>
            <FieldError id="agreement-start" messages={fieldErrors.start_month} />
          </div>
          <div className="form__field">
            <label htmlFor="agreement-variant">{A.variant}</label>
            <select
              id="agreement-variant"
              value={variant}
              onChange={(e) => setVariant(e.target.value as AgreementBody['variant'])}
              {...invalidProps('agreement-variant', fieldErrors.variant, 'agreement-variant-hint')}
            >
              <option value="standard">{A.variants.standard}</option>
              <option value="one_year_variable">{A.variants.one_year_variable}</option>
            </select>
            <span id="agreement-variant-hint" className="form__hint">
              {A.variantHint}
            </span>
            <FieldError id="agreement-variant" messages={fieldErrors.variant} />
          </div>
          <NumberField
            id="agreement-monthly"
            label={A.monthly}
            unit={A.hoursUnit}
            value={monthly}
            onChange={setMonthly}
            errors={fieldErrors.monthly_limit_hours}
          />
          <NumberField
            id="agreement-annual"
            label={A.annual}
            unit={A.hoursUnit}
            value={annual}
            onChange={setAnnual}
            errors={fieldErrors.annual_limit_hours}
          />
          <div className="agreement-form__clause">
            <span className="check">
              <input
                id="agreement-clause"
                type="checkbox"
                checked={clause}
                onChange={(e) => setClause(e.target.checked)}
                {...invalidProps('agreement-clause', fieldErrors.special_clause)}
              />
              <label htmlFor="agreement-clause">{A.specialClause}</label>
            </span>
            <FieldError id="agreement-clause" messages={fieldErrors.special_clause} />
          </div>
          {clause && (
            <>
              <NumberField
                id="agreement-special-monthly"
                label={A.specialMonthly}
                unit={A.hoursUnit}
                value={specialMonthly}
                onChange={setSpecialMonthly}
                errors={fieldErrors.special_monthly_limit_hours}
              />
              <NumberField
                id="agreement-special-annual"
                label={A.specialAnnual}
                unit={A.hoursUnit}
                value={specialAnnual}
                onChange={setSpecialAnnual}
                errors={fieldErrors.special_annual_limit_hours}
              />
              <NumberField
                id="agreement-special-months"
                label={A.specialMonths}
                unit={A.timesUnit}
                value={specialMonths}
                onChange={setSpecialMonths}
                errors={fieldErrors.special_months}
              />
            </>
          )}
          <NumberField
            id="agreement-alert"
            label={A.alertPercent}
            unit={A.percentUnit}
            value={alertPercent}
            onChange={setAlertPercent}
            errors={fieldErrors.alert_percent}
          />
          {typeof v.alert_hours === 'number' && (
            <p className="form__hint" data-testid="agreement-alert-hours">
              {fmt(A.alertHoursNote, { h: String(v.alert_hours) })}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {A.save}
        </button>
      </form>
    </section>
  );
}

/** 設定の履歴: every version, newest first. */
export function AgreementHistory({ versions }: { versions: AgreementVersion[] }) {
  return (
    <section className="card page-section" aria-labelledby="agreement-history-title">
      <h2 id="agreement-history-title" className="page-section__title">
        {A.history}
      </h2>
      {versions.length === 0 ? (
        <p className="page-hint">{A.historyEmpty}</p>
      ) : (
        <div className="table-scroll agreement-history">
          <table className="data-table" aria-label={A.history}>
            <thead>
              <tr>
                <th scope="col">{A.colFrom}</th>
                <th scope="col">{A.colStart}</th>
                <th scope="col">{A.colLimits}</th>
                <th scope="col">{A.colClause}</th>
                <th scope="col">{A.colAlert}</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((x) => (
                <tr key={x.effective_from}>
                  <td>{jaDate(x.effective_from)}</td>
                  <td>{fmt(A.startMonthOption, { m: String(x.start_month) })}</td>
                  <td className="num">
                    {x.monthly_limit_hours}
                    {A.hoursUnit}
                    {t.admin.slash}
                    {x.annual_limit_hours}
                    {A.hoursUnit}
                  </td>
                  <td>{clauseLabel(x)}</td>
                  <td className="num">
                    {typeof x.alert_hours === 'number'
                      ? `${x.alert_hours}${A.hoursUnit}`
                      : `${x.alert_percent}${A.percentUnit}`}
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

/** なし, the clause's own limits, or the law's when the version leaves them open (carried over from the old alert). */
function clauseLabel(x: AgreementVersion): string {
  if (!x.special_clause) return A.clauseOff;
  if (x.special_monthly_limit_hours === null) return A.clauseStatutory;
  return fmt(A.clauseOn, {
    m: String(x.special_monthly_limit_hours),
    y: String(x.special_annual_limit_hours),
    n: String(x.special_months),
  });
}
