/**
 * The paid-leave ledger on each Employee item: the member's grants and their pending or approved
 * paid-leave takings, the two lists the balance is derived from (functions/domain/paid-leave). Every
 * write that changes one of them (a grant, a paid-leave filing, its decision or withdrawal) reads the
 * employee strongly consistent and, in its own transaction, writes the ledger with that change and
 * bumps `leaveSeq`, on condition `leaveSeq` is still what it read. So the ledger never disagrees with
 * the grants and requests, and a page of staff (one Query of the staff index) carries its balances:
 * 勤怠集計 and 有給管理 read no company-wide grant or leave list.
 *
 * A ledger is current when `leaveLedgerSeq` equals `leaveSeq` (absent reads as 0). A member stored
 * before the ledger existed has none until `backfillLeaveLedgers` (jobs/migrate.ts)
 * writes it; until then readers fall back to that member's own two Queries (db/paid-leave.ts `leaveInputs`).
 */
import { db, type Db } from './service.js';
import type { GrantRecord } from './paid-leave.js';
import type { LeaveUnit } from '../domain/worktime/schedule.js';

type TransactionEntities = Parameters<Parameters<Db['transaction']['write']>[0]>[0];

export type LedgerGrant = Pick<GrantRecord, 'grantId' | 'grantedOn' | 'days' | 'expiresOn' | 'kind'>;

/** A paid-leave request (leave type 0) as the balance reads it; rejected and withdrawn ones leave the ledger. */
export interface LedgerTaking {
  requestId: string;
  date: string;
  /** 0 unapproved (holds its days), 1 approved (uses them). */
  status: number;
  leaveUnit?: LeaveUnit | undefined;
  leaveHours?: number | undefined;
  leaveDayHours?: number | undefined;
}

export interface LeaveLedger {
  grants: LedgerGrant[];
  takings: LedgerTaking[];
}

/**
 * One write's change: a grant added, a taking filed or decided (upserted by id), a taking dropped, or
 * a grant deleted (issue 30 item 8: an admin's wrong entry).
 */
export type LedgerChange = { grant: LedgerGrant } | { taking: LedgerTaking } | { drop: string } | { dropGrant: string };

/** The leave fields of an employee item the ledger is kept by. */
export interface LedgerHolder {
  employeeId: string;
  leaveSeq?: number | undefined;
  leaveLedger?: unknown;
  leaveLedgerSeq?: number | undefined;
}

const byDate = <T extends { date: string; requestId: string }>(a: T, b: T) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.requestId < b.requestId ? -1 : 1;
const byGrant = (a: LedgerGrant, b: LedgerGrant) =>
  a.grantedOn < b.grantedOn ? -1 : a.grantedOn > b.grantedOn ? 1 : a.grantId < b.grantId ? -1 : 1;

/** The member's ledger when it is current, else null (the caller reads their grants and requests instead). */
export function currentLedger(holder: LedgerHolder): LeaveLedger | null {
  if (holder.leaveLedgerSeq === undefined || holder.leaveLedgerSeq !== (holder.leaveSeq ?? 0)) return null;
  const ledger = holder.leaveLedger as Partial<LeaveLedger> | undefined;
  if (!ledger || !Array.isArray(ledger.grants) || !Array.isArray(ledger.takings)) return null;
  return { grants: ledger.grants, takings: ledger.takings };
}

/** The ledger after one change; grants stay oldest first, takings by date. */
export function applyChange(ledger: LeaveLedger, change: LedgerChange): LeaveLedger {
  if ('grant' in change) {
    const grants = ledger.grants.filter((g) => g.grantId !== change.grant.grantId);
    return { ...ledger, grants: [...grants, change.grant].sort(byGrant) };
  }
  if ('dropGrant' in change) return { ...ledger, grants: ledger.grants.filter((g) => g.grantId !== change.dropGrant) };
  const id = 'drop' in change ? change.drop : change.taking.requestId;
  const takings = ledger.takings.filter((t) => t.requestId !== id);
  return { ...ledger, takings: ('taking' in change ? [...takings, change.taking] : takings).sort(byDate) };
}

/** A ledger built from the member's stored grants and leave requests (the backfill, and the fallback read). */
export function ledgerFrom(
  grants: readonly LedgerGrant[],
  requests: readonly (LedgerTaking & { leaveType?: number | undefined })[],
): LeaveLedger {
  return {
    grants: grants.map(ledgerGrant).sort(byGrant),
    takings: requests
      .filter((r) => (r.leaveType ?? 0) === 0 && (r.status === 0 || r.status === 1))
      .map(ledgerTaking)
      .sort(byDate),
  };
}

export const ledgerGrant = (g: LedgerGrant): LedgerGrant => ({
  grantId: g.grantId,
  grantedOn: g.grantedOn,
  days: g.days,
  expiresOn: g.expiresOn,
  kind: g.kind,
});

export const ledgerTaking = (r: LedgerTaking): LedgerTaking => ({
  requestId: r.requestId,
  date: r.date,
  status: r.status,
  ...(r.leaveUnit !== undefined ? { leaveUnit: r.leaveUnit } : {}),
  ...(r.leaveHours !== undefined ? { leaveHours: r.leaveHours } : {}),
  ...(r.leaveDayHours !== undefined ? { leaveDayHours: r.leaveDayHours } : {}),
});

/**
 * The transaction item that moves the member's leave state on by one write: `leaveSeq` + 1 on
 * condition it is still the value read (so a racing leave write makes this transaction fail and the
 * caller read again), and the ledger with the change when it was current. `active` also requires the
 * member to be active (a filing; a decision or a grant on a retired member still counts).
 */
export function leaveStep(
  { Employee }: TransactionEntities,
  holder: LedgerHolder & { companyId: string },
  change: LedgerChange,
  opts: { active?: boolean } = {},
) {
  const seq = holder.leaveSeq ?? 0;
  const ledger = currentLedger(holder);
  return Employee.patch({ companyId: holder.companyId, employeeId: holder.employeeId })
    .set({
      leaveSeq: seq + 1,
      ...(ledger ? { leaveLedger: applyChange(ledger, change), leaveLedgerSeq: seq + 1 } : {}),
    })
    .where((a, { eq, notExists }) => {
      const unchanged = seq === 0 ? notExists(a.leaveSeq) : eq(a.leaveSeq, seq);
      return opts.active ? `${unchanged} AND ${eq(a.status, 'active')}` : unchanged;
    })
    .commit();
}

/** The employee's leave state, strongly consistent (read before a leave write; null when there is no such member). */
export async function leaveHolder(companyId: string, employeeId: string, service: Db = db()) {
  const { data } = await service.entities.Employee.get({ companyId, employeeId }).go({ consistent: true });
  return data;
}

/** A request that moves the balance: paid leave (leave type 0; a missing type reads as 有給, as everywhere). */
export const isPaidLeave = (r: { kind: string; leaveType?: number | undefined }) =>
  r.kind === 'holiday' && (r.leaveType ?? 0) === 0;

/** Whether a transaction canceled on its leave step (the item at `index`): the caller reads the member again. */
export const leaveStepFailed = (reasons: readonly { code?: string }[], index: number) => {
  const code = reasons[index]?.code;
  return code === 'ConditionalCheckFailed' || code === 'TransactionConflict';
};
