import { clock } from '../../shared/clock.js';
import { createSchema } from 'electrodb';

/**
 * Company schedule settings share one partition (`c#<companyId>#sched`) so one Query reads them all
 * (db/schedules.ts `scheduleSettings`): work patterns (`pattern#<id>`), their default assignments
 * (`assign#…`) and the work-settings versions (`setting#<effectiveFrom>`).
 */

/** A work pattern (勤務パターン): scheduled start/end and break windows (domain/worktime/schedule.ts). */
export const WorkPatternItem = createSchema({
  model: { entity: 'workPattern', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    patternId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    /** Minutes from the work date's local midnight (0–1439). */
    startMinute: { type: 'number', required: true },
    /** Minutes from the work date's local midnight; > startMinute, past 1440 for a night pattern. */
    endMinute: { type: 'number', required: true },
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
    /** 表示色 etc. could follow; a deleted pattern keeps its item (past shifts still resolve). */
    deletedAt: { type: 'string' },
    createdAt: { type: 'string', readOnly: true, required: true, default: () => clock.now().toISOString() },
    updatedAt: {
      type: 'string',
      required: true,
      watch: '*',
      default: () => clock.now().toISOString(),
      set: () => clock.now().toISOString(),
    },
  },
  indexes: {
    byCompany: {
      collection: 'schedule',
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}#sched', casing: 'none' },
      sk: { field: 'sk', composite: ['patternId'], template: 'pattern#${patternId}', casing: 'none' },
    },
  },
});

/**
 * A default pattern assignment version: per (department, employment status) pair (`group`, '-' =
 * all) or per employee (`employee`), in force from `effectiveFrom`. Saving a version for a day that
 * has one replaces it. patternId absent = no default pattern from that day.
 */
export const PatternAssignment = createSchema({
  model: { entity: 'patternAssignment', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    scope: { type: ['group', 'employee'] as const, required: true, readOnly: true },
    departmentId: { type: 'string', required: true, readOnly: true },
    employmentStatusId: { type: 'string', required: true, readOnly: true },
    employeeId: { type: 'string', required: true, readOnly: true },
    effectiveFrom: { type: 'string', required: true, readOnly: true },
    patternId: { type: 'string' },
    updatedAt: {
      type: 'string',
      required: true,
      watch: '*',
      default: () => clock.now().toISOString(),
      set: () => clock.now().toISOString(),
    },
  },
  indexes: {
    byCompany: {
      collection: 'schedule',
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}#sched', casing: 'none' },
      sk: {
        field: 'sk',
        composite: ['scope', 'departmentId', 'employmentStatusId', 'employeeId', 'effectiveFrom'],
        template: 'assign#${scope}#${departmentId}#${employmentStatusId}#${employeeId}#${effectiveFrom}',
        casing: 'none',
      },
    },
  },
});

/** One version of the company's work settings (勤務設定; domain/worktime/schedule.ts WorkSettings). */
export const WorkSetting = createSchema({
  model: { entity: 'workSetting', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    effectiveFrom: { type: 'string', required: true, readOnly: true },
    graceMinutes: { type: 'number' },
    intervalMinutes: { type: 'number' },
    displayRoundingMinutes: { type: 'number' },
    monthlyRounding30: { type: 'boolean' },
    hourlyLeaveEnabled: { type: 'boolean' },
    hourlyLeaveDaysPerYear: { type: 'number' },
    updatedAt: {
      type: 'string',
      required: true,
      watch: '*',
      default: () => clock.now().toISOString(),
      set: () => clock.now().toISOString(),
    },
  },
  indexes: {
    byCompany: {
      collection: 'schedule',
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}#sched', casing: 'none' },
      sk: { field: 'sk', composite: ['effectiveFrom'], template: 'setting#${effectiveFrom}', casing: 'none' },
    },
  },
});

/**
 * One version of a working-time system (労働時間制度; domain/worktime/system.ts) per employment status
 * (`status`, '-' = company-wide) or per employee (`employee`), in force from `effectiveFrom`. Saving a
 * version for a day that has one replaces it.
 */
export const WorkSystemItem = createSchema({
  model: { entity: 'workSystem', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    scope: { type: ['status', 'employee'] as const, required: true, readOnly: true },
    employmentStatusId: { type: 'string', required: true, readOnly: true },
    employeeId: { type: 'string', required: true, readOnly: true },
    effectiveFrom: { type: 'string', required: true, readOnly: true },
    system: {
      type: ['standard', 'monthly_variable', 'yearly_variable', 'weekly_variable', 'flex', 'manager'] as const,
      required: true,
    },
    /** 起算日 (YYYY-MM-DD) and months per period (system.ts PERIOD_MONTHS). */
    periodStart: { type: 'string' },
    periodMonths: { type: 'number' },
    /** 特例措置対象事業場 (44 h a week). */
    special44: { type: 'boolean' },
    /** Flex: core time, flexible time (minutes from local midnight), 標準となる1日の労働時間, 完全週休2日. */
    coreStartMinute: { type: 'number' },
    coreEndMinute: { type: 'number' },
    flexibleStartMinute: { type: 'number' },
    flexibleEndMinute: { type: 'number' },
    standardDailyMinutes: { type: 'number' },
    fullTwoDaysOff: { type: 'boolean' },
    /** 1年単位: 特定期間 (up to 12 consecutive working days there). */
    specialPeriodFrom: { type: 'string' },
    specialPeriodTo: { type: 'string' },
    updatedAt: {
      type: 'string',
      required: true,
      watch: '*',
      default: () => clock.now().toISOString(),
      set: () => clock.now().toISOString(),
    },
  },
  indexes: {
    byCompany: {
      collection: 'schedule',
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}#sched', casing: 'none' },
      sk: {
        field: 'sk',
        composite: ['scope', 'employmentStatusId', 'employeeId', 'effectiveFrom'],
        template: 'system#${scope}#${employmentStatusId}#${employeeId}#${effectiveFrom}',
        casing: 'none',
      },
    },
  },
});
