/**
 * The three sign-in pages (spec §2, §4, §5): the button stays disabled while a field is empty or a
 * request is in flight; a failure re-enables it and shows the server's message above the form.
 * A first sign-in with a temporary password continues with a new-password form; an operator who
 * has enrolled TOTP continues with the 6-digit code of the authenticator app. An e-mail whose password
 * opens accounts of several companies (issue 30 item 3) continues with the choice of the company: the
 * server names only the companies the password opened, and the credentials are sent again with it.
 */
import { inParentheses } from '../shared/time';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { t } from '../i18n';
import { api } from '../lib/api';
import { useSession } from '../lib/session';
import { PageTitle } from '../shared/page-title';
import { TotpForm } from '../shared/totp-form';
import { EmailField, NewPasswordFields } from './credential-fields';

export type SignInKind = 'employee' | 'admin' | 'operator';

interface SignInConfig {
  title: string;
  /** API route and the key wrapping the body (`{user: {...}}` etc.). */
  path: string;
  bodyKey: 'user' | 'company' | 'operator';
  /** null: this pool has no first-sign-in challenge route. */
  newPasswordPath: string | null;
  /** Route answering the TOTP challenge; null where the pool has no MFA. */
  totpPath: string | null;
  successPath: string;
  other: { to: string; label: string } | null;
  /** パスワードをお忘れの方 (issue 18 item 7); null where the pool has no self-service reset. */
  resetPath: string | null;
}

/** Read at render time: its titles follow the active language. */
const configs = (): Record<SignInKind, SignInConfig> => ({
  employee: {
    title: t.signIn.employeeTitle,
    path: '/users/sign_in',
    bodyKey: 'user',
    newPasswordPath: '/users/new_password',
    totpPath: null,
    successPath: '/employees',
    other: { to: '/companies/sign_in', label: t.signIn.toAdmin },
    resetPath: '/users/password_reset',
  },
  admin: {
    title: t.signIn.adminTitle,
    path: '/companies/sign_in',
    bodyKey: 'company',
    newPasswordPath: '/companies/new_password',
    totpPath: null,
    successPath: '/management',
    other: { to: '/users/sign_in', label: t.signIn.toEmployee },
    resetPath: '/companies/password_reset',
  },
  operator: {
    title: t.signIn.operatorTitle,
    path: '/operators/sign_in',
    bodyKey: 'operator',
    newPasswordPath: null,
    totpPath: '/operators/mfa',
    successPath: '/management/companies',
    other: null,
    resetPath: null,
  },
});

interface SignInAnswer {
  challenge?: string;
}

const challengeOf = (data: unknown): string | undefined =>
  typeof data === 'object' && data !== null ? (data as SignInAnswer).challenge : undefined;

/** A company the password opens, as the 409 `sign_in.company_required` lists it. */
interface CompanyChoice {
  company_code: string;
  company_name: string;
}

/** The companies of a company-choice answer, or null for any other failure. */
function companiesOf(body: unknown): CompanyChoice[] | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, companies } = body as { code?: unknown; companies?: unknown };
  if (code !== 'sign_in.company_required' || !Array.isArray(companies)) return null;
  const list = companies.filter(
    (c): c is CompanyChoice =>
      typeof c === 'object' &&
      c !== null &&
      typeof (c as CompanyChoice).company_code === 'string' &&
      typeof (c as CompanyChoice).company_name === 'string',
  );
  return list.length ? list : null;
}

function ErrorMessage({ message }: { message: string | null }) {
  // The live region stays mounted so a message that appears is announced.
  return (
    <div role="alert" className={message ? 'form-error' : 'form-error form-error--empty'}>
      {message}
    </div>
  );
}

