import { createSchema } from 'electrodb';

/** A punch correction: before/after of one day, written in the same transaction as the day itself. */
export const Modification = createSchema({
  model: { entity: 'modification', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    employeeId: { type: 'string', required: true, readOnly: true },
    modificationId: { type: 'string', required: true, readOnly: true },
    modifyDate: { type: 'string', required: true },
    beforePunchInAt: { type: 'string' },
    afterPunchInAt: { type: 'string' },
    beforePunchOutAt: { type: 'string' },
    afterPunchOutAt: { type: 'string' },
    /** The day's breaks before and after, only on a correction that set them (休憩の修正). */
    beforeBreaks: {
      type: 'list',
      items: { type: 'map', properties: { startAt: { type: 'string', required: true }, endAt: { type: 'string' } } },
    },
    afterBreaks: {
      type: 'list',
      items: { type: 'map', properties: { startAt: { type: 'string', required: true }, endAt: { type: 'string' } } },
    },
    reason: { type: 'string' },
    createdAt: { type: 'string', readOnly: true, required: true, default: () => new Date().toISOString() },
  },
  indexes: {
    // An employee's correction history, newest first (ULIDs sort by time).
    byEmployee: {
      pk: {
        field: 'pk',
        composite: ['companyId', 'employeeId'],
        template: 'c#${companyId}#e#${employeeId}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: ['modificationId'], template: 'mod#${modificationId}', casing: 'none' },
    },
  },
});
