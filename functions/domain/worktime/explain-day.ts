/**
 * A finished day's explanation (issue 31): which rule applied and where each minute went, as codes
 * with parameters (explanation.ts), never sentences. Built on demand: the month table asks for it;
 * the exports and the closing, which compute every employee's month, never build it.
 */
import { localClock, toMinute } from './zone.js';
import { requiredBreak, type DayResult, type Segment } from './day.js';
import {
  EMPTY,
  LEAVE_CODES,
  clockParam,
  hmParam,
  line,
  listParam,
  patternClockParam,
  rangeParam,
  type ExplanationLine,
  type ExplanationParam,
} from './explanation.js';
import type { RulesInForce } from './rules.js';
import { patternWorkMinutes } from './scheduled.js';
import { VARIABLE_SYSTEMS, type WorkSystem } from './system.js';
import { BREAK_AFTER_MINUTES, DAILY_LIMIT_MINUTES } from './version.js';

/** The break rule's terms as the explanation states them (拘束6:00以上で0:45、…、休憩時間帯12:00–13:00). */
export function breakRuleTerms(rule: RulesInForce['break']): ExplanationParam {
  const parts: ExplanationParam[] = [];
  const tier = (condition: number, minutes: number) =>
    line('day.break_terms_tier', { condition: hmParam(condition), minutes: hmParam(minutes) });
  if (rule.conditionMinutes !== null && (rule.breakMinutes > 0 || !rule.windows?.length))
    parts.push(tier(rule.conditionMinutes, rule.breakMinutes));
  if (rule.tier2) parts.push(tier(rule.tier2.conditionMinutes, rule.tier2.breakMinutes));
  if (rule.windows?.length)
    parts.push(
      line('day.break_terms_windows', {
        windows: listParam(rule.windows.map((w) => rangeParam(hmParam(w.startMinute), hmParam(w.endMinute)))),
      }),
    );
  return parts.length ? listParam(parts, 'engine.sep_comma') : line('day.break_terms_none');
}

/** The explanation's line naming a non-standard system (労働時間制度: フレックスタイム制（清算期間3か月、起算日…）). */
export function systemLine(system: WorkSystem): ExplanationLine {
  const name = line(`engine.system_${system.kind}`);
  if (system.kind === 'manager') return line('day.system_manager', { system: name });
  if (system.kind === 'weekly_variable') return line('day.system_weekly', { system: name, start: system.periodStart });
  return line(system.kind === 'flex' ? 'day.system_flex' : 'day.system_variable', {
    system: name,
    months: system.periodMonths,
    start: system.periodStart,
  });
}

/** How ordinary work (a 所定休日 or 振替出勤日 worked) is judged under the day's system. */
function ordinaryJudgement(system: WorkSystem): ExplanationLine {
  if (system.kind === 'manager') return line('engine.judged_manager');
  if (system.kind === 'flex') return line('engine.judged_flex');
  if (VARIABLE_SYSTEMS.includes(system.kind)) return line('engine.judged_variable');
  return line('engine.judged_standard');
}

/**
 * The day's explanation: which rule applied and where each minute went, as codes with parameters
 * (explanation.ts). Built on demand from a finished day (the month table asks for it; the exports and
 * the closing never do).
 */
