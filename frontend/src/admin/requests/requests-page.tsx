/**
 * 申請管理 (`/management/requests`): leave, holiday-work and overtime requests of the chosen month
 * (`?year&month`, default the company's current month; the years run as far ahead as staff can file),
 * each row opening the approval modal; and 未処理 (`?view=pending`), every unapproved request of every
 * kind and month, a page at a time, so nothing filed for a month nobody looks at is missed.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PendingPageView, PendingRequestView } from '../../../../functions/api/pending-requests/views';
import { REQUEST_YEARS_AHEAD } from '../../../../functions/api/request-years';
import { fmt, t } from '../../i18n';
import { paren } from '../wording';
import { DateSelects, type DateSelection } from '../../shared/date-selects';
import { LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { formatLongDate, yearChoices, zonedParts } from '../../shared/time';
import { leaveLabel } from '../../shared/leave-label';
import { TransferWorkDate } from '../../shared/transfer-work-date';
import { useLoad } from '../../shared/use-load';
import { ListMore, usePagedLoad } from '../../shared/use-paged-load';
import { useTimeZone } from '../../shared/use-time-zone';
import { ApprovalDialog } from './approval-dialog';
import { PlannedTimes, kindLabel } from './request-details';
import { FormFeedback } from '../../shared/feedback';
import { pendingBadgeText, usePendingCount } from './pending-count';
import {
  ADMIN_REQUEST_KINDS,
  listMonthRequests,
  bulkApprove,
  listPendingRequests,
  type AdminRequestRow,
  type RequestKind,
} from './requests-api';
import '../../shared/page.css';
import '../admin.css';

const STATUS_CLASS = ['badge--pending', 'badge--approved', 'badge--rejected'] as const;

function RequestList({ kind, year, month }: { kind: RequestKind; year: number; month: number }) {
  // A page (100) at a time by date; さらに表示 appends the next.
  const { state, reload, setData, hasMore, more, loadMore } = usePagedLoad(
    (cursor) => listMonthRequests(kind, year, month, cursor),
    (r) => r.id,
    `${kind}-${year}-${month}`,
  );
  const [open, setOpen] = useState<AdminRequestRow | null>(null);
  const { refresh } = usePendingCount();
  const title = kindLabel(kind);
  const titleId = `admin-requests-${kind}`;
  return (
    <section className="card page-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="page-section__title page-section__header">
        {title}
      </h2>
      <LoadView state={state} onRetry={() => void reload()}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="page-hint">{t.admin.requests.empty}</p>
          ) : (
            <>
              <div className="table-scroll">
                <table className={`data-table admin-requests admin-requests--${kind}`}>
                  <thead>
                    <tr>
                      <th scope="col">{t.admin.requests.date}</th>
                      <th scope="col">{t.admin.requests.applicant}</th>
                      {kind === 'holiday' && <th scope="col">{t.admin.requests.kind}</th>}
                      <th scope="col">{t.admin.requests.status}</th>
                      <th scope="col">{t.admin.requests.reason}</th>
                      <th scope="col">{t.admin.actions}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.id}>
                        <td className="num">
                          {formatLongDate(row.date)}
                          <PlannedTimes row={row} />
                        </td>
                        <th scope="row">{row.employee_name}</th>
                        {kind === 'holiday' && (
                          <td>
                            {leaveLabel(row)}
                            <TransferWorkDate date={row.work_date} />
                          </td>
                        )}
                        <td>
                          <span className={`badge ${STATUS_CLASS[row.status] ?? ''}`}>
                            {t.requests.statuses[row.status] ?? ''}
                          </span>
                        </td>
                        <td className="text-block">{row.reason}</td>
                        <td>
                          <button
                            type="button"
                            className="button button--ghost button--small"
                            onClick={() => setOpen(row)}
                          >
                            {t.admin.requests.open}
                            <span className="visually-hidden">
                              {paren(`${row.employee_name} ${formatLongDate(row.date)}`)}
                            </span>
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {hasMore && <ListMore more={more} onMore={loadMore} />}
            </>
          )
        }
      </LoadView>
      {open && (
        <ApprovalDialog
          kind={kind}
          row={open}
          onClose={() => setOpen(null)}
          onDecided={(updated) => {
            setData((list) => list.map((r) => (r.id === updated.id ? updated : r)));
            setOpen(null);
            refresh();
          }}
        />
      )}
    </section>
  );
}

const R = t.admin.requests;
const A = t.approvals;
/** At most this many per 一括承認 call (the server's BULK_APPROVE_MAX). */
const BULK_MAX = 50;

