/**
 * Writes of the schedule settings partition (`c#<co>#sched`, db/entities/work-pattern.ts): work
 * patterns, their default assignment versions and the work-settings versions. Reads go through
 * db/schedules.ts `scheduleSettings` (one Query of the whole partition).
 */
import type { PatternBreak } from '../domain/worktime/schedule.js';
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
