/**
 * What a date is for one employee (issue 29 item 15): the one function of the day behind the punch
 * screen, the month tables (勤怠一覧, the engine's days) and the leave checks, so they never disagree.
 *
 * The day is built in this order, each step on top of the one before:
 *   1. the company calendar (calendar.ts: weekly days off, 法定休日, 祝日 the company closes on, 会社休日,
 *      extra working days) — `basis: 'calendar'`;
 *   2. an approved 振替 (35条, decided in advance, per employee): the holiday worked becomes a working
 *      day, the swap day a day off with the worked holiday's character — `basis: 'transfer'`;
 *   3. the employee's shift of the date (shared decisions of issue 16): a shift day off makes a
 *      calendar working day a 所定休日; a shift pattern makes a 所定休日, 祝日 or 会社休日 a working day,
 *      never the 法定休日 (moving it needs a 振替) nor a day off of a calendar that fixes no 法定休日
 *      (each of them may turn out to be the 法定休日) — `basis: 'shift'`;
 *   4. the schedule (schedule.ts scheduleOf: shift > employee default > group default), as it applies
 *      to the day so built (day.ts effectiveSchedule): a default pattern only on a working day, a
 *      shift's pattern on a day off only as planned holiday work, nothing on a 振替's day off.
 * Which day off of a week is the 法定休日 under a calendar that fixes none is decided afterwards from
 * the week's work (month.ts assignLatestLegalHolidays): until then such a day is a 所定休日 here.
 */
import { effectiveSchedule, type DayCalendar, type DayKind } from './day.js';
import { NO_SCHEDULE, type DaySchedule, type ScheduleOf } from './schedule.js';

/**
 * A per-employee change of a day's character on top of the company calendar (振替, 35条): the
 * holiday worked becomes a working day, the swap day a day off that takes the worked holiday's
 * character (法定休日 if that was the 法定休日). 代休 is no override: it follows the work.
 */
export interface DayOverride {
  role: 'working' | 'day_off';
  /** The other day of the swap. */
  partner: string;
}

/** A stored attendance day's 振替 marker (attendance-day entity `dayOverride` / `transferPartner`). */
export interface OverrideRecord {
  workDate: string;
  dayOverride?: string | null | undefined;
  transferPartner?: string | null | undefined;
}

/** What decided the day's kind: the company calendar, the employee's shift, or an approved 振替. */
export type DayBasis = 'calendar' | 'shift' | 'transfer';

export interface EmployeeDay {
  date: string;
  /** The calendar of the day with the 振替 and the shift applied: what the engine computes the day with. */
  calendar: DayCalendar;
  /** 出勤日, 出勤日 by the calendar, 所定休日, 祝日, 会社休日 or 法定休日, for this employee. */
  kind: DayKind;
  basis: DayBasis;
  /** The schedule that applies on the day: a pattern, a shift's day off, or none. */
  schedule: DaySchedule | null;
  /**
   * Why there is no pattern (null when `schedule` is set): `day_off` — the day is a day off, where
   * default patterns do not apply; `no_pattern` — a working day with no pattern assigned.
   */
  unscheduled: 'day_off' | 'no_pattern' | null;
}

export interface EmployeeDaySources {
  /** The company calendar by date (calendar.ts calendarOfVersions / companyCalendar). */
  calendar: (date: string) => DayCalendar;
  /** The employee's schedule (shifts and default patterns); none when absent. */
  schedule?: ScheduleOf | undefined;
  /** The employee's approved 振替 by date. */
  overrides?: ReadonlyMap<string, DayOverride> | undefined;
}

/** The kind of a day from its calendar (a calendar built without kinds: by its flags). */
export function dayKindOf(calendar: DayCalendar): DayKind {
  if (calendar.isLegalHoliday) return 'legal_holiday';
  return calendar.kind ?? (calendar.isDayOff ? 'day_off' : 'working');
}

/** The one function of the day: date → what it is for the employee (see the file's comment). */
export function employeeDayOf(sources: EmployeeDaySources): (date: string) => EmployeeDay {
  const schedule = sources.schedule ?? NO_SCHEDULE;
  const calendar = scheduledCalendar(overriddenCalendar(sources.calendar, sources.overrides ?? new Map()), schedule);
  return (date) => {
    const c = calendar(date);
    const s = effectiveSchedule(schedule(date), c);
    return {
      date,
      calendar: c,
      kind: dayKindOf(c),
      basis: c.transfer ? 'transfer' : c.shift ? 'shift' : 'calendar',
      schedule: s,
      unscheduled: s ? null : c.isDayOff ? 'day_off' : 'no_pattern',
    };
  };
}

