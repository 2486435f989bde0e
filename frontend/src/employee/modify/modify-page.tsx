/**
 * 打刻修正 (`/employees/modify`): pick a day, see its punches, correct them; the history below.
 * The day lives in the URL (`?date=2026-04-01`) so the missed-punch links open it directly; without
 * one the page opens on the company's today.
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fmt, t } from '../../i18n';
import { DateSelects, selectedDate, type DateSelection } from '../../shared/date-selects';
import { TEXT_LIMITS } from '../../../../functions/domain/text-limits';
import { FormFeedback, LoadView } from '../../shared/feedback';
import {
  FieldError,
  LimitedTextarea,
  fieldErrorId,
  fieldErrorsOf,
  invalidProps,
  messagesFor,
  TimeInput,
  type FieldErrors,
} from '../../shared/field-errors';
import { PageTitle } from '../../shared/page-title';
import { failureMessage } from '../../shared/submit-failure';
import {
  addDaysTo,
  formatLongDate,
  formatPunchTime,
  inParentheses,
  inputTime,
  parseDateString,
  toDateString,
  yearChoices,
  zonedInstant,
  zonedParts,
} from '../../shared/time';
import { useLoad } from '../../shared/use-load';
import { useTimeZone } from '../../shared/use-time-zone';
import {
  createModification,
  getDayPunch,
  listCorrectionRequests,
  listModifications,
  withdrawCorrectionRequest,
  type DayPunch,
  type Modification,
} from './modify-api';
import type { RequestView } from '../../../../functions/api/request-routes';
import { ModificationHistory } from './modification-history';
import '../../shared/page.css';
import './modify.css';

function dateFromQuery(params: URLSearchParams, years: readonly number[]) {
  const d = parseDateString(params.get('date') ?? '');
  return d && years.includes(d.year) ? d : null;
}

/** As many breaks as the server takes (domain/punch.ts MAX_CORRECTION_BREAKS). */
const MAX_BREAKS = 4;

/** A row of the breaks editor: `HH:MM` company-local, '' while not typed. */
interface BreakRow {
  start: string;
  end: string;
}

/** The day's punched breaks as editor rows (an open break has no end yet: the row asks for one). */
const rowsOf = (punch: DayPunch, timeZone: string): BreakRow[] =>
  punch.breaks.map((b) => ({ start: inputTime(b.start_at, timeZone), end: inputTime(b.end_at, timeZone) }));

/**
 * The instant of a break time on the work day: a time before the shift's start (its punch-in's time
 * of day) is after midnight, on the next day (a night shift's break).
 */
function breakInstant(date: string, hhmm: string, shiftStart: string, timeZone: string): string | undefined {
  if (!hhmm) return undefined;
  return zonedInstant(shiftStart && hhmm < shiftStart ? addDaysTo(date, 1) : date, hhmm, timeZone);
}

interface DayCorrectionProps {
  day: { year: number; month: number; day: number };
  timeZone: string;
  onCorrected: (row: Modification) => void;
  /** 打刻修正の承認: the correction was filed as a request (申請中), nothing applied yet. */
  onFiled: (request: RequestView) => void;
}

