/** 各種申請 (`/employees/requests`): the leave, overtime and holiday-work lists, each with its new-request link. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fmt, t } from '../../i18n';
import { LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { formatLongDate, inParentheses } from '../../shared/time';
import { leaveLabel } from '../../shared/leave-label';
import { TransferWorkDate } from '../../shared/transfer-work-date';
import { useLoad } from '../../shared/use-load';
import {
  deleteRequest,
  listRequests,
  NEW_REQUEST_PATH,
  REQUEST_KINDS,
  requestTitle,
  UNAPPROVED,
  type RequestKind,
  type RequestRow,
} from './requests-api';
import '../../shared/page.css';
import './requests.css';

const STATUS_CLASS = ['badge--pending', 'badge--approved', 'badge--rejected'] as const;

function RequestItem({
  kind,
  row,
  onDeleted,
}: {
  kind: RequestKind;
  row: RequestRow;
  onDeleted: (id: string) => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const date = formatLongDate(row.date);

  async function onCancel() {
    if (!window.confirm(t.requests.confirmCancel)) return;
    setDeleting(true);
    const res = await deleteRequest(kind, row.id);
    setDeleting(false);
    if (res.ok) onDeleted(row.id);
    else window.alert(res.message);
  }

  return (
    <li className="request-item">
      <span className="request-item__date">{date}</span>
      {kind === 'holiday' && (
        <span className="request-item__kind">
          <span className="visually-hidden">{t.requests.kind}: </span>
          <span className="badge">{leaveLabel(row)}</span>
          <TransferWorkDate date={row.work_date} />
        </span>
      )}
      <span className="request-item__status">
        <span className="visually-hidden">{t.requests.status}: </span>
        <span className={`badge ${STATUS_CLASS[row.status] ?? ''}`}>{t.requests.statuses[row.status] ?? ''}</span>
      </span>
      <span className="request-item__reason text-block">
        {row.reason ? (
          <>
            <span className="visually-hidden">{t.requests.reason}: </span>
            {row.reason}
          </>
        ) : null}
        {row.planned_start && row.planned_end && (
          <span className="request-item__planned">
            {t.approvals.planned}{' '}
            {fmt(t.common.timeRange, {
              from: row.planned_start,
              to: `${row.planned_end_next_day ? t.approvals.plannedNextDay : ''}${row.planned_end}`,
            })}
          </span>
        )}
        {row.decision_reason && (
          <span className="request-item__decision">
            {fmt(t.common.labelled, { label: t.approvals.decisionReasonShown, value: row.decision_reason })}
          </span>
        )}
      </span>
      <span className="request-item__action">
        {row.status === UNAPPROVED && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => void onCancel()}
            disabled={deleting}
          >
            {t.requests.cancel}
            <span className="visually-hidden">{inParentheses(date)}</span>
          </button>
        )}
      </span>
    </li>
  );
}

function RequestSection({ kind }: { kind: RequestKind }) {
  // Three lists load side by side: a failure shows on its section rather than as three alerts.
  const { state, reload, setData } = useLoad(() => listRequests(kind), kind, { alertOnGenericFailure: false });
  const titleId = `requests-${kind}-title`;
  return (
    <section className="card page-section" aria-labelledby={titleId}>
      <div className="page-section__header">
        <h2 id={titleId} className="page-section__title">
          {requestTitle(kind)}
        </h2>
        <Link className="button button--primary button--small" to={NEW_REQUEST_PATH[kind]}>
          {t.requests.newRequest}
          <span className="visually-hidden">{inParentheses(requestTitle(kind))}</span>
        </Link>
      </div>
      <LoadView state={state} onRetry={() => void reload()}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="page-hint">{t.requests.empty}</p>
          ) : (
            <ul className={`request-list request-list--${kind}`}>
              {/* Column names for sighted desktop users; each row names its own parts for screen readers. */}
              <li className="request-item request-list__head" aria-hidden="true">
                <span className="request-item__date">{t.requests.date}</span>
                {kind === 'holiday' && <span className="request-item__kind">{t.requests.kind}</span>}
                <span className="request-item__status">{t.requests.status}</span>
                <span className="request-item__reason">{t.requests.reason}</span>
                <span className="request-item__action" />
              </li>
              {rows.map((row) => (
                <RequestItem
                  key={row.id}
                  kind={kind}
                  row={row}
                  onDeleted={(id) => setData((list) => list.filter((r) => r.id !== id))}
                />
              ))}
            </ul>
          )
        }
      </LoadView>
    </section>
  );
}

export default function RequestsPage() {
  return (
    <>
      <PageTitle title={t.pages.requests} />
      {REQUEST_KINDS.map((kind) => (
        <RequestSection key={kind} kind={kind} />
      ))}
    </>
  );
}
