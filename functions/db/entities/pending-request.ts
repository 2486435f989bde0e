import { createSchema } from 'electrodb';
import { CORRECTION_ATTRIBUTES, PLANNED_ATTRIBUTES, REQUEST_KINDS } from './request.js';

/**
 * One item per unapproved request, in one partition per company (`c#<companyId>#pending`), so 申請管理's
 * 未処理 view and the side menu's count read one Query page whatever the company's size, across every
 * month and kind. Written in the transaction that files the request and deleted in the one that decides
 * or withdraws it, so it exists exactly while the request is unapproved. It copies what the list shows.
 */
export const PendingRequest = createSchema({
  model: { entity: 'pendingRequest', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    requestId: { type: 'string', required: true, readOnly: true },
    kind: { type: REQUEST_KINDS, required: true, readOnly: true },
    date: { type: 'string', required: true, readOnly: true },
    employeeId: { type: 'string', required: true, readOnly: true },
    employeeName: { type: 'string', required: true },
    leaveType: { type: 'number' },
    /** Leave only: 終日 (absent) / 午前半休 / 午後半休 / 時間単位, and the hours of 時間単位. */
    leaveUnit: { type: ['day', 'am', 'pm', 'hours'] as const },
    leaveHours: { type: 'number' },
    /** 振替休日 only: the day off to be worked (see Request.workDate). */
    workDate: { type: 'string', readOnly: true },
    reason: { type: 'string' },
    ...CORRECTION_ATTRIBUTES,
    ...PLANNED_ATTRIBUTES,
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    // The company's unapproved requests, oldest date first (the date that needs deciding soonest on top).
    byCompany: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}#pending', casing: 'none' },
      sk: {
        field: 'sk',
        composite: ['date', 'requestId'],
        template: 'pending#${date}#${requestId}',
        casing: 'none',
      },
    },
  },
});
