import { monthPace, checkAgreement, type AgreementFinding, type AgreementMonth } from '../domain/worktime/agreement.js';
import { companyCalendar } from '../domain/worktime/calendar.js';
import { monthDates, today } from '../domain/time.js';

/** Company settings the 36協定 checks need. */
export interface AlertSettings {
  overtimeAlertMinutes: number;
  specialClause: boolean;
}

export const thisMonth = (timeZone: string, now: Date) => today(timeZone, now).slice(0, 7);

/** The months of a history map, oldest first, up to and including `month`. */
export function historyMonths(
  months:
    | Record<string, { statutoryOvertimeMinutes: number; legalHolidayWorkMinutes: number; workedMinutes?: number }>
    | undefined,
  month: string,
): AgreementMonth[] {
  return Object.entries(months ?? {})
    .filter(([m]) => m <= month)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([m, v]) => ({
      month: m,
      statutoryOvertimeMinutes: v.statutoryOvertimeMinutes,
      legalHolidayWorkMinutes: v.legalHolidayWorkMinutes,
      ...(typeof v.workedMinutes === 'number' ? { workedMinutes: v.workedMinutes } : {}),
    }));
}

/**
 * 36協定 findings for one employee, with this month projected from the pace so far. `workedMinutes`
 * is this month's total from its summary (0 without one): the 80 h notice (則52条の2) is figured from
 * it, also when the history line was stored before it carried the total.
 */
export function agreementFindings(
  history: AgreementMonth[],
  month: string,
  settings: AlertSettings,
  timeZone: string,
  now: Date,
  workedMinutes = 0,
): AgreementFinding[] {
  const last = history[history.length - 1];
  const months =
    last && last.month === month
      ? [...history.slice(0, -1), { ...last, workedMinutes }]
      : [...history, { month, statutoryOvertimeMinutes: 0, legalHolidayWorkMinutes: 0, workedMinutes }];
  const [y, m] = month.split('-').map(Number) as [number, number];
  const calendar = companyCalendar();
  const pace = monthPace(monthDates(y, m), today(timeZone, now), (d) => !calendar(d).isDayOff);
  return checkAgreement({
    months,
    alertLimitMinutes: settings.overtimeAlertMinutes,
    specialClause: settings.specialClause,
    pace,
  }).findings;
}

/** A 36協定 finding as the work-status routes return it (the SPA imports the type). */
export const findingView = (f: AgreementFinding) => ({
  code: f.code,
  severity: f.severity,
  projected: f.projected,
  month: f.month,
  value_minutes: f.value,
  limit_minutes: f.limit,
  message: f.message,
});

export type FindingView = ReturnType<typeof findingView>;
