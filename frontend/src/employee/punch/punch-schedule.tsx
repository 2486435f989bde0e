/**
 * The punch screen's 予定 line: the day as the month table shows it (both come from one function of
 * the day, functions/domain/worktime/employee-day.ts): 予定 9:00–18:00 日勤, 予定 休日（シフト）, or on a
 * day off without a pattern 予定 休日（所定休日 / 法定休日 / 祝日（文化の日） / 会社休日（年末年始休暇） / 振替休日…）.
 * Nothing on a working day without a pattern.
 */
import { fmt, t } from '../../i18n';
import { formatShortDate } from '../../shared/time';
import type { TodayPunch } from './punch-api';

type Day = TodayPunch['day'];
type Schedule = NonNullable<TodayPunch['schedule']>;

/** `9:00–18:00` from the pattern's HH:MM, `22:00–翌7:00` across midnight. */
function scheduleTimes(s: Schedule): string {
  const h = (hhmm: string | null) => (hhmm ? hhmm.replace(/^0(\d)/, '$1') : '');
  return `${h(s.start_time)}–${s.crosses_midnight ? t.punch.nextDay : ''}${h(s.end_time)}`;
}

/** The kind of a day off in the month table's words (its legend and badges). */
function dayOffKind(day: Day): string {
  const M = t.monthTable;
  if (day.transfer === 'day_off' && day.transfer_date)
    return fmt(M.transferDayOff, { date: formatShortDate(day.transfer_date) });
  switch (day.day_kind) {
    case 'legal_holiday':
      return M.legalHoliday;
    case 'company_day_off':
      return day.day_name
        ? fmt(t.common.nameAndDetail, { name: M.companyDayOff, detail: day.day_name })
        : M.companyDayOff;
    case 'public_holiday':
      return day.holiday_name ? fmt(t.common.nameAndDetail, { name: M.holiday, detail: day.holiday_name }) : M.holiday;
    default:
      return M.dayOff;
  }
}

export function PunchScheduleLine({ schedule, day }: { schedule: TodayPunch['schedule']; day: Day | undefined }) {
  // An answer from before the day's view (an open tab across a deploy): the schedule alone, as before.
  const dayOff = day?.is_day_off ?? false;
  if (!schedule && !dayOff) return null;
  return (
    <p className="punch-schedule" data-testid="punch-schedule">
      <span className="punch-schedule__label">{t.punch.schedule}</span>{' '}
      {schedule?.kind === 'day_off' ? (
        t.punch.scheduleDayOff
      ) : schedule ? (
        <>
          <span className="punch-schedule__times">{scheduleTimes(schedule)}</span> {schedule.pattern_name}
          {dayOff && day && fmt(t.punch.scheduleOnDayOff, { kind: dayOffKind(day) })}
        </>
      ) : (
        day && fmt(t.punch.scheduleHoliday, { kind: dayOffKind(day) })
      )}
    </p>
  );
}
