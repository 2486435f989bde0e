import { itemsInKeyRange } from './key-range.js';
import type { Shift } from '../domain/punch.js';
import type { PunchedBreak } from '../domain/worktime/schedule.js';
import type { ShiftRecord } from '../domain/worktime/schedule.js';
import { ConflictError, awsErrorName } from '../shared/errors.js';
import { assertDaysOpen, type Closing } from './period-closings.js';
import { db, type Db } from './service.js';

export interface DayRecord extends Shift {
  companyId: string;
  employeeId: string;
  leaveType?: number | undefined;
  overWorkApproved?: boolean | undefined;
  holidayWorkApproved?: boolean | undefined;
  dayOverride?: 'working' | 'day_off' | undefined;
  transferPartner?: string | undefined;
  /** A correction recorded the breaks ([] = none taken); see the entity. */
  breaksRecorded?: boolean | undefined;
  updatedAt?: string | undefined;
}

type Who = { companyId: string; employeeId: string };

/**
 * An employee's days from `from` to `to` inclusive: one Query (sk BETWEEN day#from AND day#to), sent
 * raw and parsed (the shifts between the days are left out by the parse): the exports and the summary
 * refreshes make one per employee, and ElectroDB's query pipeline cost a third of the SDK's own CPU.
 */
export async function daysBetween(
  { companyId, employeeId }: Who,
  from: string,
  to: string,
  service: Db = db(),
): Promise<DayRecord[]> {
  const items = await itemsInKeyRange(`c#${companyId}#e#${employeeId}`, `day#${from}`, `day#${to}`);
  return (service.entities.AttendanceDay.parse({ Items: items }, { ignoreOwnership: false })?.data ??
    []) as DayRecord[];
}

/**
 * An employee's days and shifts from `from` to `to` inclusive: ONE Query of the employee's partition
 * (sk BETWEEN day#from AND day#to#~: a shift's sk is day#<date>#shift, right after its day). The punch
 * path and the summary refresh read both this way (issue 19).
 */
export async function daysAndShiftsBetween(
  { companyId, employeeId }: Who,
  from: string,
  to: string,
  service: Db = db(),
): Promise<{ days: DayRecord[]; shifts: ShiftRecord[] }> {
  const items = await itemsInKeyRange(`c#${companyId}#e#${employeeId}`, `day#${from}`, `day#${to}#~`);
  const { AttendanceDay, Shift } = service.entities;
  const days = AttendanceDay.parse({ Items: items }, { ignoreOwnership: false })?.data ?? [];
  const shifts = Shift.parse({ Items: items }, { ignoreOwnership: false })?.data ?? [];
  return { days: days as DayRecord[], shifts };
}

export interface PunchWrite extends Who {
  type: 'in' | 'out' | 'break_start' | 'break_end';
  workDate: string;
  at: string;
  /** The memo typed with this press: stored as the 出勤 memo on a punch-in, the 退勤 memo on a punch-out. */
  note?: string | undefined;
  /** The day's breaks as read before the press (the write is conditional on them being unchanged). */
  breaksRead?: readonly PunchedBreak[] | undefined;
  /** The day's breaks after the press (break punches only); absent = left as they are. */
  breaks?: PunchedBreak[] | null | undefined;
  /** Stored answer for an Idempotency-Key, written in the same transaction. */
  idempotency?: { scope: string; key: string; route: string; response: string; expiresAt: number } | undefined;
  /** The company's closings when already read with its settings (no closed-period Query then). */
  closings?: readonly Closing[] | undefined;
  /** A punch-out's refreshed summaries and overtime history, written in the same transaction. */
  summary?: SummaryWrite | undefined;
}

/** The items of a summary refresh (db/summaries.ts summaryWrite): put whole, in the caller's transaction. */
export interface SummaryWrite {
  summaries: ({ companyId: string; month: string; employeeId: string } & Record<string, unknown>)[];
  history: { companyId: string; employeeId: string; months: Record<string, unknown> };
}

export type PunchOutcome = 'applied' | 'state-changed' | 'replay';

/**
 * The condition of a punch on the state that was read: 出勤 only where none exists yet; 退勤 and
 * break punches only on an open shift whose breaks are still as read (so a 休憩開始 racing a 退勤, or
 * two 休憩終了, make one state change; a 退勤 during a break leaves that break open, see domain/punch.ts breaksAfter).
 */
