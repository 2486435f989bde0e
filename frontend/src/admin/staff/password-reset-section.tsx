/**
 * パスワードを再設定 on スタッフ編集 (issue 18 item 7): after a confirmation, the server issues a new
 * temporary password, mails it to the staff member and ends their sessions; the admin never sees it.
 */
import { useState } from 'react';
import { fmt, t } from '../../i18n';
import { api } from '../../lib/api';
import { FormFeedback } from '../../shared/feedback';
import { failureMessage } from '../../shared/submit-failure';

const resetStaffPassword = (id: string) =>
  api.post<{ id: string; message: string }>(`/api/v1/employees/${encodeURIComponent(id)}/password_reset`);

export function PasswordResetSection({ id, name }: { id: string; name: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  async function onReset() {
    if (busy || !window.confirm(fmt(t.passwordReset.staffConfirm, { name: name }))) return;
    setBusy(true);
    setError(null);
    setSuccess(null);
    const res = await resetStaffPassword(id);
    setBusy(false);
    if (!res.ok) setError(failureMessage(res));
    else setSuccess(res.data.message);
  }

  return (
    <section className="card page-section" aria-labelledby="staff-password-reset-title">
      <h2 id="staff-password-reset-title">{t.passwordReset.staffTitle}</h2>
      <p className="form__hint">{t.passwordReset.staffLead}</p>
      <FormFeedback error={error} success={success} />
      <button
        type="button"
        className="button button--ghost"
        onClick={() => void onReset()}
        disabled={busy}
        aria-busy={busy}
      >
        {t.passwordReset.staffButton}
      </button>
    </section>
  );
}
