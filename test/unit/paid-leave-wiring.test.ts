/**
 * Paid-leave wiring without the network: grant key shapes (tenant partition, verbatim ids), the
 * deterministic id of a statutory grant, takings from requests, and one employee's summary.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { statutoryGrantId, summarize } from '../../functions/services/paid-leave-service.js';
import { leaveEmployeeOf, takingsOf } from '../../functions/db/paid-leave.js';
import { db } from '../../functions/db/service.js';
import { applyUnitEnv } from '../support/unit-env.js';

beforeAll(applyUnitEnv);

describe('grant keys', () => {
  it("puts a grant in the employee's partition, sorted by date, without changing case", () => {
    const { Item } = db()
      .entities.PaidLeaveGrant.create({
        companyId: '01ABC',
        employeeId: '01XyZ',
        grantId: 's20260401',
        grantedOn: '2026-04-01',
        days: 10,
        expiresOn: '2028-04-01',
        kind: 'statutory',
        source: 'auto',
        createdBy: 'system',
      })
      .params<{ Item: Record<string, string> }>();
    expect(Item).toMatchObject({
      pk: 'c#01ABC#e#01XyZ',
      sk: 'plgrant#2026-04-01#s20260401',
      gsi1pk: 'c#01ABC#plgrant',
      gsi1sk: '2026-04-01#01XyZ#s20260401',
    });
  });

  it('names a statutory grant by its date, so a rerun finds it', () => {
    expect(statutoryGrantId('2026-04-01')).toBe('s20260401');
  });
});

describe('takings and summary', () => {
  const requests = [
    { requestId: 'a', employeeId: 'e', date: '2026-05-01', status: 1, leaveType: 0 },
    { requestId: 'b', employeeId: 'e', date: '2026-05-02', status: 0, leaveType: 0 },
    { requestId: 'c', employeeId: 'e', date: '2026-05-03', status: 2, leaveType: 0 },
    { requestId: 'd', employeeId: 'e', date: '2026-05-04', status: 1, leaveType: 1 },
    { requestId: 'f', employeeId: 'e', date: '2026-05-05', status: 1 },
  ];

  it('counts approved paid leave as taken and unapproved as held; rejected and other leave types not at all', () => {
    const { approved, pending } = takingsOf(requests);
    expect(approved.map((t) => t.id)).toEqual(['a', 'f']);
    expect(pending.map((t) => t.id)).toEqual(['b']);
  });

  it('treats staff without a pattern as full time, and without a hire date as not granted', () => {
    expect(leaveEmployeeOf({ hireDate: '2025-10-01' })?.patterns[0]?.pattern).toEqual({
      basis: 'week',
      daysPerWeek: 5,
      weeklyHours: 40,
    });
    expect(leaveEmployeeOf({})).toBeNull();
  });

  it('summarises balance, pending, next expiry and grant', () => {
    const person = {
      employeeId: 'e',
      lastName: '山田',
      firstName: '花子',
      hireDate: '2025-10-01',
      patternBasis: 'week' as const,
      daysPerWeek: 3,
      weeklyHours: 18,
    };
    // Three days a week, under 30 h: proportional table row 3 → 5 days at 6 months, 6 at 1.5 years.
    const grant = {
      companyId: 'c',
      employeeId: 'e',
      grantId: 's20260401',
      grantedOn: '2026-04-01',
      days: 5,
      expiresOn: '2028-04-01',
      kind: 'statutory' as const,
      source: 'auto' as const,
      createdBy: 'system',
    };
    const s = summarize(person, [grant], requests, '2026-06-01');
    // 5 granted − 2 approved (05-01, 05-05) = 3; 05-02 is pending.
    expect(s).toMatchObject({
      managed: true,
      remaining_days: 3,
      pending_days: 1,
      requestable_days: 2,
      next_expiry: { expires_on: '2028-04-01', days: 3 },
      next_grant: { grant_date: '2027-04-01', days: 6 },
    });
    // A grant under 10 days carries no five-day duty.
    expect(s.five_day).toEqual([]);
  });
});
