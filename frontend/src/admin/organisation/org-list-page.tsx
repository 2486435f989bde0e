/** 部署 / 雇用形態 lists (`/management/departments`, `/management/employment_statuses`). */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fmt, t } from '../../i18n';
import { paren } from '../wording';
import { LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { useLoad } from '../../shared/use-load';
import { deleteOrgUnit, listOrgUnits, ORG, type OrgKind, type OrgUnit } from './org-api';
import '../../shared/page.css';
import '../admin.css';

function OrgRow({ kind, unit, onDeleted }: { kind: OrgKind; unit: OrgUnit; onDeleted: (id: string) => void }) {
  const [busy, setBusy] = useState(false);
  async function onDelete() {
    if (!window.confirm(fmt(t.admin.org.confirmDelete, { name: unit.name }))) return;
    setBusy(true);
    const res = await deleteOrgUnit(kind, unit.id);
    setBusy(false);
    // A refusal (still used by staff) comes with the server's explanation.
    if (res.ok) onDeleted(unit.id);
    else window.alert(res.message);
  }
  return (
    <tr>
      <th scope="row">{unit.name}</th>
      <td>
        <div className="row-actions">
          <Link
            className="button button--ghost button--small"
            to={`${ORG[kind].screenPath}/${encodeURIComponent(unit.id)}/edit`}
          >
            {t.admin.edit}
            <span className="visually-hidden">{paren(unit.name)}</span>
          </Link>
          <button
            type="button"
            className="button button--danger button--small"
            onClick={() => void onDelete()}
            disabled={busy}
          >
            {t.admin.delete}
            <span className="visually-hidden">{paren(unit.name)}</span>
          </button>
        </div>
      </td>
    </tr>
  );
}

export default function OrgListPage({ kind }: { kind: OrgKind }) {
  const config = ORG[kind];
  const { state, reload, setData } = useLoad(() => listOrgUnits(kind), kind, { alertOnGenericFailure: false });
  if (state.status === 'error') console.error(kind, state.httpStatus, state.message);
  return (
    <>
      <PageTitle title={config.listTitle} />
      <section className="card page-section" aria-labelledby={`${kind}-list-title`}>
        <div className="page-section__header">
          <h2 id={`${kind}-list-title`} className="page-section__title">
            {config.listTitle}
          </h2>
          <Link className="button button--primary button--small" to={`${config.screenPath}/new`}>
            {t.admin.newLink}
          </Link>
        </div>
        <LoadView state={state} onRetry={() => void reload()}>
          {(units) =>
            units.length === 0 ? (
              <p className="page-hint">{t.admin.org.empty}</p>
            ) : (
              <table className="data-table org-table">
                <thead>
                  <tr>
                    <th scope="col">{config.label}</th>
                    <th scope="col">{t.admin.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {units.map((u) => (
                    <OrgRow
                      key={u.id}
                      kind={kind}
                      unit={u}
                      onDeleted={(id) => setData((list) => list.filter((x) => x.id !== id))}
                    />
                  ))}
                </tbody>
              </table>
            )
          }
        </LoadView>
      </section>
    </>
  );
}
