/**
 * New / edit form of a department or employment status: one name field. Spec §4: a created one
 * goes to /management/staff; an update stays and shows 更新しました。 Errors read 登録内容に不備があります。
 * A name already in use (409) shows the server's reason as the summary and next to the field.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { t } from '../../i18n';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { FieldError, invalidProps } from '../../shared/field-errors';
import { PageTitle } from '../../shared/page-title';
import { NotFound } from '../../shared/status-pages';
import { isGenericFailure, useLoad } from '../../shared/use-load';
import { createOrgUnit, getOrgUnit, ORG, updateOrgUnit, type OrgKind } from './org-api';
import '../../shared/page.css';
import '../admin.css';

function OrgForm({ kind, id, initialName }: { kind: OrgKind; id: string | null; initialName: string }) {
  const config = ORG[kind];
  const navigate = useNavigate();
  const [name, setName] = useState(initialName);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameErrors, setNameErrors] = useState<string[]>([]);
  const [success, setSuccess] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim() || busy) return;
    setBusy(true);
    setError(null);
    setSuccess(null);
    setNameErrors([]);
    const res = id === null ? await createOrgUnit(kind, name) : await updateOrgUnit(kind, id, name);
    setBusy(false);
    if (!res.ok) {
      if (isGenericFailure(res)) window.alert(t.messages.communicationFailed);
      else setError(res.status === 400 ? t.messages.registrationDefect : res.message);
      setNameErrors(res.errors?.name ?? []);
      return;
    }
    if (id === null) {
      // The router's promise settles once the next page has rendered; nothing here waits for it.
      void navigate('/management/staff');
      return;
    }
    setName(res.data.name);
    setSuccess(t.admin.org.updated);
  }

  return (
    <>
      <FormFeedback error={error} success={success} />
      <form className="form admin-form" onSubmit={(e) => void onSubmit(e)}>
        <div className="form__field">
          <label htmlFor={`${kind}-name`}>{config.label}</label>
          <input
            id={`${kind}-name`}
            autoComplete="off"
            maxLength={50}
            placeholder={config.placeholder}
            value={name}
            onChange={(e) => setName(e.target.value)}
            {...invalidProps(`${kind}-name`, nameErrors)}
          />
          <FieldError id={`${kind}-name`} messages={nameErrors} />
        </div>
        <div>
          <button type="submit" className="button button--primary" disabled={!name.trim() || busy} aria-busy={busy}>
            {id === null ? t.admin.org.register : t.admin.org.apply}
          </button>
        </div>
      </form>
    </>
  );
}

export default function OrgFormPage({ kind, mode }: { kind: OrgKind; mode: 'new' | 'edit' }) {
  const config = ORG[kind];
  const { id = '' } = useParams();
  const { state, reload } = useLoad(
    () =>
      mode === 'edit'
        ? getOrgUnit(kind, id)
        : Promise.resolve({ ok: true as const, status: 200, data: null, message: null, errors: null }),
    `${kind}-${mode}-${id}`,
  );
  if (state.status === 'error' && state.httpStatus === 404) return <NotFound />;
  return (
    <>
      <PageTitle title={mode === 'new' ? config.newTitle : config.editTitle} />
      <section className="card page-section">
        <LoadView state={state} onRetry={() => void reload()}>
          {(unit) => (
            <OrgForm key={unit?.id ?? 'new'} kind={kind} id={unit?.id ?? null} initialName={unit?.name ?? ''} />
          )}
        </LoadView>
      </section>
      <p>
        <Link to={config.screenPath}>{t.common.back}</Link>
      </p>
    </>
  );
}
