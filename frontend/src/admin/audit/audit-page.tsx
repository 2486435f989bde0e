/**
 * 監査ログ (`/management/audit`): the company's append-only audit trail, newest first, 50 at a time
 * with もっと見る for the next page. Each entry opens (native <details>, so it works with the keyboard
 * and screen readers) onto the fields that changed, before and after.
 */
import { useState } from 'react';
import { labelOf, t } from '../../i18n';
import { paren } from '../wording';
import { LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { formatDateTime } from '../../shared/time';
import { useLoad } from '../../shared/use-load';
import { useTimeZone } from '../../shared/use-time-zone';
import { listAuditEvents, type AuditEvent, type AuditPage } from './audit-api';
import '../../shared/page.css';
import '../admin.css';
import './audit.css';

const A = t.audit;

const actionLabel = (action: string): string => labelOf(A.actions, action) ?? action;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as one short line: text as it is, anything structured as JSON. */
function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return A.none;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

interface ChangeRow {
  field: string;
  before: string;
  after: string;
}

/**
 * The fields that differ between before and after. A creation (no before) or a deletion (no after)
 * lists every field of the side that exists; values that are not objects compare as a whole.
 */
function diffRows(before: unknown, after: unknown): ChangeRow[] {
  if (!isRecord(before) && !isRecord(after)) {
    return before === after || (before == null && after == null)
      ? []
      : [{ field: A.columns.changes, before: showValue(before), after: showValue(after) }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((f) => showValue(b[f]) !== showValue(a[f]))
    .map((f) => ({ field: f, before: showValue(b[f]), after: showValue(a[f]) }));
}

function Changes({ event }: { event: AuditEvent }) {
  if (event.before == null && event.after == null) return <span className="page-hint">{A.noChanges}</span>;
  const rows = diffRows(event.before, event.after);
  return (
    <details className="audit-changes">
      <summary>
        {A.showChanges}
        <span className="visually-hidden">{paren(actionLabel(event.action))}</span>
      </summary>
      {rows.length === 0 ? (
        <p className="page-hint">{A.unchanged}</p>
      ) : (
        <table className="audit-diff">
          <thead>
            <tr>
              <th scope="col">{A.field}</th>
              <th scope="col">{A.before}</th>
              <th scope="col">{A.after}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.field}>
                <th scope="row">{r.field}</th>
                <td>{r.before}</td>
                <td>{r.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

function EventRow({ event, timeZone }: { event: AuditEvent; timeZone: string }) {
  return (
    <tr>
      <td className="audit-at">
        <time dateTime={event.at}>{formatDateTime(event.at, timeZone)}</time>
      </td>
      <td>
        {event.actor_name || A.none}
        <span className="audit-role">{labelOf(A.roles, event.actor_role) ?? event.actor_role}</span>
      </td>
      <th scope="row">{actionLabel(event.action)}</th>
      <td className="audit-target">{event.target_id ?? A.none}</td>
      <td>
        <Changes event={event} />
      </td>
    </tr>
  );
}

function AuditTable({ first, timeZone }: { first: AuditPage; timeZone: string }) {
  const [pages, setPages] = useState<AuditPage[]>([first]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const events = pages.flatMap((p) => p.events);
  const cursor = pages.at(-1)?.cursor ?? null;

  async function loadMore() {
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    setError(null);
    const res = await listAuditEvents(cursor);
    setLoadingMore(false);
    if (res.ok) setPages((p) => [...p, res.data]);
    else setError(res.message);
  }

  if (events.length === 0) return <p className="page-hint">{A.empty}</p>;
  return (
    <>
      <div className="table-scroll">
        <table className="data-table audit-table">
          <thead>
            <tr>
              <th scope="col">{A.columns.at}</th>
              <th scope="col">{A.columns.actor}</th>
              <th scope="col">{A.columns.action}</th>
              <th scope="col">{A.columns.target}</th>
              <th scope="col">{A.columns.changes}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <EventRow key={e.id} event={e} timeZone={timeZone} />
            ))}
          </tbody>
        </table>
      </div>
      <div role="alert" className={error ? 'form-error' : 'form-error form-error--empty'}>
        {error}
      </div>
      <div className="audit-more" aria-live="polite">
        {cursor ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void loadMore()}
            disabled={loadingMore}
            aria-busy={loadingMore}
          >
            {loadingMore ? A.loadingMore : A.loadMore}
          </button>
        ) : (
          pages.length > 1 && <p className="page-hint">{A.end}</p>
        )}
      </div>
    </>
  );
}

export default function AuditPage() {
  const timeZone = useTimeZone();
  const { state, reload } = useLoad(() => listAuditEvents(null), 'audit', { alertOnGenericFailure: false });
  return (
    <>
      <PageTitle title={t.pages.audit} />
      <section className="card page-section" aria-labelledby="audit-list-title">
        <h2 id="audit-list-title" className="page-section__title">
          {t.pages.audit}
        </h2>
        <p className="page-hint">{A.lead}</p>
        <LoadView state={state} onRetry={() => void reload()}>
          {(first) => <AuditTable first={first} timeZone={timeZone} />}
        </LoadView>
      </section>
    </>
  );
}
