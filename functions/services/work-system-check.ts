/**
 * The plan checks of a variable working-time system (変形労働時間制) for the admin: the period (変形期間)
 * holding a date, under the system in force for the employee that day, with its schedule as the
 * engine reads it — the employee's shifts, else their default pattern, else the working rule's time
 * on the company calendar's working days (day.ts variableScheduledMinutes) — checked by
 * variable.ts checkVariablePlan (average, 10 h / 52 h, consecutive days, 280 days, 48 h weeks).
 * Other systems have no plan to check (`checked: false`). Reads: the employee, the schedule
 * partition, the calendar versions and the rules (one each), and one Query per month of the period.
 */
import { calendarVersions } from '../db/company-calendars.js';
import { employeeShifts, engineSchedule, scheduleSettings, type CompanySettings } from '../db/schedules.js';
import { findEmployee, type StaffMember } from '../db/staff.js';
import { allRules } from '../db/summaries.js';
import { addDays } from '../domain/time.js';
import { calendarOfVersions, calendarSettingsOn } from '../domain/worktime/calendar.js';
import { effectiveSchedule, variableScheduledMinutes, type DayCalendar } from '../domain/worktime/day.js';
import { rulesByStaff, type RulesInForce } from '../domain/worktime/rules.js';
import type { ScheduleOf } from '../domain/worktime/schedule.js';
import {
  VARIABLE_SYSTEMS,
  WORK_SYSTEM_LABELS,
  periodOfSystem,
  sameSystem,
  systemOf,
} from '../domain/worktime/system.js';
import {
  checkVariablePlan,
  legalHolidayScheduledMessage,
  weekWithoutDayOffMessage,
  type PlanDay,
} from '../domain/worktime/variable.js';
import { weekStartOf } from '../domain/worktime/week.js';
import { NotFoundError } from '../shared/errors.js';

export async function checkWorkSystemPlan(companyId: string, employeeId: string, date: string) {
  const [employee, settings, calendars, rules] = await Promise.all([
    findEmployee(companyId, employeeId),
    scheduleSettings(companyId),
    calendarVersions(companyId),
    allRules(companyId),
  ]);
  if (!employee) throw new NotFoundError();
  const system = systemOf(employee, settings.systems)(date);
  const period = periodOfSystem(system, date);
  const answer = {
    employee_id: employeeId,
    date,
    system: {
      kind: system.kind,
      label: WORK_SYSTEM_LABELS[system.kind],
      period_from: period?.from ?? null,
      period_to: period?.to ?? null,
    },
  };
  if (!period || !VARIABLE_SYSTEMS.includes(system.kind))
    return { ...answer, checked: false, scheduled_minutes: null, violations: [] };

  const shifts = await employeeShifts(companyId, employeeId, period.from, period.to);
  const { schedule } = engineSchedule(settings, employee, shifts);
  const plan = variablePlan(
    schedule,
    calendarOfVersions(calendars),
    // The rules of the unit the member is in on each day (a move applies from its date).
    rulesByStaff(rules, employee),
    period.from,
    period.to,
  );
  const total = [...plan.values()].reduce((n, d) => n + d.scheduledMinutes, 0);
  const violations = checkVariablePlan(system, period, plan, calendarSettingsOn(calendars, period.from).weekStartsOn);
  return { ...answer, checked: true, scheduled_minutes: total, violations };
}

/**
 * An employee's 変形 plan of the days `from`–`to` as the engine reads them: the day's schedule (shift,
 * else default pattern — a default pattern only on a calendar working day, day.ts effectiveSchedule)
 * and variableScheduledMinutes (the pattern's time, the working rule's on a working day without one,
 * 0 on days off and on the 法定休日). A pattern planned on the fixed 法定休日 is marked onLegalHoliday:
 * the engine keeps that day the 法定休日 (0 scheduled minutes), so the plan checks must say so rather
 * than drop it. Used by the check route and by the shift save (update-shifts).
 */