export function explainDay(day: DayResult): ExplanationLine[] {
  const { working, break: brk } = day.rules;
  const clock = (iso: string) => {
    const { date, time } = localClock(toMinute(iso), day.timeZone);
    return clockParam(time, date, day.workDate);
  };
  const ranges = (segments: readonly Segment[]) =>
    listParam(segments.map((s) => rangeParam(clock(s.startAt), clock(s.endAt))));
  const lines: ExplanationLine[] = [];
  const holiday = day.calendar.holidayName ? line('engine.holiday_name', { name: day.calendar.holidayName }) : EMPTY;

  if (day.outsideEmployment === 'before_hire') lines.push(line('day.before_hire'));
  if (day.outsideEmployment === 'after_leave') lines.push(line('day.after_leave'));
  const judged = ordinaryJudgement(day.system);
  if (day.calendar.transfer?.role === 'working') {
    lines.push(line('day.transfer_working', { partner: day.calendar.transfer.partner, judged }));
  } else if (day.calendar.transfer?.role === 'day_off') {
    lines.push(line('day.transfer_day_off', { partner: day.calendar.transfer.partner }));
  }
  if (day.calendar.isLegalHoliday) {
    lines.push(line(day.system.kind === 'manager' ? 'day.legal_holiday_manager' : 'day.legal_holiday', { holiday }));
  } else if (day.calendar.isDayOff) {
    lines.push(line('day.day_off', { holiday, judged }));
  }
  if (day.calendar.shift === 'working') lines.push(line('day.shift_working'));
  if (day.calendar.shift === 'day_off') lines.push(line('day.shift_day_off'));
  if (day.leaveType !== null) {
    const unit =
      day.leaveUnit === 'hours'
        ? line('day.leave_unit_hours', { hours: day.leaveHours })
        : day.leaveUnit === 'am' || day.leaveUnit === 'pm'
          ? line('day.leave_unit_half', { half: line(`engine.leave_unit_${day.leaveUnit}`), days: day.leaveDays })
          : line('day.leave_unit_days', { days: day.leaveDays });
    lines.push(line('day.leave', { leave: line(LEAVE_CODES[day.leaveType]), unit }));
  }
  lines.push(...day.scheduleLines);

  if (day.system.kind !== 'standard') lines.push(systemLine(day.system));
  if (day.status === 'none') return [...lines, line('day.no_punch')];
  if (day.status === 'incomplete') {
    const reason = !day.punchInAt
      ? 'day.incomplete_no_in'
      : !day.punchOutAt
        ? 'day.incomplete_no_out'
        : 'day.incomplete_out_before_in';
    return [...lines, line('day.incomplete', { reason: line(reason) })];
  }

  const threshold =
    working.overMinutes === null ? EMPTY : line('day.working_rule_threshold', { over: hmParam(working.overMinutes) });
  lines.push(
    line('day.working_rule', {
      level: line(`engine.rule_level_${working.level}`),
      fixed: hmParam(working.fixedMinutes),
      threshold,
    }),
  );
  if (day.schedule?.kind === 'pattern') {
    const { pattern } = day.schedule;
    // 変形: the schedule may exceed 8 h (its own daily line), so it is shown uncapped.
    const scheduled = VARIABLE_SYSTEMS.includes(day.system.kind)
      ? patternWorkMinutes(pattern)
      : Math.min(patternWorkMinutes(pattern), DAILY_LIMIT_MINUTES);
    if (scheduled !== working.fixedMinutes)
      lines.push(
        line('day.pattern_scheduled', {
          name: pattern.name,
          scheduled: hmParam(scheduled),
          fixed: hmParam(working.fixedMinutes),
        }),
      );
  }
  lines.push(
    line('day.restraint', {
      range: rangeParam(clock(day.punchInAt!), clock(day.punchOutAt!)),
      minutes: day.restraintMinutes,
    }),
  );

  // Where the break came from: the punches (or a correction's record), the pattern's windows or the
  // break rule (no punches, when the company deems breaks), or nothing.
  const pattern = day.schedule?.kind === 'pattern' && !day.punchedBreaks.length ? day.schedule.pattern : null;
  const byPattern = pattern !== null && pattern.breaks.length > 0;
  const level = line(`engine.rule_level_${brk.level}`);
  const rule = byPattern ? line('day.break_by_pattern', { name: pattern.name }) : line('day.break_by_rule', { level });
  const terms = byPattern
    ? line('day.break_terms_windows', {
        windows: listParam(
          pattern.breaks.map((b) => rangeParam(patternClockParam(b.startMinute), patternClockParam(b.endMinute))),
        ),
      })
    : breakRuleTerms(brk);
  const worked = day.restraintMinutes - day.breakMinutes;
  const placed = day.segments.filter((s) => s.kind === 'break');
  if (day.breakSource === 'punched') {
    lines.push(
      !day.punchedBreaks.length
        ? line('day.break_recorded_none', { worked: hmParam(worked) })
        : line('day.break_punched', {
            ranges: placed.length ? line('day.break_punched_ranges', { ranges: ranges(placed) }) : EMPTY,
            minutes: day.breakMinutes,
            worked: hmParam(worked),
          }),
    );
  } else {
    if (day.breakSource === 'none') {
      lines.push(
        day.unpunchedBreaks === 'none' ? line('day.break_zero') : line('day.break_zero_rule', { rule, terms }),
      );
    } else {
      let where: ExplanationParam = EMPTY;
      if (placed.length === 1 && day.breakInWindowsMinutes === 0) {
        const block = placed[0]!;
        const after4h = toMinute(block.startAt) - toMinute(day.punchInAt!) === BREAK_AFTER_MINUTES;
        where = line('day.break_block', {
          range: rangeParam(clock(block.startAt), clock(block.endAt)),
          position: line(after4h ? 'day.break_block_after_four_hours' : 'day.break_block_before_out'),
        });
      } else if (placed.length) {
        where = line('day.break_windows', { ranges: ranges(placed), inWindows: day.breakInWindowsMinutes });
      }
      lines.push(line('day.break_deemed', { rule, minutes: day.breakMinutes, terms, where }));
    }
    // The company's choice for days without punched breaks, as the figure used it.
    lines.push(line(day.unpunchedBreaks === 'none' ? 'day.unpunched_none' : 'day.unpunched_rule', { level }));
  }
  if (day.system.kind === 'manager' && requiredBreak(worked) > day.breakMinutes) lines.push(line('day.manager_break'));

  for (const s of day.segments) {
    if (s.kind === 'break') continue;
    lines.push(
      line('day.segment', {
        range: rangeParam(clock(s.startAt), clock(s.endAt)),
        kind: line(`engine.segment_${s.kind}`),
        lateNight: s.lateNight ? 'yes' : 'no',
        minutes: s.minutes,
      }),
    );
  }
  if (day.weeklyStatutoryOvertimeMinutes > 0 && day.system.kind === 'standard')
    lines.push(line('day.weekly_over', { minutes: day.weeklyStatutoryOvertimeMinutes }));
  lines.push(...day.systemLines);

  const parts = (
    [
      ['day.worked_part_regular', day.regularMinutes],
      ['day.worked_part_scheduled', day.scheduledOvertimeMinutes],
      ['day.worked_part_statutory', day.statutoryOvertimeMinutes],
      ['day.worked_part_holiday', day.legalHolidayWorkMinutes],
    ] as const
  )
    .filter(([, n]) => n > 0)
    .map(([code, n]) => line(code, { minutes: n }));
  lines.push(
    line('day.worked', {
      minutes: day.workedMinutes,
      split: parts.length ? line('day.worked_split', { parts: listParam(parts, 'engine.sep_plus') }) : EMPTY,
      lateNight: day.lateNightMinutes,
    }),
  );

  if (day.flags.includes('unapproved_overtime')) lines.push(line('day.warn_unapproved_overtime'));
  if (day.flags.includes('unapproved_holiday_work')) lines.push(line('day.warn_unapproved_holiday_work'));
  if (day.flags.includes('worked_on_leave')) lines.push(line('day.warn_worked_on_leave'));
  if (day.flags.includes('over_daily_threshold'))
    lines.push(
      line('day.warn_over_threshold', {
        overtime: day.overtimeMinutes,
        threshold: hmParam(working.overMinutes ?? 0),
      }),
    );
  if (day.flags.includes('break_below_legal'))
    lines.push(
      line('day.warn_break_below_legal', {
        breakMinutes: day.breakMinutes,
        worked: hmParam(day.restraintMinutes - day.breakMinutes),
        shortfall: day.breakShortfallMinutes,
      }),
    );
  if (day.flags.includes('break_open')) lines.push(line('day.warn_break_open'));
  return lines;
}
