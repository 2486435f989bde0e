import { createSchema } from 'electrodb';

/** Operator announcement, shown as a banner to every company while start_at ≤ now < end_at. */
export const InfoItem = createSchema({
  model: { entity: 'infoItem', version: '1', service: 'kintai' },
  attributes: {
    infoItemId: { type: 'string', required: true, readOnly: true },
    title: { type: 'string', required: true },
    detailText: { type: 'string', required: true },
    startAt: { type: 'string', required: true },
    endAt: { type: 'string', required: true },
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
    // All announcements (one Query); one by id (GetItem).
    byId: {
      pk: { field: 'pk', composite: [], template: 'platform#info', casing: 'none' },
      sk: { field: 'sk', composite: ['infoItemId'], template: 'info#${infoItemId}', casing: 'none' },
    },
  },
});