/** The pages read so far of the 未処理 list; a decided request leaves it at once. */
function PendingTable({ first }: { first: PendingPageView }) {
  const [rows, setRows] = useState<PendingRequestView[]>(first.requests);
  const [cursor, setCursor] = useState<string | null>(first.cursor);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<PendingRequestView | null>(null);
  const { refresh } = usePendingCount();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [approving, setApproving] = useState(false);
  const [bulkDone, setBulkDone] = useState<string | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const chosen = rows.filter((r) => selected.has(r.id));
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const toggle = (id: string, on: boolean) =>
    setSelected((set) => {
      const next = new Set(set);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** 一括承認: each checked request approved on its own; the ones refused stay, listed with why. */
  async function approveChosen() {
    if (approving || chosen.length === 0 || chosen.length > BULK_MAX) return;
    setApproving(true);
    setError(null);
    setBulkDone(null);
    setFailures([]);
    const res = await bulkApprove(chosen.map((r) => r.id));
    setApproving(false);
    if (!res.ok) {
      setError(res.message);
      return;
    }
    const done = new Set(res.data.approved);
    const byId = new Map(rows.map((r) => [r.id, r]));
    setRows((list) => list.filter((r) => !done.has(r.id)));
    setSelected(new Set(res.data.failed.map((f) => f.id)));
    setBulkDone(done.size ? fmt(A.bulkDone, { n: String(done.size) }) : null);
    setFailures(
      res.data.failed.map((f) => {
        const r = byId.get(f.id);
        return fmt(A.bulkFailedRow, {
          name: r?.employee_name ?? '',
          date: r ? formatLongDate(r.date) : '',
          kind: r ? kindLabel(r.request_kind) : '',
          message: f.message,
        });
      }),
    );
    refresh();
  }

  async function loadMore() {
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    setError(null);
    const res = await listPendingRequests(cursor);
    setLoadingMore(false);
    if (res.ok) {
      // A request decided meanwhile from another page may still be on a later page: keep each id once.
      setRows((list) => [...list, ...res.data.requests.filter((r) => !list.some((x) => x.id === r.id))]);
      setCursor(res.data.cursor);
    } else setError(res.message);
  }

  return (
    <>
      <FormFeedback error={null} success={bulkDone} />
      {failures.length > 0 && (
        <div role="alert" className="bulk-approve__result">
          <p className="form-error">{fmt(A.bulkFailed, { n: String(failures.length) })}</p>
          <ul className="bulk-approve__failures">
            {failures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </div>
      )}
      {rows.length === 0 && !cursor ? (
        <p className="page-hint">{R.pendingEmpty}</p>
      ) : (
        <>
          <div className="bulk-approve">
            <button
              type="button"
              className="button button--primary"
              disabled={approving || chosen.length === 0 || chosen.length > BULK_MAX}
              aria-busy={approving}
              onClick={() => void approveChosen()}
            >
              {A.bulkApprove}
              {chosen.length > 0 && paren(fmt(A.bulkApproveCount, { n: String(chosen.length) }))}
            </button>
            {chosen.length > BULK_MAX && <span className="form-error">{A.bulkMax}</span>}
          </div>
          <div className="table-scroll">
            <table className="data-table admin-requests admin-requests--pending">
              <thead>
                <tr>
                  <th scope="col">
                    <label className="check-cell">
                      <input
                        type="checkbox"
                        aria-label={A.selectAll}
                        checked={allChosen}
                        onChange={(e) => setSelected(new Set(e.target.checked ? rows.map((r) => r.id) : []))}
                      />
                    </label>
                  </th>
                  <th scope="col">{R.date}</th>
                  <th scope="col">{R.applicant}</th>
                  <th scope="col">{R.requestKind}</th>
                  <th scope="col">{R.reason}</th>
                  <th scope="col">{t.admin.actions}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>
                      <label className="check-cell">
                        <input
                          type="checkbox"
                          aria-label={fmt(A.selectRow, {
                            name: row.employee_name,
                            date: formatLongDate(row.date),
                            kind: kindLabel(row.request_kind),
                          })}
                          checked={selected.has(row.id)}
                          onChange={(e) => toggle(row.id, e.target.checked)}
                        />
                      </label>
                    </td>
                    <td className="num">{formatLongDate(row.date)}</td>
                    <th scope="row">{row.employee_name}</th>
                    <td>
                      {kindLabel(row.request_kind)}
                      <PlannedTimes row={row} />
                      {row.request_kind === 'holiday' && (
                        <span className="badge admin-requests__leave-type">{leaveLabel(row)}</span>
                      )}
                      <TransferWorkDate date={row.work_date} />
                    </td>
                    <td className="text-block">{row.reason}</td>
                    <td>
                      <button type="button" className="button button--ghost button--small" onClick={() => setOpen(row)}>
                        {R.open}
                        <span className="visually-hidden">
                          {paren(`${row.employee_name} ${formatLongDate(row.date)} ${kindLabel(row.request_kind)}`)}
                        </span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <div role="alert" className={error ? 'form-error' : 'form-error form-error--empty'}>
        {error}
      </div>
      {cursor && (
        <div className="pending-more">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void loadMore()}
            disabled={loadingMore}
            aria-busy={loadingMore}
          >
            {R.pendingMore}
          </button>
        </div>
      )}
      {open && (
        <ApprovalDialog
          kind={open.request_kind}
          row={open}
          onClose={() => setOpen(null)}
          onDecided={(updated) => {
            setRows((list) => list.filter((r) => r.id !== updated.id));
            toggle(updated.id, false);
            setOpen(null);
            refresh();
          }}
        />
      )}
    </>
  );
}

function PendingList() {
  const { state, reload } = useLoad(() => listPendingRequests(null), 'pending', { alertOnGenericFailure: false });
  return (
    <section className="card page-section" aria-labelledby="admin-requests-pending">
      <h2 id="admin-requests-pending" className="page-section__title page-section__header">
        {R.pendingTitle}
      </h2>
      <p className="page-hint">{R.pendingHint}</p>
      <LoadView state={state} onRetry={() => void reload()}>
        {(first) => <PendingTable first={first} />}
      </LoadView>
    </section>
  );
}

export default function AdminRequestsPage() {
  const timeZone = useTimeZone();
  // Every year staff can file for (the filing form's range), so next year's leave can be looked up.
  const years = yearChoices(timeZone, new Date(), REQUEST_YEARS_AHEAD);
  const now = zonedParts(new Date(), timeZone);
  const [params, setParams] = useSearchParams();
  const { count } = usePendingCount();
  const pending = params.get('view') === 'pending';
  const year = years.includes(Number(params.get('year'))) ? Number(params.get('year')) : now.year;
  const m = Number(params.get('month'));
  const month = Number.isInteger(m) && m >= 1 && m <= 12 ? m : now.month;
  const choice: DateSelection = { year: String(year), month: String(month), day: '' };
  const badge = pendingBadgeText(count);

  return (
    <>
      <PageTitle title={t.pages.requestManagement} />
      <nav className="view-switch" aria-label={R.views}>
        <Link
          to={{ search: '?view=pending' }}
          className="view-switch__link"
          aria-current={pending ? 'page' : undefined}
        >
          {R.viewPending}
          {badge && (
            <>
              <span className="side-nav__badge" aria-hidden="true">
                {badge}
              </span>
              <span className="visually-hidden">{paren(fmt(R.pendingCount, { n: badge }))}</span>
            </>
          )}
        </Link>
        <Link
          to={{ search: `?year=${year}&month=${month}` }}
          className="view-switch__link"
          aria-current={pending ? undefined : 'page'}
        >
          {R.viewMonth}
        </Link>
      </nav>
      {pending ? (
        <PendingList />
      ) : (
        <>
          <section className="card page-section">
            <DateSelects
              id="admin-requests-month"
              legend={R.month}
              years={years}
              value={choice}
              withDay={false}
              onChange={(next) => {
                if (next.year && next.month) setParams({ year: next.year, month: next.month });
              }}
            />
          </section>
          {ADMIN_REQUEST_KINDS.map((kind) => (
            <RequestList key={kind} kind={kind} year={year} month={month} />
          ))}
        </>
      )}
    </>
  );
}