export function SignInPage({ kind }: { kind: SignInKind }) {
  const config = configs()[kind];
  const navigate = useNavigate();
  const { refresh } = useSession();
  // A notice handed over by the page before (the password was reset), shown above the form.
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const [step, setStep] = useState<'credentials' | 'company' | 'newPassword' | 'totp'>('credentials');
  const [message, setMessage] = useState<string | null>(null);
  const [passwordErrors, setPasswordErrors] = useState<string[]>([]);
  // The credentials and the companies they open, while the person chooses one (memory only).
  const [choice, setChoice] = useState<{ email: string; password: string; companies: CompanyChoice[] } | null>(null);

  /** Sends the credentials (with the chosen company) and moves to the step the answer asks for. */
  async function submitCredentials(email: string, password: string, companyCode?: string): Promise<boolean> {
    setMessage(null);
    const res = await api.post<unknown>(config.path, {
      [config.bodyKey]: { email, password, ...(companyCode ? { company_code: companyCode } : {}) },
    });
    if (!res.ok) {
      const companies = companyCode ? null : companiesOf(res.body);
      if (companies) {
        setChoice({ email, password, companies });
        setStep('company');
        return true;
      }
      setMessage(res.message);
      return false;
    }
    setChoice(null);
    const challenge = challengeOf(res.data);
    if (challenge === 'NEW_PASSWORD_REQUIRED' || challenge === 'SOFTWARE_TOKEN_MFA') {
      const next = challenge === 'NEW_PASSWORD_REQUIRED' ? config.newPasswordPath : config.totpPath;
      if (!next) {
        setMessage(t.messages.signInFailed);
        return false;
      }
      setStep(challenge === 'NEW_PASSWORD_REQUIRED' ? 'newPassword' : 'totp');
      return true;
    }
    await finish();
    return true;
  }

  async function finish() {
    await refresh();
    // The router's promise settles once the next page has rendered; nothing here waits for it.
    void navigate(config.successPath, { replace: true });
  }

  return (
    <div className="sign-in">
      <div className="card sign-in__card">
        {step === 'credentials' ? (
          <>
            <PageTitle title={config.title} />
            {typeof notice === 'string' && (
              <p className="form-notice" role="status">
                {notice}
              </p>
            )}
            <ErrorMessage message={message} />
            <CredentialsForm onSubmit={submitCredentials} />
          </>
        ) : step === 'company' && choice ? (
          <>
            <PageTitle title={t.signIn.companyTitle} />
            <p className="form-notice" role="status">
              {t.signIn.companyLead}
            </p>
            <ErrorMessage message={message} />
            <CompanyChoiceForm
              companies={choice.companies}
              onChoose={(code) => submitCredentials(choice.email, choice.password, code)}
            />
            <p className="sign-in__other">
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  setChoice(null);
                  setMessage(null);
                  setStep('credentials');
                }}
              >
                {t.signIn.companyBack}
              </button>
            </p>
          </>
        ) : step === 'totp' ? (
          <>
            <PageTitle title={t.signIn.totpTitle} />
            <p className="form-notice" role="status">
              {t.signIn.totpLead}
            </p>
            <ErrorMessage message={message} />
            <TotpForm
              label={t.signIn.totpCode}
              submitLabel={t.signIn.totpSubmit}
              onSubmit={async (code) => {
                setMessage(null);
                const res = await api.post<unknown>(config.totpPath ?? '', { [config.bodyKey]: { code } });
                if (!res.ok) {
                  setMessage(res.message);
                  return false;
                }
                await finish();
                return true;
              }}
            />
          </>
        ) : (
          <>
            <PageTitle title={t.signIn.newPasswordTitle} />
            <p className="form-notice" role="status">
              {t.messages.newPasswordRequired}
            </p>
            <ErrorMessage message={message} />
            <NewPasswordForm
              fieldErrors={passwordErrors}
              onSubmit={async (password) => {
                setMessage(null);
                setPasswordErrors([]);
                const res = await api.post<unknown>(config.newPasswordPath ?? '', { [config.bodyKey]: { password } });
                if (!res.ok) {
                  // The server's reason (too common, same as the temporary one) goes next to the field too.
                  const reasons = res.errors?.password ?? [];
                  setPasswordErrors(reasons);
                  setMessage(reasons.length ? null : res.message);
                  return false;
                }
                await finish();
                return true;
              }}
              onMismatch={() => setMessage(t.signIn.passwordMismatch)}
            />
          </>
        )}
        {step === 'credentials' && config.resetPath && (
          <p className="sign-in__other">
            <Link to={config.resetPath}>{t.passwordReset.forgotLink}</Link>
          </p>
        )}
        {step === 'credentials' && config.other && (
          <p className="sign-in__other">
            <Link to={config.other.to}>{config.other.label}</Link>
          </p>
        )}
      </div>
    </div>
  );
}

/** Resolves true when the flow moved on (the form is leaving), false to re-enable it. */
type Submit<Args extends unknown[]> = (...args: Args) => Promise<boolean>;

function CredentialsForm({ onSubmit }: { onSubmit: Submit<[email: string, password: string]> }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending || !email || !password) return;
    setPending(true);
    if (!(await onSubmit(email, password))) setPending(false);
  }

  return (
    <form className="form" onSubmit={(e) => void handleSubmit(e)} aria-busy={pending} noValidate>
      <EmailField id={id} value={email} onChange={setEmail} />
      <div className="form__field">
        <label htmlFor={`${id}-password`}>{t.signIn.password}</label>
        <input
          id={`${id}-password`}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary button--block" disabled={pending || !email || !password}>
        {t.signIn.submit}
      </button>
    </form>
  );
}

/** One button per company the password opens; choosing one signs in there. */
function CompanyChoiceForm({
  companies,
  onChoose,
}: {
  companies: CompanyChoice[];
  onChoose: Submit<[companyCode: string]>;
}) {
  const [pending, setPending] = useState(false);
  // Two companies of one name are told apart by their code (the company id).
  const repeated = new Set(
    companies
      .filter((c, i) => companies.some((d, j) => j < i && d.company_name === c.company_name))
      .map((c) => c.company_name),
  );
  return (
    <ul className="sign-in__companies" aria-label={t.signIn.companyList} aria-busy={pending}>
      {companies.map((c) => (
        <li key={c.company_code}>
          <button
            type="button"
            className="button button--primary button--block"
            disabled={pending}
            onClick={() => {
              setPending(true);
              void onChoose(c.company_code).then((moved) => {
                if (!moved) setPending(false);
              });
            }}
          >
            {repeated.has(c.company_name)
              ? `${c.company_name}${inParentheses(`${t.signIn.companyCode}: ${c.company_code}`)}`
              : c.company_name}
          </button>
        </li>
      ))}
    </ul>
  );
}

function NewPasswordForm({
  onSubmit,
  onMismatch,
  fieldErrors,
}: {
  onSubmit: Submit<[password: string]>;
  onMismatch: () => void;
  fieldErrors: string[];
}) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [pending, setPending] = useState(false);

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending || !password || !confirmation) return;
    if (password !== confirmation) {
      onMismatch();
      return;
    }
    setPending(true);
    if (!(await onSubmit(password))) setPending(false);
  }

  return (
    <form className="form" onSubmit={(e) => void handleSubmit(e)} aria-busy={pending} noValidate>
      <NewPasswordFields
        id={id}
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        errors={fieldErrors}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={pending || !password || !confirmation}
      >
        {t.signIn.newPasswordSubmit}
      </button>
    </form>
  );
}
