/**
 * One month of attendance, one row per calendar day. Shared by the employee's 勤怠一覧 and the
 * admin's staff detail page (which adds a per-row action column). Each worked day can be expanded
 * into the engine's explanation: which rule applied and which law bucket each minute fell into.
 */
import { Fragment, useState, type ReactNode } from 'react';
import type {
  AttendanceDayView,
  FlexPeriodView,
  MonthAttendanceView,
  MonthSystemView,
  MonthTotalsView,
} from '../../../functions/api/timestamps/month-view';
import { fmt, labelOf, t } from '../i18n';
import { flexBalanceText, flexProjectionText } from './flex-balance';
import { formatMinutes, formatMinutesIfAny, formatPunchTime, formatShortDate, formatTime, inParentheses } from './time';
import './page.css';
import './month-table.css';

/** The answer of `GET /api/v1/timestamps?year&month[&id]`, its rows and totals: the backend's own types. */
export type { AttendanceDayView as AttendanceDay, MonthAttendanceView as MonthAttendance };

export interface MonthTableProps {
  days: readonly AttendanceDayView[];
  timeZone: string;
  /** Table caption, e.g. `山田 太郎 2026年4月`. */
  caption: string;
  /** Company-local today (`YYYY-MM-DD`), marked in the table. */
  today?: string;
  /** Optional trailing column (the admin's delete button). */
  action?: { label: string; render: (day: AttendanceDayView) => ReactNode };
  /** The month's totals, shown under the table. */
  totals?: MonthTotalsView | null | undefined;
  ruleVersion?: string | null | undefined;
  /** The working-time system at the month's end and, on flex, the 清算期間's 過不足 (issue 17). */
  system?: MonthSystemView | null | undefined;
  flex?: FlexPeriodView | null | undefined;
  /** Days with a punch correction waiting for approval (打刻修正の承認), marked 申請中. */
  pendingDates?: ReadonlySet<string> | undefined;
}

/** `2026-04-01` → `4/1`. */
const monthDay = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;

/**
 * The system line over the month table: 労働時間制度 フレックスタイム制（清算期間 4/1–6/30）, and for
 * flex the 過不足 to date and the period's projection against its 総枠 (shared/flex-balance.tsx).
 * Nothing under 通常 without a stored system (most companies).
 */
function WorkSystemNote({
  system,
  flex,
  today,
}: {
  system: MonthSystemView | null | undefined;
  flex: FlexPeriodView | null | undefined;
  today?: string | undefined;
}) {
  if (!system || (system.kind === 'standard' && !flex)) return null;
  const S = t.monthTable.system;
  const period =
    system.period_from && system.period_to
      ? fmt(system.kind === 'flex' ? S.flexPeriod : S.variablePeriod, {
          from: monthDay(system.period_from),
          to: monthDay(system.period_to),
        })
      : null;
  return (
    <dl className="work-system-note" data-testid="work-system">
      <div>
        <dt>{S.label}</dt>
        <dd>
          {system.label}
          {period && inParentheses(period)}
        </dd>
      </div>
      {flex && (
        <div>
          <dt className="visually-hidden">{S.flexBalanceTerm}</dt>
          <dd data-testid="flex-balance">{flexBalanceText(flex, today)}</dd>
          <dd data-testid="flex-projection">{flexProjectionText(flex)}</dd>
        </div>
      )}
    </dl>
  );
}

type RowKind = 'leave' | 'absent' | 'holiday' | 'day-off' | 'legal-holiday' | 'company-day-off' | 'extra-working';

/**
 * The row's tint from the company calendar's kind of day (issue 15): 法定休日, 会社休日, 祝日 the company
 * closes on, 所定休日, or a day off made a 出勤日; leave wins over all of them, then 欠勤 (a scheduled day
 * over and unworked, whatever the calendar calls it: issue 29 item 16, it was painted in the 祝日 tint).
 */
function rowKind(day: AttendanceDayView): RowKind | null {
  if (day.is_paid_leave || day.leave_type !== null) return 'leave';
  if (day.is_absent) return 'absent';
  // A holiday made a working day by an approved 振替 is not tinted as a day off (its badge says so).
  if (day.transfer === 'working') return null;
  switch (day.day_kind) {
    case 'legal_holiday':
      return 'legal-holiday';
    case 'company_day_off':
      return 'company-day-off';
    case 'public_holiday':
      return 'holiday';
    case 'day_off':
      return 'day-off';
    case 'extra_working':
      return 'extra-working';
    default:
      return day.is_day_off ? 'day-off' : null;
  }
}

