/**
 * Annual paid leave (年次有給休暇), pure: grants (労働基準法 39条, 施行規則 24条の3), balances and
 * expiry (115条), the five-day duty (39条7項, 施行規則 24条の5) and the register (施行規則 24条の7).
 * No I/O and no clock: every date comes in as an argument (`YYYY-MM-DD`, company-local).
 */
export * from './dates.js';
export * from './tables.js';
export * from './grants.js';
export * from './ledger.js';
export * from './five-day-duty.js';
export * from './register.js';
export * from './schemas.js';
export * from './units.js';
