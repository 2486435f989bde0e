/**
 * The working-time engine (rule version in version.ts): pure, no I/O, no clock; safe for the
 * browser. The company calendar with Japanese public holidays is a separate entry point
 * (./calendar.js) because it loads the holiday dataset.
 */
export * from './version.js';
export * from './rules.js';
export * from './day.js';
export * from './explain-day.js';
export * from './explanation.js';
export * from './week.js';
export * from './month.js';
export * from './schedule.js';
export * from './scheduled.js';
export * from './agreement.js';
export { hm, hoursJa } from './format.js';
export * from './agreement-settings.js';
