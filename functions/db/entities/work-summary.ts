import { createSchema } from 'electrodb';

/**
 * One employee's payroll period (`month` is its id, YYYY-MM = 〇月度; under the default 末日締め the
 * calendar month), computed by the working-time engine and kept up to date on every punch-out,
 * correction, approval and rule change, so work status never reads attendance items.
 */
export const WorkSummary = createSchema({
  model: { entity: 'workSummary', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    month: { type: 'string', required: true, readOnly: true },
    employeeId: { type: 'string', required: true, readOnly: true },
    // The period's first and last day (YYYY-MM-DD); absent on items stored before payroll periods.
    from: { type: 'string' },
    to: { type: 'string' },
    ruleVersion: { type: 'string', required: true },
    workedMinutes: { type: 'number', required: true },
    scheduledOvertimeMinutes: { type: 'number', required: true },
    statutoryOvertimeMinutes: { type: 'number', required: true },
    overtimeMinutes: { type: 'number', required: true },
    overtimeOver60Minutes: { type: 'number', required: true },
    excessOvertimeMinutes: { type: 'number', required: true },
    legalHolidayWorkMinutes: { type: 'number', required: true },
    lateNightMinutes: { type: 'number', required: true },
    workDays: { type: 'number', required: true },
    paidLeaveDays: { type: 'number', required: true },
    incompleteDays: { type: 'number', required: true },
    // Schedules (issue 16); absent on items stored before them (read as 0).
    scheduledDays: { type: 'number' },
    lateDays: { type: 'number' },
    lateMinutes: { type: 'number' },
    earlyLeaveDays: { type: 'number' },
    earlyLeaveMinutes: { type: 'number' },
    absentDays: { type: 'number' },
    /** The 欠勤 days' dates (YYYY-MM-DD): the daily run mails each such employee a missed-punch notice. */
    absentDates: { type: 'list', items: { type: 'string' } },
    breakBelowLegalDays: { type: 'number' },
    shortIntervalDays: { type: 'number' },
    paidLeaveHours: { type: 'number' },
    // Working-time systems (issue 17); absent on items stored before them (read as 通常, 0).
    /** 法定外 found over a 変形期間 / 清算期間 (or a flex month's 50 h/week cap) in this period. */
    periodStatutoryOvertimeMinutes: { type: 'number' },
    /** The system in force on the period's last day (domain/worktime/system.ts WorkSystemKind). */
    system: {
      type: ['standard', 'monthly_variable', 'yearly_variable', 'weekly_variable', 'flex', 'manager'] as const,
    },
    /** Its 変形期間 / 清算期間 holding that day (null for 通常 / 管理監督者) and months per period. */
    systemPeriodFrom: { type: 'string' },
    systemPeriodTo: { type: 'string' },
    systemPeriodMonths: { type: 'number' },
    /** Flex: the 清算期間's 過不足 as of the period's last day; null otherwise. */
    flexBalanceMinutes: { type: 'number' },
    // Flex (issue 29 item 10); absent on items stored before it (the punch screen then shows the 過不足 alone).
    /** The day the flex figures are of (today when computed, else the period's last day). */
    flexAsOf: { type: 'string' },
    /** The 清算期間's 総枠 (法定労働時間の総枠). */
    flexFrameMinutes: { type: 'number' },
    /** 実労働 projected to the 清算期間's end, less the 総枠 (above 0: the 法定外 it heads for). */
    flexProjectedOverFrameMinutes: { type: 'number' },
    computedAt: { type: 'string', required: true },
    // 勤怠集計 (issue 18); absent on items stored before it (read as null: the totals row says 再計算待ち).
    regularMinutes: { type: 'number' },
    substituteLeaveDays: { type: 'number' },
    transferHolidayDays: { type: 'number' },
    legalHolidayWorkDays: { type: 'number' },
    nonLegalHolidayWorkDays: { type: 'number' },
    /** The 1か月単位の端数処理 figures (null when the company's option was off). */
    rounded30: { type: 'any' },
  },
  indexes: {
    // A company's month for every employee: one Query (work status, staff list).
    byMonth: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}', casing: 'none' },
      sk: {
        field: 'sk',
        composite: ['month', 'employeeId'],
        template: 'summary#${month}#${employeeId}',
        casing: 'none',
      },
    },
  },
});

/**
 * The last 13 payroll periods (months under 末日締め) of 法定外 and legal-holiday work per employee,
 * as a map keyed by the period id `YYYY-MM`: what the 36協定 checks need (monthly, 2–6 month averages, annual), read for all staff in one Query.
 */
export const OvertimeHistory = createSchema({
  model: { entity: 'overtimeHistory', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    employeeId: { type: 'string', required: true, readOnly: true },
    months: { type: 'any' },
  },
  indexes: {
    byEmployee: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}', casing: 'none' },
      sk: { field: 'sk', composite: ['employeeId'], template: 'overtime#${employeeId}', casing: 'none' },
    },
  },
});
