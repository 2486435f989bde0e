/**
 * 締め処理 (`/management/closing`): the company's 締め日 as versions (form and history), the current
 * payroll period and the twelve before it with their status, and per period: チェック (the checklist of
 * what blocks a clean close; the page takes the reader to it, focused), 締める (after a confirmation,
 * which names the findings), progress while the closing job runs, 締め時点のCSV (the CSV stored at
 * closing) and 締めを解除 with a required reason. Only the period to close next — the latest ended one not
 * closed — and a reopened or failed one get 締める in their row; an older period never closed is closed
 * from its checklist (issue 29 item 22: twelve primary buttons back to a year ago invited the wrong one).
 * Tables scroll sideways on a phone; the forms stack. The checklist's staff-wide lists are computed in
 * the background (issue 19): 集計日時 tells when, 再集計 builds them again, and while a build runs
 * (集計中…) the page asks again every two seconds; capped lists say 他N件.
 */
import { EffectiveFromField } from '../../shared/effective-from-field';
import { RecomputeProgress } from '../rules/rule-fields';
import type { RecomputeJob } from '../rules/rules-api';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { fmt, t } from '../../i18n';
import { paren } from '../wording';
import { jaDate } from '../../shared/paid-leave/paid-leave-api';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { FieldError, fieldErrorsOf, invalidProps, type FieldErrors } from '../../shared/field-errors';
import { PageTitle } from '../../shared/page-title';
import { failureMessage } from '../../shared/submit-failure';
import { RefreshBar } from '../../shared/refresh-bar';
import { formatDateTime, formatMinutes, range } from '../../shared/time';
import { useLoad } from '../../shared/use-load';
import { useTimeZone } from '../../shared/use-time-zone';
import {
  closePeriod,
  getExport,
  getPayrollPeriod,
  listClosings,
  newExportKey,
  refreshClosings,
  reopenPeriod,
  savePayrollPeriod,
  startPeriodExport,
  type PayrollPeriodView,
  type PeriodClosingsView,
  type PeriodClosingView,
} from './closing-api';
import '../../shared/page.css';
import '../admin.css';
import './closing.css';

const C = t.closing;
const DAYS = range(1, 28);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dayLabel = (d: number) => (d === 0 ? C.monthEnd : fmt(C.dayOption, { d: String(d) }));
/** How often the page asks again while the checklist is being built. */
const POLL_MS = 2000;
const more = (shown: number, total: number) =>
  total > shown ? <p className="page-hint">{fmt(C.more, { n: String(total - shown) })}</p> : null;

