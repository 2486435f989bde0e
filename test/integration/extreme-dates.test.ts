/**
 * Issue 30 item 8 (c): reads stay robust to dates the product no longer accepts but an older version
 * stored. A manual grant dated 9999-12-31 (its expiry then computed as "10001-12-31", two years on)
 * made 有給管理, 勤怠集計, the employee's balance and a paid-leave filing answer 500 from then on; a
 * grant dated 1900-01-01 and settings versions dated 9999-12-31 or 1900-01-01 must not either. The
 * items are written straight into DynamoDB, as the older version did.
 *
 * Figures (2026-11-25, a Wednesday; 労働基準法39条, 115条 as LEAVE-LAW's ledger counts them):
 * - 10 days granted 2026-04-01 are live until 2028-04-01 (two years, 115条): 10 days left;
 * - the grant of 1900-01-01 (5 days) expired on 1902-01-01: nothing of it is live;
 * - the grant of 9999-12-31 (5 days) cannot be counted (its expiry is no date): left out;
 * so the balance is 10 days, and after a day's leave filed for 2026-12-02 (pending, holding its day)
 * 9 days can still be requested.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGrant } from '../../functions/db/paid-leave.js';
import { db } from '../../functions/db/service.js';
import { clock } from '../../functions/shared/clock.js';
import { aprilGrant } from '../support/grants.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { pinClock } from '../support/test-clock.js';
import { standardAgreement } from '../support/agreement.js';

const stack = useTestStack();
const realNow = clock.now;
let tenant: TestTenant;
let admin: HttpClient;
let staff: HttpClient;
let employeeId: string;

/** A grant as a version without date bounds stored it (the ledger on the employee item included). */
const oldGrant = (grantId: string, grantedOn: string, expiresOn: string) =>
  insertGrant({
    companyId: tenant.companyId,
    employeeId,
    grantId,
    grantedOn,
    expiresOn,
    days: 5,
    kind: 'statutory',
    source: 'manual',
    reason: '入力誤り',
    createdBy: tenant.admin.id,
  });

beforeAll(async () => {
  pinClock('2026-11-25', '10:00');
  tenant = await createTenant({ employees: 1, name: '範囲外株式会社' });
  employeeId = tenant.employees[0]!.id;
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  await insertGrant(aprilGrant(tenant.companyId, employeeId));
  await oldGrant('m99991231', '9999-12-31', '10001-12-31');
  await oldGrant('m19000101', '1900-01-01', '1902-01-01');
});
afterAll(() => {
  clock.now = realNow;
});

describe('paid-leave grants stored with extreme dates', () => {
  it('有給管理 lists the member with the balance of the grants it can count', async () => {
    const res = await admin.get('/api/v1/paid_leave/employees');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = res.body.data.find((r: { employee_id: string }) => r.employee_id === employeeId);
    expect(row.remaining_days).toBe(10);
  });

  it("the member's detail lists every grant, the one it cannot count flagged and left out", async () => {
    const res = await admin.get(`/api/v1/paid_leave/employees/${employeeId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.remaining_days).toBe(10);
    const grants = res.body.data.grants as { id: string; counted: boolean; remaining_days: number; expired: boolean }[];
    expect(grants.map((g) => g.id).sort()).toEqual(['m19000101', 'm99991231', 's20260401']);
    expect(grants.find((g) => g.id === 'm99991231')).toMatchObject({ counted: false, remaining_days: 0 });
    expect(grants.find((g) => g.id === 'm19000101')).toMatchObject({ counted: true, expired: true });
    expect(grants.find((g) => g.id === 's20260401')).toMatchObject({ counted: true, remaining_days: 10 });
  });

  it('勤怠集計 answers with the balance column', async () => {
    const res = await admin.get('/api/v1/attendance_totals?period=2026-11');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = res.body.data.rows.find((r: { employee_id: string }) => r.employee_id === employeeId);
    expect(row.paid_leave_balance).toMatchObject({ days: 10, hours: 0 });
  });

  it("the employee's balance and a paid-leave filing work", async () => {
    const own = await staff.get('/api/v1/paid_leave');
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.remaining_days).toBe(10);
    const filed = await staff.post('/api/v1/holiday_requests', { kind: 0, year: 2026, month: 12, day: 2, reason: '' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const after = await staff.get('/api/v1/paid_leave');
    expect(after.body.data.requestable_days).toBe(9);
  });

  it('the admin deletes the grant of 9999-12-31; the balance stays the 10 days', async () => {
    const res = await admin.delete(`/api/v1/paid_leave/employees/${employeeId}/grants/m99991231`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = (await admin.get(`/api/v1/paid_leave/employees/${employeeId}`)).body.data;
    expect(detail.grants.map((g: { id: string }) => g.id).sort()).toEqual(['m19000101', 's20260401']);
    expect(detail.remaining_days).toBe(10);
  });
});

/** Settings routes and the `?on=` reads with versions stored far outside today's bounds. */
describe('settings versions stored with extreme dates', () => {
  const routes = ['payroll_period', 'company_calendar', 'overtime_agreement', 'work_settings'] as const;
  const bodies: Record<(typeof routes)[number], Record<string, unknown>> = {
    payroll_period: { closing_day: 20, effective_from: '2026-01-01' },
    company_calendar: { effective_from: '2026-01-01' },
    overtime_agreement: standardAgreement('2026-01-01'),
    work_settings: { effective_from: '2026-01-01', grace_minutes: 5 },
  };

  beforeAll(async () => {
    for (const route of routes) {
      const res = await admin.put(`/api/v1/${route}`, bodies[route]);
      expect(res.status, `${route} ${JSON.stringify(res.body)}`).toBe(200);
    }
    // Each version of 2026-01-01 copied to the two extreme days, straight into the table.
    const { entities } = db();
    for (const entity of ['PayrollSetting', 'CompanyCalendar', 'OvertimeAgreement', 'WorkSetting'] as const) {
      const e = entities[entity] as unknown as {
        query: { byCompany: (k: object) => { go: (o: object) => Promise<{ data: { effectiveFrom: string }[] }> } };
        put: (item: object) => { go: () => Promise<unknown> };
      };
      const { data } = await e.query.byCompany({ companyId: tenant.companyId }).go({ pages: 'all' });
      const version = data.find((v) => v.effectiveFrom === '2026-01-01');
      expect(version, entity).toBeDefined();
      for (const day of ['9999-12-31', '1900-01-01']) await e.put({ ...version, effectiveFrom: day }).go();
    }
  });

  it.each(routes)('GET /api/v1/%s answers 200, today and ?on= in the bounds', async (route) => {
    for (const query of ['', '?on=2026-11-25', '?on=2022-01-01']) {
      const res = await admin.get(`/api/v1/${route}${query}`);
      expect(res.status, `${route}${query} ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it('a new version saved beside them is accepted', async () => {
    const res = await admin.put('/api/v1/payroll_period', { closing_day: 25, effective_from: '2026-12-01' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
