/**
 * TOTP enrolment, the only page an operator sees until it is done (the API refuses everything
 * else): the secret to type into an authenticator app, the otpauth URI for apps that take one, and
 * the first code to confirm it. No QR code: drawing one would need a new dependency.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../i18n';
import { useSession } from '../../lib/session';
import { FormFeedback } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { Loading } from '../../shared/status-pages';
import { TotpForm } from '../../shared/totp-form';
import { confirmEnrolment, startEnrolment, type TotpEnrolment } from './mfa-api';

/** Groups of four, as people copy a key by hand (apps ignore the spaces). */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export default function MfaEnrolmentPage() {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  // Each start replaces the secret: a second effect run (StrictMode) must not issue another.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void startEnrolment().then((res) => {
      if (res.ok) setEnrolment(res.data);
      else setError(res.message);
    });
  }, []);

  async function copy(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(t.operator.mfa.copied);
    } catch {
      setCopied(null);
    }
  }

  return (
    <section className="op-mfa">
      <PageTitle title={t.operator.mfa.title} />
      <p>{t.operator.mfa.lead}</p>
      {!enrolment && !error && <Loading />}
      {enrolment && (
        <dl className="op-mfa__key">
          <dt>{t.operator.mfa.secret}</dt>
          <dd>
            <code className="op-mfa__secret" translate="no">
              {grouped(enrolment.secret)}
            </code>{' '}
            <button type="button" className="button button--ghost" onClick={() => void copy(enrolment.secret)}>
              {t.operator.mfa.copy}
            </button>
          </dd>
          <dt>{t.operator.mfa.uri}</dt>
          <dd>
            <code className="op-mfa__uri" translate="no">
              {enrolment.otpauth_uri}
            </code>
          </dd>
        </dl>
      )}
      <FormFeedback error={error} success={copied} />
      {enrolment && (
        <TotpForm
          label={t.operator.mfa.code}
          submitLabel={t.operator.mfa.submit}
          onSubmit={async (code) => {
            setError(null);
            setCopied(null);
            const res = await confirmEnrolment(code);
            if (!res.ok) {
              setError(res.message);
              return false;
            }
            await refresh();
            navigate('/management/companies', { replace: true });
            return true;
          }}
        />
      )}
    </section>
  );
}
