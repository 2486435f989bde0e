/**
 * 勤怠集計 (`/management/attendance_totals`): per staff member, the totals of a payroll period (〇月度)
 * for payroll — days, 遅刻・早退, 所定内, 法内残業, 法定外 (and over 60 h), 深夜, 法定休日, leave and the
 * paid-leave balance — with department and status filters, columns sorted by the server (press a
 * heading), and the CSV made in the background with its progress. A closed period shows the figures
 * frozen at closing. On a phone the table scrolls sideways inside its box, the name column kept in view.
 */
import { useRef, useState } from 'react';
import { fmt, t } from '../../i18n';
import { paren } from '../wording';
import { LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { formatMinutes, zonedParts } from '../../shared/time';
import { useLoad } from '../../shared/use-load';
import { useTimeZone } from '../../shared/use-time-zone';
import { loadOrgOptions } from '../organisation/org-api';
import {
  getTotals,
  getTotalsExport,
  listPayrollLayouts,
  startTotalsExport,
  type PayrollLayouts,
  type TotalsPage,
  type TotalsRow,
  type TotalsSort,
} from './attendance-totals-api';
import { PayrollLayoutEditor } from './payroll-layout-editor';
import '../../shared/page.css';
import '../admin.css';
import './attendance-totals.css';

const T = t.attendanceTotals;
const L = t.payrollLayouts;
const C = T.columns;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The worker's own limit is shorter: a job still running after this is lost. */
const DEADLINE_MS = 5 * 60_000;

const time = (m: number | null) => (m === null ? '—' : formatMinutes(m));
const num = (n: number | null) => (n === null ? '—' : String(n));

/** A minute figure, with the 1か月単位 rounded one beside it when the company rounds. */
function Minutes({ value, rounded }: { value: number | null; rounded?: number | undefined }) {
  return (
    <>
      {time(value)}
      {rounded !== undefined && <span className="totals-rounded">{paren(formatMinutes(rounded))}</span>}
    </>
  );
}

function balance(r: TotalsRow) {
  const b = r.paid_leave_balance;
  if (!b) return '—';
  return b.hours
    ? fmt(T.balanceHours, { days: String(b.days), hours: String(b.hours) })
    : fmt(T.balance, { days: String(b.days) });
}

function Row({ r }: { r: TotalsRow }) {
  const note = r.no_data
    ? T.noData
    : r.recompute_pending
      ? T.recomputePending
      : r.status === 'retired'
        ? T.retired
        : null;
  return (
    <tr>
      <th scope="row">
        {r.name}
        {note && <span className="badge totals-note">{note}</span>}
      </th>
      <td>{r.employee_number ?? '—'}</td>
      <td>{r.department ?? t.admin.none}</td>
      <td className="num">{num(r.scheduled_days)}</td>
      <td className="num">{num(r.work_days)}</td>
      <td className="num">
        {num(r.legal_holiday_work_days)} / {num(r.non_legal_holiday_work_days)}
      </td>
      <td className="num">{num(r.absent_days)}</td>
      <td className="num">
        {r.late_days === null ? '—' : fmt(T.count, { n: String(r.late_days) })} {time(r.late_minutes)}
      </td>
      <td className="num">
        {r.early_leave_days === null ? '—' : fmt(T.count, { n: String(r.early_leave_days) })}{' '}
        {time(r.early_leave_minutes)}
      </td>
      <td className="num">{time(r.regular_minutes)}</td>
      <td className="num">{time(r.scheduled_overtime_minutes)}</td>
      <td className="num">
        <Minutes value={r.statutory_overtime_minutes} rounded={r.rounded?.statutory_overtime_minutes} />
      </td>
      <td className="num">
        <Minutes value={r.overtime_over_60_minutes} rounded={r.rounded?.overtime_over_60_minutes} />
      </td>
      <td className="num">
        <Minutes value={r.late_night_minutes} rounded={r.rounded?.late_night_minutes} />
      </td>
      <td className="num">
        <Minutes value={r.legal_holiday_work_minutes} rounded={r.rounded?.legal_holiday_work_minutes} />
      </td>
      <td className="num">
        {num(r.paid_leave_days)}
        {r.paid_leave_hours ? ` + ${r.paid_leave_hours}h` : ''}
      </td>
      <td className="num">
        {num(r.substitute_leave_days)} / {num(r.transfer_holiday_days)}
      </td>
      <td className="num">{balance(r)}</td>
    </tr>
  );
}

/** The columns, in order; those with a sort key can be pressed to sort by them. */
const COLUMNS: readonly { label: string; sort?: TotalsSort }[] = [
  { label: C.name_kana, sort: 'name_kana' },
  { label: C.employee_number, sort: 'employee_number' },
  { label: C.department, sort: 'department' },
  { label: C.scheduled_days },
  { label: C.work_days, sort: 'work_days' },
  { label: C.holiday_work_days },
  { label: C.absent_days, sort: 'absent_days' },
  { label: C.late, sort: 'late_minutes' },
  { label: C.early_leave, sort: 'early_leave_minutes' },
  { label: C.regular_minutes, sort: 'regular_minutes' },
  { label: C.scheduled_overtime_minutes, sort: 'scheduled_overtime_minutes' },
  { label: C.statutory_overtime_minutes, sort: 'statutory_overtime_minutes' },
  { label: C.overtime_over_60_minutes, sort: 'overtime_over_60_minutes' },
  { label: C.late_night_minutes, sort: 'late_night_minutes' },
  { label: C.legal_holiday_work_minutes, sort: 'legal_holiday_work_minutes' },
  { label: C.paid_leave_days, sort: 'paid_leave_days' },
  { label: C.other_leave },
  { label: C.balance },
];

type Download =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number | null }
  | { kind: 'done'; unencodable: number }
  | { kind: 'failed'; message?: string };

