import { createSchema } from 'electrodb';

/** Guard items that make a value unique inside a partition (an e-mail in a company, a request per day). */
export const UniqueValue = createSchema({
  model: { entity: 'uniqueValue', version: '1', service: 'kintai' },
  attributes: {
    partition: { type: 'string', required: true, readOnly: true },
    value: { type: 'string', required: true, readOnly: true },
    ownerId: { type: 'string', required: true },
  },
  indexes: {
    byValue: {
      pk: { field: 'pk', composite: ['partition'], template: '${partition}', casing: 'none' },
      sk: { field: 'sk', composite: ['value'], template: 'unique#${value}', casing: 'none' },
    },
  },
});
