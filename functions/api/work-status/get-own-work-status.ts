import { findCompany } from '../../db/companies.js';
import { agreementVersions } from '../../db/overtime-agreements.js';
import { payrollVersions } from '../../db/period-closings.js';
import { calendarVersions } from '../../db/company-calendars.js';
import { employeeMonthSummary, overtimeHistory } from '../../db/summaries.js';
import { clock } from '../../shared/clock.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { periodView, summaryFlexView, summarySystemView, type OwnWorkStatusView } from './views.js';
import { settingsForSystem } from '../../domain/worktime/agreement.js';
import {
  agreementFindings,
  agreementSettingsOn,
  companyAgreement,
  findingView,
  historyMonths,
  periodAsked,
} from '../../services/work-figures.js';
import { today } from '../../domain/time.js';

/**
 * The punch screen's own figures: the totals of the payroll period holding today (〇月度) and the
 * caller's 36協定 findings under the settings in force (three GetItems, and one Query each of the
 * company's 36協定, calendar and 締め日 versions).
 */
export const handler = api('get-own-work-status', {}, async ({ principal }) => {
  const companyId = principal.companyId;
  const employeeId = principal.userId;
  const now = clock.now();
  const [company, versions, calendar, [period, payroll, summary], history] = await Promise.all([
    findCompany(companyId),
    agreementVersions(companyId),
    calendarVersions(companyId),
    payrollVersions(companyId).then(async (v) => {
      const p = periodAsked({}, v, principal.timeZone, now);
      return [p, v, await employeeMonthSummary(companyId, employeeId, p.id)] as const;
    }),
    overtimeHistory(companyId, employeeId),
  ]);
  const month = period.id;
  const agreement = companyAgreement(versions, company, calendar);
  // The alert shown is the one of the caller's system (42 h under 1年単位の変形 over 3 months).
  const settings = settingsForSystem(agreementSettingsOn(agreement, today(principal.timeZone, now)), {
    month,
    statutoryOvertimeMinutes: 0,
    legalHolidayWorkMinutes: 0,
    ...historyMonths(history?.months, month).find((m) => m.month === month),
  });
  const { current: findings } = agreementFindings(
    historyMonths(history?.months, month),
    month,
    agreement,
    principal.timeZone,
    now,
    summary?.workedMinutes ?? 0,
    payroll,
  );
  const s = summary;
  const view: OwnWorkStatusView = {
    month,
    period: periodView(period),
    working_minutes: s?.workedMinutes ?? 0,
    overtime_minutes: s?.overtimeMinutes ?? 0,
    statutory_overtime_minutes: s?.statutoryOvertimeMinutes ?? 0,
    legal_holiday_work_minutes: s?.legalHolidayWorkMinutes ?? 0,
    late_night_minutes: s?.lateNightMinutes ?? 0,
    alert_limit_minutes: settings.alertLimitMinutes ?? 2700,
    findings: findings.map(findingView),
    system: summarySystemView(s),
    flex: summaryFlexView(s),
  };
  return ok(view);
});
