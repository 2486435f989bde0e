/**
 * 勤怠状況 from its background digest (issue 19): the route reads one item whatever the staff count;
 * the recompute worker builds it (on a missing or stale digest, claimed once however many admins look;
 * on 再集計; after a recompute job); the lists are capped with their full counts, and the item stays
 * far under DynamoDB's 400 KB whatever the company's size.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { payrollVersions } from '../../functions/db/period-closings.js';
import { findWorkStatusDigest, saveWorkStatusFigures } from '../../functions/db/work-status-digests.js';
import { periodById } from '../../functions/domain/payroll-period.js';
import type { WorkerEvent } from '../../functions/services/recompute.js';
import {
  capFigures,
  computeWorkStatusFigures,
  DIGEST_CAPS,
  emptyFigures,
  STALE_AFTER_MS,
  type EmployeeMonthFiguresView,
  type WorkStatusAlertView,
  type WorkStatusFigures,
} from '../../functions/services/work-status-digest.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { putTwoTierBreakRule } from '../support/company-break-rule.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { freshWorkStatus, workStatusAfterRefresh } from '../support/work-status.js';
import { testNow } from '../support/test-clock.js';

// Every event the routes start on the in-process worker, recorded (and run as on AWS), held at a gate
// while a test wants the build to be under way.
const started = vi.hoisted(() => ({ events: [] as unknown[], gate: null as Promise<void> | null }));
vi.mock('../../functions/services/recompute-runner.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/services/recompute-runner.js')>();
  return {
    ...real,
    runWorkerEvent: async (event: WorkerEvent) => {
      started.events.push(event);
      if (started.gate) await started.gate;
      return real.runWorkerEvent(event);
    },
  };
});

const stack = useTestStack();
let tenant: TestTenant;
let other: TestTenant;
let admin: HttpClient;
let staff: HttpClient;
let otherAdmin: HttpClient;
const realNow = clock.now;
const at = (iso: string) => {
  clock.now = () => new Date(iso);
};
const digestsOf = (companyId: string) =>
  (started.events as (WorkerEvent & { kind?: string })[]).filter(
    (e) => e.kind === 'work-status-digest' && e.companyId === companyId,
  );

beforeAll(async () => {
  tenant = await createTenant({ employees: 2 });
  // These figures are of days with the company's break (none is deemed without one since issue 29).
  await putTwoTierBreakRule(tenant.companyId);
  other = await createTenant({ employees: 1 });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
});
beforeEach(() => {
  started.events = [];
});
afterAll(() => {
  clock.now = realNow;
});

describe('GET /api/v1/work_status from the digest', () => {
  it('answers 集計中 with empty figures before the first build, and many admins at once start one build', async () => {
    at('2026-04-20T00:00:00Z'); // Monday 09:00 in Tokyo
    await staff.post('/api/v1/timestamps', {});
    at('2026-04-20T11:00:00Z'); // 20:00
    await staff.post('/api/v1/timestamps', {});

    let release = () => {};
    started.gate = new Promise<void>((r) => (release = r));
    const answers = await Promise.all(Array.from({ length: 5 }, () => admin.get('/api/v1/work_status'))).finally(() => {
      started.gate = null;
      release();
    });
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        month: '2026-04',
        as_of: null,
        refreshing: true,
        count_employees: 0,
        alerts: [],
        employees: [],
      });
    }
    // The worker starts after the answer (not awaited by the request): wait for its event.
    await vi.waitFor(() => expect(digestsOf(tenant.companyId)).toHaveLength(1), { timeout: 30_000 });

    const built = await pollUntil(
      async () => (await admin.get('/api/v1/work_status')).body.data,
      (d) => !d.refreshing,
    );
    expect(built).toMatchObject({
      as_of: '2026-04-20T11:00:00.000Z',
      refreshing: false,
      count_employees: 2,
      total_working_time: 600,
      total_over_working_time: 120,
      employees_total: 1,
      alerts_total: 0,
    });
    // Fresh: reading it again starts nothing.
    await admin.get('/api/v1/work_status');
    // The worker starts after the answer (not awaited by the request): wait for its event.
    await vi.waitFor(() => expect(digestsOf(tenant.companyId)).toHaveLength(1), { timeout: 30_000 });
  });

  it('has the figures of the live computation, field for field', async () => {
    at('2026-04-20T11:00:00Z');
    const view = await freshWorkStatus(admin);
    const payroll = await payrollVersions(tenant.companyId);
    const live = await computeWorkStatusFigures(
      tenant.companyId,
      periodById('2026-04', payroll)!,
      payroll,
      'Asia/Tokyo',
      clock.now(),
    );
    const { month, period, as_of, refreshing, ...figures } = view;
    expect({ month, period: period.id, as_of, refreshing }).toEqual({
      month: '2026-04',
      period: '2026-04',
      as_of: '2026-04-20T11:00:00.000Z',
      refreshing: false,
    });
    expect(figures).toEqual(live);
  });

  it('builds a digest older than five minutes again, answering the old figures meanwhile', async () => {
    at('2026-04-20T11:00:00Z');
    const before = await freshWorkStatus(admin);
    started.events = [];
    // Four minutes on: still fresh.
    at(new Date(Date.parse('2026-04-20T11:00:00Z') + STALE_AFTER_MS - 60_000).toISOString());
    expect((await admin.get('/api/v1/work_status')).body.data).toMatchObject({
      as_of: before.as_of,
      refreshing: false,
    });
    expect(digestsOf(tenant.companyId)).toHaveLength(0);

    // A punch, then six minutes after the build: stale, so the read claims a build and shows the old figures.
    at('2026-04-21T00:00:00Z');
    await staff.post('/api/v1/timestamps', {});
    at('2026-04-21T00:06:00Z');
    const stale = await admin.get('/api/v1/work_status');
    expect(stale.body.data).toMatchObject({ as_of: before.as_of, refreshing: true, total_working_time: 600 });
    // The worker starts after the answer (not awaited by the request): wait for its event.
    await vi.waitFor(() => expect(digestsOf(tenant.companyId)).toHaveLength(1), { timeout: 30_000 });
    const rebuilt = await pollUntil(
      async () => (await admin.get('/api/v1/work_status')).body.data,
      (d) => !d.refreshing,
    );
    expect(rebuilt.as_of).toBe('2026-04-21T00:06:00.000Z');
  });
});

describe('POST /api/v1/work_status/refresh (再集計)', () => {
  it('starts a build whatever the age of the digest and answers 集計中', async () => {
    at('2026-04-21T00:07:00Z');
    const res = await admin.post('/api/v1/work_status/refresh', {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ month: '2026-04', refreshing: true, as_of: '2026-04-21T00:06:00.000Z' });
    // The worker starts after the answer (not awaited by the request): wait for its event.
    await vi.waitFor(() => expect(digestsOf(tenant.companyId)).toHaveLength(1), { timeout: 30_000 });
    const done = await pollUntil(
      async () => (await admin.get('/api/v1/work_status')).body.data,
      (d) => !d.refreshing,
    );
    expect(done.as_of).toBe('2026-04-21T00:07:00.000Z');
  });

  it('builds the period asked for, and refuses a month without a period', async () => {
    at('2026-04-21T00:08:00Z');
    const march = await workStatusAfterRefresh(admin, '/api/v1/work_status?year=2026&month=3');
    expect(march.status).toBe(200);
    expect(march.body.data).toMatchObject({ month: '2026-03', total_working_time: 0, count_employees: 2 });
    const bad = await admin.post('/api/v1/work_status/refresh?year=2026&month=13', {});
    expect(bad.status).toBe(400);
  });

  it('refuses a body, employees and the signed-out, and touches only the caller’s company', async () => {
    const withBody = await admin.post('/api/v1/work_status/refresh', { year: 2026 });
    expect(withBody.status).toBe(400);
    expect((await staff.post('/api/v1/work_status/refresh', {})).status).toBe(403);
    const anonymous = await fetch(`${stack.baseUrl}/api/v1/work_status/refresh`, { method: 'POST', body: '{}' });
    expect([401, 403]).toContain(anonymous.status);
    expect(digestsOf(tenant.companyId)).toHaveLength(0);

    at('2026-04-21T00:09:00Z');
    const theirs = await freshWorkStatus(otherAdmin);
    expect(theirs).toMatchObject({ count_employees: 1, total_working_time: 0 });
    expect(digestsOf(tenant.companyId)).toHaveLength(0);
    expect(digestsOf(other.companyId).length).toBeGreaterThan(0);
    expect((await findWorkStatusDigest(tenant.companyId, '2026-04'))?.asOf).toBe('2026-04-21T00:07:00.000Z');
  });
});

describe('rebuilt after a recompute job', () => {
  it('follows a rule change without anyone asking', async () => {
    at('2026-04-21T09:00:00Z');
    const before = await findWorkStatusDigest(tenant.companyId, '2026-04');
    const saved = await admin.post('/api/v1/working_times', {
      fixed_hour: 7,
      fixed_minute: 0,
      over_hour: 1,
      over_minute: 0,
      department_id: tenant.departmentId,
      employment_status_id: null,
      effective_from: '2026-04-01',
    });
    expect(saved.status).toBe(200);
    const digest = await pollUntil(
      () => findWorkStatusDigest(tenant.companyId, '2026-04'),
      (d) => (d?.built ?? 0) > (before?.built ?? 0),
    );
    expect(digest?.asOf).toBe('2026-04-21T09:00:00.000Z');
    expect(digestsOf(tenant.companyId).length).toBe(0);
  });
});

describe('bounded lists', () => {
  const row = (i: number, overtime: number, absent = 0): EmployeeMonthFiguresView => ({
    id: `e${String(i).padStart(5, '0')}`,
    name: `社員 ${i}`,
    working_minutes: 9600,
    overtime_minutes: overtime,
    statutory_overtime_minutes: overtime,
    excess_minutes: 0,
    late_days: 0,
    late_minutes: 0,
    early_leave_days: 0,
    early_leave_minutes: 0,
    absent_days: absent,
    short_interval_days: 0,
    break_below_legal_days: 0,
    period_statutory_overtime_minutes: 0,
    system: { kind: 'standard', label: '通常', period_from: null, period_to: null, flex_balance_minutes: null },
  });
  const alert = (i: number, severity: WorkStatusAlertView['severity'], name = `社員 ${i}`): WorkStatusAlertView => ({
    employee_id: `e${String(i).padStart(5, '0')}`,
    name,
    code: 'alert_limit',
    severity,
    projected: false,
    month: '2026-04',
    value_minutes: 3000,
    limit_minutes: 2700,
    message: '時間外労働（50時間）が会社のアラート基準（45時間）を超えています',
  });

  it('keeps the top staff by 法定外 and the schedule rows, violations first, and counts the rest', () => {
    const employees = Array.from({ length: 1000 }, (_, i) => row(i, i * 10, i % 7 === 0 ? 1 : 0));
    const alerts = Array.from({ length: 400 }, (_, i) => alert(i, i % 4 === 0 ? 'violation' : 'warning'));
    const capped = capFigures({
      ...emptyFigures(),
      alert_limit_minutes: 2700,
      alerts,
      agreement_months: [{ month: '2026-04', alerts, alerts_total: alerts.length }],
      employees,
    });
    expect(capped.alerts).toHaveLength(DIGEST_CAPS.alerts);
    expect(capped.alerts.every((a) => a.severity === 'violation')).toBe(true);
    expect(capped.alerts_total).toBe(400);
    expect(capped.agreement_months[0]).toMatchObject({ alerts_total: 400 });
    expect(capped.agreement_months[0]!.alerts).toHaveLength(DIGEST_CAPS.monthAlerts);
    expect(capped.employees_total).toBe(1000);
    const top = capped.employees.map((e) => e.statutory_overtime_minutes).sort((a, b) => b - a);
    expect(top.slice(0, DIGEST_CAPS.employees)).toEqual(
      Array.from({ length: DIGEST_CAPS.employees }, (_, i) => (999 - i) * 10),
    );
    expect(capped.schedule_rows_total).toBe(143);
    expect(capped.employees.filter((e) => e.absent_days > 0).length).toBeGreaterThanOrEqual(DIGEST_CAPS.scheduleRows);
    expect(capped.employees.length).toBeLessThanOrEqual(DIGEST_CAPS.employees + DIGEST_CAPS.scheduleRows);
    expect(capped.over_limit_count).toBe(1000 - 271); // 法定外 over 2,700 min: 2,710 … 9,990
  });

  it('stores the worst case (longest names and messages, every list full) far under 400 KB', async () => {
    const longName = `${'長'.repeat(50)} ${'名'.repeat(50)}`;
    const longMessage = `${'超'.repeat(150)}`;
    const worstAlert = (i: number) => ({ ...alert(i, 'violation', longName), message: longMessage });
    const worstRow = (i: number) => ({
      ...row(i, 99_999, 31),
      name: longName,
      late_days: 31,
      late_minutes: 99_999,
      early_leave_days: 31,
      early_leave_minutes: 99_999,
      short_interval_days: 31,
      break_below_legal_days: 31,
      period_statutory_overtime_minutes: 99_999,
      system: {
        kind: 'yearly_variable' as const,
        label: '1年単位の変形労働時間制',
        period_from: '2026-04-01',
        period_to: '2027-03-31',
        flex_balance_minutes: -99_999,
      },
    });
    const many = Array.from({ length: 5000 }, (_, i) => worstAlert(i));
    const figures: WorkStatusFigures = capFigures({
      ...emptyFigures(),
      agreement_year_start: '2026-04',
      alerts: many,
      agreement_months: Array.from({ length: 12 }, (_, m) => ({
        month: `2026-${String(m + 1).padStart(2, '0')}`,
        alerts: many,
        alerts_total: many.length,
      })),
      employees: Array.from({ length: 10_000 }, (_, i) => worstRow(i)),
      monthly_overtime: Array.from({ length: 12 }, (_, m) => ({ month: `2026-${m}`, overtime_minutes: 9_999_999 })),
      rule_version: 'engine-v99',
    });
    // JSON's bytes overstate DynamoDB's size of the map (its names and values count, not the punctuation).
    const bytes = Buffer.byteLength(JSON.stringify(figures));
    expect(bytes).toBeLessThan(320 * 1024);
    // DynamoDB Local enforces the item limit: the write goes through.
    expect(await saveWorkStatusFigures(other.companyId, '2099-01', 1, testNow().toISOString(), figures)).toBe(true);
    expect((await findWorkStatusDigest(other.companyId, '2099-01'))?.figures).toEqual(figures);
  });
});
