import { createSchema } from 'electrodb';

/**
 * A paid-leave grant (年次有給休暇の付与): the statutory grant the daily run makes on a base date,
 * or a manual grant/adjustment by an admin with its reason. Balances are never stored: they are
 * derived from these grants and the employee's paid-leave requests (functions/domain/paid-leave).
 * Kept with the attendance records (five years): the register (管理簿) is built from them.
 */
export const PaidLeaveGrant = createSchema({
  model: { entity: 'paidLeaveGrant', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    employeeId: { type: 'string', required: true, readOnly: true },
    /** `s<YYYYMMDD>` for a statutory grant of the run (deterministic: a rerun cannot grant twice); a ULID for manual ones. */
    grantId: { type: 'string', required: true, readOnly: true },
    grantedOn: { type: 'string', required: true, readOnly: true },
    days: { type: 'number', required: true, readOnly: true },
    /** First day no longer usable (115条: grantedOn + 2 years unless the company keeps days longer). */
    expiresOn: { type: 'string', required: true, readOnly: true },
    /** 'statutory' counts for the five-day duty and the register's base dates; 'extra' is 法定外. */
    kind: { type: ['statutory', 'extra'] as const, required: true, readOnly: true },
    source: { type: ['auto', 'manual'] as const, required: true, readOnly: true },
    /** Service step of an automatic grant (0 = 6 months, 1 = 1.5 years, …). */
    step: { type: 'number', readOnly: true },
    /** Which table gave the days ('normal', 'proportional'). */
    table: { type: 'string', readOnly: true },
    /** How the 80 % rule was judged: 'measured', 'shortened' or 'not_provided' (granted, attendance unknown). */
    attendanceBasis: { type: 'string', readOnly: true },
    /** Manual grants: why (kept for the audit trail). */
    reason: { type: 'string', readOnly: true },
    /** Admin id of a manual grant, 'system' for the run. */
    createdBy: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', readOnly: true, required: true, default: () => new Date().toISOString() },
  },
  indexes: {
    // One employee's grants in date order (balance, register, the filing check): one Query.
    byEmployee: {
      pk: {
        field: 'pk',
        composite: ['companyId', 'employeeId'],
        template: 'c#${companyId}#e#${employeeId}',
        casing: 'none',
      },
      sk: {
        field: 'sk',
        composite: ['grantedOn', 'grantId'],
        template: 'plgrant#${grantedOn}#${grantId}',
        casing: 'none',
      },
    },
    // Every grant of a company (the staff list, the five-day dashboard, the register CSV): one Query.
    byCompany: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['companyId'], template: 'c#${companyId}#plgrant', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['grantedOn', 'employeeId', 'grantId'],
        template: '${grantedOn}#${employeeId}#${grantId}',
        casing: 'none',
      },
    },
  },
});
