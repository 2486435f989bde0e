/**
 * TOTP enrolment, the only page an operator sees until it is done (the API refuses everything
 * else): a QR code of the otpauth URI beside the secret to type into an authenticator app, the URI
 * itself for apps that take one, and the first code to confirm it. The QR code is drawn here in the
 * browser (the `qrcode` package, loaded only on this page): the secret goes to no other service.
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
import { QR_OPTIONS } from './qr-options';

/** Groups of four, as people copy a key by hand (apps ignore the spaces). */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The otpauth URI as an SVG QR code; nothing (the key and URI remain) if drawing it fails. */
function OtpauthQr({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // A chunk of its own: no other page pays for the encoder.
    import('qrcode')
      .then((mod) => {
        // A CommonJS package: the bundler's namespace may carry the exports under `default`.
        const qrcode = ('default' in mod ? mod.default : mod) as typeof mod;
        return qrcode.toString(uri, { ...QR_OPTIONS, type: 'svg' });
      })
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [uri]);
  if (!src) return null;
  return <img className="op-mfa__qr" src={src} alt={t.operator.mfa.qr} width={192} height={192} />;
}

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
        <div className="op-mfa__enrol">
          <OtpauthQr uri={enrolment.otpauth_uri} />
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
        </div>
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
            // The router's promise settles once the next page has rendered; nothing here waits for it.
            void navigate('/management/companies', { replace: true });
            return true;
          }}
        />
      )}
    </section>
  );
}
