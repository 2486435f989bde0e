/**
 * Issue 30 item 8: a manual grant is dated within the member's employment (付与日 from the 入社日 to the
 * 退職日), and an admin can delete a grant entered wrongly (audited).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { pinClock } from '../support/test-clock.js';

const stack = useTestStack();
const realNow = clock.now;
let tenant: TestTenant;
let admin: HttpClient;

beforeAll(async () => {
  pinClock('2026-11-25', '10:00');
  tenant = await createTenant({ employees: 3, name: '付与訂正株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  // Member 0: hired 2025-10-01, 退職日 2026-12-31 set ahead (still active).
  await db()
    .entities.Employee.patch({ companyId: tenant.companyId, employeeId: tenant.employees[0]!.id })
    .set({ hireDate: '2025-10-01', leaveDate: '2026-12-31' })
    .go();
});
afterAll(() => {
  clock.now = realNow;
});

const grant = (employeeId: string, body: Record<string, unknown>) =>
  admin.post(`/api/v1/paid_leave/employees/${employeeId}/grants`, {
    days: 3,
    kind: 'extra',
    reason: '調整',
    ...body,
  });

describe('a manual grant within the employment', () => {
  it('refuses a 付与日 before the 入社日 or after the 退職日 next to the field, storing nothing', async () => {
    const id = tenant.employees[0]!.id;
    const before = await tableSnapshot(stack.tableName);
    const early = await grant(id, { granted_on: '2025-09-30' });
    expect(early.status, JSON.stringify(early.body)).toBe(400);
    expect(early.body.errors.granted_on).toEqual(['付与日は入社日（2025-10-01）以降の日付を入力してください']);
    const late = await grant(id, { granted_on: '2027-01-01' });
    expect(late.status, JSON.stringify(late.body)).toBe(400);
    expect(late.body.errors.granted_on).toEqual(['付与日は退職日（2026-12-31）以前の日付を入力してください']);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('accepts the 入社日 and the 退職日 themselves', async () => {
    const id = tenant.employees[0]!.id;
    expect((await grant(id, { granted_on: '2025-10-01' })).status).toBe(201);
    expect((await grant(id, { granted_on: '2026-12-31' })).status).toBe(201);
  });
});
