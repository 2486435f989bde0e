/**
 * Dashboard section (勤怠状況): staff behind on the five-day duty (年5日の取得義務, 労働基準法 39条7項)
 * with the deadline and the days still to be taken. Its own component so other panels can sit beside it.
 */
import { Link } from 'react-router-dom';
import { t } from '../../i18n';
import { days, isBehind, jaDate } from '../../shared/paid-leave/paid-leave-api';
import { useLoad } from '../../shared/use-load';
import { listPaidLeave } from '../paid-leave/paid-leave-api';

/** `hidden` while the sections above it load: it loads meanwhile, but appearing first would push it down (layout shift). */
export function FiveDayDutySection({ hidden = false }: { hidden?: boolean }) {
  const { state } = useLoad(listPaidLeave, 'five-day-duty', { alertOnGenericFailure: false });
  if (state.status === 'error') console.error('paid_leave', state.httpStatus, state.message);
  if (state.status !== 'ready' || hidden) return null;
  const behind = state.data
    .filter(isBehind)
    .map((s) => ({ s, w: s.five_day.find((w) => w.status === 'behind' || w.status === 'overdue')! }))
    .sort((a, b) => (a.w.deadline < b.w.deadline ? -1 : a.w.deadline > b.w.deadline ? 1 : 0));
  return (
    <section className="card page-section five-day-section" aria-labelledby="five-day-title">
      <div className="page-section__header">
        <h2 id="five-day-title" className="page-section__title">
          {t.paidLeave.dashboardTitle}
        </h2>
        <Link to="/management/paid_leave">{t.paidLeave.dashboardLink}</Link>
      </div>
      {behind.length === 0 ? (
        <p className="page-hint">{t.paidLeave.dashboardNone}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t.paidLeave.name}</th>
                <th scope="col">{t.paidLeave.fiveDayDeadline}</th>
                <th scope="col">{t.paidLeave.fiveDayTaken}</th>
                <th scope="col">{t.paidLeave.status}</th>
              </tr>
            </thead>
            <tbody>
              {behind.map(({ s, w }) => (
                <tr key={s.employee_id}>
                  <th scope="row">
                    <Link to={`/management/paid_leave/${encodeURIComponent(s.employee_id)}`}>{s.name}</Link>
                  </th>
                  <td>{jaDate(w.deadline)}</td>
                  <td className="num">
                    {days(w.taken_days + w.planned_days)} / {days(w.required_days)}
                  </td>
                  <td>
                    <span className="badge badge--rejected">{t.paidLeave.fiveDayStatus[w.status]}</span>{' '}
                    {t.paidLeave.fiveDayRemaining.replace('{n}', String(w.remaining_days))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