function DayCorrection({ day: { year, month, day }, timeZone, onCorrected, onFiled }: DayCorrectionProps) {
  const date = toDateString(year, month, day);
  // Failures show here with a retry; the history below already raises the one alert a dead network deserves.
  const { state, reload } = useLoad(() => getDayPunch(year, month, day), date, { alertOnGenericFailure: false });
  const [punchIn, setPunchIn] = useState('');
  const [punchOut, setPunchOut] = useState('');
  const [nextDay, setNextDay] = useState(false);
  const [reason, setReason] = useState('');
  // null until the person edits the breaks: the day's punched breaks are shown, and left as they are.
  const [breakRows, setBreakRows] = useState<BreakRow[] | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [success, setSuccess] = useState<string | null>(null);
  // The server names the day as `date` (a future day) or its parts (`year`, `month`, `day`).
  const dateErrors = messagesFor(fieldErrors, 'date', 'year', 'month', 'day');
  const loaded = state.status === 'ready' ? state.data : null;
  const rows = breakRows ?? (loaded ? rowsOf(loaded, timeZone) : []);
  const editRows = (next: BreakRow[]) => setBreakRows(next);
  const canSubmit = Boolean(punchIn || punchOut) || breakRows !== null;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending || !canSubmit) return;
    setSending(true);
    setError(null);
    setFieldErrors({});
    setSuccess(null);
    const res = await createModification({
      year,
      month,
      day,
      punch_in_at: punchIn || null,
      punch_out_at: punchOut || null,
      punch_out_next_day: Boolean(punchOut) && nextDay,
      reason,
      ...(breakRows !== null ? { breaks: breaksToSend(breakRows) } : {}),
    });
    setSending(false);
    if (!res.ok) {
      setError(failureMessage(res));
      setFieldErrors(fieldErrorsOf(res));
      return;
    }
    setSuccess('request' in res.data ? t.approvals.correctionFiled : t.messages.modifyCompleted);
    setPunchIn('');
    setPunchOut('');
    setNextDay(false);
    setReason('');
    setBreakRows(null);
    if ('request' in res.data) onFiled(res.data.request);
    else onCorrected(res.data);
    void reload();
  }

  function breaksToSend(list: BreakRow[]) {
    // The shift's start as corrected (else as punched) tells a night shift's after-midnight break.
    const shiftStart = punchIn || inputTime(loaded?.punch_in_at, timeZone);
    return list.map((r) => {
      const start_at = breakInstant(date, r.start, shiftStart, timeZone);
      const end_at = breakInstant(date, r.end, shiftStart, timeZone);
      return { ...(start_at ? { start_at } : {}), ...(end_at ? { end_at } : {}) };
    });
  }

  return (
    <>
      <h2
        id="modify-date"
        className="page-section__title"
        aria-describedby={dateErrors.length ? fieldErrorId('modify-date') : undefined}
      >
        {formatLongDate(date)}
      </h2>
      <FieldError id="modify-date" messages={dateErrors} />
      <div className="modify-current">
        <h3 className="modify-current__title">{t.modify.current}</h3>
        <LoadView state={state} onRetry={() => void reload()}>
          {(punch) =>
            punch.punch_in_at || punch.punch_out_at ? (
              <dl className="modify-current__times">
                <div>
                  <dt>{t.monthTable.punchIn}</dt>
                  <dd>{formatPunchTime(punch.punch_in_at, date, timeZone) || '--:--'}</dd>
                </div>
                <div>
                  <dt>{t.monthTable.punchOut}</dt>
                  <dd>{formatPunchTime(punch.punch_out_at, date, timeZone) || '--:--'}</dd>
                </div>
                <div>
                  <dt>{t.modify.breaks}</dt>
                  <dd className="modify-current__breaks">
                    {punch.breaks.length
                      ? punch.breaks
                          .map(
                            (b) =>
                              `${formatPunchTime(b.start_at, date, timeZone)}–${b.end_at ? formatPunchTime(b.end_at, date, timeZone) : t.modify.breakEndMissing}`,
                          )
                          .join(t.common.listSeparator)
                      : punch.breaks_recorded
                        ? t.modify.noBreakRecorded
                        : t.modify.noBreaks}
                  </dd>
                </div>
              </dl>
            ) : (
              <p className="modify-current__none">{t.modify.noPunch}</p>
            )
          }
        </LoadView>
      </div>

      <FormFeedback error={error} success={success} />
      <form className="form modify-form" onSubmit={(e) => void onSubmit(e)} aria-describedby="modify-times-hint">
        <p id="modify-times-hint" className="form__hint">
          {t.modify.timesHint}
        </p>
        {loaded?.approval_required && <p className="form__hint modify-approval-hint">{t.approvals.approvalHint}</p>}
        <div className="modify-form__times">
          <div className="form__field">
            <label htmlFor="modify-in">{t.modify.correctedIn}</label>
            <TimeInput id="modify-in" value={punchIn} onChange={setPunchIn} messages={fieldErrors.punch_in_at} />
          </div>
          <div className="form__field">
            <label htmlFor="modify-out">{t.modify.correctedOut}</label>
            <TimeInput
              id="modify-out"
              value={punchOut}
              onChange={setPunchOut}
              messages={messagesFor(fieldErrors, 'punch_out_at', 'punch_out_next_day')}
            />
            <label className="checkbox" htmlFor="modify-next-day">
              <input
                id="modify-next-day"
                type="checkbox"
                checked={nextDay}
                onChange={(e) => setNextDay(e.target.checked)}
                disabled={!punchOut}
              />
              {t.modify.nextDayOut}
            </label>
          </div>
        </div>
        <fieldset className="modify-breaks" aria-describedby="modify-breaks-hint">
          <legend>{t.modify.breaks}</legend>
          <p id="modify-breaks-hint" className="form__hint">
            {t.modify.breaksHint}
          </p>
          {rows.map((r, i) => {
            const n = String(i + 1);
            const startErrors = messagesFor(fieldErrors, `breaks.${i}.start_at`, `breaks.${i}`);
            const endErrors = messagesFor(fieldErrors, `breaks.${i}.end_at`);
            const set = (change: Partial<BreakRow>) =>
              editRows(rows.map((x, j) => (j === i ? { ...x, ...change } : x)));
            return (
              <div className="modify-breaks__row" key={i}>
                <div className="form__field">
                  <label htmlFor={`modify-break-${n}-start`}>{fmt(t.modify.breakStart, { n: n })}</label>
                  <input
                    id={`modify-break-${n}-start`}
                    type="time"
                    value={r.start}
                    onChange={(e) => set({ start: e.target.value })}
                    {...invalidProps(`modify-break-${n}-start`, startErrors)}
                  />
                  <FieldError id={`modify-break-${n}-start`} messages={startErrors} />
                </div>
                <div className="form__field">
                  <label htmlFor={`modify-break-${n}-end`}>{fmt(t.modify.breakEnd, { n: n })}</label>
                  <input
                    id={`modify-break-${n}-end`}
                    type="time"
                    value={r.end}
                    onChange={(e) => set({ end: e.target.value })}
                    {...invalidProps(`modify-break-${n}-end`, endErrors)}
                  />
                  <FieldError id={`modify-break-${n}-end`} messages={endErrors} />
                </div>
                <button
                  type="button"
                  className="button modify-breaks__remove"
                  aria-label={fmt(t.modify.removeBreakLabel, { n: n })}
                  onClick={() => editRows(rows.filter((_, j) => j !== i))}
                >
                  {t.modify.removeBreak}
                </button>
              </div>
            );
          })}
          {rows.length < MAX_BREAKS && (
            <button type="button" className="button" onClick={() => editRows([...rows, { start: '', end: '' }])}>
              {t.modify.addBreak}
            </button>
          )}
          {rows.length === 0 && (
            // No break rows: say so explicitly (sends `breaks: []`, recorded as no break taken, so the
            // rule's or the pattern's break is not deducted); unticked, the breaks are left as they are.
            <label className="checkbox" htmlFor="modify-no-break">
              <input
                id="modify-no-break"
                type="checkbox"
                checked={breakRows !== null}
                onChange={(e) => setBreakRows(e.target.checked ? [] : null)}
              />
              {t.modify.noBreakTaken}
            </label>
          )}
          <FieldError id="modify-breaks" messages={fieldErrors.breaks} />
        </fieldset>
        <div className="form__field">
          <label htmlFor="modify-reason">{t.modify.reason}</label>
          <LimitedTextarea
            id="modify-reason"
            className="reason-box"
            rows={3}
            value={reason}
            onChange={setReason}
            max={TEXT_LIMITS.reason}
            messages={fieldErrors.reason}
          />
        </div>
        <div>
          <button type="submit" className="button button--primary" disabled={sending || !canSubmit} aria-busy={sending}>
            {loaded?.approval_required ? t.approvals.submitRequest : t.modify.submit}
          </button>
        </div>
      </form>
    </>
  );
}