export function variablePlan(
  schedule: ScheduleOf,
  calendar: (date: string) => DayCalendar,
  rulesOn: (date: string) => RulesInForce,
  from: string,
  to: string,
): Map<string, PlanDay> {
  const plan = new Map<string, PlanDay>();
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const day = calendar(d);
    const s = effectiveSchedule(schedule(d), day);
    const pattern = s?.kind === 'pattern' ? s.pattern : null;
    const minutes = s?.kind === 'day_off' ? 0 : variableScheduledMinutes(pattern, rulesOn(d), day);
    plan.set(d, {
      scheduledMinutes: minutes,
      working: minutes > 0,
      ...(pattern && day.isLegalHoliday ? { onLegalHoliday: true } : {}),
    });
  }
  return plan;
}

/** A shift change as the shift save takes it (one entry of PUT /api/v1/shifts). */
export interface ShiftEntry {
  employee_id: string;
  date: string;
  pattern_id: string | null;
  day_off: boolean;
}

/**
 * What a shift save would make of the 1年単位の変形 plans of the staff it names (issue 29 item 7): field
 * errors by entry (`entries.<i>.date`), empty when none. Under the 1年単位 system the plan (the 年間カレンダー
 * of shifts, default patterns and the calendar) fixes the 労働日 in advance, so:
 * - a pattern on the fixed 法定休日 is refused (legal_holiday_scheduled): the engine keeps the day the
 *   法定休日 (35条) and would silently leave it out of the plan, its work 休日労働;
 * - a whole week of the period without a day off is refused (week_without_day_off, 35条 and 則12条の4第5項:
 *   even in the 特定期間 only "1週間に1日の休日が確保できる日数" may be worked in a row), on the week's
 *   first entry that is not a day off.
 * Only staff with an entry dated under the 1年単位 system are looked at: one Query of shifts each, over
 * the weeks their entries touch (bounded by the request's entries, not by the company's staff count).
 */
export async function shiftPlanProblems(
  companyId: string,
  settings: CompanySettings,
  staff: readonly StaffMember[],
  entries: readonly ShiftEntry[],
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const calendar = calendarOfVersions(settings.calendar);
  const weekOf = (date: string) => {
    const from = weekStartOf(date, calendarSettingsOn(settings.calendar, date).weekStartsOn);
    return { from, to: addDays(from, 6) };
  };
  for (const employee of staff) {
    const systems = systemOf(employee, settings.systems);
    const mine = entries
      .map((e, i) => ({ ...e, i }))
      .filter((e) => e.employee_id === employee.employeeId && systems(e.date).kind === 'yearly_variable');
    if (!mine.length) continue;
    const weeks = [...new Map(mine.map((e) => [weekOf(e.date).from, weekOf(e.date)])).values()];
    const from = weeks.reduce((m, w) => (w.from < m ? w.from : m), weeks[0]!.from);
    const to = weeks.reduce((m, w) => (w.to > m ? w.to : m), weeks[0]!.to);
    // The stored shifts with this save's entries on top (a cleared entry falls back to the default).
    const byDate = new Map(
      (await employeeShifts(companyId, employee.employeeId, from, to)).map((s) => [s.date, s] as const),
    );
    for (const e of entries.filter((x) => x.employee_id === employee.employeeId)) {
      if (e.pattern_id === null && !e.day_off) byDate.delete(e.date);
      else byDate.set(e.date, { employeeId: e.employee_id, date: e.date, patternId: e.pattern_id, dayOff: e.day_off });
    }
    const { schedule } = engineSchedule(settings, employee, [...byDate.values()]);
    const plan = variablePlan(schedule, calendar, rulesByStaff(settings.rules, employee), from, to);
    for (const e of mine)
      if (e.pattern_id !== null && plan.get(e.date)?.onLegalHoliday)
        (errors[`entries.${e.i}.date`] ??= []).push(legalHolidayScheduledMessage(e.date));
    for (const w of weeks) {
      const dates = Array.from({ length: 7 }, (_, k) => addDays(w.from, k));
      const system = systems(w.from);
      if (!dates.every((d) => sameSystem(systems(d), system))) continue;
      if (!dates.every((d) => plan.get(d)!.working || plan.get(d)!.onLegalHoliday)) continue;
      const at = mine.find((e) => e.date >= w.from && e.date <= w.to && !e.day_off);
      if (at) (errors[`entries.${at.i}.date`] ??= []).push(weekWithoutDayOffMessage(w.from, w.to));
    }
  }
  return errors;
}
