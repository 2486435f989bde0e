/**
 * Shifts (シフト) of a company month: the reads of the admin grid's page of employees and the bulk
 * write of PUT /api/v1/shifts. The month's partition `c#<co>#shifts#<YYYY-MM>` (gsi1) is sorted by
 * employee id, then date: one member's month is one Query of the prefix `e#<id>#`.
 */
import type { ShiftRecord } from '../domain/worktime/schedule.js';
import { db, type Db } from './service.js';

/**
 * The month's shifts of the named staff (the grid's page, in 五十音 order, so not a range of ids):
 * one Query of gsi1 per member, `begins_with e#<id>#`, all at once. Bounded by the page (at most
 * MAX_SHIFT_PAGE members), never by the company's size; each reads only that member's ≤ 31 items.
 */
export async function shiftsOfStaff(
  companyId: string,
  yearMonth: string,
  employeeIds: readonly string[],
  service: Db = db(),
): Promise<ShiftRecord[]> {
  const months = await Promise.all(
    employeeIds.map(
      async (employeeId) =>
        (await service.entities.Shift.query.byMonth({ companyId, yearMonth, employeeId }).go({ pages: 'all' })).data,
    ),
  );
  return months.flat();
}

export interface ShiftChange {
  employeeId: string;
  date: string;
  /** A pattern, a day off, or neither: the shift is removed (the default pattern applies). */
  patternId: string | null;
  dayOff: boolean;
}

/** Items per BatchWriteItem (DynamoDB's limit). */
const BATCH = 25;

/**
 * Writes validated changes: shifts with a pattern or a day off are put, the others deleted, in
 * BatchWriteItem calls of 25 (ElectroDB retries unprocessed items). The caller has validated every
 * change first, so a bad entry never leaves part of a request written.
 */
export async function writeShifts(companyId: string, changes: readonly ShiftChange[], service: Db = db()) {
  const { Shift } = service.entities;
  const puts = changes
    .filter((c) => c.patternId !== null || c.dayOff)
    .map((c) => ({
      companyId,
      yearMonth: c.date.slice(0, 7),
      employeeId: c.employeeId,
      date: c.date,
      ...(c.dayOff ? { dayOff: true } : { patternId: c.patternId! }),
    }));
  const deletes = changes
    .filter((c) => c.patternId === null && !c.dayOff)
    .map((c) => ({ companyId, yearMonth: c.date.slice(0, 7), employeeId: c.employeeId, date: c.date }));
  for (let i = 0; i < puts.length; i += BATCH) {
    const { unprocessed } = await Shift.put(puts.slice(i, i + BATCH)).go();
    if (unprocessed.length) throw new Error(`${unprocessed.length} shifts left unprocessed`);
  }
  for (let i = 0; i < deletes.length; i += BATCH) {
    const { unprocessed } = await Shift.delete(deletes.slice(i, i + BATCH)).go();
    if (unprocessed.length) throw new Error(`${unprocessed.length} shift removals left unprocessed`);
  }
}
