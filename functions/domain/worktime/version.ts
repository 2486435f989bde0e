/**
 * Working-time engine — rule version 2026.5. Every computed result carries `ruleVersion` so a stored
 * summary can be told apart from one computed under later rules (recompute when it differs).
 *
 * Changelog:
 * - 2026.5 (issue 29): no break is ever invented (LABOUR-LAW.md "Breaks", corrected 2026-11-28): a day
 *   without punched breaks takes the break rule's or the pattern's break as it is — or none, as the
 *   company chose on the break rule — and a break short of 34条 for the day's work is flagged
 *   (break_below_legal, with its minutes) instead of being raised; a correction's `breaks: []` records
 *   that no break was taken; 管理監督者 have no 34条 minimum and no shortfall (41条) (rules 3, 4, 13).
 *   A minute is leave or 所定 to work, never both: after 午前半休 / 午後半休 / 時間単位 leave the day's
 *   所定 is what the schedule leaves to work, so work past it is 法内 up to 8 h (rule 5). Under 変形 a
 *   week's or period's excess is taken from the work beyond the schedule (法内) first, so 所定内 stays
 *   the scheduled minutes worked (rule 18). A 1年単位 plan with a week without a day off or a pattern on
 *   the fixed 法定休日 is reported by the plan check and refused by the shift save (rule 18).
 *   Days outside the employment — before the 雇入れの日 or after the 退職日 —
 *   are neither scheduled nor 欠勤 (rule 20).
 * - 2026.4 (issue 17): working-time systems — 1か月・1年・1週間単位の変形労働時間制, フレックスタイム制
 *   and 管理監督者 per employment status or employee (rules 17–19). 通常 days compute as under 2026.3.
 * - 2026.3 (issue 16): schedules — 遅刻 / 早退 / 欠勤 against the day's pattern with grace and
 *   half-day / hourly leave, punched breaks used as taken (flagged when below 34条), pattern break
 *   windows, shifts changing a day's character, 勤務間インターバル, half days counted 0.5, the
 *   1か月単位 30-minute rounding of monthly totals (rules 4, 8 and 11–16). Days without a schedule,
 *   break punches or leave units compute as under 2026.2.
 * - 2026.2: 34条 on working time, lawful company breaks kept, two-tier rules and break windows.
 *
 * The rules of 2026.3, in the order the engine applies them:
 *
 * 1. Minutes. Punch instants are truncated to the whole minute (09:00:59 counts as 09:00) and
 *    every figure is in whole minutes; no rounding beyond that (労働時間は1分単位).
 * 2. Work date. A shift belongs to the company-local date of its punch-in (its `workDate`), also
 *    when the punch-out falls on the next calendar day (継続勤務は始業日の勤務, 昭和63年基発1号).
 *    A day with only one punch, or a punch-out before the punch-in, is `incomplete`: zero time,
 *    flagged, left out of every total except the list of incomplete days.
 * 3. Rules in force. Working and break rules are looked up separately, most specific first:
 *    (department, status) > department only > status only > company default ('-','-') > built-in
 *    default (fixed 8:00, no daily overtime threshold, no deemed overtime; no break of its own, and a
 *    day without punched breaks takes the rule's break: the choice of rule 4).
 * 4. Break. restraint = punch-out − punch-in. 労働基準法34条 is on 労働時間 (restraint − break), not
 *    on restraint: work over 6 h needs ≥ 45 min, work over 8 h ≥ 60 min. The engine never invents
 *    break time (LABOUR-LAW.md "Breaks", corrected 2026-11-28): a break counts where the punches show
 *    it (rule 13) or, on a day without punched breaks, where the company's rule or pattern gives it —
 *    if the company deems breaks at all: the break rule in force says what such a day takes
 *    (`unpunched`: 'rule', the default and the reading of versions saved before the choice, or
 *    'none': no break). The rule's break is the larger of its tier break (restraint ≥ the condition →
 *    that break; an optional second tier, e.g. 6:01 → 45 and 8:46 → 60) and the minutes of its fixed
 *    break windows (e.g. 12:00–13:00 on the local clock of each date the shift touches) inside the
 *    shift, never more than the restraint. It is used as it is: where it is shorter than 34条 needs
 *    for the resulting work, the work stays work and the day is flagged break_below_legal with the
 *    shortfall (breakShortfallMinutes = the minimum for the work − the break): 拘束 9:00 with a rule
 *    break of 45 → 8:15 of work (15 法定外) and 15 short; 拘束 6:01 with no break given → 6:01 of work
 *    and 45 short. 管理監督者 (41条): no minimum, never flagged. Placement: the windows inside the shift; any further
 *    minutes as ONE block in the free minutes from the end of the last window — without windows,
 *    from 4 h after punch-in — onwards, backwards from there when the shift ends first (without
 *    windows the block then ends at punch-out). "After 4 h" is where a typical 9:00 start takes
 *    lunch, and it fixes which minutes are late night (a 22:00–07:00 shift breaks 02:00–03:00: 480
 *    late-night minutes of restraint, 420 worked).
 *    When breaks are punched or the day has a pattern with break windows, rule 13 replaces this one.
 * 5. Buckets. Each worked minute falls in exactly one of:
 *    - 法定休日労働 (legal_holiday): minutes on the calendar day (0:00–24:00, company-local) of the
 *      legal holiday (法定休日, one weekday a week, Sunday by default); a shift from Saturday night
 *      into Sunday is holiday work after 0:00 only. These minutes are never overtime and do not
 *      count toward 8 h/day or 40 h/week.
 *    - otherwise, counting the shift's other worked minutes in clock order: up to the fixed daily
 *      time (the day's pattern's working time when it has one, else the working rule's; less what
 *      half-day or hourly leave covers — scheduled.ts scheduledAfterLeave: 午前半休 on 9:00–18:00 with
 *      12:00–13:00 leaves 13:00–18:00 = 5:00, 午後半休 9:00–12:00 = 3:00, without a pattern half the
 *      rule's time, 時間単位 the time less its hours; capped at 8 h) → regular (所定内); beyond it up to 8 h → scheduled overtime
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
 *    work on a day off and no approved holiday-work request, is flagged — except work a shift pattern
 *    planned on the day off (ordered in advance by the admin; since 2026.4).
 * 8. Month. Totals over the work dates of the month. 月60時間超 = 法定外 (daily + weekly) beyond
 *    60 h (37条1項 ただし書, 50 %); legal-holiday work is not part of it. Overtime = 法内 + 法定外;
 *    excess over deemed overtime (固定残業, the rule's `unpaidMinutes`) = max(0, overtime − deemed).
 *    Paid-leave days = days with leave type 0 (有給), counting `leaveDays`: 1 for 終日 (or the stored
 *    0.5 of an old half day), 0.5 for 午前半休 / 午後半休, 0 for 時間単位 (39条: hours count toward
 *    no day; their hours are totalled apart as paidLeaveHours).
 * 9. 36協定. Time counted = 法定外 (daily + weekly); "including holiday work" adds 法定休日労働.
 *    See agreement.ts for the limits and the projection.
 * 10. 80 h notice (労働安全衛生法66条の8, 則52条の2): 時間外・休日労働時間 = the month's total worked
 *    minutes (legal-holiday work included) − 40 h × calendar days ÷ 7, not 法定外 + 休日.
 * 11. Schedule (schedule.ts): a date's schedule is its shift, else the employee's default pattern,
 *    else the (department, status) default, else none. A shift day off makes a calendar working day a
 *    所定休日 for the employee; a shift pattern on a calendar 所定休日 / 祝日 / company day off makes it a
 *    working day; the 法定休日 (and every day off of a calendar with no fixed 法定休日) stays what it is
 *    (35条; moving it needs 振替, and a 振替 wins over a shift). A default pattern applies on working
 *    days only. A pattern's times are minutes from the work date's local midnight (past 24:00 for a
 *    night pattern) → scheduled start / end instants on the company's clock.
 * 12. 遅刻 / 早退 / 欠勤 (scheduled days only; scheduled.ts `tardiness`): 遅刻 = scheduled working
 *    minutes (pattern break windows excluded) from the expected start to the punch-in, 早退 = those
 *    from the punch-out to the expected end, punches truncated to the minute. 午前半休 moves the
 *    expected start to the end of the first break window (the pattern's midpoint without one),
 *    午後半休 the expected end to its start; 時間単位 leave covers lateness first, then early leave;
 *    終日 leave: none of the three. Grace: a remainder of at most graceMinutes counts 0, beyond it
 *    the whole remainder counts. 欠勤 = a scheduled day before today with no punch and no leave of any
 *    unit, except the 法定休日 (a shift there plans 休日労働, not a 労働日). Figures only: pay deductions are the payroll's business.
 * 13. Breaks. Punched breaks (休憩開始 / 休憩終了) are the day's breaks as taken: clipped to the shift,
 *    overlaps merged, never raised to 34条 (the minutes between them were worked and are owed); a day
 *    whose punched break is below 34条 for its work is flagged break_below_legal. Breaks a correction
 *    set are the day's record too, `[]` included (breaksRecorded: no break was taken; an empty list
 *    without the mark — punches, items stored before 2026.5 — means "not punched"). A break without an
 *    end on a complete day is flagged break_open and not counted (its end is unknown; counting it to
 *    punch-out could hide hours of work). Without punches, and when the company deems breaks (rule
 *    4's choice), a pattern's break windows inside the shift are the company's break, as they are
 *    (flagged, never raised, when short of 34条); without them, rule 4.
 * 14. 勤務間インターバル: rest = punch-in − the latest earlier punch-out (an actual one, never a
 *    scheduled end); below the company's intervalMinutes → flagged short_interval.
 * 15. Month: scheduled, late, early-leave, absent, break-below-legal (any break short of 34条) and short-interval days, late
 *    and early-leave minutes, hours of hourly paid leave. With the company's monthlyRounding30 (on the
 *    span's last day), 時間外 (法内 + 法定外, 法定外, 月60時間超), 法定休日労働 and 深夜 totals are each
 *    also given rounded (昭63.3.14 基発150号: < 30 min dropped, ≥ 30 min raised to the hour); the
 *    minute figures are unchanged.
 * 16. Display rounding (screen only): 出勤 rounded up, 退勤 rounded down to the company's unit.
 * 17. Working-time system (system.ts): each day computes under the system in force for the employee
 *    on it (employee > employment status > company-wide > 通常). computeDay applies the day's limits
 *    (day.ts `dayLimits`); consecutive days under one system form a run, and month.ts `applyLimits`
 *    gives 通常 runs the 40 h/week rule (rule 5), 変形 runs the week and period passes (rule 18),
 *    flex runs the 清算期間 settlement (rule 19) and 管理監督者 runs nothing (41条2号: every minute
 *    所定内, no 法定外 or 休日労働; 深夜, leave and the 80 h notice as for everyone). A period's 法定外
 *    lands in the span holding the period's last day, so a month's records start at the period's start.
 * 18. 変形労働時間制 (variable.ts; 1か月単位 32条の2, 1年単位 32条の4, 1週間単位 32条の5). A day's
 *    schedule = its pattern's working time (uncapped), else the working rule's time (≤ 8 h) on a
 *    working day, 0 on a day off and on the 法定休日. 法定外, in the order 日 → 週 → 期間 and never a
 *    minute twice (昭63.1.1 基発1号): (day) beyond the schedule on a day scheduled over 8 h, else beyond
 *    8 h; (week) 所定内 + 法内 beyond the week's schedule when over 40 h, else beyond 40 h (44 h 特例:
 *    1か月単位 only), found on the day the week passes the line — weeks are the company's weeks cut at
 *    the period's edges (1週間単位: the period itself); (period) 所定内 + 法内 left beyond floor(40 h
 *    (44 h) × calendar days ÷ 7) → 'period_statutory_overtime', only when the period's last day ≤ the
 *    span's last day. A week's (period's) excess is work beyond the schedule: it is taken from 法内
 *    minutes first, walking back from the day the week passes its line (the period's last day) over
 *    the week's (period's) days, and from 所定内 only when no 法内 is left (a schedule over its 総枠, a
 *    period cut short); days before the span's first day last. 所定内 + 法内 + 法定外 = worked. A change of system ends the period on its eve (settled
 *    there). 1年単位 joiner / leaver (32条の4の2): the same on the span max(period start, hire) …
 *    min(period end, leave). Each day's explanation names the step (日 / 週 / 変形期間・在籍期間) that
 *    found its 法定外. checkVariablePlan checks a period's schedule: average ≤ 40 h (44 h) a week; 1年:
 *    ≤ 10 h a day, ≤ 52 h a week, ≤ 6 consecutive working days (12 in the 特定期間), a day off in every
 *    whole week (35条, the 特定期間 included) and no pattern on the fixed 法定休日 (since 2026.5; the shift
 *    save refuses both), and over 3 months ≤ floor(280 × days ÷ 365) working days and weeks over 48 h at
 *    most 3 in a row and 3 per 3-month block (則12条の4); 1週間: ≤ 10 h a day, ≤ 40 h in the week.
 * 19. フレックスタイム制 (32条の3; flex.ts). No daily or weekly line: computeDay makes every minute
 *    所定内 except 法定休日 minutes (休日労働, day by day; 深夜 overlays as always). Per 清算期間 (1–3
 *    months from the 起算日; a joiner, a leaver or a flex version ending inside it is settled on the
 *    own span, 32条の3の2): 総枠 = 40 h × calendar days ÷ 7 (44 h 特例 only for a one-month period),
 *    or with 完全週休2日 (32条の3第3項) working days × 8 h; 所定総労働時間 = 標準となる1日の労働時間 ×
 *    working days (a working day = not a day off of the employee's calendar); both rounded down to
 *    the minute. Worked = 実労働時間 without 法定休日労働. Periods over a month: each one-month part
 *    from the 起算日 (the last part may be shorter) whose worked minutes exceed 50 h × its days ÷ 7
 *    has the excess as its own 法定外 (period_statutory_overtime), on the part's last worked minutes
 *    once the part is over. Settlement, once the period's last day is reached: 法定外 = worked − 総枠
 *    − the parts' excesses (never below 0), on the period's last worked minutes (walking back across
 *    days); then 法内残業 = worked + paid leave − 所定総労働時間, at most the worked minutes within the
 *    総枠, on the minutes before. Paid leave counts 標準 × days (half days half, hourly leave its
 *    hours) toward 所定 and the running 過不足 (FlexPeriodState on every day), never toward 法定外.
 *    遅刻 / 早退 / 欠勤 only against the core time on a working day (none without core time; the
 *    day's pattern is not used).
 * 20. Employment span (month.ts `employmentOn`): a day before the 雇入れの日 (入社日) or after the
 *    退職日 (the last day employed) owes no work. Nothing is scheduled on it (no pattern, no core time,
 *    no shift: no 予定, 遅刻, 早退 or 欠勤, not a 予定日 of the totals) and it is marked 入社前 / 退職後;
 *    punches on it still count as worked time. Staff without the dates are inside every day.
 */
export const RULE_VERSION = '2026.5';

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
