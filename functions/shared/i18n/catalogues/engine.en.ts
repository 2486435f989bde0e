import type { engineJa } from './engine.ja.js';

const tardy = '{kind, select, late {Late arrival} other {Early departure}}';
const noTardy = '{kind, select, late {No late arrival} other {No early departure}}';
const punch = '{kind, select, late {clock-in} other {clock-out}}';
const min = (name: string) => `{${name}, plural, one {# min} other {# min}}`;

/**
 * The engine's explanation lines in English (ICU MessageFormat): every code of engine.ja.ts, in the
 * plain terms of Japanese labour law as an HR product states them in English (article numbers kept).
 */
export const engineEn = {
  'engine.clock':
    '{time}{day, select, next { (next day)} after_next { (day after next)} previous { (previous day)} other {}}',
  'engine.range': '{from}–{to}',
  'engine.sep_dot': ', ',
  'engine.sep_comma': '; ',
  'engine.sep_plus': ' + ',
  'engine.leave_paid': 'Paid leave',
  'engine.leave_compensatory': 'Compensatory day off',
  'engine.leave_substitute': 'Substitute holiday',
  'engine.leave_unit_day': 'Full day',
  'engine.leave_unit_am': 'Morning half-day off',
  'engine.leave_unit_pm': 'Afternoon half-day off',
  'engine.leave_unit_hours': 'Hourly',
  'engine.rule_level_department_and_status': 'department and employment type',
  'engine.rule_level_department': 'department',
  'engine.rule_level_employment_status': 'employment type',
  'engine.rule_level_company': 'company-wide',
  'engine.rule_level_default': 'default',
  'engine.system_standard': 'Standard working hours',
  'engine.system_monthly_variable': 'Monthly variable working hours',
  'engine.system_yearly_variable': 'Yearly variable working hours',
  'engine.system_weekly_variable': 'Weekly irregular variable working hours',
  'engine.system_flex': 'Flextime',
  'engine.system_manager': 'Manager or supervisor',
  'engine.segment_regular': 'Scheduled work',
  'engine.segment_scheduled_overtime': 'Non-statutory overtime (beyond scheduled hours, within 8 hours a day)',
  'engine.segment_statutory_overtime': 'Statutory overtime (over 8 hours a day)',
  'engine.segment_weekly_statutory_overtime': 'Statutory overtime (over 40 hours a week)',
  'engine.segment_period_statutory_overtime':
    'Statutory overtime (over the total for the variable or settlement period)',
  'engine.segment_legal_holiday': 'Work on the statutory day off',
  'engine.segment_break': 'Break',
  'engine.holiday_name': ' ({name})',
  'engine.judged_manager': 'no overtime or holiday work categories apply to a manager or supervisor (Article 41)',
  'engine.judged_flex': 'judged as flextime hours against the total for the settlement period',
  'engine.judged_variable': 'judged as variable working hours against the day, week and variable period limits',
  'engine.judged_standard': 'judged as standard working hours against 8 hours a day and 40 hours a week',

  'day.before_hire':
    'Before joining: before the hire date, so no schedule and no absence (not counted as a working day)',
  'day.after_leave':
    'After leaving: after the leaving date, so no schedule and no absence (not counted as a working day)',
  'day.transfer_working':
    'Working day by substitution (substitute holiday {partner}): the day off was swapped for a working day, so this is not holiday work; {judged}',
  'day.transfer_day_off': 'Day off by substitution (working day {partner})',
  'day.legal_holiday':
    'Statutory day off{holiday}: all work on this day is work on the statutory day off (not included in overtime or the 40-hour week)',
  'day.legal_holiday_manager':
    'Statutory day off{holiday}: no holiday work category applies to a manager or supervisor (Article 41)',
  'day.day_off': 'Scheduled day off (non-statutory){holiday}: work is {judged}',
  'day.shift_working': 'Working day by shift (a day off in the company calendar)',
  'day.shift_day_off': 'Day off by shift (scheduled day off)',
  'day.leave': '{leave} ({unit})',
  'day.leave_unit_hours': '{hours, plural, one {# hour} other {# hours}}',
  'day.leave_unit_half': '{half}, {days, plural, one {# day} other {# days}}',
  'day.leave_unit_days': '{days, plural, one {# day} other {# days}}',
  'day.system_manager':
    'Working-time system: {system} (no overtime or holiday work categories; late-night work is counted)',
  'day.system_weekly': 'Working-time system: {system} (week by week from {start})',
  'day.system_flex':
    'Working-time system: {system} (settlement period of {months, plural, one {# month} other {# months}}, starting {start})',
  'day.system_variable':
    'Working-time system: {system} (variable period of {months, plural, one {# month} other {# months}}, starting {start})',
  'day.no_punch': 'No punches',
  'day.incomplete': 'Incomplete: {reason}, so the working time is taken as 0 min and left out of the totals',
  'day.incomplete_no_in': 'there is no clock-in punch',
  'day.incomplete_no_out': 'there is no clock-out punch',
  'day.incomplete_out_before_in': 'the clock-out time is before the clock-in time',
  'day.working_rule': 'Working rule ({level}): scheduled working time {fixed}{threshold}',
  'day.working_rule_threshold': ', overtime threshold {over}',
  'day.pattern_scheduled':
    'Scheduled working time this day: {scheduled} of the work pattern “{name}” (instead of the working rule’s {fixed})',
  'day.restraint': 'On duty: {range}, {minutes} min',
  'day.break_by_pattern': 'the work pattern ({name})',
  'day.break_by_rule': 'the break rule ({level})',
  'day.break_terms_tier': '{minutes} when on duty {condition} or more',
  'day.break_terms_windows': 'break times {windows}',
  'day.break_terms_none': 'none',
  'day.break_recorded_none': 'Break (corrected): none, work {worked} (as recorded: no break was taken)',
  'day.break_punched':
    'Break (punched): {ranges}{minutes} min in total, work {worked} (as punched; not raised to the legal minimum)',
  'day.break_punched_ranges': '{ranges}, ',
  'day.break_zero': 'Break: 0 min',
  'day.break_zero_rule': 'Break: 0 min ({rule}: {terms})',
  'day.break_deemed': 'Break: {minutes} min by {rule} ({terms}){where}',
  'day.break_block': ', deemed taken in one block at {range} ({position})',
  'day.break_block_after_four_hours': 'from 4 hours after clock-in',
  'day.break_block_before_out': 'just before clock-out, as 4 hours after clock-in is past clock-out',
  'day.break_windows': ', deemed taken at {ranges} ({inWindows} min of it in break times)',
  'day.unpunched_none':
    'No break punches: by the setting of the break rule ({level}), calculated with no break (the break rule’s and work pattern’s breaks are not deemed)',
  'day.unpunched_rule':
    'No break punches: by the setting of the break rule ({level}), the break rule’s and work pattern’s breaks apply (not raised to the legal minimum)',
  'day.manager_break':
    'Break: the minimum break of Article 34 of the Labour Standards Act does not apply to a manager or supervisor (Article 41)',
  'day.segment': '{range} {kind}{lateNight, select, yes { + late night} other {}}, {minutes} min',
  'day.weekly_over':
    'Over 40 hours a week: the {minutes} min by which the week’s total passed 40 hours moved to statutory overtime (over 40 hours a week)',
  'day.worked': 'Work: {minutes} min{split}, of which late night {lateNight} min',
  'day.worked_split': ' = {parts}',
  'day.worked_part_regular': 'scheduled {minutes}',
  'day.worked_part_scheduled': 'non-statutory overtime {minutes}',
  'day.worked_part_statutory': 'statutory overtime {minutes}',
  'day.worked_part_holiday': 'statutory day off {minutes}',
  'day.warn_unapproved_overtime': 'Note: overtime on a day without an approved overtime request',
  'day.warn_unapproved_holiday_work': 'Note: work on a day off without an approved holiday work request',
  'day.warn_worked_on_leave': 'Note: punches on a day of leave',
  'day.warn_over_threshold': 'Note: overtime of {overtime} min exceeds the overtime threshold of {threshold}',
  'day.warn_break_below_legal':
    'Note: the break of {breakMinutes} min is {shortfall} min short of the minimum of Article 34 of the Labour Standards Act for {worked} of work (45 min over 6 hours, 60 min over 8 hours); no break is added and the time counts as work',
  'day.warn_break_open':
    'Note: a break has no end punch (its end is unknown, so it is not counted as a break and the time counts as work)',
  'day.core_time': 'Core time: {range} (flextime: late arrival and early departure only against the core time)',
  'day.scheduled': 'Schedule: {range} ({name}){windows}',
  'day.scheduled_breaks': ', break {ranges}',
  'day.leave_full_day': 'Full-day leave, so no late arrival, early departure or absence',
  'day.absent': 'Absent: no punches and no leave on a scheduled day',
  'day.absent_core': 'Absent: no punches and no leave on a working day with core time',
  'day.am_off': 'Morning half-day off: scheduled to work from {time}',
  'day.pm_off': 'Afternoon half-day off: scheduled to work until {time}',
  'day.tardy': `${tardy}: ${punch} at {time}, ${min('raw')} (grace ${min('grace')})`,
  'day.tardy_covered': `${tardy}: ${punch} at {time}, ${min('raw')}, of which ${min('covered')} covered by hourly leave, ${min('counted')} (grace ${min('grace')})`,
  'day.tardy_all_covered': `${noTardy}: ${punch} at {time}, ${min('raw')} covered by hourly leave`,
  'day.tardy_within_grace': `${noTardy}: ${punch} at {time}, ${min('raw')} within the grace of ${min('grace')}`,
  'day.tardy_covered_within_grace': `${noTardy}: ${punch} at {time}, ${min('raw')}, of which ${min('covered')} covered by hourly leave, the rest within the grace of ${min('grace')}`,
  'day.shift_off': 'Schedule: day off (shift)',
  'day.interval_short': 'Rest between shifts: {rest} since the last clock-out, less than the set {interval}',
  'day.interval_ok': 'Rest between shifts: {rest} since the last clock-out (at least the set {interval})',
  'day.leave_scheduled':
    'Scheduled working time this day: {cap} after {leave} (work beyond it is non-statutory overtime, and statutory overtime beyond the day’s legal limit)',
  'day.leave_hours': '{hours, plural, one {# hour} other {# hours}} of hourly leave',

  'variable.daily_over_schedule':
    'Statutory overtime (judged by the day): the day’s schedule of {scheduled} is over 8 hours, so the {minutes} min beyond the scheduled {line}',
  'variable.daily_within_limit':
    'Statutory overtime (judged by the day): the day’s schedule of {scheduled} is 8 hours or less, so the {minutes} min beyond 8:00',
  'variable.week_over_schedule': ' (scheduled {scheduled}, over {hours} hours, so beyond the schedule)',
  'variable.week_within_base': ' (scheduled {scheduled}, {hours} hours or less, so beyond {hours} hours)',
  'variable.weekly':
    'Statutory overtime (judged by the week): week {from}–{to}{why}: {excess} min (the running total, excluding daily statutory overtime and work on the statutory day off, passed the limit on this day, so from the end of this day)',
  'variable.weekly_part':
    'Statutory overtime (judged by the week): week {from}–{to}{why}: {minutes} of {excess} min (what passed the limit on {date}, taken first from work beyond the schedule, i.e. non-statutory overtime)',
  'variable.kind_own_span': 'period of employment',
  'variable.kind_period': 'variable period',
  'variable.note_own_span': 'settlement for joining or leaving mid-period (Article 32-4-2); ',
  'variable.note_system_ends': 'the working-time system changes from {changes}, so settled up to {to}; ',
  'variable.period':
    'Statutory overtime (judged by the {kind}): {note}the work of {total}, excluding daily and weekly statutory overtime and work on the statutory day off, exceeded the total of {frame} ({hours} hours × {days} days ÷ 7) for the {kind} {from}–{to} ({days} days) by {excess} min; {minutes} min of it here (taken first from non-statutory overtime, from the end of the period)',
  'variable.period_pending':
    'Statutory overtime beyond the total ({hours} hours × {days} days ÷ 7) for the {kind} {from}–{to} is judged on its last day, {to}',

  'flex.basis_two_days_off': '8 hours × {days} scheduled working days (two full days off every week)',
  'flex.basis_week': '{hours} hours × {days} days ÷ 7',
  'flex.today_part': ' ({minutes} min of it on this day)',
  'flex.monthly_cap':
    'Over 50 hours a week in a month of the settlement period (month {month}, {from}–{to}): actual work of {worked} exceeded 50 hours × {days} days ÷ 7 = {cap} by {excess} min, counted as statutory overtime in this month{part} (deducted at settlement)',
  'flex.settled_deducted': ' less {monthly} already counted as over 50 hours a week, i.e. {rest},',
  'flex.settled_over':
    'Over the total for the settlement period ({from}–{to}): actual work of {worked}{deducted} exceeded the total of {frame} ({basis}) by {over} min, settled as statutory overtime{part}',
  'flex.with_leave': ' plus paid leave of {leave}',
  'flex.settled_inner':
    'Over the scheduled total for the settlement period ({from}–{to}): actual work within the total of {within}{withLeave} exceeded the scheduled total of {required} ({standard} × {days} days) by {inner} min, settled as non-statutory overtime{part}',
} as const satisfies Record<keyof typeof engineJa, string>;
