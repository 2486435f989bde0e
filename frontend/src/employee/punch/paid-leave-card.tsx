/**
 * The employee's paid leave on the punch screen: days left, days pending, the next expiry and the
 * five-day duty (年5日の取得義務) status. A failed load hides the card: punching must not suffer.
 */
import { inParentheses } from '../../shared/time';
import { fmt, t } from '../../i18n';
import {
  daysHours,
  getOwnPaidLeave,
  pendingText,
  isBehind,
  jaDate,
  type FiveDayWindow,
} from '../../shared/paid-leave/paid-leave-api';
import { useLoad } from '../../shared/use-load';

function FiveDay({ w }: { w: FiveDayWindow }) {
  const progress = fmt(t.paidLeave.fiveDayProgress, {
    taken: String(w.taken_days + w.planned_days),
    required: String(w.required_days),
    deadline: jaDate(w.deadline),
  });
  return (
    <p className={`paid-leave-card__duty paid-leave-card__duty--${w.status}`}>
      {fmt(t.common.labelled, { label: t.paidLeave.fiveDay, value: '' })}
      <strong>{t.paidLeave.fiveDayStatus[w.status]}</strong>
      {inParentheses(progress)}
    </p>
  );
}

export function PaidLeaveCard() {
  const { state } = useLoad(getOwnPaidLeave, 'own-paid-leave', { alertOnGenericFailure: false });
  if (state.status !== 'ready') return null;
  const s = state.data;
  return (
    <section
      className={`card paid-leave-card${isBehind(s) ? ' paid-leave-card--behind' : ''}`}
      aria-labelledby="paid-leave-card-title"
    >
      <h2 id="paid-leave-card-title" className="page-section__title">
        {t.paidLeave.title}
      </h2>
      {!s.managed ? (
        <p className="page-hint">{t.paidLeave.notManaged}</p>
      ) : (
        <>
          <dl className="paid-leave-card__figures">
            <div>
              <dt>{t.paidLeave.remaining}</dt>
              <dd className="paid-leave-card__remaining">{daysHours(s.remaining)}</dd>
            </div>
            <div>
              <dt>{t.paidLeave.pending}</dt>
              <dd>{pendingText(s)}</dd>
            </div>
          </dl>
          {s.next_expiry && (
            <p className="page-hint">
              {fmt(t.paidLeave.nextExpiry, { date: jaDate(s.next_expiry.expires_on), n: String(s.next_expiry.days) })}
            </p>
          )}
          {s.five_day.map((w) => (
            <FiveDay key={w.from} w={w} />
          ))}
        </>
      )}
    </section>
  );
}