/** The picker starts from the day in the URL; keyed by it, so going back in history resets it too. */
function DayPicker({
  years,
  initial,
  onShow,
}: {
  years: readonly number[];
  initial: DateSelection;
  onShow: (date: string) => void;
}) {
  const [choice, setChoice] = useState<DateSelection>(initial);
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const date = selectedDate(choice);
    if (date) onShow(date);
  }
  return (
    <form className="picker" onSubmit={onSubmit}>
      <DateSelects id="modify" legend={t.modify.chooseDay} years={years} value={choice} onChange={setChoice} />
      <button type="submit" className="button button--primary" disabled={!selectedDate(choice)}>
        {t.common.show}
      </button>
    </form>
  );
}

export default function ModifyPage() {
  const timeZone = useTimeZone();
  const years = yearChoices(timeZone);
  const [params, setParams] = useSearchParams();
  const now = zonedParts(new Date(), timeZone);
  const shown = dateFromQuery(params, years) ?? { year: now.year, month: now.month, day: now.day };
  const shownDate = toDateString(shown.year, shown.month, shown.day);
  const initial: DateSelection = { year: String(shown.year), month: String(shown.month), day: String(shown.day) };
  const history = useLoad(listModifications, 'history');
  const requests = useLoad(listCorrectionRequests, 'correction-requests', { alertOnGenericFailure: false });

  return (
    <>
      <PageTitle title={t.pages.modify} />
      <section className="card page-section">
        <DayPicker key={shownDate} years={years} initial={initial} onShow={(date) => setParams({ date })} />
      </section>

      <section className="card page-section">
        <DayCorrection
          key={shownDate}
          day={shown}
          timeZone={timeZone}
          onCorrected={(row) => history.setData((rows) => [row, ...rows])}
          onFiled={(request) => requests.setData((rows) => [request, ...rows])}
        />
      </section>

      <CorrectionRequests
        state={requests.state}
        onRetry={() => void requests.reload()}
        onWithdrawn={(id) => requests.setData((rows) => rows.filter((r) => r.id !== id))}
        timeZone={timeZone}
      />

      <section className="card page-section" aria-labelledby="modify-history-title">
        <h2 id="modify-history-title" className="page-section__title">
          {t.modify.history}
        </h2>
        <LoadView state={history.state} onRetry={() => void history.reload()}>
          {(rows) => <ModificationHistory rows={rows} timeZone={timeZone} />}
        </LoadView>
      </section>
    </>
  );
}

