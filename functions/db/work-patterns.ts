/**
 * Writes of the schedule settings partition (`c#<co>#sched`, db/entities/work-pattern.ts): work
 * patterns, their default assignment versions, the work-settings versions and the working-time
 * system versions (労働時間制度). Reads go through
 * db/schedules.ts `scheduleSettings` (one Query of the whole partition).
 */
import type { PatternBreak } from '../domain/worktime/schedule.js';
import type { WorkSystemKind } from '../domain/worktime/system.js';
import { NotFoundError, awsErrorName } from '../shared/errors.js';
import { db, type Db } from './service.js';

export interface PatternFields {
  name: string;
  startMinute: number;
  endMinute: number;
  breakWindows: PatternBreak[];
}

/** A new pattern (PutItem that never overwrites: ids are fresh ULIDs). */
export async function insertPattern(
  companyId: string,
  patternId: string,
  fields: PatternFields,
  service: Db = db(),
): Promise<void> {
  await service.entities.WorkPatternItem.create({ companyId, patternId, ...fields }).go({ response: 'none' });
}

const notFoundOnCondition = (error: unknown): never => {
  if (awsErrorName(error) === 'ConditionalCheckFailedException') throw new NotFoundError();
  throw error;
};

/** Edits a live pattern (UpdateItem, only while it exists and is not deleted: else 404). */
export async function updatePattern(
  companyId: string,
  patternId: string,
  fields: PatternFields,
  service: Db = db(),
): Promise<void> {
  await service.entities.WorkPatternItem.patch({ companyId, patternId })
    .set({ ...fields })
    .where((a, op) => op.notExists(a.deletedAt))
    .go({ response: 'none' })
    .catch(notFoundOnCondition);
}

/** Soft delete: the item stays (past shifts and assignments still resolve), `deletedAt` set. */
export async function markPatternDeleted(
  companyId: string,
  patternId: string,
  deletedAt: string,
  service: Db = db(),
): Promise<void> {
  await service.entities.WorkPatternItem.patch({ companyId, patternId })
    .set({ deletedAt })
    .where((a, op) => op.notExists(a.deletedAt))
    .go({ response: 'none' })
    .catch(notFoundOnCondition);
}

export interface AssignmentFields {
  scope: 'group' | 'employee';
  departmentId: string;
  employmentStatusId: string;
  employeeId: string;
  effectiveFrom: string;
  patternId: string | null;
}

/** Saves the version of its key and day (a put: a version saved for the same day is replaced). */
export async function putAssignment(companyId: string, a: AssignmentFields, service: Db = db()): Promise<void> {
  const { patternId, ...key } = a;
  await service.entities.PatternAssignment.put({ companyId, ...key, ...(patternId ? { patternId } : {}) }).go({
    response: 'none',
  });
}

export interface WorkSettingFields {
  effectiveFrom: string;
  graceMinutes: number;
  intervalMinutes: number | null;
  displayRoundingMinutes: number;
  monthlyRounding30: boolean;
  hourlyLeaveEnabled: boolean;
  hourlyLeaveDaysPerYear: number;
}

/** Saves the work-settings version of its day (a put: replaces one saved for the same day). */
export async function putWorkSetting(companyId: string, s: WorkSettingFields, service: Db = db()): Promise<void> {
  const { intervalMinutes, ...rest } = s;
  await service.entities.WorkSetting.put({
    companyId,
    ...rest,
    ...(intervalMinutes === null ? {} : { intervalMinutes }),
  }).go({ response: 'none' });
}

/** A working-time system version as stored (db/entities/work-pattern.ts WorkSystemItem); undefined = not set. */
export interface WorkSystemFields {
  scope: 'status' | 'employee';
  employmentStatusId: string;
  employeeId: string;
  effectiveFrom: string;
  system: WorkSystemKind;
  periodStart?: string | undefined;
  periodMonths?: number | undefined;
  special44?: boolean | undefined;
  coreStartMinute?: number | undefined;
  coreEndMinute?: number | undefined;
  flexibleStartMinute?: number | undefined;
  flexibleEndMinute?: number | undefined;
  standardDailyMinutes?: number | undefined;
  fullTwoDaysOff?: boolean | undefined;
  specialPeriodFrom?: string | undefined;
  specialPeriodTo?: string | undefined;
}

/** Saves the system version of its key and day (a put: a version saved for the same key and day is replaced). */
export async function putWorkSystem(companyId: string, v: WorkSystemFields, service: Db = db()): Promise<void> {
  const defined = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null && x !== undefined));
  await service.entities.WorkSystemItem.put({ companyId, ...(defined as WorkSystemFields) }).go({ response: 'none' });
}

/** Deletes one system version (DeleteItem only while it exists: else 404). */
export async function deleteWorkSystem(
  companyId: string,
  key: Pick<WorkSystemFields, 'scope' | 'employmentStatusId' | 'employeeId' | 'effectiveFrom'>,
  service: Db = db(),
): Promise<void> {
  await service.entities.WorkSystemItem.delete({ companyId, ...key })
    .where((a, op) => op.exists(a.system))
    .go({ response: 'none' })
    .catch(notFoundOnCondition);
}
