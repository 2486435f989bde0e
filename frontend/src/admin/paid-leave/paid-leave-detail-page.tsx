/**
 * 年次有給休暇管理簿 (`/management/paid_leave/{id}`): one staff member's base dates, days granted,
 * dates and days taken and balance (施行規則 24条の7), the grants with their use, and the manual
 * grant / adjustment form (the reason is kept with the grant).
 */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { fmt, t } from '../../i18n';
import { fromTo, paren } from '../wording';
import { TEXT_LIMITS } from '../../../../functions/domain/text-limits';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { FieldError, LimitedTextarea, fieldErrorsOf, invalidProps, messagesFor } from '../../shared/field-errors';
import { PageTitle } from '../../shared/page-title';
import { days, daysHours, jaDate, pendingText } from '../../shared/paid-leave/paid-leave-api';
import { NotFound } from '../../shared/status-pages';
import { failureMessage } from '../../shared/submit-failure';
import { useLoad } from '../../shared/use-load';
import { createGrant, deleteGrant, getPaidLeave, type GrantRow, type PaidLeaveDetail } from './paid-leave-api';
import { RegisterDownload } from './register-download';
import '../../shared/page.css';
import '../admin.css';
import './paid-leave.css';

const p = t.paidLeave;
const dash = t.admin.notCalculated;