function PayrollSetting({
  data,
  onSaved,
}: {
  data: PayrollPeriodView;
  onSaved: (v: PayrollPeriodView & { recompute: RecomputeJob | null }) => void;
}) {
  const [closingDay, setClosingDay] = useState(String(data.closing_day));
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    setFieldErrors({});
    setBusy(true);
    const res = await savePayrollPeriod({
      closing_day: Number(closingDay),
      ...(effectiveFrom ? { effective_from: effectiveFrom } : {}),
    });
    setBusy(false);
    if (res.ok) {
      setSuccess(t.messages.settingCompleted);
      setEffectiveFrom('');
      onSaved(res.data);
    } else {
      setError(failureMessage(res));
      setFieldErrors(fieldErrorsOf(res));
    }
  }

  return (
    <section className="card page-section" aria-labelledby="payroll-setting-title">
      <h2 id="payroll-setting-title" className="page-section__title">
        {C.settingTitle}
      </h2>
      <p className="page-hint" data-testid="payroll-in-force">
        {data.in_force
          ? fmt(C.inForce, { day: dayLabel(data.in_force.closing_day), from: jaDate(data.in_force.effective_from) })
          : C.inForceDefault}
        <br />
        {fmt(C.currentPeriod, { label: data.period.label })}
      </p>
      <form className="form closing-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormFeedback error={error} success={success} />
        <div className="form__field">
          <label htmlFor="closing-day">{C.closingDay}</label>
          <select
            id="closing-day"
            value={closingDay}
            onChange={(e) => setClosingDay(e.target.value)}
            {...invalidProps('closing-day', fieldErrors.closing_day)}
          >
            <option value="0">{C.monthEnd}</option>
            {DAYS.map((d) => (
              <option key={d} value={String(d)}>
                {dayLabel(d)}
              </option>
            ))}
          </select>
          <FieldError id="closing-day" messages={fieldErrors.closing_day} />
        </div>
        <EffectiveFromField
          id="closing-from"
          label={C.effectiveFrom}
          hint={C.effectiveFromHint}
          value={effectiveFrom}
          onChange={setEffectiveFrom}
          errors={fieldErrors.effective_from}
        />
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {C.save}
        </button>
      </form>
      <h3 className="closing-history__title">{C.history}</h3>
      {data.history.length === 0 ? (
        <p className="page-hint">{C.historyEmpty}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" aria-label={C.history}>
            <thead>
              <tr>
                <th scope="col">{C.colFrom}</th>
                <th scope="col">{C.colDay}</th>
              </tr>
            </thead>
            <tbody>
              {data.history.map((v) => (
                <tr key={v.effective_from}>
                  <td>{jaDate(v.effective_from)}</td>
                  <td>{dayLabel(v.closing_day)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A チェック press: which period's checklist to bring into view (n tells two presses apart). */
type Reveal = { id: string; n: number } | null;

/**
 * 集計日時, 集計中… while a build runs, and 再集計. After a チェック press, once the asked period's
 * checklist is on screen its heading is scrolled to and focused (it sits below the table of thirteen
 * periods). An older period never closed gets its (secondary) 締める here, under what it should be checked for.
 */
function Checklist({
  data,
  onRefresh,
  reveal,
  closeAction,
}: {
  data: PeriodClosingsView;
  onRefresh: () => Promise<boolean>;
  reveal: Reveal;
  closeAction: ReactNode;
}) {
  const c = data.checklist;
  const label = data.periods.find((p) => p.id === c.period)?.label ?? c.period;
  const [refreshFailed, setRefreshFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const revealed = useRef(0);
  useEffect(() => {
    if (!reveal || reveal.n === revealed.current || reveal.id !== c.period) return;
    revealed.current = reveal.n;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [reveal, c.period]);
  return (
    <section id="closing-checklist" className="card page-section" aria-labelledby="closing-checklist-title">
      <h2 id="closing-checklist-title" ref={heading} tabIndex={-1} className="page-section__title">
        {fmt(C.checklistTitle, { label: label })}
      </h2>
      <RefreshBar
        asOf={data.as_of}
        refreshing={data.refreshing}
        failed={refreshFailed}
        onRefresh={() => void onRefresh().then((ok) => setRefreshFailed(!ok))}
        notYet={C.notYet}
        testId="closing-as-of"
      />
      {c.clean && <p className="form-notice">{C.clean}</p>}
      <dl className="closing-checklist">
        <div>
          <dt>{C.unapproved}</dt>
          <dd>
            {c.unapproved_requests.length === 0 ? (
              C.none
            ) : (
              <ul>
                {c.unapproved_requests.map((r, i) => (
                  <li key={i}>
                    {jaDate(r.date)} {r.employee_name} {C.kinds[r.kind as keyof typeof C.kinds] ?? r.kind}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>{C.missingPunches}</dt>
          <dd>
            {c.missing_punches.length === 0 ? (
              C.none
            ) : (
              <ul>
                {c.missing_punches.map((m) => (
                  <li key={m.employee_id}>
                    {m.name} {fmt(C.missingDays, { n: String(m.days), months: m.months.join(t.admin.listSeparator) })}
                  </li>
                ))}
              </ul>
            )}
            {more(c.missing_punches.length, c.missing_punches_total)}
          </dd>
        </div>
        <div>
          <dt>{C.breakShort}</dt>
          <dd>
            {c.break_short_days === null
              ? C.breakShortAtClosing
              : fmt(C.breakShortCount, { n: String(c.break_short_days) })}
          </dd>
        </div>
        <div>
          <dt>{C.scheduleFindings}</dt>
          <dd>
            {c.schedule_findings.length === 0 ? (
              C.none
            ) : (
              <>
                <p>
                  {fmt(C.scheduleTotals, {
                    late: String(c.schedule_totals.late_days),
                    early: String(c.schedule_totals.early_leave_days),
                    absent: String(c.schedule_totals.absent_days),
                  })}
                </p>
                <ul>
                  {c.schedule_findings
                    .filter((f) => f.late_days || f.early_leave_days || f.absent_days)
                    .map((f) => (
                      <li key={f.employee_id}>
                        {fmt(C.scheduleLine, {
                          name: f.name,
                          late: String(f.late_days),
                          lateM: formatMinutes(f.late_minutes),
                          early: String(f.early_leave_days),
                          earlyM: formatMinutes(f.early_leave_minutes),
                          absent: String(f.absent_days),
                        })}
                      </li>
                    ))}
                </ul>
                {more(c.schedule_findings.length, c.schedule_findings_total)}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{C.breakBelowLegal}</dt>
          <dd>
            {c.schedule_totals.break_below_legal_days
              ? fmt(C.daysCount, { n: String(c.schedule_totals.break_below_legal_days) })
              : C.none}
          </dd>
        </div>
        <div>
          <dt>{C.shortInterval}</dt>
          <dd>
            {c.schedule_totals.short_interval_days
              ? fmt(C.daysCount, { n: String(c.schedule_totals.short_interval_days) })
              : C.none}
          </dd>
        </div>
        <div>
          <dt>{C.agreement}</dt>
          <dd>
            {c.agreement_findings.length === 0 ? (
              C.none
            ) : (
              <ul>
                {c.agreement_findings.map((f, i) => (
                  <li key={i}>
                    {f.name}
                    {paren(f.month)}
                    {f.message}
                  </li>
                ))}
              </ul>
            )}
            {more(c.agreement_findings.length, c.agreement_findings_total)}
          </dd>
        </div>
      </dl>
      {closeAction}
    </section>
  );
}

/** Asks for the export of the closed period and hands its link to the browser (an attachment). */
async function downloadFrozen(period: string): Promise<boolean> {
  const started = await startPeriodExport(period, newExportKey());
  if (!started.ok) return false;
  const deadline = Date.now() + 5 * 60_000;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    await sleep(Math.min(500 + attempt * 250, 2000));
    const res = await getExport(started.data.id);
    if (!res.ok) continue;
    if (res.data.status === 'failed') return false;
    if (res.data.status === 'done' && res.data.download_url) {
      window.location.assign(res.data.download_url);
      return true;
    }
  }
  return false;
}

function ReopenForm({ period, onDone }: { period: PeriodClosingView; onDone: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const id = `reopen-${period.id}`;
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setFieldErrors({});
    const res = await reopenPeriod(period.id, reason);
    setBusy(false);
    if (res.ok) onDone(C.reopenDone);
    else {
      setError(failureMessage(res));
      setFieldErrors(fieldErrorsOf(res));
    }
  }
  return (
    <form className="form closing-reopen" onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormFeedback error={error} />
      <div className="form__field">
        <label htmlFor={id}>{C.reopenReason}</label>
        <textarea
          id={id}
          rows={2}
          value={reason}
          required
          onChange={(e) => setReason(e.target.value)}
          {...invalidProps(id, fieldErrors.reason, `${id}-hint`)}
        />
        <span id={`${id}-hint`} className="form__hint">
          {C.reopenHint}
        </span>
        <FieldError id={id} messages={fieldErrors.reason} />
      </div>
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {C.reopen}
      </button>
    </form>
  );
}

/**
 * 「2026年11月度（11月1日〜11月30日）」 as two unbroken lines, name over days: the row's heading column
 * stays narrow on a phone instead of breaking the label a character a line.
 */
function PeriodName({ label }: { label: string }) {
  const at = label.indexOf('（');
  if (at < 0) return <>{label}</>;
  return (
    <>
      <span className="closing-period">{label.slice(0, at)}</span>
      <span className="closing-period closing-period--days">{label.slice(at)}</span>
    </>
  );
}

/** Closing can be asked for: the period has ended and is not closed or closing. */
const closable = (p: PeriodClosingView) =>
  p.ended && (p.status === 'open' || p.status === 'reopened' || p.status === 'failed');

/**
 * The periods whose row offers 締める: the latest ended period not closed (the one to close next), and any
 * reopened or failed one (closed before, to be closed again). Older periods never closed are closed
 * from their checklist.
 */
function closeTargets(periods: readonly PeriodClosingView[]): Set<string> {
  const next = periods.find((p) => p.ended && p.status !== 'closed' && p.status !== 'closing');
  const targets = new Set(periods.filter((p) => p.status === 'reopened' || p.status === 'failed').map((p) => p.id));
  if (next && closable(next)) targets.add(next.id);
  return targets;
}

function Periods({
  data,
  targets,
  busy,
  onClose,
  onCheck,
  onDownload,
  onReopened,
}: {
  data: PeriodClosingsView;
  targets: ReadonlySet<string>;
  busy: string | null;
  onClose: (p: PeriodClosingView) => void;
  onCheck: (id: string) => void;
  onDownload: (p: PeriodClosingView) => void;
  onReopened: (message: string) => void;
}) {
  const zone = useTimeZone();
  const [reopening, setReopening] = useState<string | null>(null);
  const older = data.periods.some((p) => closable(p) && !targets.has(p.id));
  return (
    <>
      <div className="table-scroll">
        <table className="data-table closing-table" aria-label={C.periodsTitle}>
          <thead>
            <tr>
              <th scope="col">{C.colPeriod}</th>
              <th scope="col">{C.colStatus}</th>
              <th scope="col">{C.colWho}</th>
              <th scope="col">{C.colActions}</th>
            </tr>
          </thead>
          <tbody>
            {data.periods.map((p) => (
              <tr key={p.id} data-period={p.id} aria-current={p.id === data.selected ? 'true' : undefined}>
                <th scope="row">
                  <PeriodName label={p.label} />
                </th>
                <td className="closing-status" data-testid={`status-${p.id}`}>
                  {p.ended || p.status !== 'open' ? C.status[p.status] : C.notEnded}
                  {p.stalled && <span className="closing-progress">{C.stalled}</span>}
                  {p.status === 'closing' && p.progress && (
                    <span className="closing-progress">
                      {' '}
                      {fmt(C.progress, { done: String(p.progress.done), total: String(p.progress.total) })}
                    </span>
                  )}
                </td>
                <td className="closing-who">
                  {p.closed_at && p.status !== 'open' && (
                    <div>{fmt(C.closedBy, { at: formatDateTime(p.closed_at, zone), who: p.closed_by ?? '' })}</div>
                  )}
                  {p.reopened_at && (
                    <div>
                      {fmt(C.reopenedBy, {
                        at: formatDateTime(p.reopened_at, zone),
                        who: p.reopened_by ?? '',
                        reason: p.reopen_reason ?? '',
                      })}
                    </div>
                  )}
                </td>
                {/* The cell stays a table cell (aligned with its row); the buttons wrap inside it. */}
                <td>
                  <div className="closing-actions">
                    {p.ended && (
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-controls="closing-checklist"
                        onClick={() => onCheck(p.id)}
                      >
                        {C.check}
                      </button>
                    )}
                    {targets.has(p.id) && (
                      <button
                        type="button"
                        className="button button--primary"
                        disabled={busy === p.id}
                        onClick={() => onClose(p)}
                      >
                        {p.stalled ? C.retry : C.close}
                      </button>
                    )}
                    {p.status === 'closed' && (
                      <>
                        <button
                          type="button"
                          className="button button--ghost"
                          disabled={busy === `csv-${p.id}`}
                          aria-busy={busy === `csv-${p.id}`}
                          onClick={() => onDownload(p)}
                        >
                          {busy === `csv-${p.id}` ? C.downloading : C.download}
                        </button>
                        <button
                          type="button"
                          className="button button--ghost"
                          aria-expanded={reopening === p.id}
                          onClick={() => setReopening(reopening === p.id ? null : p.id)}
                        >
                          {C.reopen}
                        </button>
                      </>
                    )}
                    {reopening === p.id && p.status === 'closed' && (
                      <ReopenForm
                        period={p}
                        onDone={(message) => {
                          setReopening(null);
                          onReopened(message);
                        }}
                      />
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {older && <p className="page-hint">{C.olderHint}</p>}
    </>
  );
}

/**
 * 期間の一覧 and the checklist under it, sharing the closing's messages: 締める in a row (the period to
 * close next) or under an older period's checklist, the frozen CSV and 締めを解除.
 */
function Closings({
  data,
  onCheck,
  reveal,
  onChanged,
  onRefresh,
}: {
  data: PeriodClosingsView;
  onCheck: (id: string) => void;
  reveal: Reveal;
  onChanged: () => void;
  onRefresh: () => Promise<boolean>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const targets = closeTargets(data.periods);

  async function close(p: PeriodClosingView) {
    setError(null);
    setSuccess(null);
    const findings =
      data.checklist.period === p.id && !data.checklist.clean
        ? data.checklist.unapproved_requests.length +
          data.checklist.missing_punches_total +
          data.checklist.agreement_findings_total
        : 0;
    const question =
      fmt(C.confirmClose, { label: p.label }) +
      (findings ? `\n${fmt(C.confirmFindings, { n: String(findings) })}` : '');
    if (!window.confirm(question)) return;
    setBusy(p.id);
    const res = await closePeriod(p.id);
    setBusy(null);
    if (res.ok) setSuccess(C.closingStarted);
    else setError(failureMessage(res));
    onChanged();
  }

  async function download(p: PeriodClosingView) {
    setError(null);
    setBusy(`csv-${p.id}`);
    const ok = await downloadFrozen(p.id);
    setBusy(null);
    if (!ok) setError(C.downloadFailed);
  }

  const checked = data.periods.find((p) => p.id === data.checklist.period);
  const olderClose =
    checked && closable(checked) && !targets.has(checked.id) ? (
      <p className="closing-checklist__close">
        <button
          type="button"
          className="button button--ghost"
          disabled={busy === checked.id}
          onClick={() => void close(checked)}
        >
          {fmt(C.closeOlder, { label: checked.label })}
        </button>
      </p>
    ) : null;

  return (
    <>
      <section className="card page-section" aria-labelledby="closing-periods-title">
        <h2 id="closing-periods-title" className="page-section__title">
          {C.periodsTitle}
        </h2>
        <FormFeedback error={error} success={success} />
        <Periods
          data={data}
          targets={targets}
          busy={busy}
          onClose={(p) => void close(p)}
          onCheck={onCheck}
          onDownload={(p) => void download(p)}
          onReopened={(message) => {
            setSuccess(message);
            onChanged();
          }}
        />
      </section>
      <Checklist data={data} onRefresh={onRefresh} reveal={reveal} closeAction={olderClose} />
    </>
  );
}

export default function ClosingPage() {
  const [payrollKey, setPayrollKey] = useState(0);
  // The background recompute the last 締め日 save started (the stored figures under the new periods).
  const [job, setJob] = useState<RecomputeJob | null>(null);
  const payroll = useLoad(getPayrollPeriod, String(payrollKey));
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [reveal, setReveal] = useState<Reveal>(null);
  const [tick, setTick] = useState(0);
  const closings = useLoad(() => listClosings(selected), `${selected ?? ''}-${tick}`);
  const running = closings.state.status === 'ready' && closings.state.data.periods.some((p) => p.status === 'closing');
  const building = closings.state.status === 'ready' && closings.state.data.refreshing;
  const last = useRef(closings.state);
  if (closings.state.status === 'ready') last.current = closings.state;

  // While a closing job runs, read the list again every second for its progress; while the checklist
  // is being built, every two seconds until it is stored.
  useEffect(() => {
    if (!running && !building) return;
    const timer = setTimeout(() => setTick((n) => n + 1), running ? 1000 : POLL_MS);
    return () => clearTimeout(timer);
  }, [running, building, tick]);

  /** 再集計 of the checklist shown: built again in the background, then read until done. */
  async function refresh(): Promise<boolean> {
    const res = await refreshClosings(selected);
    if (res.ok) setTick((n) => n + 1);
    return res.ok;
  }

  // A reload while polling keeps the last list on screen instead of flashing the loading state.
  const shown = closings.state.status === 'loading' && last.current.status === 'ready' ? last.current : closings.state;

  return (
    <div className="page closing-page">
      <PageTitle title={C.title} />
      <p className="page-hint">{C.intro}</p>
      <LoadView state={payroll.state} onRetry={() => void payroll.reload()}>
        {(data) => (
          <PayrollSetting
            data={data}
            onSaved={(saved) => {
              setJob(saved.recompute);
              setPayrollKey((k) => k + 1);
              setTick((n) => n + 1);
            }}
          />
        )}
      </LoadView>
      <RecomputeProgress job={job} />
      <LoadView state={shown} onRetry={() => void closings.reload()}>
        {(data) => (
          <>
            <Closings
              data={data}
              onCheck={(id) => {
                setSelected(id);
                setReveal((r) => ({ id, n: (r?.n ?? 0) + 1 }));
              }}
              reveal={reveal}
              onChanged={() => setTick((n) => n + 1)}
              onRefresh={refresh}
            />
          </>
        )}
      </LoadView>
    </div>
  );
}
