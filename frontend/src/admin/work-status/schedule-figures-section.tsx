/**
 * 勤務状況's 遅刻・早退・欠勤 section (issue 16): per employee of the period, 遅刻 and 早退 (times and
 * minutes), 欠勤 days, 勤務間インターバル shortfalls and punched breaks below 34条, from the stored
 * summaries (kept current by punches and the daily refresh). Only staff with something to show are
 * listed (the digest keeps those with the most days; 他N件 counts the rest); a table that scrolls
 * sideways inside its box on a phone.
 */
import { fmt, t } from '../../i18n';
import { formatMinutes } from '../../shared/time';
import type { EmployeeMonthFigures } from './work-status-api';

const S = t.admin.scheduleFigures;

const timesAndMinutes = (n: number, m: number) => (n ? fmt(S.daysMinutes, { n: String(n), m: formatMinutes(m) }) : '');
const days = (n: number) => (n ? fmt(S.days, { n: String(n) }) : '');

export function ScheduleFiguresSection({
  employees,
  total,
}: {
  employees: readonly EmployeeMonthFigures[];
  /** Staff with something to show, all of them (the list holds the ones with the most days). */
  total: number;
}) {
  const rows = employees
    .filter(
      (e) => e.late_days || e.early_leave_days || e.absent_days || e.short_interval_days || e.break_below_legal_days,
    )
    .sort((a, b) => a.name.localeCompare(b.name, 'ja'));
  return (
    <section className="card page-section" aria-labelledby="schedule-figures-title">
      <h2 id="schedule-figures-title" className="page-section__title">
        {S.title}
      </h2>
      <p className="page-hint">{S.hint}</p>
      {rows.length === 0 ? (
        <p className="page-hint">{S.empty}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={S.title}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{S.colName}</th>
                <th scope="col">{S.colLate}</th>
                <th scope="col">{S.colEarly}</th>
                <th scope="col">{S.colAbsent}</th>
                <th scope="col">{S.colInterval}</th>
                <th scope="col">{S.colBreak}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id}>
                  <th scope="row">{e.name}</th>
                  <td className="num">{timesAndMinutes(e.late_days, e.late_minutes)}</td>
                  <td className="num">{timesAndMinutes(e.early_leave_days, e.early_leave_minutes)}</td>
                  <td className="num">{days(e.absent_days)}</td>
                  <td className="num">{days(e.short_interval_days)}</td>
                  <td className="num">{days(e.break_below_legal_days)}</td>
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