/** A break as the entity stores it (no endAt while running; never null). */
const storedBreak = (b: PunchedBreak) => ({ startAt: b.startAt, ...(b.endAt ? { endAt: b.endAt } : {}) });

type PunchWhere = Parameters<ReturnType<ReturnType<Db['entities']['AttendanceDay']['update']>['set']>['where']>[0];

function punchCondition(p: PunchWrite): PunchWhere {
  if (p.type === 'in') return (a, op) => op.notExists(a.punchInAt);
  const read = p.breaksRead ?? [];
  return (a, op) => {
    const open = `${op.exists(a.punchInAt)} AND ${op.notExists(a.punchOutAt)}`;
    const same = read.length
      ? op.eq(a.breaks, read.map(storedBreak))
      : `(${op.notExists(a.breaks)} OR ${op.size(a.breaks)} = ${op.value(a.breaks, 0 as never)})`;
    return `${open} AND ${same}`;
  };
}

/**
 * One conditional write per punch (punchCondition). With an idempotency key the stored answer goes in
 * the same transaction, so a retry can never apply a second punch and can always find the first
 * answer. A punch on a day of a closed payroll period (a night shift's punch-out after its period was
 * closed) is refused (409), unwritten.
 */
export async function writePunch(p: PunchWrite, service: Db = db()): Promise<PunchOutcome> {
  await assertDaysOpen(p.companyId, p.workDate, p.workDate, 'date', service, p.closings);
  const { AttendanceDay } = service.entities;
  const key = { companyId: p.companyId, employeeId: p.employeeId, workDate: p.workDate };
  const fields = p.type === 'in' ? { punchInAt: p.at } : p.type === 'out' ? { punchOutAt: p.at } : {};
  // Each press keeps its own memo: a 退勤 memo never overwrites the 出勤 one. Break punches carry none.
  const memo = p.note ? (p.type === 'in' ? { note: p.note } : p.type === 'out' ? { punchOutNote: p.note } : {}) : {};
  const set = { ...fields, ...memo, ...(p.breaks ? { breaks: p.breaks.map(storedBreak) } : {}) };
  const condition = punchCondition(p);

  if (!p.idempotency && !p.summary) {
    try {
      await AttendanceDay.update(key).set(set).where(condition).go({ response: 'none' });
      return 'applied';
    } catch (error) {
      if (awsErrorName(error) === 'ConditionalCheckFailedException') return 'state-changed';
      throw error;
    }
  }

  const idem = p.idempotency;
  const summary = p.summary;
  const result = await service.transaction
    .write(({ AttendanceDay: day, Idempotency: stored, WorkSummary, OvertimeHistory }) => [
      ...(idem
        ? [
            stored
              .create({
                scope: idem.scope,
                key: idem.key,
                route: idem.route,
                response: idem.response,
                expiresAt: idem.expiresAt,
              })
              .commit(),
          ]
        : []),
      day.update(key).set(set).where(condition).commit(),
      ...(summary
        ? [
            ...summary.summaries.map((s) => WorkSummary.put(s as never).commit()),
            OvertimeHistory.put(summary.history).commit(),
          ]
        : []),
    ])
    .go();
  if (!result.canceled) return 'applied';
  const outcomes = result.data as readonly { rejected: boolean }[];
  const [idemResult, dayResult] = idem ? outcomes : [undefined, outcomes[0]];
  if (idemResult?.rejected) return 'replay';
  if (dayResult?.rejected) return 'state-changed';
  throw new ConflictError();
}

/** One employee's day (GetItem), or null when nothing was punched or corrected that day. */
export async function findDay(
  { companyId, employeeId }: Who,
  workDate: string,
  service: Db = db(),
): Promise<DayRecord | null> {
  const { data } = await service.entities.AttendanceDay.get({ companyId, employeeId, workDate }).go();
  return data;
}

/** The answer stored with a punch for its Idempotency-Key (GetItem on the idempotency item), or null. */
export async function storedPunchAnswer(scope: string, key: string, service: Db = db()) {
  const { data } = await service.entities.Idempotency.get({ scope, key }).go();
  return data;
}
