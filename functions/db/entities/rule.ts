import { createSchema } from 'electrodb';

/**
 * Working-time and break-time rules per (department, employment status); `-` stands for "all".
 * The most specific rule wins: (dept, status) > (dept, -) > (-, status) > (-, -) company default.
 * Each pair keeps versions keyed by the day they come into force (`effectiveFrom`, YYYY-MM-DD); a day is
 * computed with the version in force on it. Saving a version for a day that has one replaces it.
 */
export const Rule = createSchema({
  model: { entity: 'rule', version: '2', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    ruleType: { type: ['working', 'break'] as const, required: true, readOnly: true },
    departmentId: { type: 'string', required: true, readOnly: true },
    employmentStatusId: { type: 'string', required: true, readOnly: true },
    /** YYYY-MM-DD: the first day this version is in force. */
    effectiveFrom: { type: 'string', required: true, readOnly: true },
    /** Minutes; which ones are set depends on ruleType. */
    fixedMinutes: { type: 'number' },
    overMinutes: { type: 'number' },
    unpaidMinutes: { type: 'number' },
    conditionMinutes: { type: 'number' },
    breakMinutes: { type: 'number' },
    /** Break rules only: an optional second tier and fixed windows (minutes from local midnight). */
    tier2ConditionMinutes: { type: 'number' },
    tier2BreakMinutes: { type: 'number' },
    breakWindows: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          startMinute: { type: 'number', required: true },
          endMinute: { type: 'number', required: true },
        },
      },
    },
    /**
     * Break rules only: what a day without punched breaks takes — 'rule' (the rule's or the day's
     * pattern's break, deemed taken) or 'none' (no break deemed). Absent on versions saved before the
     * choice existed: 'rule'.
     */
    unpunchedBreaks: { type: ['rule', 'none'] as const },
    updatedAt: {
      type: 'string',
      required: true,
      watch: '*',
      default: () => new Date().toISOString(),
      set: () => new Date().toISOString(),
    },
  },
  indexes: {
    // All rules (every version) of a company in one Query (begins_with "rule#"), then pick the
    // version in force and the most specific pair.
    byCompany: {
      collection: 'schedule',
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}#sched', casing: 'none' },
      sk: {
        field: 'sk',
        composite: ['ruleType', 'departmentId', 'employmentStatusId', 'effectiveFrom'],
        template: 'rule#${ruleType}#${departmentId}#${employmentStatusId}#${effectiveFrom}',
        casing: 'none',
      },
    },
  },
});
