/**
 * Working-time engine — rule version 2026.2. Every computed result carries `ruleVersion` so a stored
 * summary can be told apart from one computed under later rules (recompute when it differs).
 *
 * The rules of 2026.2, in the order the engine applies them:
 *
 * 1. Minutes. Punch instants are truncated to the whole minute (09:00:59 counts as 09:00) and
 *    every figure is in whole minutes; no rounding beyond that (労働時間は1分単位).
 * 2. Work date. A shift belongs to the company-local date of its punch-in (its `workDate`), also
 *    when the punch-out falls on the next calendar day (継続勤務は始業日の勤務, 昭和63年基発1号).
 *    A day with only one punch, or a punch-out before the punch-in, is `incomplete`: zero time,
 *    flagged, left out of every total except the list of incomplete days.
 * 3. Rules in force. Working and break rules are looked up separately, most specific first:
 *    (department, status) > department only > status only > company default ('-','-') > built-in
 *    default (fixed 8:00, no daily overtime threshold, no deemed overtime; break 0 with the legal
 *    minimum below).
 * 4. Break. restraint = punch-out − punch-in. 労働基準法34条 is on 労働時間 (restraint − break), not
 *    on restraint: work over 6 h needs ≥ 45 min, work over 8 h ≥ 60 min. The company's break is the
 *    larger of its tier break (restraint ≥ the condition → that break; an optional second tier,
 *    e.g. 6:01 → 45 and 8:46 → 60) and the minutes of its fixed break windows (e.g. 12:00–13:00 on
 *    the local clock of each date the shift touches) inside the shift. It is used as is when lawful
 *    for the resulting work time, else raised only as far as the law needs (LABOUR-LAW.md): the
 *    least lawful break, e.g. with no rule restraint 6:30 → 30 (work 6:00), 8:45 → 45 (work 8:00),
 *    8:50 → 50 (work 8:00), 9:30 → 60. Breaks are not punched, so the lawful minimum is deemed
 *    taken. It never exceeds the restraint. Placement: the windows inside the shift; any further
 *    minutes as ONE block in the free minutes from the end of the last window — without windows,
 *    from 4 h after punch-in — onwards, backwards from there when the shift ends first (without
 *    windows the block then ends at punch-out). "After 4 h" is where a typical 9:00 start takes
 *    lunch, and it fixes which minutes are late night (a 22:00–07:00 shift breaks 02:00–03:00: 480
 *    late-night minutes of restraint, 420 worked).
 * 5. Buckets. Each worked minute falls in exactly one of:
 *    - 法定休日労働 (legal_holiday): minutes on the calendar day (0:00–24:00, company-local) of the
 *      legal holiday (法定休日, one weekday a week, Sunday by default); a shift from Saturday night
 *      into Sunday is holiday work after 0:00 only. These minutes are never overtime and do not
 *      count toward 8 h/day or 40 h/week.
 *    - otherwise, counting the shift's other worked minutes in clock order: up to the fixed daily
 *      time (capped at 8 h) → regular (所定内); beyond it up to 8 h → scheduled overtime
 *      (法内残業); beyond 8 h → statutory overtime (法定外, 労働基準法32条2項).
 *    - weekly 40 h (32条1項): per week (Sunday–Saturday by default), days in date order, the
 *      minutes that take the week's regular + 法内 total past 40 h become weekly 法定外, taken
 *      from the end of that day's regular/法内 minutes (法内 first, then regular). Daily 法定外 and
 *      legal-holiday minutes are not counted again. Work on a non-legal day off (法定外休日, e.g.
 *      Saturday or a public holiday) is ordinary work for these limits.
 *    Late night (深夜, 22:00–05:00 company-local clock, 37条4項) overlays the buckets: a minute can
 *    be 法定外 and late night at once.
 * 6. The working rule's daily overtime threshold (`overMinutes`, 「1日の残業時間の基準」) never
 *    moves minutes between buckets (the buckets are fixed by law and the fixed time); a day whose
 *    overtime (法内 + 法定外) exceeds it is flagged `over_daily_threshold`.
 * 7. Requests. Approved overtime / holiday-work requests do not change any figure (time worked is
 *    paid whether approved or not); a day with overtime and no approved overtime request, or with
 *    work on a day off and no approved holiday-work request, is flagged.
 * 8. Month. Totals over the work dates of the month. 月60時間超 = 法定外 (daily + weekly) beyond
 *    60 h (37条1項 ただし書, 50 %); legal-holiday work is not part of it. Overtime = 法内 + 法定外;
 *    excess over deemed overtime (固定残業, the rule's `unpaidMinutes`) = max(0, overtime − deemed).
 *    Paid-leave days = days with leave type 0 (有給), counting `leaveDays` (1 or 0.5).
 * 9. 36協定. Time counted = 法定外 (daily + weekly); "including holiday work" adds 法定休日労働.
 *    See agreement.ts for the limits and the projection.
 * 10. 80 h notice (労働安全衛生法66条の8, 則52条の2): 時間外・休日労働時間 = the month's total worked
 *    minutes (legal-holiday work included) − 40 h × calendar days ÷ 7, not 法定外 + 休日.
 */
export const RULE_VERSION = '2026.2';

/** 労働基準法32条. */
export const DAILY_LIMIT_MINUTES = 8 * 60;
export const WEEKLY_LIMIT_MINUTES = 40 * 60;
/** 37条1項ただし書: overtime beyond this in a month is paid at 50 %. */
export const MONTHLY_HIGH_RATE_THRESHOLD_MINUTES = 60 * 60;
/** Where the assumed break block starts, counted from punch-in. */
export const BREAK_AFTER_MINUTES = 4 * 60;
/** Late night, company-local clock: 22:00 to 05:00 of the next day. */
export const LATE_NIGHT_START_HOUR = 22;
export const LATE_NIGHT_END_HOUR = 5;
