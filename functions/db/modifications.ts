import { clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { ConflictError } from '../shared/errors.js';
import type { DayRecord } from './attendance.js';
import type { PunchedBreak } from '../domain/worktime/schedule.js';
import { auditCommitted, auditInTransaction } from './audit.js';
import { assertDaysOpen } from './period-closings.js';
import { db, type Db } from './service.js';

type Who = { companyId: string; employeeId: string };

export interface Correction extends Who {
  workDate: string;
  before: DayRecord | null;
  punchInAt: string | undefined;
  punchOutAt: string | undefined;
  /** The day's breaks after the correction (both ends each); undefined = left as they are, [] = none. */
  breaks?: { startAt: string; endAt: string }[] | undefined;
  reason: string;
}

/** Breaks as the entities store them (no endAt on an open break; never null). */
const stored = (breaks: readonly PunchedBreak[]) =>
  breaks.map((b) => ({ startAt: b.startAt, ...(b.endAt ? { endAt: b.endAt } : {}) }));

type TransactionEntities = Parameters<Parameters<Db['transaction']['write']>[0]>[0];
type TransactionItem = ReturnType<TransactionEntities['UniqueValue']['delete']>['commit'] extends () => infer T
  ? T
  : never;

/**
 * What an approval adds to the correction's transaction (db/requests.ts decideCorrection): the
 * request's decision items, and what its audit event says (the decision with the modification).
 */
export interface CorrectionApproval {
  items: (e: TransactionEntities) => TransactionItem[];
  audit: { targetId: string; before: unknown; result: (record: Record<string, unknown>) => unknown };
}

/**
 * The corrected day, its modification record and (in an audited request) its audit event in one
 * transaction. The day is written only if it
 * is unchanged since it was read (or still absent), so a punch racing the correction is never lost.
 * A day of a closed payroll period is refused (409 on `date`) before anything is written.
 * An approved correction request (打刻修正の承認) runs this same path, its decision in the transaction.
 */
export async function applyCorrection(c: Correction, service: Db = db(), approval?: CorrectionApproval) {
  await assertDaysOpen(c.companyId, c.workDate, c.workDate, 'date', service);
  const modificationId = newId();
  const key = { companyId: c.companyId, employeeId: c.employeeId, workDate: c.workDate };
  const set = {
    ...(c.punchInAt ? { punchInAt: c.punchInAt } : {}),
    ...(c.punchOutAt ? { punchOutAt: c.punchOutAt } : {}),
    // A correction that sets the breaks records them: [] then means "no break taken", not "not punched".
    ...(c.breaks ? { breaks: stored(c.breaks), breaksRecorded: true } : {}),
  };
  const record = {
    createdAt: clock.now().toISOString(),
    companyId: c.companyId,
    employeeId: c.employeeId,
    modificationId,
    modifyDate: c.workDate,
    reason: c.reason,
    ...(c.before?.punchInAt ? { beforePunchInAt: c.before.punchInAt } : {}),
    ...(c.before?.punchOutAt ? { beforePunchOutAt: c.before.punchOutAt } : {}),
    ...(c.punchInAt ? { afterPunchInAt: c.punchInAt } : {}),
    ...(c.punchOutAt ? { afterPunchOutAt: c.punchOutAt } : {}),
    // Breaks before and after only when the correction set them (the history and the audit show both).
    ...(c.breaks ? { beforeBreaks: stored(c.before?.breaks ?? []), afterBreaks: stored(c.breaks) } : {}),
  };
  const before = c.before;
  const result = await service.transaction
    .write((entities) => [
      ...(approval ? approval.items(entities) : []),
      before
        ? entities.AttendanceDay.update(key)
            .set(set)
            .where((a, { eq }) => eq(a.updatedAt, before.updatedAt ?? ''))
            .commit()
        : entities.AttendanceDay.create({ ...key, ...set }).commit(),
      entities.Modification.create(record).commit(),
      ...auditInTransaction(
        entities.AuditEvent,
        approval
          ? {
              companyId: c.companyId,
              targetId: approval.audit.targetId,
              before: approval.audit.before,
              result: approval.audit.result(record),
            }
          : { companyId: c.companyId, targetId: modificationId, result: record },
      ),
    ])
    .go();
  if (result.canceled) throw new ConflictError();
  auditCommitted();
  return record;
}

/** An employee's correction history, newest first: one Query. */
export async function modificationHistory({ companyId, employeeId }: Who, limit = 100, service: Db = db()) {
  const { data } = await service.entities.Modification.query
    .byEmployee({ companyId, employeeId })
    .go({ order: 'desc', limit });
  return data;
}