/** The legend, in the order of the tints above. */
const LEGEND: [RowKind, string][] = [
  ['holiday', t.monthTable.holiday],
  ['day-off', t.monthTable.dayOff],
  ['legal-holiday', t.monthTable.legalHoliday],
  ['company-day-off', t.monthTable.companyDayOff],
  ['extra-working', t.monthTable.extraWorkingDay],
  ['leave', t.monthTable.leaveLegend],
  ['absent', t.monthTable.absentLegend],
];

/** 有給, or 有給（午前半休） / 有給（時間単位 2時間） for part-day leave. */
function leaveLabel(day: AttendanceDayView): string {
  if (day.transfer === 'day_off' && day.transfer_date)
    return fmt(t.monthTable.transferDayOff, { date: formatShortDate(day.transfer_date) });
  const type = t.monthTable.leaveTypes[day.leave_type ?? 0] ?? t.monthTable.leaveTypes[0]!;
  if (!day.leave_unit || day.leave_unit === 'day') return type;
  const unit = t.monthTable.leaveUnits[day.leave_unit] ?? day.leave_unit;
  return day.leave_unit === 'hours'
    ? `${type}${inParentheses(`${unit} ${fmt(t.monthTable.leaveHours, { n: String(day.leave_hours) })}`)}`
    : `${type}${inParentheses(unit)}`;
}

/** The 予定 cell: 9:00–18:00 and the pattern's name, 休み for a shift day off, blank without a schedule. */
function ScheduledCell({ day, timeZone }: { day: AttendanceDayView; timeZone: string }) {
  if (day.schedule_kind === 'day_off') return <>{t.monthTable.scheduledDayOff}</>;
  if (!day.scheduled_start || !day.scheduled_end) return null;
  return (
    <>
      {formatTime(day.scheduled_start, timeZone)}–{formatPunchTime(day.scheduled_end, day.date, timeZone)}
      {day.pattern_name && <span className="month-table__pattern">{day.pattern_name}</span>}
    </>
  );
}

/** A punch as the table shows it (display rounding of the 勤務設定), with the punched time when it differs. */
function PunchCell({
  shown,
  punched,
  date,
  timeZone,
}: {
  shown: string | null | undefined;
  punched: string | null;
  date: string;
  timeZone: string;
}) {
  const display = formatPunchTime(shown ?? punched, date, timeZone);
  const actual = formatPunchTime(punched, date, timeZone);
  if (display === actual) return <>{display}</>;
  return (
    <>
      {display}
      <span className="month-table__punched">{fmt(t.monthTable.punchedAt, { time: actual })}</span>
    </>
  );
}

/** Days with punches have something to explain; an empty day's explanation only says so. */
const hasDetails = (day: AttendanceDayView) =>
  (day.explanation?.length ?? 0) > 0 && (day.status === 'complete' || day.status === 'incomplete');

/** Marker labels for the day's flags; today's open shift is not "missing" its punch-out yet. */
function flagLabels(day: AttendanceDayView, today: string | undefined): string[] {
  const flags: string[] = (day.flags ?? []).filter((f) => !(f === 'missing_punch_out' && day.date === today));
  if (day.is_absent && !flags.includes('absent')) flags.push('absent');
  if (day.short_interval && !flags.includes('short_interval')) flags.push('short_interval');
  return flags.map((f) =>
    // 休憩不足 says by how much (the minutes 34条 needs beyond the break the day had).
    f === 'break_below_legal' && day.break_shortfall_minutes
      ? fmt(t.monthTable.breakShortfall, { n: String(day.break_shortfall_minutes) })
      : (labelOf(t.monthTable.flags, f) ?? f),
  );
}

/** 12:00–12:45, 15:00– (running): the breaks as punched. */
const breaksText = (day: AttendanceDayView, timeZone: string) =>
  (day.breaks ?? [])
    .map((b) => `${formatTime(b.start_at, timeZone)}–${b.end_at ? formatTime(b.end_at, timeZone) : ''}`)
    .join(', ');

