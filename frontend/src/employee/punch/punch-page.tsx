/**
 * 打刻 (`/employees`): live clock, the state (未出勤 / 勤務中 / 休憩中 / 退勤済み), the day's schedule and
 * breaks, memo and the four punch buttons (出勤 / 休憩開始 / 休憩終了 / 退勤, enabled by state);
 * missed punches beside.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { fmt, t } from '../../i18n';
import { FormFeedback } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import {
  formatClock,
  formatLongDate,
  formatMinutes,
  formatPunchTime,
  formatTime,
  inParentheses,
} from '../../shared/time';
import { isGenericFailure, useLoad } from '../../shared/use-load';
import { useTimeZone } from '../../shared/use-time-zone';
import { Clock } from './clock';
import { PaidLeaveCard } from './paid-leave-card';
import { PunchScheduleLine } from './punch-schedule';
import { WorkMonthCard } from './work-month-card';
import {
  getToday,
  isTransient,
  KINDS_ALLOWED,
  MEMO_MAX_LENGTH,
  newIdempotencyKey,
  punch,
  statusOf,
  type PunchKind,
  type TodayPunch,
} from './punch-api';
import '../../shared/page.css';
import './punch.css';

const RETRY_DELAY_MS = 800;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A notice shown after a press without a change: seconds until it goes away by itself. */
const NOTICE_SECONDS = 15;

/**
 * A press the server took as a repeat and recorded nothing: 退勤 within a minute of 出勤 (with when
 * 退勤 is taken), or a press repeating the state (出勤 twice, 休憩開始 twice, …; with its message).
 */
interface IgnoredPress {
  reason: string;
  message?: string;
  /** When 退勤 is taken (ISO); too_soon_after_punch_in only. */
  retry_at?: string;
  retry_after_seconds?: number;
}

/**
 * The punch answer; `ignored` is present only when the press changed nothing, `open_break` when 退勤 was
 * pressed during a break (the break keeps no end; the screen asks for a correction, see below).
 */
type PunchAnswer = TodayPunch & { ignored?: IgnoredPress; open_break?: { start_at: string; work_date: string } };

const BUTTONS: { kind: PunchKind; label: string }[] = [
  { kind: 'in', label: t.punch.punchIn },
  { kind: 'out', label: t.punch.punchOut },
  { kind: 'break_start', label: t.punch.breakStart },
  { kind: 'break_end', label: t.punch.breakEnd },
];

