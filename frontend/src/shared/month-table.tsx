/**
 * One month of attendance, one row per calendar day. Shared by the employee's 勤怠一覧 and the
 * admin's staff detail page (which adds a per-row action column).
 */
import type { ReactNode } from 'react';
import { t } from '../i18n';
import { formatMinutes, formatPunchTime, formatShortDate, formatTime } from './time';
import './page.css';
import './month-table.css';

/** A row of `GET /api/v1/timestamps?year&month[&id]`. */
export interface AttendanceDay {
  id: string | null;
  date: string;
  /** 0 = Sunday. */
  weekday: number;
  punch_in_at: string | null;
  punch_out_at: string | null;
  note: string | null;
  is_holiday: boolean;
  holiday_name: string | null;
  /** Saturday or Sunday. */
  is_day_off: boolean;
  is_paid_leave: boolean;
  /** 0 有給, 1 代休, 2 振替休日 (approved leave on that day). */
  leave_type: number | null;
  worked_minutes: number | null;
}

export interface MonthAttendance {
  year: number;
  month: number;
  employee: { id: string; name: string };
  days: AttendanceDay[];
}

export interface MonthTableProps {
  days: readonly AttendanceDay[];
  timeZone: string;
  /** Table caption, e.g. `山田 太郎 2026年4月`. */
  caption: string;
  /** Company-local today (`YYYY-MM-DD`), marked in the table. */
  today?: string;
  /** Optional trailing column (the admin's delete button). */
  action?: { label: string; render: (day: AttendanceDay) => ReactNode };
}

function rowKind(day: AttendanceDay): 'leave' | 'holiday' | 'day-off' | null {
  if (day.is_paid_leave || day.leave_type !== null) return 'leave';
  if (day.is_holiday) return 'holiday';
  if (day.is_day_off) return 'day-off';
  return null;
}

const leaveLabel = (day: AttendanceDay) => t.monthTable.leaveTypes[day.leave_type ?? 0] ?? t.monthTable.leaveTypes[0];

export function MonthTable({ days, timeZone, caption, today, action }: MonthTableProps) {
  return (
    <>
      <ul className="month-legend" aria-label={t.monthTable.legend}>
        <li>
          <span className="month-legend__swatch month-row--holiday" aria-hidden="true" />
          {t.monthTable.holiday}
        </li>
        <li>
          <span className="month-legend__swatch month-row--day-off" aria-hidden="true" />
          {t.monthTable.dayOff}
        </li>
        <li>
          <span className="month-legend__swatch month-row--leave" aria-hidden="true" />
          {t.monthTable.leaveTypes[0]}
        </li>
      </ul>
      {/* Focusable so keyboard users can scroll the month; the region is named by the caption. */}
      <div className="month-table-scroll" tabIndex={0} role="region" aria-label={caption}>
        <table className="data-table month-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.monthTable.date}</th>
              <th scope="col">{t.monthTable.punchIn}</th>
              <th scope="col">{t.monthTable.punchOut}</th>
              <th scope="col">{t.monthTable.worked}</th>
              <th scope="col">{t.monthTable.note}</th>
              {action && <th scope="col">{action.label}</th>}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => {
              const kind = rowKind(day);
              const isToday = day.date === today;
              const classes = [kind ? `month-row--${kind}` : '', isToday ? 'month-row--today' : ''].filter(Boolean).join(' ');
              return (
                <tr key={day.date} className={classes || undefined} aria-current={isToday ? 'date' : undefined}>
                  <th scope="row" className={`num month-table__date month-table__date--wd${day.weekday}`}>
                    {formatShortDate(day.date)}
                  </th>
                  <td className="num">{formatTime(day.punch_in_at, timeZone)}</td>
                  <td className="num">{formatPunchTime(day.punch_out_at, day.date, timeZone)}</td>
                  <td className="num">{formatMinutes(day.worked_minutes)}</td>
                  <td className="month-table__note">
                    {day.is_holiday && day.holiday_name && <span className="badge month-badge--holiday">{day.holiday_name}</span>}
                    {kind === 'leave' && <span className="badge month-badge--leave">{leaveLabel(day)}</span>}
                    {day.note && <span className="month-table__note-text">{day.note}</span>}
                  </td>
                  {action && <td>{action.render(day)}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
