/**
 * 有給休暇管理 (`/management/paid_leave`): every staff member's balance (a page of 100 at a time), pending days, next expiry,
 * next grant and five-day duty status, linking to their register; and the grant run on demand.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fmt, t } from '../../i18n';
import { paren } from '../wording';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { days, daysHours, jaDate, pendingText, type PaidLeaveSummary } from '../../shared/paid-leave/paid-leave-api';
import { failureMessage } from '../../shared/submit-failure';
import { ListMore, usePagedLoad } from '../../shared/use-paged-load';
import { getGrantRun, listPaidLeavePage, runGrants } from './paid-leave-api';
import { RegisterDownload } from './register-download';
import { CommonGrantDateForm } from './common-grant-date-form';
import '../../shared/page.css';
import '../admin.css';
import './paid-leave.css';

const p = t.paidLeave;

function DutyCell({ s }: { s: PaidLeaveSummary }) {
  const w = s.five_day.find((x) => x.status === s.five_day_status);
  if (!w) return <>{t.admin.notCalculated}</>;
  const late = w.status === 'behind' || w.status === 'overdue';
  return (
    <>
      <span
        className={`badge ${late ? 'badge--rejected' : w.status === 'met' ? 'badge--approved' : 'badge--pending'}`}
        title={w.status === 'unconfirmed' ? p.takenBeforeUnstated : undefined}
      >
        {p.fiveDayStatus[w.status]}
      </span>{' '}
      {days(w.taken_days + w.planned_days)}/{days(w.required_days)}
      {paren(`${p.fiveDayDeadline} ${jaDate(w.deadline)}`)}
    </>
  );
}

function Row({ s }: { s: PaidLeaveSummary }) {
  const link = `/management/paid_leave/${encodeURIComponent(s.employee_id)}`;
  return (
    <tr>
      <th scope="row">
        <Link to={link}>{s.name}</Link>
      </th>
      <td>{s.hire_date ? jaDate(s.hire_date) : <span className="badge badge--pending">{p.notManaged}</span>}</td>
      <td className="num">{s.managed ? daysHours(s.remaining) : t.admin.notCalculated}</td>
      <td className="num">{s.managed ? pendingText(s) : t.admin.notCalculated}</td>
      <td>
        {s.next_expiry
          ? fmt(p.nextExpiry, { date: jaDate(s.next_expiry.expires_on), n: String(s.next_expiry.days) })
          : t.admin.notCalculated}
      </td>
      <td>
        {s.next_grant
          ? fmt(p.nextGrantValue, { date: jaDate(s.next_grant.grant_date), n: String(s.next_grant.days) })
          : t.admin.notCalculated}
      </td>
      <td>
        <DutyCell s={s} />
      </td>
    </tr>
  );
}

export default function PaidLeaveListPage() {
  // A page (100) at a time in 五十音 order; さらに表示 appends the next page.
  const { state, reload, hasMore, more, loadMore } = usePagedLoad(
    listPaidLeavePage,
    (s) => s.employee_id,
    'paid-leave',
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  async function onRun() {
    setBusy(true);
    setError(null);
    setSuccess(null);
    const res = await runGrants();
    if (!res.ok) {
      setBusy(false);
      return setError(failureMessage(res));
    }
    // The run goes through the staff in the background: ask for its progress until it ends.
    let job = res.data;
    for (let attempt = 0; job.status === 'pending' || job.status === 'running'; attempt++) {
      setSuccess(fmt(p.running, { n: String(job.done), m: String(job.total ?? '-') }));
      await new Promise((r) => setTimeout(r, Math.min(500 + attempt * 250, 2000)));
      const next = await getGrantRun(job.id);
      if (next.ok) job = next.data;
    }
    setBusy(false);
    if (job.status === 'failed') {
      setSuccess(null);
      setError(fmt(p.runFailed, { n: String(job.granted ?? 0) }));
      // The grants made before the break are stored: the balances show them.
      return void reload();
    }
    setSuccess(fmt(p.runDone, { n: String(job.granted ?? 0) }));
    void reload();
  }

  return (
    <>
      <PageTitle title={t.pages.paidLeave} />
      <section className="card page-section" aria-labelledby="paid-leave-list-title">
        <div className="page-section__header">
          <h2 id="paid-leave-list-title" className="page-section__title">
            {p.list}
          </h2>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => void onRun()}
            disabled={busy}
            aria-busy={busy}
          >
            {p.runGrants}
          </button>
        </div>
        <RegisterDownload />
        <CommonGrantDateForm />
        <FormFeedback error={error} success={success} />
        <LoadView state={state} onRetry={() => void reload()}>
          {(rows) =>
            rows.length === 0 ? (
              <p className="page-hint">{p.empty}</p>
            ) : (
              <>
                <div className="table-scroll">
                  <table className="data-table paid-leave-table">
                    <thead>
                      <tr>
                        <th scope="col">{p.name}</th>
                        <th scope="col">{p.hireDate}</th>
                        <th scope="col">{p.remaining}</th>
                        <th scope="col">{p.pending}</th>
                        <th scope="col">{p.expiresOn}</th>
                        <th scope="col">{p.nextGrant}</th>
                        <th scope="col">{p.fiveDay}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((s) => (
                        <Row key={s.employee_id} s={s} />
                      ))}
                    </tbody>
                  </table>
                </div>
                {hasMore && <ListMore more={more} onMore={loadMore} />}
              </>
            )
          }
        </LoadView>
      </section>
    </>
  );
}
