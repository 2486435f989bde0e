import { createSchema } from 'electrodb';

export const REQUEST_KINDS = ['holiday', 'holiday_work', 'over_work', 'correction'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

const BREAKS = {
  type: 'list',
  items: { type: 'map', properties: { startAt: { type: 'string', required: true }, endAt: { type: 'string' } } },
} as const;

/**
 * What a correction request (kind 'correction', 打刻修正の承認) carries: the day as it was when filed
 * (`dayVersion` is its updatedAt, '' when nothing was recorded: approval refuses a day changed since)
 * and what the correction sets (absent = left as it is), exactly the arguments of the direct path.
 * Shared by Request and PendingRequest (the 未処理 list shows before and after side by side).
 */
export const CORRECTION_ATTRIBUTES = {
  dayVersion: { type: 'string' },
  beforePunchInAt: { type: 'string' },
  beforePunchOutAt: { type: 'string' },
  beforeBreaks: BREAKS,
  afterPunchInAt: { type: 'string' },
  afterPunchOutAt: { type: 'string' },
  /** Set only when the correction sets the breaks ([] = none). */
  afterBreaks: BREAKS,
} as const;

/** Overtime only: 予定開始・予定終了 ("HH:MM"; the end on the next day when `plannedEndNextDay`). */
export const PLANNED_ATTRIBUTES = {
  plannedStart: { type: 'string' },
  plannedEnd: { type: 'string' },
  plannedEndNextDay: { type: 'boolean' },
} as const;

/**
 * Leave (holiday), holiday-work, overtime and punch-correction requests. Status: 0 unapproved,
 * 1 approved, 2 rejected.
 */
export const Request = createSchema({
  model: { entity: 'request', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    requestId: { type: 'string', required: true, readOnly: true },
    employeeId: { type: 'string', required: true, readOnly: true },
    employeeName: { type: 'string', required: true },
    kind: { type: REQUEST_KINDS, required: true, readOnly: true },
    /** Leave type for kind=holiday: 0 有給, 1 代休, 2 振替休日. */
    leaveType: { type: 'number' },
    /** kind=holiday: 終日 (absent = day), 午前半休, 午後半休 or 時間単位. */
    leaveUnit: { type: ['day', 'am', 'pm', 'hours'] as const },
    /** 時間単位 only: whole hours. */
    leaveHours: { type: 'number' },
    /**
     * 時間単位 only: a day's worth in hours when filed (the day's scheduled hours rounded up, 39条4項):
     * the hours take leaveHours ÷ leaveDayHours of a day of the balance.
     */
    leaveDayHours: { type: 'number' },
    date: { type: 'string', required: true, readOnly: true },
    /** 振替休日 (leave type 2) only: the day off to be worked instead of `date`, which becomes the day off. */
    workDate: { type: 'string', readOnly: true },
    reason: { type: 'string' },
    ...CORRECTION_ATTRIBUTES,
    ...PLANNED_ATTRIBUTES,
    /** The admin's reason for the decision (理由), shown to the employee and in the mail. */
    decisionReason: { type: 'string' },
    status: { type: 'number', required: true, default: 0 },
    decidedAt: { type: 'string' },
    decidedBy: { type: 'string' },
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
    // One request by id inside the company (GetItem; decisions are conditional writes on it).
    byId: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}', casing: 'none' },
      sk: { field: 'sk', composite: ['requestId'], template: 'request#${requestId}', casing: 'none' },
    },
    // An employee's requests of one kind, by date (employee's lists).
    byEmployee: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['companyId', 'employeeId', 'kind'],
        template: 'c#${companyId}#e#${employeeId}#req#${kind}',
        casing: 'none',
      },
      sk: { field: 'gsi1sk', composite: ['date', 'requestId'], template: '${date}#${requestId}', casing: 'none' },
    },
    // A company's requests of one kind in a month: begins_with(gsi2sk, "YYYY-MM") (admin lists).
    byCompanyMonth: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['companyId', 'kind'], template: 'c#${companyId}#req#${kind}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['date', 'requestId'], template: '${date}#${requestId}', casing: 'none' },
    },
  },
});