/** Assigning the link is the download (the object is an attachment, the page stays). */
const startDownload = (url: string) => window.location.assign(url);

/** What the chosen layout writes, said under the select (a preset's product, format and encoding). */
function layoutHint(layouts: PayrollLayouts | null, id: string): string | null {
  const preset = layouts?.presets.find((p) => p.id === id);
  const own = layouts?.layouts.find((l) => l.id === id);
  const chosen = preset ?? own;
  if (!chosen) return null;
  const encoding = L.encodings[chosen.encoding];
  const time = L.timeFormats[chosen.time_format];
  return preset
    ? fmt(L.presetHint, {
        name: preset.name,
        encoding: encoding,
        time: time,
        note: preset.note,
        missing: fmt(preset.missing === 'omit_row' ? L.missingOmit : L.missingZero, { reason: preset.missingReason }),
      })
    : fmt(L.ownHint, { encoding: encoding, time: time });
}

function CsvDownload({
  period,
  departmentId,
  statusId,
  layouts,
}: {
  period: string;
  departmentId: string;
  statusId: string;
  layouts: PayrollLayouts | null;
}) {
  const [encoding, setEncoding] = useState<'utf8' | 'sjis'>('utf8');
  const [layout, setLayout] = useState('');
  // A deleted layout falls back to the standard file.
  const chosen =
    layout && (layouts?.presets.some((p) => p.id === layout) || layouts?.layouts.some((l) => l.id === layout))
      ? layout
      : '';
  const hint = layoutHint(layouts, chosen);
  const [state, setState] = useState<Download>({ kind: 'idle' });
  const run = useRef(0);

  async function onDownload() {
    const mine = ++run.current;
    setState({ kind: 'running', done: 0, total: null });
    const started = await startTotalsExport({
      period,
      ...(departmentId ? { department_id: departmentId } : {}),
      ...(statusId ? { employment_status_id: statusId } : {}),
      encoding,
      ...(chosen ? { layout: chosen } : {}),
    });
    if (!started.ok) return setState({ kind: 'failed', message: started.message });
    const deadline = Date.now() + DEADLINE_MS;
    for (let attempt = 0; Date.now() < deadline; attempt++) {
      await sleep(Math.min(400 + attempt * 200, 2000));
      if (mine !== run.current) return;
      const res = await getTotalsExport(started.data.id);
      if (!res.ok) continue;
      const job = res.data;
      if (job.status === 'failed') return setState({ kind: 'failed' });
      if (job.status === 'done' && job.download_url) {
        startDownload(job.download_url);
        return setState({ kind: 'done', unencodable: job.unencodable_chars ?? 0 });
      }
      setState({ kind: 'running', done: job.progress?.done ?? 0, total: job.progress?.total ?? null });
    }
    setState({ kind: 'failed' });
  }

  return (
    <div className="totals-download">
      <div className="form__field">
        <label htmlFor="totals-layout">{L.layout}</label>
        <select
          id="totals-layout"
          value={chosen}
          onChange={(e) => setLayout(e.target.value)}
          aria-describedby={hint ? 'totals-layout-hint' : undefined}
        >
          <option value="">{L.standard}</option>
          <optgroup label={L.presetsGroup}>
            {layouts?.presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </optgroup>
          {layouts && layouts.layouts.length > 0 && (
            <optgroup label={L.ownGroup}>
              {layouts.layouts.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </div>
      {!chosen && (
        <div className="form__field">
          <label htmlFor="totals-encoding">{T.encoding}</label>
          <select
            id="totals-encoding"
            value={encoding}
            onChange={(e) => setEncoding(e.target.value === 'sjis' ? 'sjis' : 'utf8')}
          >
            <option value="utf8">{T.encodings.utf8}</option>
            <option value="sjis">{T.encodings.sjis}</option>
          </select>
        </div>
      )}
      <button
        type="button"
        className="button button--primary"
        onClick={() => void onDownload()}
        disabled={state.kind === 'running' || !period}
      >
        {T.download}
      </button>
      <p role="status" aria-live="polite">
        {state.kind === 'running' && (
          <>
            {T.preparing}{' '}
            {state.total !== null && (
              <>
                <progress max={state.total || 1} value={state.done} />{' '}
                {fmt(T.progress, { done: String(state.done), total: String(state.total) })}
              </>
            )}
          </>
        )}
        {state.kind === 'done' && (
          <>
            {T.downloaded}
            {state.unencodable > 0 && <> {fmt(L.unencodable, { n: String(state.unencodable) })}</>}
          </>
        )}
        {state.kind === 'failed' && (state.message ?? T.downloadFailed)}
      </p>
      {hint && (
        <p id="totals-layout-hint" className="page-hint totals-layout-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

export default function AttendanceTotalsPage() {
  const timeZone = useTimeZone();
  const [period, setPeriod] = useState(() => {
    const p = zonedParts(new Date(), timeZone);
    return `${p.year}-${String(p.month).padStart(2, '0')}`;
  });
  const [departmentId, setDepartmentId] = useState('');
  const [statusId, setStatusId] = useState('');
  const [sort, setSort] = useState<TotalsSort>('name_kana');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [more, setMore] = useState<{ rows: TotalsRow[]; cursor: string | null } | null>(null);
  const query = {
    period,
    ...(departmentId ? { department_id: departmentId } : {}),
    ...(statusId ? { employment_status_id: statusId } : {}),
    sort,
    order,
  };
  const key = JSON.stringify(query);
  const { state, reload } = useLoad(
    async () => {
      setMore(null);
      return getTotals(query);
    },
    key,
    { alertOnGenericFailure: false },
  );
  const org = useLoad(loadOrgOptions, 'totals-org', { alertOnGenericFailure: false }).state;
  const payroll = useLoad(listPayrollLayouts, 'payroll-layouts', { alertOnGenericFailure: false });
  // While the layouts reload after a save, the editor and the select keep the last list (and their messages).
  const lastLayouts = useRef<PayrollLayouts | null>(null);
  if (payroll.state.status === 'ready') lastLayouts.current = payroll.state.data;
  const layouts = lastLayouts.current;
  const departments = org.status === 'ready' ? org.data.departments : [];
  const statuses = org.status === 'ready' ? org.data.statuses : [];

  function onSort(column: TotalsSort) {
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder(column === 'name_kana' || column === 'employee_number' || column === 'department' ? 'asc' : 'desc');
    }
  }

  async function onMore(page: TotalsPage) {
    const cursor = more?.cursor ?? page.cursor;
    if (!cursor) return;
    const res = await getTotals({ ...query, cursor });
    if (res.ok) setMore({ rows: [...(more?.rows ?? []), ...res.data.rows], cursor: res.data.cursor });
  }

  return (
    <>
      <PageTitle title={T.title} />
      <section className="card page-section" aria-labelledby="totals-title">
        <div className="page-section__header">
          <h2 id="totals-title" className="page-section__title">
            {T.title}
          </h2>
        </div>
        <div className="form totals-filters">
          <div className="form__field">
            <label htmlFor="totals-period">{T.period}</label>
            <input
              id="totals-period"
              type="month"
              value={period}
              onChange={(e) => e.target.value && setPeriod(e.target.value)}
            />
          </div>
          <div className="form__field">
            <label htmlFor="totals-department">{T.department}</label>
            <select id="totals-department" value={departmentId} onChange={(e) => setDepartmentId(e.target.value)}>
              <option value="">{T.all}</option>
              {departments.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </div>
          <div className="form__field">
            <label htmlFor="totals-status">{T.employmentStatus}</label>
            <select id="totals-status" value={statusId} onChange={(e) => setStatusId(e.target.value)}>
              <option value="">{T.all}</option>
              {statuses.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <CsvDownload period={period} departmentId={departmentId} statusId={statusId} layouts={layouts} />
        <LoadView state={state} onRetry={() => void reload()}>
          {(page) => {
            const rows = [...page.rows, ...(more?.rows ?? [])];
            const cursor = more ? more.cursor : page.cursor;
            return (
              <>
                <p className="page-hint">
                  {page.closed ? T.closed : T.open} {fmt(T.periodRange, { from: page.from, to: page.to })}
                </p>
                {rows.some((r) => r.rounding) && <p className="page-hint">{T.rounding}</p>}
                <p className="page-hint">{T.sortHint}</p>
                {rows.length === 0 ? (
                  <p className="page-hint">{T.empty}</p>
                ) : (
                  <div className="table-scroll">
                    <table className="data-table totals-table">
                      <thead>
                        <tr>
                          {COLUMNS.map((c) => (
                            <th
                              key={c.label}
                              scope="col"
                              aria-sort={
                                c.sort && c.sort === sort ? (order === 'asc' ? 'ascending' : 'descending') : undefined
                              }
                            >
                              {c.sort ? (
                                <button type="button" className="totals-sort" onClick={() => onSort(c.sort!)}>
                                  {c.label}
                                  {c.sort === sort ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
                                </button>
                              ) : (
                                c.label
                              )}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {rows.map((r) => (
                          <Row key={r.employee_id} r={r} />
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
                {cursor && (
                  <button type="button" className="button button--ghost" onClick={() => void onMore(page)}>
                    {T.more}
                  </button>
                )}
              </>
            );
          }}
        </LoadView>
      </section>
      {layouts && <PayrollLayoutEditor data={layouts} onChanged={() => void payroll.reload()} />}
    </>
  );
}
