/**
 * 承認設定 on the 勤務設定 screen: 打刻修正を承認制にする (off by default: corrections apply at once).
 * One company flag, not a dated version (functions/api/pending-requests/approval-settings.ts says why).
 */
import { useState, type FormEvent } from 'react';
import { t } from '../../i18n';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { failureMessage } from '../../shared/submit-failure';
import { useLoad } from '../../shared/use-load';
import { getApprovalSettings, saveApprovalSettings } from './requests-api';

const A = t.approvals;

function Form({ initial }: { initial: boolean }) {
  const [on, setOn] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    setSuccess(null);
    const res = await saveApprovalSettings({ correction_approval: on });
    setSaving(false);
    if (res.ok) setSuccess(A.settingsSaved);
    else setError(failureMessage(res));
  }
  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)}>
      <FormFeedback error={error} success={success} />
      <label className="checkbox" htmlFor="correction-approval">
        <input id="correction-approval" type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        {A.correctionApproval}
      </label>
      <p className="form__hint">{A.correctionApprovalHint}</p>
      <div>
        <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving}>
          {A.settingsSave}
        </button>
      </div>
    </form>
  );
}

export function ApprovalSettingsForm() {
  const { state, reload } = useLoad(getApprovalSettings, 'approval-settings', { alertOnGenericFailure: false });
  return (
    <section className="card page-section" aria-labelledby="approval-settings-title">
      <h2 id="approval-settings-title" className="page-section__title">
        {A.settingsTitle}
      </h2>
      <LoadView state={state} onRetry={() => void reload()}>
        {(data) => <Form initial={data.correction_approval} />}
      </LoadView>
    </section>
  );
}
