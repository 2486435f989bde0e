/**
 * Issue 14, items 13, 15 and 16: input the API must refuse (API level, against the local emulators).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;
let staff: HttpClient;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1 });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
});

describe('pagination cursors (item 13)', () => {
  it('are opaque, bound to the company, and a bad one is a 400 in Japanese, never a 500', async () => {
    for (let i = 0; i < 3; i++) {
      await admin.post('/api/v1/break_times', { condition_hour: 6, condition_minute: i, break_hour: 1, break_minute: 0, department_id: null, employment_status_id: null });
    }
    const page = (await admin.get('/api/v1/audit_events?limit=1')).body.data;
    expect(page.cursor).toEqual(expect.any(String));
    expect(Buffer.from(page.cursor, 'base64url').toString('latin1')).not.toContain(tenant.companyId);
    expect(page.cursor).not.toMatch(/^e[yw]/); // not base64 JSON
    const next = await admin.get(`/api/v1/audit_events?limit=1&cursor=${page.cursor}`);
    expect(next.status).toBe(200);
    expect(next.body.data.events[0].id).not.toBe(page.events[0].id);

    const forged = Buffer.from(JSON.stringify({ pk: `$kintai#c#${tenant.companyId}#audit`, sk: 'x' })).toString('base64url');
    const tampered = page.cursor.slice(0, -2) + (page.cursor.endsWith('A') ? 'BA' : 'AA');
    for (const bad of ['garbage', 'e30', forged, tampered, '%00']) {
      const res = await admin.get(`/api/v1/audit_events?cursor=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/読み込み/);
    }

    const other = await createTenant({ employees: 0 });
    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    const foreign = await otherAdmin.get(`/api/v1/audit_events?cursor=${page.cursor}`);
    expect(foreign.status).toBe(400);
  });
});
