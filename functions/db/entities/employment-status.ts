import { createSchema } from 'electrodb';

export const EmploymentStatus = createSchema({
  model: { entity: 'employmentStatus', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    employmentStatusId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
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
