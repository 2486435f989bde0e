import { createSchema } from 'electrodb';

export const Department = createSchema({
  model: { entity: 'department', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    departmentId: { type: 'string', required: true, readOnly: true },
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
    // A company's departments (one Query).
    byCompany: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}', casing: 'none' },
      sk: { field: 'sk', composite: ['departmentId'], template: 'department#${departmentId}', casing: 'none' },
    },
  },
});
