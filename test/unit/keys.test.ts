import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { applyUnitEnv } from '../support/unit-env.js';

beforeAll(applyUnitEnv);

/** Key shapes are part of the data contract: tenant partitions start with the company id, verbatim. */
describe('key shapes', () => {
  it('puts tenant items under c#<companyId> without changing case', () => {
    const { Key } = db()
      .entities.Employee.get({ companyId: '01ABCdef', employeeId: '01XyZ' })
      .params<{ Key: Record<string, string> }>();
    expect(Key).toEqual({ pk: 'c#01ABCdef', sk: 'employee#01XyZ' });
  });

  it("queries an employee's month with one begins_with", () => {
    const p = db()
      .entities.AttendanceDay.query.byEmployee({ companyId: 'c1', employeeId: 'e1' })
      .begins({ workDate: '2026-04' })
      .params<{ ExpressionAttributeValues: Record<string, string>; KeyConditionExpression: string }>();
    expect(Object.values(p.ExpressionAttributeValues)).toEqual(expect.arrayContaining(['c#c1#e#e1', 'day#2026-04']));
    expect(p.KeyConditionExpression).toContain('begins_with');
  });

  it('keeps platform items apart from tenants', () => {
    const { Key } = db().entities.Company.get({ companyId: 'c1' }).params<{ Key: Record<string, string> }>();
    expect(Key).toEqual({ pk: 'platform', sk: 'company#c1' });
  });

  it('indexes requests by employee and by company month', () => {
    const byMonth = db()
      .entities.Request.query.byCompanyMonth({ companyId: 'c1', kind: 'holiday' })
      .begins({ date: '2026-04' })
      .params<{ IndexName: string; ExpressionAttributeValues: Record<string, string> }>();
    expect(byMonth.IndexName).toBe('gsi2');
    expect(Object.values(byMonth.ExpressionAttributeValues)).toEqual(
      expect.arrayContaining(['c#c1#req#holiday', '2026-04']),
    );
  });

  it("keeps a company's unapproved requests in one partition, by date", () => {
    const { Key } = db()
      .entities.PendingRequest.get({ companyId: 'c1', date: '2027-01-08', requestId: 'r1' })
      .params<{ Key: Record<string, string> }>();
    expect(Key).toEqual({ pk: 'c#c1#pending', sk: 'pending#2027-01-08#r1' });
  });
});
