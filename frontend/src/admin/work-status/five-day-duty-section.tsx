/**
 * Dashboard section (勤怠状況): staff behind on the five-day duty (年5日の取得義務, 労働基準法 39条7項)
 * with the deadline and the days still to be taken. Its own component so other panels can sit beside it.
 */
import { Link } from 'react-router-dom';
import type { FiveDayBehindView } from '../../../../functions/services/paid-leave-service';
import { fmt, t } from '../../i18n';
import { days, jaDate } from '../../shared/paid-leave/paid-leave-api';

/**
 * The rows come with the work-status figures (the digest built in the background lists the staff
 * behind, earliest deadline first, at most 50; `total` counts all), so the section reads nothing itself.
 */
export function FiveDayDutySection({ rows, total }: { rows: readonly FiveDayBehindView[]; total: number }) {
  return (
    <section className="card page-section five-day-section" aria-labelledby="five-day-title">
      <div className="page-section__header">
        <h2 id="five-day-title" className="page-section__title">
          {t.paidLeave.dashboardTitle}
        </h2>
        <Link to="/management/paid_leave">{t.paidLeave.dashboardLink}</Link>
      </div>
      {rows.length === 0 ? (
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
              {rows.map((w) => (
                <tr key={w.employee_id}>
                  <th scope="row">
                    <Link to={`/management/paid_leave/${encodeURIComponent(w.employee_id)}`}>{w.name}</Link>
                  </th>
                  <td>{jaDate(w.deadline)}</td>
                  <td className="num">
                    {days(w.taken_days + w.planned_days)} / {days(w.required_days)}
                  </td>
                  <td>
                    <span className="badge badge--rejected">{t.paidLeave.fiveDayStatus[w.status]}</span>{' '}
                    {fmt(t.paidLeave.fiveDayRemaining, { n: String(w.remaining_days) })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total > rows.length && (
        <p className="page-hint">{fmt(t.admin.workStatus.more, { n: String(total - rows.length) })}</p>
      )}
    </section>
  );
}
