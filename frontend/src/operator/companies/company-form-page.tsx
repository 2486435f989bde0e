/**
 * 管理者アカウント新規登録 / 編集 (`/management/companies/new`, `…/{id}/edit`). Spec §5: on sign-up the
 * button is disabled while business name, representative, e-mail, password or plan is empty (phone
 * optional); on edit while business name, representative, phone or e-mail is empty (password optional).
 */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { t } from '../../i18n';
import type { FieldErrors } from '../../lib/api';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { NotFound } from '../../shared/status-pages';
import { failureMessage } from '../../shared/submit-failure';
import { useLoad } from '../../shared/use-load';
import {
  PLAN_MONTHS,
  createCompany,
  getCompany,
  updateCompany,
  type Company,
  type CompanyInput,
} from './companies-api';
import '../../shared/page.css';
import '../operator.css';

const O = t.operator.companies;
const EMPTY: CompanyInput = { name: '', staff_name: '', cell: '', email: '', password: '', plan: 1, has_option: true };

const fromCompany = (c: Company): CompanyInput => ({
  name: c.name,
  staff_name: c.staff_name,
  cell: c.cell,
  email: c.email,
  password: '',
  plan: c.plan,
  has_option: c.has_option,
});

function CompanyForm({ mode, id, initial }: { mode: 'new' | 'edit'; id?: string; initial: CompanyInput }) {
  const [values, setValues] = useState(initial);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const filled = (s: string) => s.trim() !== '';
  const complete =
    mode === 'new'
      ? filled(values.name) &&
        filled(values.staff_name) &&
        filled(values.email) &&
        filled(values.password) &&
        Boolean(values.plan)
      : filled(values.name) && filled(values.staff_name) && filled(values.cell) && filled(values.email);

  const set = <K extends keyof CompanyInput>(key: K, value: CompanyInput[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!complete || sending) return;
    setSending(true);
    setError(null);
    setSuccess(null);
    setFieldErrors({});
    const res = mode === 'new' ? await createCompany(values) : await updateCompany(id ?? '', values);
    setSending(false);
    if (res.ok) {
      if (mode === 'new') setValues(EMPTY);
      else setValues({ ...fromCompany(res.data), password: '' });
      setSuccess(mode === 'new' ? O.created : O.updated);
    } else {
      setError(failureMessage(res));
      setFieldErrors(res.errors ?? {});
    }
  }

  const fieldError = (key: string) =>
    fieldErrors[key]?.length ? (
      <p id={`company-${key}-error`} className="op-field-error">
        {fieldErrors[key]!.join(' ')}
      </p>
    ) : null;
  const describedBy = (key: string, hint?: boolean) =>
    [hint ? `company-${key}-hint` : '', fieldErrors[key]?.length ? `company-${key}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;

  const text = (
    key: 'name' | 'staff_name' | 'cell' | 'email' | 'password',
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement>,
    hint?: string,
  ) => (
    <div className="form__field">
      <label htmlFor={`company-${key}`}>{label}</label>
      <input
        id={`company-${key}`}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={fieldErrors[key]?.length ? true : undefined}
        aria-describedby={describedBy(key, Boolean(hint))}
        {...props}
      />
      {hint && (
        <span id={`company-${key}-hint`} className="form__hint">
          {hint}
        </span>
      )}
      {fieldError(key)}
    </div>
  );

  return (
    <form className="form op-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormFeedback error={error} success={success} />
      {text('name', O.name, { type: 'text', maxLength: 100, autoComplete: 'organization' })}
      {text('staff_name', O.staffName, { type: 'text', maxLength: 100, autoComplete: 'off' })}
      {text(
        'cell',
        O.cell,
        { type: 'tel', inputMode: 'tel', maxLength: 20, autoComplete: 'off' },
        mode === 'new' ? O.cellOptional : undefined,
      )}
      {text('email', O.email, { type: 'email', inputMode: 'email', maxLength: 254, autoComplete: 'off' })}
      {text(
        'password',
        O.password,
        { type: 'password', maxLength: 256, autoComplete: 'new-password' },
        mode === 'new' ? O.passwordHint : O.passwordEditHint,
      )}
      <div className="form__field">
        <label htmlFor="company-plan">{O.plan}</label>
        <select id="company-plan" value={String(values.plan)} onChange={(e) => set('plan', Number(e.target.value))}>
          {PLAN_MONTHS.map((m) => (
            <option key={m} value={m}>
              {O.planNames[m]}
            </option>
          ))}
        </select>
      </div>
      <div className="op-check">
        <input
          id="company-has-option"
          type="checkbox"
          checked={values.has_option}
          onChange={(e) => set('has_option', e.target.checked)}
        />
        <label htmlFor="company-has-option">{O.hasOption}</label>
      </div>
      <div className="op-form__actions">
        <button type="submit" className="button button--primary" disabled={!complete || sending} aria-busy={sending}>
          {mode === 'new' ? t.operator.register : t.operator.update}
        </button>
        <Link to="/management/companies">{t.operator.backToList}</Link>
      </div>
    </form>
  );
}

export function NewCompanyPage() {
  return (
    <>
      <PageTitle title={t.pages.companyNew} />
      <CompanyForm mode="new" initial={EMPTY} />
    </>
  );
}

export function EditCompanyPage() {
  const { id = '' } = useParams();
  const { state, reload } = useLoad(() => getCompany(id), id);
  if (state.status === 'error' && state.httpStatus === 404) return <NotFound />;
  return (
    <>
      <PageTitle title={t.pages.companyEdit} />
      <LoadView state={state} onRetry={() => void reload()}>
        {(company) => <CompanyForm key={company.id} mode="edit" id={company.id} initial={fromCompany(company)} />}
      </LoadView>
    </>
  );
}