const STATUS_CLASS = ['badge--pending', 'badge--approved', 'badge--rejected'] as const;

/**
 * 打刻修正の申請 (打刻修正の承認): own correction requests with their state (申請中 / 承認 / 却下), the
 * times asked for, the admin's reason once decided, and 取り下げる while waiting. Hidden when there are none.
 */
function CorrectionRequests({
  state,
  onRetry,
  onWithdrawn,
  timeZone,
}: {
  state: ReturnType<typeof useLoad<RequestView[]>>['state'];
  onRetry: () => void;
  onWithdrawn: (id: string) => void;
  timeZone: string;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  if (state.status === 'ready' && state.data.length === 0) return null;
  async function withdraw(id: string) {
    setBusy(id);
    setError(null);
    setSuccess(null);
    const res = await withdrawCorrectionRequest(id);
    setBusy(null);
    if (res.ok) {
      setSuccess(t.approvals.withdrawn);
      onWithdrawn(id);
    } else setError(failureMessage(res));
  }
  const time = (iso: string | null, date: string) => formatPunchTime(iso, date, timeZone) || '--:--';
  return (
    <section className="card page-section" aria-labelledby="modify-requests-title">
      <h2 id="modify-requests-title" className="page-section__title">
        {t.approvals.myRequests}
      </h2>
      <FormFeedback error={error} success={success} />
      <LoadView state={state} onRetry={onRetry}>
        {(rows) => (
          <ul className="modify-requests">
            {rows.map((r) => (
              <li key={r.id} className="modify-requests__item">
                <span className="modify-requests__date">{formatLongDate(r.date)}</span>
                <span className={`badge ${STATUS_CLASS[r.status] ?? ''}`}>
                  {r.status === 0 ? t.approvals.pendingStatus : (t.requests.statuses[r.status] ?? '')}
                </span>
                {r.correction && (
                  <span className="modify-requests__times">
                    {t.approvals.punchIn} {time(r.correction.after.punch_in_at, r.date)} / {t.approvals.punchOut}{' '}
                    {time(r.correction.after.punch_out_at, r.date)}
                  </span>
                )}
                {r.decision_reason && (
                  <span className="modify-requests__reason text-block">
                    {fmt(t.common.labelled, { label: t.approvals.decisionReasonShown, value: r.decision_reason })}
                  </span>
                )}
                {r.status === 0 && (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={busy === r.id}
                    onClick={() => void withdraw(r.id)}
                  >
                    {t.approvals.withdraw}
                    <span className="visually-hidden">{inParentheses(formatLongDate(r.date))}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </LoadView>
    </section>
  );
}