export default function PunchPage() {
  const timeZone = useTimeZone();
  // Spec §8: a lookup failure shows the server's message here, or only the alert (useLoad) when there is none.
  const { state, reload } = useLoad(getToday, 'today');
  const [latest, setLatest] = useState<TodayPunch | null>(null);
  const [memo, setMemo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [punchError, setPunchError] = useState<string | null>(null);
  // A ref, not state: a double tap lands before React re-renders the disabled button.
  const sendingRef = useRef(false);
  // The key of a press that got no definitive answer; pressing the same button again is a retry of that press.
  const pendingKey = useRef<{ kind: PunchKind; key: string } | null>(null);
  // Why the last press changed nothing; cleared once 退勤 is possible or the next press is answered.
  const [ignored, setIgnored] = useState<IgnoredPress | null>(null);

  useEffect(() => {
    if (!ignored) return;
    const timer = setTimeout(() => setIgnored(null), (ignored.retry_after_seconds ?? NOTICE_SECONDS) * 1000);
    return () => clearTimeout(timer);
  }, [ignored]);

  const today = latest ?? (state.status === 'ready' ? state.data : null);
  const status = statusOf(today);
  const loading = state.status === 'loading' && !latest;
  const loadError =
    state.status === 'error' && !latest && !isGenericFailure({ ok: false, message: state.message })
      ? state.message
      : null;
  // Never pre-filled: the 出勤 memo is shown above and kept; the box holds only what this press records.
  const memoValue = memo ?? '';

  const allowed = KINDS_ALLOWED[status];

  async function send(kind: PunchKind) {
    if (sendingRef.current || !allowed.includes(kind)) return;
    sendingRef.current = true;
    setSending(true);
    setPunchError(null);
    setIgnored(null);
    // A press of the same button after a press without answer is its retry: same key, never a second punch.
    if (pendingKey.current?.kind !== kind) pendingKey.current = { kind, key: newIdempotencyKey() };
    const { key } = pendingKey.current;
    let res = await punch(kind, memoValue, key);
    if (!res.ok && isTransient(res.status)) {
      await sleep(RETRY_DELAY_MS);
      res = await punch(kind, memoValue, key);
    }
    if (res.ok || !isTransient(res.status)) pendingKey.current = null;
    sendingRef.current = false;
    setSending(false);

    if (res.ok) {
      const answer: PunchAnswer = res.data;
      setLatest(answer);
      // An ignored press recorded nothing: keep the memo typed for the 退勤 that follows. A break
      // punch carries no memo either: what was typed stays for 退勤.
      if (answer.ignored) setIgnored(answer.ignored);
      else if (kind === 'in' || kind === 'out') setMemo(null);
      return;
    }
    if (isGenericFailure(res)) window.alert(t.messages.communicationFailed);
    else setPunchError(res.message);
    // e.g. 409 本日は退勤済みです。: the server knows better than this screen; show its state.
    if (res.status === 409) {
      const fresh = await getToday();
      if (fresh.ok) setLatest(fresh.data);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    // Enter in the memo box: 出勤 or 退勤, whichever is next (the buttons are plain buttons).
    void send(status === 'not_punched_in' ? 'in' : 'out');
  }

  const missed = today?.missed_punches ?? [];
  const breaks = today?.breaks ?? [];
  const workDate = today?.work_date ?? '';
  // 退勤 pressed during a break (休憩終了 forgotten): the break has no end, so it counts as work until
  // the employee corrects it. Said as long as the closed shift is on screen, not only after the press.
  const openBreak = status === 'left_work' ? (breaks.find((b) => !b.end_at) ?? null) : null;

  return (
    <>
      <PageTitle title={t.pages.punch} />
      <div className="punch-layout">
        <section className="card punch-card" aria-labelledby="punch-status-label">
          <Clock timeZone={timeZone} />

          <div className="punch-status">
            <span id="punch-status-label" className="punch-status__label">
              {t.punch.statusLabel}
            </span>
            <span role="status" className={`punch-status__value punch-status__value--${loading ? 'loading' : status}`}>
              {loading ? t.app.loading : t.punch.status[status]}
            </span>
          </div>
          {today && <PunchScheduleLine schedule={today.schedule} day={today.day} />}

          <dl className="punch-times">
            <div>
              <dt>{t.punch.punchedInAt}</dt>
              <dd>{formatTime(today?.punch_in_at, timeZone) || '--:--'}</dd>
            </div>
            <div>
              <dt>{t.punch.punchedOutAt}</dt>
              <dd>{formatTime(today?.punch_out_at, timeZone) || '--:--'}</dd>
            </div>
            <div>
              <dt>{t.punch.breakTotal}</dt>
              <dd>{formatMinutes(today?.break_minutes ?? 0)}</dd>
            </div>
          </dl>
          {breaks.length > 0 && (
            <section className="punch-breaks" aria-labelledby="punch-breaks-title">
              <h2 id="punch-breaks-title" className="punch-breaks__title">
                {t.punch.breaks}
              </h2>
              <ol className="punch-breaks__list">
                {breaks.map((b) => (
                  <li key={b.start_at}>
                    {formatPunchTime(b.start_at, workDate, timeZone)}–
                    {b.end_at ? (
                      formatPunchTime(b.end_at, workDate, timeZone)
                    ) : (
                      <span className="punch-breaks__running">
                        {status === 'left_work' ? t.punch.breakEndMissing : t.punch.breakRunning}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            </section>
          )}
          {(today?.note || today?.punch_out_note) && (
            <dl className="punch-memos">
              {today.note && (
                <div>
                  <dt>{t.punch.punchInMemo}</dt>
                  <dd>{today.note}</dd>
                </div>
              )}
              {today.punch_out_note && (
                <div>
                  <dt>{t.punch.punchOutMemo}</dt>
                  <dd>{today.punch_out_note}</dd>
                </div>
              )}
            </dl>
          )}

          <FormFeedback error={punchError ?? loadError} />
          {/* Always rendered: a live region inserted together with its text is often not announced. */}
          <div role="status" className="punch-ignored-region">
            {ignored && (
              <p className="punch-ignored">
                {ignored.reason === 'too_soon_after_punch_in' && ignored.retry_at
                  ? fmt(t.punch.punchOutTooSoon, {
                      seconds: String(ignored.retry_after_seconds),
                      time: formatClock(new Date(ignored.retry_at), timeZone),
                    })
                  : ignored.message}
              </p>
            )}
            {openBreak && (
              <p className="punch-notice punch-notice--open-break">
                {fmt(t.punch.breakLeftOpen, { time: formatPunchTime(openBreak.start_at, workDate, timeZone) })}{' '}
                <Link to={`/employees/modify?date=${encodeURIComponent(workDate)}`}>{t.punch.correctBreak}</Link>
              </p>
            )}
          </div>

          <form className="form punch-form" onSubmit={(e) => void onSubmit(e)}>
            {/* Once 退勤済み no press records a memo: the box goes (the memos recorded are shown above). */}
            {status !== 'left_work' && (
              <div className="form__field">
                <label htmlFor="punch-memo">
                  {status === 'not_punched_in' ? t.punch.punchInMemo : t.punch.punchOutMemo}
                </label>
                <input
                  id="punch-memo"
                  type="text"
                  value={memoValue}
                  maxLength={MEMO_MAX_LENGTH}
                  onChange={(e) => setMemo(e.target.value)}
                  aria-describedby="punch-memo-hint"
                  autoComplete="off"
                />
                <span id="punch-memo-hint" className="form__hint">
                  {t.punch.memoHint}
                  {inParentheses(`${memoValue.length}/${MEMO_MAX_LENGTH}`)}
                </span>
              </div>
            )}
            <div className="punch-buttons">
              {BUTTONS.map(({ kind, label }) => (
                <button
                  key={kind}
                  type="button"
                  className={`button button--primary button--block punch-button punch-button--${kind}`}
                  disabled={loading || sending || !allowed.includes(kind)}
                  aria-busy={sending}
                  onClick={() => void send(kind)}
                >
                  {label}
                </button>
              ))}
            </div>
          </form>
          {state.status === 'error' && !latest && (
            <p className="punch-reload">
              <button type="button" className="button button--ghost" onClick={() => void reload()}>
                {t.common.retry}
              </button>
            </p>
          )}
        </section>

        <aside className="card missed-box" aria-labelledby="missed-title">
          <h2 id="missed-title" className="page-section__title">
            {t.punch.missedPunches}
          </h2>
          {loading ? (
            <p className="page-hint">{t.app.loading}</p>
          ) : missed.length === 0 ? (
            <p className="page-hint">{t.punch.noMissedPunches}</p>
          ) : (
            <>
              <p className="page-hint">{t.punch.missedPunchesHint}</p>
              <ul className="missed-box__list">
                {missed.map(({ date }) => (
                  <li key={date}>
                    <Link to={`/employees/modify?date=${encodeURIComponent(date)}`}>{formatLongDate(date)}</Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </aside>
        <WorkMonthCard />
        <PaidLeaveCard />
      </div>
    </>
  );
}
