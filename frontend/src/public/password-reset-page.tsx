/**
 * パスワードをお忘れの方 (issue 18 item 7), one page per sign-in page: the e-mail first (the answer is
 * the same whether or not the account exists), then the mailed 6-digit code and a new password. On
 * success it returns to the sign-in page, which shows the server's notice. The mail's link opens
 * this page at the code step for its address (`?email=`), for a reader whose first tab is gone.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fmt, t } from '../i18n';
import { api } from '../lib/api';
import { FormFeedback } from '../shared/feedback';
import { PageTitle } from '../shared/page-title';
import { EmailField, NewPasswordFields } from './credential-fields';

export type ResetAudience = 'employee' | 'admin';

const SIGN_IN_PATH: Record<ResetAudience, string> = { employee: '/users/sign_in', admin: '/companies/sign_in' };

/** What the sign-in page reads from the router's state to show a notice above its form. */
interface SignInNotice {
  notice: string;
}

interface Answer {
  message: string;
}

export function PasswordResetPage({ audience }: { audience: ResetAudience }) {
  const id = useId();
  const navigate = useNavigate();
  // From the mail's link: the address the code was sent to.
  const [params] = useSearchParams();
  const mailed = params.get('email')?.trim() ?? '';
  const [step, setStep] = useState<'email' | 'code'>(mailed ? 'code' : 'email');
  const [email, setEmail] = useState(mailed);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(mailed ? fmt(t.passwordReset.fromMail, { email: mailed }) : null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const codeComplete = /^\d{6}$/.test(code.replace(/\s/g, ''));

  async function sendCode(e: FormEvent) {
    e.preventDefault();
    if (pending || !email.trim()) return;
    setPending(true);
    setError(null);
    setFieldErrors({});
    const res = await api.post<Answer>('/api/v1/password_resets', { audience, email });
    setPending(false);
    if (!res.ok) {
      setError(res.errors?.email?.join(' ') ?? res.message);
      return;
    }
    setNotice(res.data.message);
    setCode('');
    setStep('code');
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (pending || !codeComplete || !password || !confirmation) return;
    if (password !== confirmation) {
      setError(t.passwordReset.mismatch);
      return;
    }
    setPending(true);
    setError(null);
    setFieldErrors({});
    const res = await api.post<Answer>('/api/v1/password_resets/confirm', { audience, email, code, password });
    if (!res.ok) {
      setPending(false);
      const errors = res.errors ?? {};
      setFieldErrors(errors);
      setError(errors.code || errors.password ? null : res.message);
      return;
    }
    const state: SignInNotice = { notice: res.data.message };
    void navigate(SIGN_IN_PATH[audience], { replace: true, state });
  }

  const described = (name: string, hint?: string) => {
    const errors = fieldErrors[name];
    const ids = [hint, errors?.length ? `${id}-${name}-error` : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': errors?.length ? true : undefined, 'aria-describedby': ids || undefined };
  };
  const errorOf = (name: string) =>
    fieldErrors[name]?.length ? (
      <span id={`${id}-${name}-error`} className="form__field-error" role="alert">
        {fieldErrors[name]!.join(' ')}
      </span>
    ) : null;

  return (
    <div className="sign-in">
      <div className="card sign-in__card">
        <PageTitle title={audience === 'employee' ? t.passwordReset.employeeTitle : t.passwordReset.adminTitle} />
        {step === 'email' ? (
          <>
            <p className="form__hint">{t.passwordReset.lead}</p>
            <FormFeedback error={error} />
            <form className="form" onSubmit={(e) => void sendCode(e)} aria-busy={pending} noValidate>
              <EmailField id={id} value={email} onChange={setEmail} />
              <button
                type="submit"
                className="button button--primary button--block"
                disabled={pending || !email.trim()}
              >
                {t.passwordReset.send}
              </button>
            </form>
          </>
        ) : (
          <>
            <FormFeedback error={error} success={notice} />
            <form className="form" onSubmit={(e) => void confirm(e)} aria-busy={pending} noValidate>
              <div className="form__field">
                <label htmlFor={`${id}-code`}>{t.passwordReset.code}</label>
                <input
                  id={`${id}-code`}
                  type="text"
                  name="one-time-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={16}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  {...described('code', `${id}-code-hint`)}
                />
                <p id={`${id}-code-hint`} className="form__hint">
                  {t.passwordReset.codeHint}
                </p>
                {errorOf('code')}
              </div>
              <NewPasswordFields
                id={id}
                password={password}
                confirmation={confirmation}
                onPassword={setPassword}
                onConfirmation={setConfirmation}
                errors={fieldErrors.password ?? []}
              />
              <button
                type="submit"
                className="button button--primary button--block"
                disabled={pending || !codeComplete || !password || !confirmation}
              >
                {t.passwordReset.submit}
              </button>
            </form>
            <p className="sign-in__other">
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  setStep('email');
                  setError(null);
                  setNotice(null);
                  setFieldErrors({});
                }}
              >
                {t.passwordReset.resend}
              </button>
            </p>
          </>
        )}
        <p className="sign-in__other">
          <Link to={SIGN_IN_PATH[audience]}>{t.passwordReset.backToSignIn}</Link>
        </p>
      </div>
    </div>
  );
}
