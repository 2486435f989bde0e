import {
  agreementYearStartOf,
  checkAgreementYear,
  monthPace,
  type AgreementFinding,
  type AgreementMonth,
  type AgreementSettings,
} from '../domain/worktime/agreement.js';
import {
  DEFAULT_START_MONTH,
  engineSettings,
  versionInForce,
  type AgreementVersion,
} from '../domain/worktime/agreement-settings.js';
import { calendarOfVersions, type CalendarVersion } from '../domain/worktime/calendar.js';
import { daysInMonth, monthDates, today } from '../domain/time.js';

/** Company-level alert settings (PUT /api/v1/work_status/alert), used while no 36協定 version is in force. */
export interface AlertSettings {
  overtimeAlertMinutes: number;
  specialClause: boolean;
}

/** A company's 36協定 settings: its versions, and the company-level alert for days before the first. */
export interface CompanyAgreement {
  versions: readonly AgreementVersion[];
  fallback: AlertSettings;
  /** The company calendar's versions: the month's pace counts its working days. */
  calendar: readonly CalendarVersion[];
}

export const companyAgreement = (
  versions: readonly AgreementVersion[],
  company: { overtimeAlertMinutes?: number; specialClause?: boolean } | null | undefined,
  calendar: readonly CalendarVersion[] = [],
): CompanyAgreement => ({
  versions,
  calendar,
  fallback: {
    overtimeAlertMinutes: company?.overtimeAlertMinutes ?? 45 * 60,
    specialClause: company?.specialClause ?? false,
  },
});

/** The engine settings in force on `date`: its version, else the company alert with the statutory limits. */
export function agreementSettingsOn(a: CompanyAgreement, date: string): AgreementSettings {
  const v = versionInForce(a.versions, date);
  return v
    ? engineSettings(v)
    : { alertLimitMinutes: a.fallback.overtimeAlertMinutes, specialClause: a.fallback.specialClause };
}

/** The 起算日's month in force on `date`. */
export const startMonthOn = (a: CompanyAgreement, date: string) =>
  versionInForce(a.versions, date)?.startMonth ?? DEFAULT_START_MONTH;

/** A month is evaluated with the settings in force on its last day (or today, for the month under way). */
function monthSettings(a: CompanyAgreement, todayDate: string) {
  return (month: string) => {
    const [y, m] = month.split('-').map(Number) as [number, number];
    const end = `${month}-${String(daysInMonth(y, m)).padStart(2, '0')}`;
    return agreementSettingsOn(a, end < todayDate ? end : todayDate);
  };
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

export interface AgreementFindings {
  /** First month (YYYY-MM) of the agreement year of the month checked. */
  yearStart: string;
  /** Findings of the month checked, projected from the pace so far. */
  current: AgreementFinding[];
  /** Every month of the agreement year up to the month checked, with its own findings. */
  months: { month: string; findings: AgreementFinding[] }[];
}

/**
 * 36協定 findings for one employee, every month of the agreement year up to `month` (each with the
 * settings in force on its last day), this month projected from the pace so far. `workedMinutes`
 * is this month's total from its summary (0 without one): the 80 h notice (則52条の2) is figured from
 * it, also when the history line was stored before it carried the total.
 */
export function agreementFindings(
  history: AgreementMonth[],
  month: string,
  agreement: CompanyAgreement,
  timeZone: string,
  now: Date,
  workedMinutes = 0,
): AgreementFindings {
  const last = history[history.length - 1];
  const months =
    last && last.month === month
      ? [...history.slice(0, -1), { ...last, workedMinutes }]
      : [...history, { month, statutoryOvertimeMinutes: 0, legalHolidayWorkMinutes: 0, workedMinutes }];
  const [y, m] = month.split('-').map(Number) as [number, number];
  const calendar = calendarOfVersions(agreement.calendar);
  const todayDate = today(timeZone, now);
  const pace = monthPace(monthDates(y, m), todayDate, (d) => !calendar(d).isDayOff);
  const yearStart = agreementYearStartOf(month, startMonthOn(agreement, todayDate));
  const result = checkAgreementYear({
    months,
    agreementYearStart: yearStart,
    settingsFor: monthSettings(agreement, todayDate),
    pace,
  });
  return {
    yearStart,
    current: result.months[result.months.length - 1]?.findings ?? [],
    months: result.months,
  };
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
