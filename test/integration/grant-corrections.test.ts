/**
 * Issue 30 item 8: a manual grant is dated within the member's employment (付与日 from the 入社日 to the
 * 退職日), and an admin can delete a grant entered wrongly (audited).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentLedger } from '../../functions/db/leave-ledger.js';
import { insertGrant } from '../../functions/db/paid-leave.js';
import { putPeriodClosing } from '../../functions/db/period-closings.js';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { aprilGrant } from '../support/grants.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { pinClock } from '../support/test-clock.js';

const stack = useTestStack();
const realNow = clock.now;
let tenant: TestTenant;
let admin: HttpClient;
let other: TestTenant;
let otherAdmin: HttpClient;
let staff: HttpClient;

beforeAll(async () => {
  pinClock('2026-11-25', '10:00');
  tenant = await createTenant({ employees: 3, name: '付与訂正株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  other = await createTenant({ employees: 0, name: '他社株式会社' });
  otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[1]!);
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

/**
 * Deleting a grant (DELETE /api/v1/paid_leave/employees/{id}/grants/{grant_id}). Member 1 has the
 * statutory 10 days of 2026-04-01 (the run's, `s20260401`) and an admin's 5 extra days of 2026-06-01;
 * member 2 an admin's 3 days of 2026-04-01 with a day's leave filed on 2026-12-02 against them, and 2
 * days of 2026-05-15, inside 2026年5月度, which is closed.
 * Balances on 2026-11-25 (39条, 115条: each grant live for two years from its day, none expired):
 * member 1: 10 + 5 = 15; without the 5: 10. Member 2: 3 + 2 = 5 granted, the pending day held: 4 requestable.
 */
describe('deleting a grant', () => {
  let extra: string;
  let used: string;
  let closed: string;
  const m1 = () => tenant.employees[1]!.id;
  const m2 = () => tenant.employees[2]!.id;
  const del = (client: HttpClient, employeeId: string, grantId: string) =>
    client.delete(`/api/v1/paid_leave/employees/${employeeId}/grants/${grantId}`);
  const detail = async (employeeId: string) =>
    (await admin.get(`/api/v1/paid_leave/employees/${employeeId}`)).body.data;

  beforeAll(async () => {
    await insertGrant(aprilGrant(tenant.companyId, m1()));
    const a = await grant(m1(), { granted_on: '2026-06-01', days: 5, kind: 'extra', reason: '入力誤り' });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    extra = a.body.data.id;
    const b = await grant(m2(), { granted_on: '2026-04-01', days: 3 });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    used = b.body.data.id;
    const c = await grant(m2(), { granted_on: '2026-05-15', days: 2 });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    closed = c.body.data.id;
    const employee2 = await signIn(stack.baseUrl, 'employee', tenant.employees[2]!);
    const filed = await employee2.post('/api/v1/holiday_requests', {
      kind: 0,
      year: 2026,
      month: 12,
      day: 2,
      reason: '',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    await putPeriodClosing(tenant.companyId, {
      period: '2026-05',
      from: '2026-05-01',
      to: '2026-05-31',
      status: 'closed',
      closedAt: '2026-06-05T00:00:00.000Z',
      closedBy: tenant.admin.id,
    });
  });

  it("another company's admin gets a 404 and an employee a 403, nothing changed", async () => {
    const before = await tableSnapshot(stack.tableName);
    expect((await del(otherAdmin, m1(), extra)).status).toBe(404);
    expect((await del(staff, m1(), extra)).status).toBe(403);
    expect((await del(admin, m1(), '01nonexistentgrant')).status).toBe(404);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('removes the grant, restores the balance and writes the audit event', async () => {
    expect((await detail(m1())).remaining_days).toBe(15);
    const res = await del(admin, m1(), extra);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: extra, employee_id: m1(), granted_on: '2026-06-01', days: 5 });
    const after = await detail(m1());
    expect(after.remaining_days).toBe(10);
    expect(after.grants.map((g: { id: string }) => g.id)).toEqual(['s20260401']);
    const own = await staff.get('/api/v1/paid_leave');
    expect(own.body.data.remaining_days).toBe(10);
    // 有給管理's list reads the ledger on the member's item: the grant left it in the same transaction.
    const list = (await admin.get('/api/v1/paid_leave/employees')).body.data;
    expect(list.find((r: { employee_id: string }) => r.employee_id === m1()).remaining_days).toBe(10);
    const { data: member } = await db()
      .entities.Employee.get({ companyId: tenant.companyId, employeeId: m1() })
      .go({ consistent: true });
    expect(currentLedger(member!)!.grants.map((g) => g.grantId)).toEqual(['s20260401']);
    const audit = (await admin.get('/api/v1/audit_events')).body.data.events.find(
      (e: { action: string }) => e.action === 'paid_leave.grant_delete',
    );
    // Who, when, which grant and its days.
    expect(audit).toMatchObject({
      actor_role: 'admin',
      actor_name: '管理 太郎',
      at: clock.now().toISOString(),
      target_id: extra,
      before: {
        employee_id: m1(),
        grant_id: extra,
        granted_on: '2026-06-01',
        days: 5,
        kind: 'extra',
        source: 'manual',
        reason: '入力誤り',
        created_by: tenant.admin.id,
      },
    });
    // Deleted once: a second time there is nothing to delete.
    expect((await del(admin, m1(), extra)).status).toBe(404);
  });

  it("refuses the statutory run's grant, a used grant and one in a closed period, changing nothing", async () => {
    const before = await tableSnapshot(stack.tableName);
    const auto = await del(admin, m1(), 's20260401');
    expect(auto.status, JSON.stringify(auto.body)).toBe(409);
    expect(auto.body.message).toContain('法定付与の実行で付与された日数は削除できません');
    const inUse = await del(admin, m2(), used);
    expect(inUse.status, JSON.stringify(inUse.body)).toBe(409);
    expect(inUse.body.message).toBe('この付与からすでに有給休暇が取得・申請されているため削除できません（使用1日）。');
    const frozen = await del(admin, m2(), closed);
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(409);
    expect(frozen.body.message).toContain('2026年5月度（5月1日〜5月31日）は締め済みのため変更できません');
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
    expect((await detail(m2())).requestable_days).toBe(4);
  });
});
