/**
 * 本日までの法定付与を実行 when the run breaks off (issue 19: the grant run is a background job): the
 * job says `failed`, the grants made before the break stay (each is its own transaction), and running
 * it again grants only what is still due — never the same step twice.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { grantRunDone } from '../support/grant-runs.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

// insertGrant as shipped, except that while `failFrom` is set the grants after the first `failFrom`
// ones fail as a lost connection would (before anything is written).
const breakdown = vi.hoisted(() => ({ failFrom: null as number | null, calls: 0 }));
vi.mock('../../functions/db/paid-leave.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/db/paid-leave.js')>();
  return {
    ...real,
    insertGrant: async (...args: Parameters<typeof real.insertGrant>) => {
      breakdown.calls++;
      if (breakdown.failFrom !== null && breakdown.calls > breakdown.failFrom) throw new Error('socket hang up');
      return real.insertGrant(...args);
    },
  };
});

const stack = useTestStack();
const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
  breakdown.failFrom = null;
});

let tenant: TestTenant;
let admin: HttpClient;

beforeAll(async () => {
  tenant = await createTenant({ employees: 2, name: '付与中断株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  // Both hired 2025-10-01: 10 days are due on 2026-04-01 (39条2項: six months, 80 % attended; no
  // attendance record yet, so the grant is made as "not provided").
  for (const [i, e] of tenant.employees.entries()) {
    const res = await admin.put(`/api/v1/employees/${e.id}`, {
      last_name: '社員',
      first_name: `${i + 1}号`,
      email: e.email,
      password: '',
      department_id: tenant.departmentId,
      employment_status_id: tenant.employmentStatusId,
      hire_date: '2025-10-01',
      working_pattern: null,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
});

const grants = async () =>
  (await db().entities.PaidLeaveGrant.query.byCompany({ companyId: tenant.companyId }).go()).data;

describe('a grant run that breaks off', () => {
  it('is reported failed, keeps the grants it made, and a second run finishes the rest once', async () => {
    clock.now = () => new Date('2026-06-15T03:00:00Z');
    breakdown.calls = 0;
    breakdown.failFrom = 1;

    const broken = await grantRunDone(admin);
    expect(broken.status).toBe('failed');
    // The failed job counts the grant made before the break (the screen says 「1件は登録済み」).
    expect(broken.granted).toBe(1);
    expect(breakdown.calls).toBe(2);
    const kept = await grants();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ grantedOn: '2026-04-01', days: 10, kind: 'statutory', step: 0 });
    // 勤怠状況's five-day list follows that grant: the period's figures (末日締め: June) are marked changed.
    const digest = await db().entities.WorkStatusDigest.get({ companyId: tenant.companyId, month: '2026-06' }).go();
    expect(digest.data?.changedAt).toBe('2026-06-15T03:00:00.000Z');

    breakdown.failFrom = null;
    const rerun = await grantRunDone(admin);
    expect(rerun).toMatchObject({ status: 'done', total: 2, done: 2, granted: 1 });
    const all = await grants();
    expect(all.map((g) => g.employeeId).sort()).toEqual(tenant.employees.map((e) => e.id).sort());
    expect(all.every((g) => g.grantedOn === '2026-04-01' && g.days === 10 && g.step === 0)).toBe(true);

    // Each member's balance follows its one grant (the ledger moved with the grant's transaction).
    const page = await admin.get('/api/v1/paid_leave/employees');
    expect(page.status).toBe(200);
    const remaining = (page.body.data as { employee_id: string; remaining_days: number }[]).map((r) => [
      r.employee_id,
      r.remaining_days,
    ]);
    expect(remaining.sort()).toEqual(tenant.employees.map((e) => [e.id, 10]).sort());
  });
});
