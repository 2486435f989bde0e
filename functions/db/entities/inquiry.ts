import { createSchema } from 'electrodb';

/** A message from the public contact form, read by the operator. */
export const Inquiry = createSchema({
  model: { entity: 'inquiry', version: '1', service: 'kintai' },
  attributes: {
    inquiryId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    companyName: { type: 'string', required: true },
    email: { type: 'string', required: true },
    message: { type: 'string', required: true },
    createdAt: { type: 'string', readOnly: true, required: true, default: () => new Date().toISOString() },
  },
  indexes: {
    // Newest first (ULID order).
    byId: {
      pk: { field: 'pk', composite: [], template: 'platform#inquiry', casing: 'none' },
      sk: { field: 'sk', composite: ['inquiryId'], template: 'inquiry#${inquiryId}', casing: 'none' },
    },
  },
});
