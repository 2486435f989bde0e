/**
 * Shifts (シフト) of a company month: the reads of the admin grid's page of employees and the bulk
 * write of PUT /api/v1/shifts. The partition `c#<co>#shifts#<YYYY-MM>` is sorted by employee id, so
 * the shifts of a page of employees (sorted by id too) are one Query of a key range.
 */
import type { ShiftRecord } from '../domain/worktime/schedule.js';
import { db, type Db } from './service.js';

/**
 * Shifts of one month for the employees with ids from `firstEmployeeId` to `lastEmployeeId`
 * (inclusive): one Query (paginated) of the key range e#<first>… – e#<last>#9999…; the caller keeps
 * the employees of its page (others in the range are dropped).
 */
export async function shiftsOfRange(
  companyId: string,
  yearMonth: string,
  firstEmployeeId: string,
  lastEmployeeId: string,
  service: Db = db(),
): Promise<ShiftRecord[]> {
  const { data } = await service.entities.Shift.query
    .byMonth({ companyId, yearMonth })
    .between({ employeeId: firstEmployeeId, date: '0000-00-00' }, { employeeId: lastEmployeeId, date: '9999-99-99' })
    .go({ pages: 'all' });
  return data;
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
