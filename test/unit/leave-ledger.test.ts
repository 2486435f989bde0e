/**
 * The leave ledger's pure parts (functions/db/leave-ledger.ts): when a stored ledger counts as
 * current, and how one write's change moves it.
 */
import { describe, expect, it } from 'vitest';
import { applyChange, currentLedger, ledgerFrom, type LeaveLedger } from '../../functions/db/leave-ledger.js';

const grant = (grantId: string, grantedOn: string) => ({
  grantId,
  grantedOn,
  days: 10,
  expiresOn: `${Number(grantedOn.slice(0, 4)) + 2}${grantedOn.slice(4)}`,
  kind: 'statutory' as const,
});
const empty: LeaveLedger = { grants: [], takings: [] };

describe('currentLedger', () => {
  it('is the stored ledger only when it was written at the member’s leaveSeq', () => {
    expect(currentLedger({ employeeId: 'e', leaveLedger: empty, leaveLedgerSeq: 0 })).toEqual(empty);
    expect(currentLedger({ employeeId: 'e', leaveSeq: 3, leaveLedger: empty, leaveLedgerSeq: 3 })).toEqual(empty);
    // A leave write that found no current ledger moved leaveSeq alone: the stored one is behind.
    expect(currentLedger({ employeeId: 'e', leaveSeq: 4, leaveLedger: empty, leaveLedgerSeq: 3 })).toBeNull();
    // Stored before the ledger existed.
    expect(currentLedger({ employeeId: 'e' })).toBeNull();
    expect(currentLedger({ employeeId: 'e', leaveSeq: 2 })).toBeNull();
    expect(currentLedger({ employeeId: 'e', leaveLedger: { grants: [] }, leaveLedgerSeq: 0 })).toBeNull();
  });
});

describe('applyChange', () => {
  it('adds grants oldest first, once per id', () => {
    let l = applyChange(empty, { grant: grant('b', '2026-04-01') });
    l = applyChange(l, { grant: grant('a', '2025-10-01') });
    l = applyChange(l, { grant: grant('b', '2026-04-01') });
    expect(l.grants.map((g) => g.grantId)).toEqual(['a', 'b']);
  });

  it('deletes a grant by id (issue 30 item 8), leaving the rest and the takings', () => {
    let l = applyChange(empty, { grant: grant('a', '2025-10-01') });
    l = applyChange(l, { grant: grant('b', '2026-04-01') });
    l = applyChange(l, { taking: { requestId: 'r1', date: '2026-06-01', status: 1 } });
    const after = applyChange(l, { dropGrant: 'b' });
    expect(after.grants.map((g) => g.grantId)).toEqual(['a']);
    expect(after.takings).toEqual(l.takings);
    expect(applyChange(after, { dropGrant: 'nope' })).toEqual(after);
  });

  it('files, decides and drops takings by request id, in date order', () => {
    let l = applyChange(empty, { taking: { requestId: 'r2', date: '2026-06-02', status: 0 } });
    l = applyChange(l, { taking: { requestId: 'r1', date: '2026-06-01', status: 0, leaveUnit: 'am' } });
    // Approval replaces the pending entry.
    l = applyChange(l, { taking: { requestId: 'r1', date: '2026-06-01', status: 1, leaveUnit: 'am' } });
    expect(l.takings).toEqual([
      { requestId: 'r1', date: '2026-06-01', status: 1, leaveUnit: 'am' },
      { requestId: 'r2', date: '2026-06-02', status: 0 },
    ]);
    // Rejection or withdrawal: the request leaves; an unknown id changes nothing.
    l = applyChange(l, { drop: 'r2' });
    expect(applyChange(l, { drop: 'nope' })).toEqual(l);
    expect(l.takings.map((t) => t.requestId)).toEqual(['r1']);
  });
});

describe('ledgerFrom', () => {
  it('keeps paid leave (type 0 or none) that is pending or approved; other leave types and rejections stay out', () => {
    const l = ledgerFrom(
      [grant('g', '2026-04-01')],
      [
        { requestId: 'a', date: '2026-06-03', status: 1 },
        { requestId: 'b', date: '2026-06-01', status: 0, leaveType: 0 },
        { requestId: 'c', date: '2026-06-02', status: 2, leaveType: 0 },
        { requestId: 'd', date: '2026-06-04', status: 1, leaveType: 1 },
      ],
    );
    expect(l.takings.map((t) => t.requestId)).toEqual(['b', 'a']);
    expect(l.grants).toHaveLength(1);
  });
});
