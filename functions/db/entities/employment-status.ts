import { createSchema } from 'electrodb';

export const EmploymentStatus = createSchema({
  model: { entity: 'employmentStatus', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    employmentStatusId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    /**
     * Active staff of this employment status (db/organisation.ts): kept exact by every staff write that adds,
     * moves or retires a member, in the same transaction, so a delete conditioned on 0 needs no read
     * of the staff. Meaningful only when `staffCounted` is set (units created before the counter get
     * it from the backfill, jobs/migrate.ts).
     */
    activeStaff: { type: 'number' },
    staffCounted: { type: 'boolean' },
    /** Bumped with every change of `activeStaff`: the backfill's count holds only if no write came between. */
    staffSeq: { type: 'number' },
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
    // A company's employment statuses (one Query).
    byCompany: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}', casing: 'none' },
      sk: {
        field: 'sk',
        composite: ['employmentStatusId'],
        template: 'employment_status#${employmentStatusId}',
        casing: 'none',
      },
    },
  },
});
