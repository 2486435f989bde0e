import { createSchema } from 'electrodb';

/** A customer company (tenant). Platform item: all companies share the `platform` partition. */
export const Company = createSchema({
  model: { entity: 'company', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    staffName: { type: 'string', required: true },
    cell: { type: 'string' },
    email: { type: 'string', required: true },
    plan: { type: 'number', required: true, default: 1 },
    hasOption: { type: 'boolean', required: true, default: true },
    /** IANA zone: "today" and work dates are computed here, never from the Lambda's clock zone. */
    timeZone: { type: 'string', required: true, default: 'Asia/Tokyo' },
    status: { type: ['active', 'closed'] as const, required: true, default: 'active' },
    /**
     * 36協定 before versions: the old アラート設定's monthly overtime alert (minutes, default 45 h) and special
     * clause. No longer written (the form and its route are retired, issue 29 item 19); read for days
     * before the company's first 36協定 version, which the migration creates from them.
     */
    overtimeAlertMinutes: { type: 'number', required: true, default: 45 * 60 },
    specialClause: { type: 'boolean', required: true, default: false },
    /**
     * 斉一的付与: a common annual paid-leave grant date ('MM-DD') and how the first grant is placed
     * (see functions/domain/paid-leave/grants.ts); absent = statutory dates per employee.
     */
    leaveCommonDate: { type: 'string' },
    leaveFirstGrant: { type: ['six_months', 'first_common_date', 'hire_date'] as const },
    /**
     * 打刻修正の承認: when true an employee's punch correction is filed as a request (kind 'correction')
     * that an admin approves; absent or false = corrections apply at once (the behaviour before the flag).
     */
    correctionApproval: { type: 'boolean' },
    /** The company's default language (issue 31): for callers with no setting of their own and no browser preference. Absent = Japanese. */
    language: { type: 'string' },
    /** The admin created with the company: the account the operator edits (name, e-mail, password). */
    primaryAdminId: { type: 'string' },
    /** When the operator closed the account (records are kept for legal retention). */
    closedAt: { type: 'string' },
    /**
     * The last close's background job (a RecomputeJob item of the company, reason `company.close`):
     * the worker disables every admin and staff member in Cognito and ends their sessions.
     */
    closeJobId: { type: 'string' },
    /**
     * 利用開始日 (YYYY-MM-DD, company-local): the first day the company used the product, set when the
     * operator opens the account (companies opened before it get it from `createdAt`, jobs/migrate.ts).
     * The records of a worker begin on the later of this and the hire date: the five-day paid-leave duty
     * is judged only from then (issue 29 item 8). Absent = unknown: every day counts, as before.
     */
    usageStartedOn: { type: 'string' },
    createdAt: { type: 'string', readOnly: true, required: true, default: () => new Date().toISOString() },
    updatedAt: {
      type: 'string',
      required: true,
      watch: '*',
      default: () => new Date().toISOString(),
      set: () => new Date().toISOString(),
    },
  },
  indexes: {
    // Operator's company list (one Query) and get-by-id (one GetItem).
    byId: {
      pk: { field: 'pk', composite: [], template: 'platform', casing: 'none' },
      sk: { field: 'sk', composite: ['companyId'], template: 'company#${companyId}', casing: 'none' },
    },
  },
});
