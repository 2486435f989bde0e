import { t } from '../../i18n';
import { formatDateTime, formatPunchTime, formatShortDate } from '../../shared/time';
import type { Modification } from './modify-api';

/** `12:00–13:00、15:00–終了の打刻なし`; `なし` for no breaks; '' when the correction left the breaks alone. */
function breaksText(breaks: Modification['before_breaks'], workDate: string, timeZone: string): string {
  if (!breaks) return '';
  if (!breaks.length) return t.modify.noBreaks;
  return breaks
    .map(
      (b) =>
        `${formatPunchTime(b.start_at, workDate, timeZone)}–${b.end_at ? formatPunchTime(b.end_at, workDate, timeZone) : t.modify.breakEndMissing}`,
    )
    .join(t.common.listSeparator);
}

export function ModificationHistory({ rows, timeZone }: { rows: readonly Modification[]; timeZone: string }) {
  if (rows.length === 0) return <p className="page-hint">{t.modify.historyEmpty}</p>;
  const c = t.modify.columns;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="modify-history-title">
      <table className="data-table history-table">
        <thead>
          <tr>
            <th scope="col">{c.createdAt}</th>
            <th scope="col">{c.modifyDate}</th>
            <th scope="col">{c.beforeIn}</th>
            <th scope="col">{c.afterIn}</th>
            <th scope="col">{c.beforeOut}</th>
            <th scope="col">{c.afterOut}</th>
            <th scope="col">{c.beforeBreaks}</th>
            <th scope="col">{c.afterBreaks}</th>
            <th scope="col">{c.reason}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="num">{formatDateTime(row.created_at, timeZone)}</td>
              <td className="num">{formatShortDate(row.modify_date)}</td>
              <td className="num">{formatPunchTime(row.before_punch_in_at, row.modify_date, timeZone)}</td>
              <td className="num">{formatPunchTime(row.after_punch_in_at, row.modify_date, timeZone)}</td>
              <td className="num">{formatPunchTime(row.before_punch_out_at, row.modify_date, timeZone)}</td>
              <td className="num">{formatPunchTime(row.after_punch_out_at, row.modify_date, timeZone)}</td>
              <td className="num">{breaksText(row.before_breaks, row.modify_date, timeZone)}</td>
              <td className="num">{breaksText(row.after_breaks, row.modify_date, timeZone)}</td>
              <td className="history-table__reason text-block">{row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
