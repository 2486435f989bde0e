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
import { employeeShifts, engineSchedule, scheduleSettings } from '../db/schedules.js';
import { findEmployee } from '../db/staff.js';
import { allRules } from '../db/summaries.js';
import { addDays } from '../domain/time.js';
import { calendarOfVersions, calendarSettingsOn } from '../domain/worktime/calendar.js';
import { effectiveSchedule, variableScheduledMinutes } from '../domain/worktime/day.js';
import { rulesByStaff } from '../domain/worktime/rules.js';
import { VARIABLE_SYSTEMS, WORK_SYSTEM_LABELS, periodOfSystem, systemOf } from '../domain/worktime/system.js';
import { checkVariablePlan, type PlanDay } from '../domain/worktime/variable.js';
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
  const calendar = calendarOfVersions(calendars);
  const rulesOn = rulesByStaff(rules, employee);
  const plan = new Map<string, PlanDay>();
  let total = 0;
  for (let d = period.from; d <= period.to; d = addDays(d, 1)) {
    // As the engine reads the day: a default pattern only on a calendar working day (day.ts effectiveSchedule).
    const day = calendar(d);
    const s = effectiveSchedule(schedule(d), day);
    const minutes =
      s?.kind === 'day_off' ? 0 : variableScheduledMinutes(s?.kind === 'pattern' ? s.pattern : null, rulesOn(d), day);
    plan.set(d, { scheduledMinutes: minutes, working: minutes > 0 });
    total += minutes;
  }
  const violations = checkVariablePlan(system, period, plan, calendarSettingsOn(calendars, period.from).weekStartsOn);
  return { ...answer, checked: true, scheduled_minutes: total, violations };
}
