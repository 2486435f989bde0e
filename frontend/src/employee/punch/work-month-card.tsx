/**
 * 今月の勤務 on the punch screen: the employee's own working time and overtime in the current payroll
 * period (〇月度, named with its days), and their 36協定 findings (e.g. the 80-hour notice). Loaded on
 * its own after the page mounts, never before the punch button; a failed load hides the card
 * (punching must not suffer).
 */
import type { OwnWorkStatusView } from '../../../../functions/api/work-status/views';
import { fmt, t } from '../../i18n';
import { api } from '../../lib/api';
import { FindingList } from '../../shared/agreement-findings';
import { flexBalanceText, flexProjectionText } from '../../shared/flex-balance';
import { formatMinutes, formatMonthDay, formatYearMonth, zonedDate } from '../../shared/time';
import { useTimeZone } from '../../shared/use-time-zone';
import { useLoad } from '../../shared/use-load';
import './work-month-card.css';

/** GET /api/v1/work_status/me (minutes): the backend's own type. */
type OwnWorkStatus = OwnWorkStatusView;

const getOwnWorkStatus = () => api.get<OwnWorkStatus>('/api/v1/work_status/me');
const W = t.workMonth;

export function WorkMonthCard() {
  const timeZone = useTimeZone();
  const { state } = useLoad(getOwnWorkStatus, 'own-work-status', { alertOnGenericFailure: false });
  if (state.status !== 'ready') return null;
  const s = state.data;
  const figures: [string, number][] = [
    [W.working, s.working_minutes],
    [W.overtime, s.overtime_minutes],
    [W.statutory, s.statutory_overtime_minutes],
  ];
  // Shown only when there is some: most people never work late at night or on the legal holiday.
  if (s.late_night_minutes) figures.push([W.lateNight, s.late_night_minutes]);
  if (s.legal_holiday_work_minutes) figures.push([W.legalHoliday, s.legal_holiday_work_minutes]);
  return (
    <section className="card work-month-card" aria-labelledby="work-month-title">
      <h2 id="work-month-title" className="page-section__title">
        {W.title}
        {/* The payroll period holding today: 2026年12月度（11月21日〜12月20日）. */}
        <span className="work-month-card__month">
          {fmt(W.period, {
            month: formatYearMonth(Number(s.period.id.slice(0, 4)), Number(s.period.id.slice(5, 7))),
            from: formatMonthDay(s.period.from),
            to: formatMonthDay(s.period.to),
          })}
        </span>
      </h2>
      <dl className="work-month-card__figures">
        {figures.map(([label, minutes]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatMinutes(minutes)}</dd>
          </div>
        ))}
      </dl>
      {/* フレックスタイム制: the 過不足 to date and the period's projection against its 総枠, each named (issue 29). */}
      {s.flex && (
        <>
          <p className="work-month-card__flex" data-testid="flex-balance">
            {flexBalanceText(s.flex, zonedDate(new Date(), timeZone))}
          </p>
          {flexProjectionText(s.flex) && (
            <p className="work-month-card__flex" data-testid="flex-projection">
              {flexProjectionText(s.flex)}
            </p>
          )}
        </>
      )}
      <p className="page-hint work-month-card__limit">
        {fmt(W.limit, { h: String(Math.round(s.alert_limit_minutes / 60)) })}
      </p>
      {s.findings.length > 0 && <FindingList findings={s.findings} label={W.findings} />}
    </section>
  );
}
