/** 打刻 (`/employees`): live clock, today's status, memo and the one punch button; missed punches beside. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../i18n';
import { FormFeedback } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { formatClock, formatLongDate, formatTime } from '../../shared/time';
import { isGenericFailure, useLoad } from '../../shared/use-load';
import { useTimeZone } from '../../shared/use-time-zone';
import { Clock } from './clock';
import { PaidLeaveCard } from './paid-leave-card';
import { WorkMonthCard } from './work-month-card';
import {
  getToday,
  isTransient,
  MEMO_MAX_LENGTH,
  newIdempotencyKey,
  punch,
  statusOf,
  type TodayPunch,
} from './punch-api';
import '../../shared/page.css';
import './punch.css';

const RETRY_DELAY_MS = 800;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A press the server took as a double tap (退勤 within a minute of 出勤): recorded nothing. */
interface IgnoredPress {
  reason: string;
  /** When 退勤 is taken (ISO). */
  retry_at: string;
  retry_after_seconds: number;
}

/** The punch answer; `ignored` is present only when the press changed nothing. */
type PunchAnswer = TodayPunch & { ignored?: IgnoredPress };

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
  // The key of a press that got no definitive answer; pressing again is a retry of that press.
  const pendingKey = useRef<string | null>(null);
  // Why the last press changed nothing; cleared once 退勤 is possible or the next press is answered.
  const [ignored, setIgnored] = useState<IgnoredPress | null>(null);

  useEffect(() => {
    if (!ignored) return;
    const timer = setTimeout(() => setIgnored(null), ignored.retry_after_seconds * 1000);
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

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sendingRef.current || status === 'left_work') return;
    sendingRef.current = true;
    setSending(true);
    setPunchError(null);
    setIgnored(null);
    const key = (pendingKey.current ??= newIdempotencyKey());
    let res = await punch(memoValue, key);
    if (!res.ok && isTransient(res.status)) {
      await sleep(RETRY_DELAY_MS);
      res = await punch(memoValue, key);
    }
    if (res.ok || !isTransient(res.status)) pendingKey.current = null;
    sendingRef.current = false;
    setSending(false);

    if (res.ok) {
      const answer: PunchAnswer = res.data;
      setLatest(answer);
      // An ignored press recorded nothing: keep the memo typed for the 退勤 that follows.
      if (answer.ignored) setIgnored(answer.ignored);
      else setMemo(null);
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

  const buttonLabel = status === 'not_punched_in' ? t.punch.punchIn : t.punch.punchOut;
  const missed = today?.missed_punches ?? [];

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

          <dl className="punch-times">
            <div>
              <dt>{t.punch.punchedInAt}</dt>
              <dd>{formatTime(today?.punch_in_at, timeZone) || '--:--'}</dd>
            </div>
            <div>
              <dt>{t.punch.punchedOutAt}</dt>
              <dd>{formatTime(today?.punch_out_at, timeZone) || '--:--'}</dd>
            </div>
          </dl>
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
                {t.punch.punchOutTooSoon
                  .replace('{seconds}', String(ignored.retry_after_seconds))
                  .replace('{time}', formatClock(new Date(ignored.retry_at), timeZone))}
              </p>
            )}
          </div>

          <form className="form punch-form" onSubmit={(e) => void onSubmit(e)}>
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
                {t.punch.memoHint}（{memoValue.length}/{MEMO_MAX_LENGTH}）
              </span>
            </div>
            <button
              type="submit"
              className={`button button--primary button--block punch-button punch-button--${status}`}
              disabled={loading || sending || status === 'left_work'}
              aria-busy={sending}
            >
              {buttonLabel}
            </button>
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