function Summary({ d }: { d: PaidLeaveDetail }) {
  const pattern = d.working_pattern;
  const patternText = !pattern
    ? p.patternFullTime
    : fmt(pattern.basis === 'week' ? p.patternWeek : p.patternYear, {
        d: String(pattern.basis === 'week' ? pattern.days_per_week : pattern.days_per_year),
        h: String(pattern.weekly_hours),
      });
  return (
    <section className="card page-section" aria-label={p.title}>
      {!d.hire_date && <p className="form-warning">{p.notManagedHint}</p>}
      <dl className="paid-leave-summary">
        <div>
          <dt>{p.hireDate}</dt>
          <dd>{d.hire_date ? jaDate(d.hire_date) : p.notManaged}</dd>
        </div>
        <div>
          <dt>{p.workingPattern}</dt>
          <dd>{patternText}</dd>
        </div>
        <div>
          <dt>{p.remaining}</dt>
          <dd className="paid-leave-summary__remaining">{daysHours(d.remaining)}</dd>
        </div>
        <div>
          <dt>{p.pending}</dt>
          <dd>{pendingText(d)}</dd>
        </div>
        <div>
          <dt>{p.expiresOn}</dt>
          <dd>
            {d.next_expiry
              ? fmt(p.nextExpiry, { date: jaDate(d.next_expiry.expires_on), n: String(d.next_expiry.days) })
              : dash}
          </dd>
        </div>
        <div>
          <dt>{p.nextGrant}</dt>
          <dd>
            {d.next_grant
              ? fmt(p.nextGrantValue, { date: jaDate(d.next_grant.grant_date), n: String(d.next_grant.days) })
              : dash}
          </dd>
        </div>
        {d.records_from && (
          <div>
            <dt>{p.recordsFrom}</dt>
            <dd>{jaDate(d.records_from)}</dd>
          </div>
        )}
        {d.five_day.map((w) => (
          <div key={w.from}>
            <dt>
              {p.fiveDay}
              {paren(`${p.baseDate} ${w.base_dates.map(jaDate).join(t.admin.listSeparator)}`)}
            </dt>
            <dd data-testid="five-day-window">
              <span
                className={`badge ${
                  w.status === 'behind' || w.status === 'overdue'
                    ? 'badge--rejected'
                    : w.status === 'unconfirmed'
                      ? 'badge--pending'
                      : 'badge--approved'
                }`}
              >
                {p.fiveDayStatus[w.status]}
              </span>{' '}
              {fmt(p.fiveDayProgress, {
                taken: String(w.taken_days + w.planned_days),
                required: String(w.required_days),
                deadline: jaDate(w.deadline),
              })}
              {w.before_records && (
                <span className="form__hint">
                  {w.taken_before_records === null
                    ? p.takenBeforeUnstated
                    : fmt(p.takenBeforeRecords, { n: String(w.taken_before_records) })}
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {d.five_day.some((w) => w.before_records) && <p className="page-hint">{p.recordsFromHint}</p>}
    </section>
  );
}

function Register({ d }: { d: PaidLeaveDetail }) {
  return (
    <section className="card page-section" aria-labelledby="register-title">
      <div className="page-section__header">
        <h2 id="register-title" className="page-section__title">
          {p.register}
        </h2>
        <RegisterDownload employeeId={d.employee_id} />
      </div>
      {d.register.length === 0 ? (
        <p className="page-hint">{p.registerEmpty}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table register-table">
            <thead>
              <tr>
                <th scope="col">{p.baseDate}</th>
                <th scope="col">{p.daysGranted}</th>
                <th scope="col">{p.expiresOn}</th>
                <th scope="col">{p.period}</th>
                <th scope="col">{p.takenDates}</th>
                <th scope="col">{p.daysTaken}</th>
                <th scope="col">{p.balance}</th>
              </tr>
            </thead>
            <tbody>
              {d.register.map((r) => (
                <tr key={r.period_from}>
                  <th scope="row">{r.base_date ? jaDate(r.base_date) : p.beforeFirst}</th>
                  <td className="num">
                    {days(r.days_granted)}
                    {r.extra_days_granted > 0 && paren(`${p.extraGranted} ${days(r.extra_days_granted)}`)}
                  </td>
                  <td>{r.expires_on ? jaDate(r.expires_on) : dash}</td>
                  <td>{fromTo(jaDate(r.period_from), r.period_to ? jaDate(r.period_to) : '')}</td>
                  <td>
                    {r.taken.length
                      ? r.taken
                          .map((x) =>
                            x.hours !== null
                              ? `${jaDate(x.date)}${paren(fmt(t.paidLeave.hours, { h: String(x.hours) }))}`
                              : x.days === 1
                                ? jaDate(x.date)
                                : `${jaDate(x.date)}${paren(String(x.days))}`,
                          )
                          .join(t.admin.listComma)
                      : dash}
                  </td>
                  <td className="num">{daysHours({ days: r.days_taken, hours: r.hours_taken })}</td>
                  <td className="num">{daysHours(r.balance_split)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * 削除 of a manual grant, after a confirmation. A refusal stays by the grants; on success the page
 * reloads (this section with it), so the page shows the notice.
 */
function useGrantDelete(d: PaidLeaveDetail, onDeleted: () => void) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function remove(g: GrantRow) {
    const what = { date: jaDate(g.granted_on), n: String(g.days) };
    if (busy || !window.confirm(fmt(p.confirmDeleteGrant, { date: what.date, n: what.n }))) return;
    setBusy(g.id);
    setError(null);
    const res = await deleteGrant(d.employee_id, g.id);
    setBusy(null);
    if (res.ok) onDeleted();
    else setError(failureMessage(res));
  }
  return { busy, error, remove };
}

function Grants({ d, onDeleted }: { d: PaidLeaveDetail; onDeleted: () => void }) {
  const { busy, error, remove } = useGrantDelete(d, onDeleted);
  return (
    <section className="card page-section" aria-labelledby="grants-title">
      <h2 id="grants-title" className="page-section__title">
        {p.grants}
      </h2>
      <FormFeedback error={error} />
      {d.grants.length === 0 ? (
        <p className="page-hint">{p.registerEmpty}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{p.grantedOn}</th>
                <th scope="col">{p.daysGranted}</th>
                <th scope="col">{p.kind}</th>
                <th scope="col">{p.expiresOn}</th>
                <th scope="col">{p.used}</th>
                <th scope="col">{p.balance}</th>
                <th scope="col">{p.reason}</th>
                <th scope="col">{p.actions}</th>
              </tr>
            </thead>
            <tbody>
              {d.grants.map((g) => (
                <tr key={g.id}>
                  <th scope="row">{jaDate(g.granted_on)}</th>
                  <td className="num">{days(g.days)}</td>
                  <td>
                    {p.kinds[g.kind]}
                    {t.admin.listSeparator}
                    {p.sources[g.source]}
                    {g.attendance_basis === 'not_provided' && (
                      <span className="badge badge--pending">{p.notProvided}</span>
                    )}
                  </td>
                  <td>
                    {jaDate(g.expires_on)}
                    {g.expired && paren(p.expired)}
                  </td>
                  <td className="num">{days(g.used_days)}</td>
                  <td className="num">
                    {days(g.remaining_days)}
                    {!g.counted && <span className="form__hint">{p.notCounted}</span>}
                  </td>
                  <td>{g.reason ?? ''}</td>
                  <td>
                    {g.source === 'manual' && (
                      <button
                        type="button"
                        className="button button--danger"
                        aria-label={fmt(p.deleteGrantLabel, { date: jaDate(g.granted_on), n: String(g.days) })}
                        disabled={busy !== null}
                        aria-busy={busy === g.id}
                        onClick={() => void remove(g)}
                      >
                        {p.deleteGrant}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {d.takings.length > 0 && (
        <>
          <h3 className="page-section__title">{p.takings}</h3>
          <ul className="chip-list">
            {d.takings.map((x) => (
              <li
                key={x.request_id}
                className={`badge ${x.status === 'approved' ? 'badge--approved' : 'badge--pending'}`}
              >
                {jaDate(x.date)}
                {x.hours !== null
                  ? paren(fmt(t.paidLeave.hours, { h: String(x.hours) }))
                  : x.days === 0.5
                    ? paren(String(x.days))
                    : ''}{' '}
                {p.takingStatus[x.status]}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function GrantForm({ id, onGranted }: { id: string; onGranted: () => void }) {
  const [form, setForm] = useState({
    granted_on: '',
    days: '',
    expires_on: '',
    kind: 'statutory' as 'statutory' | 'extra',
    reason: '',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const complete = Boolean(form.granted_on && form.days && form.reason.trim());
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    setError(null);
    setSuccess(null);
    setFieldErrors({});
    const res = await createGrant(id, {
      granted_on: form.granted_on,
      days: Number(form.days),
      kind: form.kind,
      reason: form.reason,
      ...(form.expires_on ? { expires_on: form.expires_on } : {}),
    });
    setBusy(false);
    if (!res.ok) {
      setError(failureMessage(res));
      setFieldErrors(fieldErrorsOf(res));
      return;
    }
    setSuccess(p.granted);
    setForm({ granted_on: '', days: '', expires_on: '', kind: 'statutory', reason: '' });
    onGranted();
  }

  // The server's reasons under each field (the schema's camelCase names too), linked to the control.
  const shown = {
    granted_on: messagesFor(fieldErrors, 'granted_on', 'grantedOn'),
    days: messagesFor(fieldErrors, 'days'),
    kind: messagesFor(fieldErrors, 'kind'),
    expires_on: messagesFor(fieldErrors, 'expires_on', 'expiresOn'),
  };

  return (
    <section className="card page-section" aria-labelledby="grant-form-title">
      <h2 id="grant-form-title" className="page-section__title">
        {p.manualGrant}
      </h2>
      <p className="page-hint">{p.manualGrantHint}</p>
      <FormFeedback error={error} success={success} />
      <form className="form admin-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="form__row">
          <div className="form__field">
            <label htmlFor="grant-granted_on">{p.grantedOn}</label>
            <input
              id="grant-granted_on"
              type="date"
              value={form.granted_on}
              onChange={set('granted_on')}
              {...invalidProps('grant-granted_on', shown.granted_on)}
            />
            <FieldError id="grant-granted_on" messages={shown.granted_on} />
          </div>
          <div className="form__field">
            <label htmlFor="grant-days">{p.daysGranted}</label>
            <input
              id="grant-days"
              type="number"
              inputMode="decimal"
              min={0.5}
              max={40}
              step={0.5}
              value={form.days}
              onChange={set('days')}
              {...invalidProps('grant-days', shown.days)}
            />
            <FieldError id="grant-days" messages={shown.days} />
          </div>
        </div>
        <div className="form__row">
          <div className="form__field">
            <label htmlFor="grant-kind">{p.kind}</label>
            <select
              id="grant-kind"
              value={form.kind}
              onChange={set('kind')}
              {...invalidProps('grant-kind', shown.kind)}
            >
              <option value="statutory">{p.kinds.statutory}</option>
              <option value="extra">{p.kinds.extra}</option>
            </select>
            <FieldError id="grant-kind" messages={shown.kind} />
          </div>
          <div className="form__field">
            <label htmlFor="grant-expires_on">{p.expiresOptional}</label>
            <input
              id="grant-expires_on"
              type="date"
              value={form.expires_on}
              onChange={set('expires_on')}
              {...invalidProps('grant-expires_on', shown.expires_on)}
            />
            <FieldError id="grant-expires_on" messages={shown.expires_on} />
          </div>
        </div>
        <div className="form__field">
          <label htmlFor="grant-reason">{p.reason}</label>
          <LimitedTextarea
            id="grant-reason"
            className="reason-box"
            rows={3}
            value={form.reason}
            onChange={(reason) => setForm((f) => ({ ...f, reason }))}
            max={TEXT_LIMITS.reason}
            messages={fieldErrors.reason}
          />
        </div>
        <div>
          <button type="submit" className="button button--primary" disabled={!complete || busy} aria-busy={busy}>
            {p.grant}
          </button>
        </div>
      </form>
    </section>
  );
}

export default function PaidLeaveDetailPage() {
  const { id = '' } = useParams();
  const { state, reload } = useLoad(() => getPaidLeave(id), `paid-leave-${id}`, { alertOnGenericFailure: false });
  // 付与を削除しました: shown above the sections, which reload (and so lose their own state) after a deletion.
  const [deleted, setDeleted] = useState<string | null>(null);
  if (state.status === 'error' && (state.httpStatus === 404 || state.httpStatus === 400)) return <NotFound />;
  const name = state.status === 'ready' ? state.data.name : '';
  return (
    <>
      <PageTitle title={name ? `${t.pages.paidLeaveDetail}${paren(name)}` : t.pages.paidLeaveDetail} />
      <FormFeedback success={deleted} />
      <LoadView state={state} onRetry={() => void reload()}>
        {(d) => (
          <>
            <Summary d={d} />
            <Register d={d} />
            <Grants
              d={d}
              onDeleted={() => {
                setDeleted(p.grantDeleted);
                void reload();
              }}
            />
            <GrantForm
              id={id}
              onGranted={() => {
                setDeleted(null);
                void reload();
              }}
            />
          </>
        )}
      </LoadView>
      <p>
        <Link to="/management/paid_leave">{p.back}</Link>
      </p>
    </>
  );
}
