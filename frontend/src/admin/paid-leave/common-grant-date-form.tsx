/**
 * 斉一的付与: the company's common annual grant date, or statutory dates per employee. Grants already
 * made stay; the next grant run uses the new setting.
 */
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { t } from '../../i18n';
import { FormFeedback } from '../../shared/feedback';
import {
  FieldError,
  fieldErrorId,
  fieldErrorsOf,
  invalidProps,
  messagesFor,
  type FieldErrors,
} from '../../shared/field-errors';
import { failureMessage } from '../../shared/submit-failure';

type FirstGrant = 'six_months' | 'first_common_date' | 'hire_date';
interface Settings {
  common_grant_date: { month_day: string; first_grant: FirstGrant } | null;
}

const G = t.admin.commonGrant;
const FIRST_GRANT: Record<FirstGrant, string> = G.firstGrants;
const pad = (n: number) => String(n).padStart(2, '0');

export function CommonGrantDateForm() {
  const [enabled, setEnabled] = useState(false);
  const [month, setMonth] = useState('4');
  const [day, setDay] = useState('1');
  const [firstGrant, setFirstGrant] = useState<FirstGrant>('first_common_date');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ error?: string | null; success?: string | null }>({});
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const dateErrors = messagesFor(fieldErrors, 'common_grant_date.month_day', 'common_grant_date');
  const firstErrors = fieldErrors['common_grant_date.first_grant'];

  useEffect(() => {
    void api.get<Settings>('/api/v1/paid_leave/settings').then((res) => {
      const c = res.ok ? res.data.common_grant_date : null;
      if (!c) return;
      setEnabled(true);
      setMonth(String(Number(c.month_day.slice(0, 2))));
      setDay(String(Number(c.month_day.slice(3, 5))));
      setFirstGrant(c.first_grant);
    });
  }, []);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setResult({});
    setFieldErrors({});
    setSending(true);
    const body: Settings = {
      common_grant_date: enabled
        ? { month_day: `${pad(Number(month))}-${pad(Number(day))}`, first_grant: firstGrant }
        : null,
    };
    const res = await api.put<Settings>('/api/v1/paid_leave/settings', body);
    setSending(false);
    setFieldErrors(fieldErrorsOf(res));
    setResult(
      res.ok ? { success: t.messages.settingCompleted } : { error: failureMessage(res) ?? t.messages.settingDefect },
    );
  }

  return (
    <section className="card page-section" aria-labelledby="common-grant-title">
      <h2 id="common-grant-title" className="page-section__title">
        {G.title}
      </h2>
      <form onSubmit={(e) => void save(e)} className="form">
        <label className="checkbox" htmlFor="common-grant-enabled">
          <input
            id="common-grant-enabled"
            type="checkbox"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />
          {G.enabled}
        </label>
        <fieldset
          className="date-selects"
          disabled={!enabled}
          aria-describedby={dateErrors.length ? fieldErrorId('common-grant-date') : undefined}
        >
          <legend className="date-selects__legend">{G.baseDate}</legend>
          <div className="date-selects__row">
            <span className="date-selects__part">
              <select id="common-grant-month" value={month} onChange={(e) => setMonth(e.target.value)}>
                {Array.from({ length: 12 }, (_, i) => (
                  <option key={i + 1} value={i + 1}>
                    {i + 1}
                  </option>
                ))}
              </select>
              <label htmlFor="common-grant-month">{G.month}</label>
            </span>
            <span className="date-selects__part">
              <select id="common-grant-day" value={day} onChange={(e) => setDay(e.target.value)}>
                {Array.from({ length: 31 }, (_, i) => (
                  <option key={i + 1} value={i + 1}>
                    {i + 1}
                  </option>
                ))}
              </select>
              <label htmlFor="common-grant-day">{G.day}</label>
            </span>
          </div>
          <FieldError id="common-grant-date" messages={dateErrors} />
        </fieldset>
        <label htmlFor="common-grant-first">{G.first}</label>
        <select
          id="common-grant-first"
          value={firstGrant}
          disabled={!enabled}
          onChange={(e) => setFirstGrant(e.target.value as FirstGrant)}
          {...invalidProps('common-grant-first', firstErrors)}
        >
          {(Object.keys(FIRST_GRANT) as FirstGrant[]).map((k) => (
            <option key={k} value={k}>
              {FIRST_GRANT[k]}
            </option>
          ))}
        </select>
        <FieldError id="common-grant-first" messages={firstErrors} />
        <p className="form__hint">{G.hint}</p>
        <FormFeedback {...result} />
        <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
          {G.submit}
        </button>
      </form>
    </section>
  );
}
