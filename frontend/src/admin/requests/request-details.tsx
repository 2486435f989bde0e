/**
 * What a request carries besides its date (issue 18 item 5): a correction's day before and after,
 * side by side (打刻修正の承認), and an overtime request's 予定開始・予定終了.
 */
import { t } from '../../i18n';
import { formatPunchTime } from '../../shared/time';
import type { AdminRequestRow, RequestKind } from './requests-api';

const A = t.approvals;

/** The kind's name on the admin screen (打刻修正申請 for a correction). */
export const kindLabel = (kind: RequestKind) =>
  kind === 'correction' ? A.correctionKind : t.admin.requests.sections[kind];

/** 予定 22:00〜翌01:30, or nothing on a request filed without planned times. */
export function PlannedTimes({ row }: { row: AdminRequestRow }) {
  if (!row.planned_start || !row.planned_end) return null;
  return (
    <span className="request-planned">
      {A.planned} {row.planned_start}
      {t.admin.tilde}
      {row.planned_end_next_day ? A.plannedNextDay : ''}
      {row.planned_end}
    </span>
  );
}

type Day = NonNullable<AdminRequestRow['correction']>['before'];

const breaksText = (day: Day, date: string, timeZone: string) =>
  day.breaks.length
    ? day.breaks
        .map(
          (b) =>
            `${formatPunchTime(b.start_at, date, timeZone)}–${b.end_at ? formatPunchTime(b.end_at, date, timeZone) : '--:--'}`,
        )
        .join(t.admin.listComma)
    : A.noBreaks;

/** 修正前 / 修正後 of the day as a small table: 出勤, 退勤, 休憩; a changed value is emphasised. */
export function CorrectionCompare({ row, timeZone }: { row: AdminRequestRow; timeZone: string }) {
  const c = row.correction;
  if (!c) return null;
  const lines: [string, string, string][] = [
    [
      A.punchIn,
      formatPunchTime(c.before.punch_in_at, row.date, timeZone) || '--:--',
      formatPunchTime(c.after.punch_in_at, row.date, timeZone) || '--:--',
    ],
    [
      A.punchOut,
      formatPunchTime(c.before.punch_out_at, row.date, timeZone) || '--:--',
      formatPunchTime(c.after.punch_out_at, row.date, timeZone) || '--:--',
    ],
    [A.breaks, breaksText(c.before, row.date, timeZone), breaksText(c.after, row.date, timeZone)],
  ];
  return (
    <table className="data-table correction-compare">
      <thead>
        <tr>
          <td />
          <th scope="col">{A.before}</th>
          <th scope="col">{A.after}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map(([label, before, after]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td className="num">{before}</td>
            <td className={before === after ? 'num' : 'num correction-compare__changed'}>{after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