function DayRow({
  day,
  today,
  timeZone,
  action,
  columns,
  pending,
}: {
  day: AttendanceDayView;
  today?: string | undefined;
  timeZone: string;
  action?: MonthTableProps['action'];
  columns: number;
  pending?: boolean | undefined;
}) {
  const [open, setOpen] = useState(false);
  const kind = rowKind(day);
  const isToday = day.date === today;
  const classes = [
    kind ? `month-row--${kind}` : '',
    isToday ? 'month-row--today' : '',
    day.status === 'incomplete' && !isToday ? 'month-row--incomplete' : '',
    day.outside_employment ? 'month-row--outside' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const flags = flagLabels(day, today);
  const detailsId = `month-day-${day.date}`;
  const date = formatShortDate(day.date);
  const breaks = breaksText(day, timeZone);
  return (
    <Fragment>
      <tr className={classes || undefined} aria-current={isToday ? 'date' : undefined}>
        <th scope="row" className={`num month-table__date month-table__date--wd${day.weekday}`}>
          {date}
          {/* In words in the cell that stays in view when the month scrolls sideways: not colour alone. */}
          {kind === 'absent' && <span className="month-table__day-mark">{t.monthTable.absentLegend}</span>}
        </th>
        <td className="num month-table__scheduled">
          <ScheduledCell day={day} timeZone={timeZone} />
        </td>
        <td className="num">
          <PunchCell shown={day.punch_in_display} punched={day.punch_in_at} date={day.date} timeZone={timeZone} />
        </td>
        <td className="num">
          <PunchCell shown={day.punch_out_display} punched={day.punch_out_at} date={day.date} timeZone={timeZone} />
        </td>
        <td className="num">{formatMinutesIfAny(day.break_minutes)}</td>
        <td className="num month-table__worked">{formatMinutes(day.worked_minutes)}</td>
        <td className="num month-table__late">{formatMinutesIfAny(day.late_minutes)}</td>
        <td className="num month-table__late">{formatMinutesIfAny(day.early_leave_minutes)}</td>
        <td className="num">{formatMinutesIfAny(day.scheduled_overtime_minutes)}</td>
        <td className="num">{formatMinutesIfAny(day.statutory_overtime_minutes)}</td>
        <td className="num">{formatMinutesIfAny(day.late_night_minutes)}</td>
        <td className="month-table__note">
          {day.outside_employment && (
            <span className="badge month-badge--outside" data-testid="outside-employment">
              {t.monthTable.outsideEmployment[day.outside_employment] ?? day.outside_employment}
            </span>
          )}
          {day.is_holiday && day.holiday_name && <span className="badge month-badge--holiday">{day.holiday_name}</span>}
          {day.day_name && (
            <span className="badge month-badge--calendar">
              {fmt(t.common.labelled, {
                label: kind === 'extra-working' ? t.monthTable.extraWorkingDay : t.monthTable.companyDayOff,
                value: day.day_name,
              })}
            </span>
          )}
          {kind === 'leave' && <span className="badge month-badge--leave">{leaveLabel(day)}</span>}
          {day.transfer === 'working' && day.transfer_date && (
            <span className="badge month-badge--transfer">
              {fmt(t.monthTable.transferWorking, { date: formatShortDate(day.transfer_date) })}
            </span>
          )}
          {pending && (
            <span className="badge badge--pending month-badge--correction-pending">
              {fmt(t.common.labelled, { label: t.approvals.correctionKind, value: t.approvals.pendingStatus })}
            </span>
          )}
          {flags.map((label) => (
            <span key={label} className="badge month-badge--flag">
              <span aria-hidden="true">⚠ </span>
              {label}
            </span>
          ))}
          {breaks && (
            <span className="month-table__note-text">
              {t.monthTable.punchedBreaks}: {breaks}
            </span>
          )}
          {day.note && (
            <span className="month-table__note-text">
              {t.monthTable.punchInMemo}: {day.note}
            </span>
          )}
          {day.punch_out_note && (
            <span className="month-table__note-text">
              {t.monthTable.punchOutMemo}: {day.punch_out_note}
            </span>
          )}
        </td>
        <td className="month-table__more">
          {hasDetails(day) && (
            <button
              type="button"
              className="month-table__toggle"
              aria-expanded={open}
              aria-controls={detailsId}
              aria-label={fmt(t.monthTable.detailsOf, { date: date })}
              onClick={() => setOpen((v) => !v)}
            >
              <span aria-hidden="true">{open ? '▲' : '▼'}</span> {t.monthTable.showDetails}
            </button>
          )}
        </td>
        {action && <td>{action.render(day)}</td>}
      </tr>
      {open && (
        <tr id={detailsId} className="month-detail">
          <td colSpan={columns}>
            <div className="month-detail__body">
              <p className="month-detail__title">{fmt(t.monthTable.detailsOf, { date: date })}</p>
              <ul className="month-detail__lines">
                {day.explanation?.map((line, i) => (
                  <li key={i}>{line.message}</li>
                ))}
              </ul>
            </div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** The month's figures as a list of labelled values (reads well on a phone, unlike a wide footer row). */
function MonthTotalsSummary({
  totals,
  ruleVersion,
}: {
  totals: MonthTotalsView;
  ruleVersion?: string | null | undefined;
}) {
  const L = t.monthTable.totals;
  const items: [string, string][] = [
    [L.worked, formatMinutes(totals.worked_minutes)],
    [L.overtime, formatMinutes(totals.overtime_minutes)],
    [L.statutory, formatMinutes(totals.statutory_overtime_minutes)],
    [L.over60, formatMinutes(totals.overtime_over_60_minutes)],
    [L.excess, formatMinutes(totals.excess_overtime_minutes)],
    [L.lateNight, formatMinutes(totals.late_night_minutes)],
    [L.legalHoliday, formatMinutes(totals.legal_holiday_work_minutes)],
    [L.paidLeave, fmt(t.monthTable.daysUnit, { n: String(totals.paid_leave_days) })],
    [L.workDays, fmt(t.monthTable.daysUnit, { n: String(totals.work_days) })],
  ];
  const days = (n: number | undefined) => fmt(t.monthTable.daysUnit, { n: String(n ?? 0) });
  const daysAndMinutes = (n: number | undefined, m: number | undefined) =>
    fmt(t.monthTable.daysAndMinutes, { n: String(n ?? 0), m: formatMinutes(m ?? 0) });
  // Schedules (issue 16): shown once the company has a schedule, or when something was found.
  if (totals.scheduled_days || totals.late_days || totals.early_leave_days || totals.absent_days)
    items.push(
      [L.scheduledDays, days(totals.scheduled_days)],
      [L.late, daysAndMinutes(totals.late_days, totals.late_minutes)],
      [L.earlyLeave, daysAndMinutes(totals.early_leave_days, totals.early_leave_minutes)],
      [L.absent, days(totals.absent_days)],
    );
  if (totals.break_below_legal_days) items.push([L.breakBelowLegal, days(totals.break_below_legal_days)]);
  if (totals.short_interval_days) items.push([L.shortInterval, days(totals.short_interval_days)]);
  if (totals.paid_leave_hours)
    items.push([L.paidLeaveHours, fmt(t.monthTable.hoursUnit, { n: String(totals.paid_leave_hours) })]);
  if (totals.period_statutory_overtime_minutes)
    items.push([L.periodStatutory, formatMinutes(totals.period_statutory_overtime_minutes)]);
  if (totals.rounded30)
    items.push(
      [L.rounded30Overtime, formatMinutes(totals.rounded30.overtime_minutes)],
      [L.rounded30Statutory, formatMinutes(totals.rounded30.statutory_overtime_minutes)],
      [L.rounded30LateNight, formatMinutes(totals.rounded30.late_night_minutes)],
      [L.rounded30LegalHoliday, formatMinutes(totals.rounded30.legal_holiday_work_minutes)],
    );
  return (
    <section className="month-totals" aria-labelledby="month-totals-title">
      <h3 id="month-totals-title" className="month-totals__title">
        {t.monthTable.totalsTitle}
      </h3>
      <dl className="month-totals__list">
        {items.map(([label, value]) => (
          <div key={label} className="month-totals__item">
            <dt>{label}</dt>
            <dd className="num">{value}</dd>
          </div>
        ))}
      </dl>
      {ruleVersion && <p className="month-totals__version">{fmt(t.monthTable.ruleVersion, { v: ruleVersion })}</p>}
    </section>
  );
}

export function MonthTable({
  days,
  timeZone,
  caption,
  today,
  action,
  totals,
  ruleVersion,
  system,
  flex,
  pendingDates,
}: MonthTableProps) {
  const columns = 13 + (action ? 1 : 0);
  return (
    <>
      <WorkSystemNote system={system} flex={flex} today={today} />
      <ul className="month-legend" aria-label={t.monthTable.legend}>
        {LEGEND.map(([kind, label]) => (
          <li key={kind}>
            <span className={`month-legend__swatch month-row--${kind}`} aria-hidden="true" />
            {label}
          </li>
        ))}
      </ul>
      {/* Focusable so keyboard users can scroll the month; the region is named by the caption. */}
      <div className="month-table-scroll" tabIndex={0} role="region" aria-label={caption}>
        <table className="data-table month-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.monthTable.date}</th>
              <th scope="col">{t.monthTable.scheduled}</th>
              <th scope="col">{t.monthTable.punchIn}</th>
              <th scope="col">{t.monthTable.punchOut}</th>
              <th scope="col">{t.monthTable.breakTime}</th>
              <th scope="col">{t.monthTable.worked}</th>
              <th scope="col">{t.monthTable.late}</th>
              <th scope="col">{t.monthTable.earlyLeave}</th>
              <th scope="col">{t.monthTable.scheduledOvertime}</th>
              <th scope="col">{t.monthTable.statutoryOvertime}</th>
              <th scope="col">{t.monthTable.lateNight}</th>
              <th scope="col">{t.monthTable.note}</th>
              <th scope="col">{t.monthTable.details}</th>
              {action && <th scope="col">{action.label}</th>}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <DayRow
                key={day.date}
                day={day}
                today={today}
                timeZone={timeZone}
                action={action}
                columns={columns}
                pending={pendingDates?.has(day.date)}
              />
            ))}
          </tbody>
        </table>
      </div>
      {totals && <MonthTotalsSummary totals={totals} ruleVersion={ruleVersion} />}
    </>
  );
}
