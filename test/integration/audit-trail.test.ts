import { beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTenant, signIn, type TestTenant } from '../support/tenant.js';
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

const trail = async () =>
  (await admin.get('/api/v1/audit_events')).body.data.events as {
    action: string;
    actor_role: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    target_id: string;
  }[];

describe('audit trail', () => {
  it('records staff, rule, approval and correction changes with actor, time and before/after — never a password', async () => {
    const created = await admin.post('/api/v1/employees', {
      last_name: '監査',
      first_name: '太郎',
      email: `audit-${Date.now()}@example.test`,
      password: 'Temp#Passw0rd99',
      department_id: tenant.departmentId,
      employment_status_id: tenant.employmentStatusId,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    await admin.put(`/api/v1/employees/${id}`, {
      last_name: '監査',
      first_name: '次郎',
      email: created.body.data.email,
      password: 'Other#Passw0rd99',
      department_id: tenant.departmentId,
      employment_status_id: tenant.employmentStatusId,
    });
    await admin.post('/api/v1/break_times', {
      condition_hour: 6,
      condition_minute: 0,
      break_hour: 1,
      break_minute: 0,
      department_id: null,
      employment_status_id: null,
    });
    const req = await staff.post('/api/v1/over_work_requests', { year: 2026, month: 4, day: 1 });
    await admin.put(`/api/v1/over_work_requests/${req.body.data.id}`, { status: 2 });
    await staff.post('/api/v1/modify_timestamps', {
      year: 2026,
      month: 4,
      day: 2,
      punch_in_at: '09:00',
      punch_out_at: '18:00',
      reason: '打刻忘れ',
    });

    const events = await trail();
    expect(events.map((e) => e.action)).toEqual([
      'attendance.correct',
      'request.over_work.decide',
      'rule.break.save',
      'staff.update',
      'staff.create',
    ]);
    const update = events.find((e) => e.action === 'staff.update')!;
    expect(update.target_id).toBe(id);
    expect(update.before.first_name).toBe('太郎');
    expect(update.after.first_name).toBe('次郎');
    expect(events.find((e) => e.action === 'attendance.correct')!.actor_role).toBe('employee');
    expect(JSON.stringify(events)).not.toMatch(/Passw0rd/);
  });

  it('keeps each company to its own trail, admins only, capped pages', async () => {
    const other = await createTenant({ employees: 0 });
    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    expect((await otherAdmin.get('/api/v1/audit_events')).body.data.events).toEqual([]);
    expect((await staff.get('/api/v1/audit_events')).status).toBe(403);
    expect((await admin.get('/api/v1/audit_events?limit=500')).status).toBe(400);
    const page = (await admin.get('/api/v1/audit_events?limit=2')).body.data;
    expect(page.events).toHaveLength(2);
    expect(page.cursor).toEqual(expect.any(String));
    const next = (await admin.get(`/api/v1/audit_events?limit=2&cursor=${encodeURIComponent(page.cursor)}`)).body.data;
    expect(next.events[0].id).not.toBe(page.events[0].id);
  });

  it("records the operator's company changes in that company's trail", async () => {
    const op = await signIn(stack.baseUrl, 'operator', await createOperator(stack.baseUrl));
    const res = await op.put(`/api/v1/companies/${tenant.companyId}`, {
      name: '監査後株式会社',
      staff_name: '管理 太郎',
      cell: '03-1234-5678',
      email: tenant.admin.email,
      plan: 1,
      has_option: true,
      password: '',
    });
    expect(res.status).toBe(200);
    const e = (await trail()).find((x) => x.action === 'company.update')!;
    expect(e.actor_role).toBe('operator');
    expect(e.after.name).toBe('監査後株式会社');
    expect(e.before.name).not.toBe('監査後株式会社');
  });
});