/** The 振替 overrides the records carry (approved 振替 markers), then the explicit ones on top. */
export function dayOverridesOf(
  records: readonly OverrideRecord[],
  explicit?: ReadonlyMap<string, DayOverride>,
): Map<string, DayOverride> {
  const overrides = new Map<string, DayOverride>();
  for (const r of records) {
    if ((r.dayOverride === 'working' || r.dayOverride === 'day_off') && r.transferPartner)
      overrides.set(r.workDate, { role: r.dayOverride, partner: r.transferPartner });
  }
  for (const [date, o] of explicit ?? []) overrides.set(date, o);
  return overrides;
}

/**
 * The calendar with the overrides applied. A worked holiday keeps its holiday name but is neither a
 * day off nor the 法定休日; a swap day is a day off, and the 法定休日 when the holiday it was swapped
 * with was (the two days exchange their character).
 */
export function overriddenCalendar(
  calendar: (date: string) => DayCalendar,
  overrides: ReadonlyMap<string, DayOverride>,
): (date: string) => DayCalendar {
  if (!overrides.size) return calendar;
  return (date) => {
    const base = calendar(date);
    const o = overrides.get(date);
    if (!o) return base;
    const transfer = { role: o.role, partner: o.partner };
    if (o.role === 'working')
      return { ...base, isDayOff: false, isLegalHoliday: false, legalHolidayByWeek: false, kind: 'working', transfer };
    const partner = calendar(o.partner);
    return {
      ...base,
      isDayOff: true,
      isLegalHoliday: partner.isLegalHoliday,
      legalHolidayByWeek: partner.legalHolidayByWeek,
      kind: partner.isLegalHoliday ? 'legal_holiday' : 'day_off',
      transfer,
    };
  };
}

/**
 * The calendar with the employee's shifts applied (shared decisions of issue 16), after the 振替
 * overrides (a day a 振替 swapped keeps what the swap made of it):
 * - a shift day off on a calendar working day makes it a 所定休日 (法定外休日) for the employee;
 * - a shift pattern on a calendar 所定休日, 祝日 or company day off makes it a working day;
 * - the 法定休日 stays the 法定休日 (35条: moving it needs a 振替), and so do the days off of a
 *   calendar that fixes no 法定休日 ('latest' mode, `legalHolidayByWeek`): each of them may turn out
 *   to be the 法定休日, so a pattern on one is scheduled holiday work, never less than that. A shift
 *   day off is not made a 'latest' candidate: at worst the later calendar day off worked is counted
 *   休日労働 (35 %) — paid more, never less.
 * Default patterns change nothing here (they apply only on working days: day.ts effectiveSchedule).
 */
export function scheduledCalendar(
  calendar: (date: string) => DayCalendar,
  schedule: ScheduleOf,
): (date: string) => DayCalendar {
  if (schedule === NO_SCHEDULE) return calendar;
  return (date) => {
    const base = calendar(date);
    const s = schedule(date);
    if (!s || s.source !== 'shift' || base.transfer) return base;
    if (s.kind === 'day_off')
      return base.isDayOff
        ? base
        : { ...base, isDayOff: true, isLegalHoliday: false, kind: 'day_off', shift: 'day_off' };
    if (base.isDayOff && !base.isLegalHoliday && !base.legalHolidayByWeek)
      return { ...base, isDayOff: false, kind: 'working', shift: 'working' };
    return base;
  };
}

/**
 * The day off as an employee reads it in a refusal (39条: leave, 代休 and a 振替's rest day need a
 * working day to rest on): シフトの休日, 振替休日, 法定休日, 会社休日（年末年始休暇）, 祝日（文化の日）, 所定休日.
 */
export function dayOffLabel(day: EmployeeDay): string {
  const c = day.calendar;
  if (c.transfer?.role === 'day_off') return '振替による休日';
  if (c.shift === 'day_off') return 'シフトの休日';
  switch (day.kind) {
    case 'legal_holiday':
      return '法定休日';
    case 'company_day_off':
      return c.name ? `会社休日（${c.name}）` : '会社休日';
    case 'public_holiday':
      return c.holidayName ? `祝日（${c.holidayName}）` : '祝日';
    default:
      return '所定休日';
  }
}

/** The field error of leave (any type, any unit) asked for on one of the employee's days off. */
export const leaveOnDayOffMessage = (day: EmployeeDay) =>
  `選択した日は${dayOffLabel(day)}です。休暇は勤務予定のある出勤日にのみ申請できます`;
