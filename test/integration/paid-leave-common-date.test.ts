/** 斉一的付与: a company-wide annual grant date moves the first grant earlier, never later. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { grantRunDone } from '../support/grant-runs.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;
const realNow = clock.now;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1 });
  await db()
    .entities.Employee.patch({ companyId: tenant.companyId, employeeId: tenant.employees[0]!.id })
    .set({ hireDate: '2026-01-10' })
    .go();
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  clock.now = () => new Date('2026-04-02T03:00:00Z');
});
afterAll(() => {
  clock.now = realNow;
});

const detail = async () => (await admin.get(`/api/v1/paid_leave/employees/${tenant.employees[0]!.id}`)).body.data;

describe('common grant date (斉一的付与)', () => {
  it('grants nothing before six months of service under the statutory dates', async () => {
    expect((await admin.get('/api/v1/paid_leave/settings')).body.data).toEqual({ common_grant_date: null });
    expect((await grantRunDone(admin)).granted).toBe(0);
    // Hired 2026-01-10: the statutory first grant is six months later, 2026-07-10.
    expect((await detail()).next_grant).toEqual({ grant_date: '2026-07-10', days: 10 });
  });

  it('grants ten days on the first common date (April 1) once the company sets it', async () => {
    const set = await admin.put('/api/v1/paid_leave/settings', {
      common_grant_date: { month_day: '04-01', first_grant: 'first_common_date' },
    });
    expect(set.status).toBe(200);
    expect((await grantRunDone(admin)).granted).toBe(1);
    const made = (await db().entities.PaidLeaveGrant.query.byCompany({ companyId: tenant.companyId }).go()).data;
    expect(made).toEqual([
      expect.objectContaining({ employeeId: tenant.employees[0]!.id, grantedOn: '2026-04-01', days: 10 }),
    ]);
    const d = await detail();
    expect(d.remaining_days).toBe(10);
    // The next grant is the next common date, with the statute's second-year days.
    expect(d.next_grant).toEqual({ grant_date: '2027-04-01', days: 11 });
  });

  it('refuses impossible dates with the settings message and changes nothing', async () => {
    const before = await tableSnapshot(stack.tableName);
    for (const body of [
      { common_grant_date: { month_day: '02-30', first_grant: 'first_common_date' } },
      { common_grant_date: { month_day: '02-29', first_grant: 'first_common_date' } },
      { common_grant_date: { month_day: '04-01', first_grant: 'later' } },
      { common_grant_date: { month_day: '4-1', first_grant: 'hire_date' } },
      {},
    ]) {
      const res = await admin.put('/api/v1/paid_leave/settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe('設定内容に不備があります。');
    }
    expect(await tableSnapshot(stack.tableName)).toBe(before);
  });
});
