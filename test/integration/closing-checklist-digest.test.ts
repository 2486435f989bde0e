/**
 * 締め処理's checklist from its background digest (issue 19): the route reads one item whatever the
 * staff count; the recompute worker builds it (on a missing or stale digest, claimed once however many
 * admins look; on 再集計; after a recompute job); a closed period's checklist built after the closing
 * is kept; the lists are capped with their full counts, and the item stays far under DynamoDB's
 * 400 KB whatever the company's size.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findClosingChecklistDigest, saveClosingChecklist } from '../../functions/db/closing-checklist-digests.js';
import { payrollVersions } from '../../functions/db/period-closings.js';
import { db } from '../../functions/db/service.js';
import { refreshCompanyMonth } from '../../functions/db/summaries.js';
import { periodById } from '../../functions/domain/payroll-period.js';
import { instantOf } from '../../functions/domain/time.js';
import {
  capChecklist,
  CHECKLIST_CAPS,
  computeClosingChecklist,
  rebuildLastEndedChecklist,
  type WholeChecklist,
} from '../../functions/services/closing-checklist-digest.js';
import type { WorkerEvent } from '../../functions/services/recompute.js';
import { STALE_AFTER_MS } from '../../functions/services/work-status-digest.js';
import { clock } from '../../functions/shared/clock.js';
import type { HttpClient } from '../support/http-client.js';
import { freshPeriodClosings, periodClosingsAfterRefresh } from '../support/period-closings.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
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
const buildsOf = (companyId: string) =>
  (started.events as (WorkerEvent & { kind?: string })[]).filter(
    (e) => e.kind === 'closing-checklist-digest' && e.companyId === companyId,
  );
const MARCH = '/api/v1/period_closings?period=2026-03';

beforeAll(async () => {
  at('2026-04-20T00:00:00Z'); // Monday 09:00 in Tokyo: 2026-03 is the last ended period
  tenant = await createTenant({ employees: 2 });
  other = await createTenant({ employees: 1 });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
  const a = tenant.employees[0]!.id;
  // A's 3/2 has 出勤 without 退勤; 3/3 is a whole day.
  await db()
    .entities.AttendanceDay.put([
      {
        companyId: tenant.companyId,
        employeeId: a,
        workDate: '2026-03-02',
        punchInAt: instantOf('2026-03-02', 9, 0, 'Asia/Tokyo'),
      },
      {
        companyId: tenant.companyId,
        employeeId: a,
        workDate: '2026-03-03',
        punchInAt: instantOf('2026-03-03', 9, 0, 'Asia/Tokyo'),
        punchOutAt: instantOf('2026-03-03', 18, 0, 'Asia/Tokyo'),
      },
    ])
    .go();
  await refreshCompanyMonth(tenant.companyId, 'Asia/Tokyo', 2026, 3);
});
beforeEach(() => {
  started.events = [];
});
afterAll(() => {
  clock.now = realNow;
});

describe('GET /api/v1/period_closings from the checklist digest', () => {
  it('answers 集計中 with an empty, unclean checklist before the first build; many admins at once start one build', async () => {
    at('2026-04-20T00:00:00Z');
    let release = () => {};
    started.gate = new Promise<void>((r) => (release = r));
    const answers = await Promise.all(Array.from({ length: 5 }, () => admin.get('/api/v1/period_closings'))).finally(
      () => {
        started.gate = null;
        release();
      },
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ selected: '2026-03', as_of: null, refreshing: true });
      expect(res.body.data.checklist).toMatchObject({
        period: '2026-03',
        missing_punches: [],
        missing_punches_total: 0,
        agreement_findings: [],
        schedule_findings: [],
        clean: false,
      });
      expect(res.body.data.periods).toHaveLength(13);
    }
    // The worker starts after the answer (not awaited by the request): wait for its event.
    await vi.waitFor(() => expect(buildsOf(tenant.companyId)).toHaveLength(1), { timeout: 30_000 });

    const built = await pollUntil(
      async () => (await admin.get('/api/v1/period_closings')).body.data,
      (d) => !d.refreshing,
    );
    expect(built.as_of).toBe('2026-04-20T00:00:00.000Z');
    expect(built.checklist).toMatchObject({
      missing_punches: [{ employee_id: tenant.employees[0]!.id, days: 1, months: ['2026-03'] }],
      missing_punches_total: 1,
    });
    // Fresh: reading it again starts nothing.
    await admin.get('/api/v1/period_closings');
    // The worker starts after the answer (not awaited by the request): wait for its event.
    await vi.waitFor(() => expect(buildsOf(tenant.companyId)).toHaveLength(1), { timeout: 30_000 });
  });

  it('has the lists of the live computation, field for field', async () => {
    at('2026-04-20T00:01:00Z');
    const view = await freshPeriodClosings(admin, MARCH);
    const payroll = await payrollVersions(tenant.companyId);
    const live = capChecklist(
      await computeClosingChecklist(
        tenant.companyId,
        periodById('2026-03', payroll)!,
        payroll,
        'Asia/Tokyo',
        clock.now(),
      ),
    );
    const { period, unapproved_requests, break_short_days, clean, ...lists } = view.checklist;
    expect({ period, unapproved_requests, break_short_days, clean }).toEqual({
      period: '2026-03',
      unapproved_requests: [],
      break_short_days: null,
      clean: false,
    });
    expect(lists).toEqual(live);
  });

  it('builds an open period’s checklist older than five minutes again, answering the old lists meanwhile', async () => {
    at('2026-04-20T00:02:00Z');
    const before = await freshPeriodClosings(admin, MARCH);
    started.events = [];
    at(new Date(Date.parse('2026-04-20T00:02:00Z') + STALE_AFTER_MS - 60_000).toISOString());
    expect((await admin.get(MARCH)).body.data).toMatchObject({ as_of: before.as_of, refreshing: false });
    expect(buildsOf(tenant.companyId)).toHaveLength(0);

    at('2026-04-20T00:08:00Z');
    const stale = (await admin.get(MARCH)).body.data;
    expect(stale).toMatchObject({ as_of: before.as_of, refreshing: true });
    expect(stale.checklist.missing_punches_total).toBe(1);
    // The worker starts after the answer (not awaited by the request): wait for its event.
    await vi.waitFor(() => expect(buildsOf(tenant.companyId)).toHaveLength(1), { timeout: 30_000 });
    const rebuilt = await pollUntil(
      async () => (await admin.get(MARCH)).body.data,
      (d) => !d.refreshing,
    );
    expect(rebuilt.as_of).toBe('2026-04-20T00:08:00.000Z');
  });

  it('builds a closed period’s checklist once after the closing, then keeps it whatever its age', async () => {
    at('2026-04-20T00:59:00Z');
    await freshPeriodClosings(admin, MARCH);
    at('2026-04-20T01:00:00Z');
    expect((await admin.post('/api/v1/period_closings', { period: '2026-03' })).status).toBe(201);
    await pollUntil(
      async () => (await admin.get(MARCH)).body.data.periods.find((p: { id: string }) => p.id === '2026-03'),
      (p) => p.status === 'closed',
    );
    // The checklist was built (00:59) before the closing (01:00): the first look at the closed period
    // (the poll's last) built it again.
    const rebuilt = await pollUntil(
      async () => (await admin.get(MARCH)).body.data,
      (d) => !d.refreshing,
    );
    expect(rebuilt.as_of).toBe('2026-04-20T01:00:00.000Z');
    // The worker starts after the answer (not awaited by the request): wait for its event.
    await vi.waitFor(() => expect(buildsOf(tenant.companyId)).toHaveLength(2), { timeout: 30_000 });
    // The worker's rebuild after a recompute job (the daily refresh too) leaves it as it is.
    const kept = await findClosingChecklistDigest(tenant.companyId, '2026-03');
    await rebuildLastEndedChecklist(tenant.companyId, 'Asia/Tokyo', new Date('2026-04-21T00:00:00Z'));
    expect(await findClosingChecklistDigest(tenant.companyId, '2026-03')).toEqual(kept);
    started.events = [];
    at('2026-05-20T01:00:00Z');
    const month = (await admin.get(MARCH)).body.data;
    expect(month).toMatchObject({ as_of: '2026-04-20T01:00:00.000Z', refreshing: false });
    expect(month.checklist.missing_punches_total).toBe(1);
    expect(buildsOf(tenant.companyId)).toHaveLength(0);
  });
});

describe('POST /api/v1/period_closings/refresh (再集計)', () => {
  it('starts a build whatever the age of the checklist and answers 集計中', async () => {
    at('2026-05-20T01:02:00Z');
    const res = await admin.post(`/api/v1/period_closings/refresh?period=2026-03`, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      selected: '2026-03',
      refreshing: true,
      as_of: '2026-04-20T01:00:00.000Z',
    });
    // The worker starts after the answer (not awaited by the request): wait for its event.
    await vi.waitFor(() => expect(buildsOf(tenant.companyId)).toHaveLength(1), { timeout: 30_000 });
    const done = await pollUntil(
      async () => (await admin.get(MARCH)).body.data,
      (d) => !d.refreshing,
    );
    expect(done.as_of).toBe('2026-05-20T01:02:00.000Z');
  });

  it('refuses a bad period, a body, employees and the signed-out, and touches only the caller’s company', async () => {
    const bad = await admin.post('/api/v1/period_closings/refresh?period=2026-13', {});
    expect(bad.status).toBe(400);
    expect(bad.body.errors.period).toEqual(['対象の月度を年と月で選択してください']);
    expect((await admin.post('/api/v1/period_closings/refresh', { period: '2026-03' })).status).toBe(400);
    expect((await staff.post('/api/v1/period_closings/refresh', {})).status).toBe(403);
    const anonymous = await fetch(`${stack.baseUrl}/api/v1/period_closings/refresh`, { method: 'POST', body: '{}' });
    expect([401, 403]).toContain(anonymous.status);
    expect(buildsOf(tenant.companyId)).toHaveLength(0);

    at('2026-05-20T01:03:00Z');
    const theirs = (await periodClosingsAfterRefresh(otherAdmin, MARCH)).body.data;
    expect(theirs.checklist).toMatchObject({ missing_punches: [], missing_punches_total: 0 });
    expect(buildsOf(tenant.companyId)).toHaveLength(0);
    expect(buildsOf(other.companyId).length).toBeGreaterThan(0);
    expect((await findClosingChecklistDigest(tenant.companyId, '2026-03'))?.asOf).toBe('2026-05-20T01:02:00.000Z');
  });
});

describe('rebuilt after a recompute job', () => {
  it('builds the last ended period’s checklist after a rule change without anyone asking', async () => {
    at('2026-05-21T00:00:00Z'); // 2026-04 is now the last ended period
    const before = await findClosingChecklistDigest(tenant.companyId, '2026-04');
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
      () => findClosingChecklistDigest(tenant.companyId, '2026-04'),
      (d) => (d?.built ?? 0) > (before?.built ?? 0),
    );
    expect(digest?.asOf).toBe('2026-05-21T00:00:00.000Z');
    expect(buildsOf(tenant.companyId)).toHaveLength(0);
  });
});

describe('bounded lists', () => {
  const id = (i: number) => `e${String(i).padStart(5, '0')}`;
  const missing = (i: number, days: number, name = `社員 ${i}`) => ({
    employee_id: id(i),
    name,
    days,
    months: ['2026-03'],
  });
  const finding = (i: number, severity: 'violation' | 'warning' | 'notice', name = `社員 ${i}`) => ({
    employee_id: id(i),
    name,
    month: '2026-03',
    code: 'alert_limit',
    message: '時間外労働（50時間）が会社のアラート基準（45時間）を超えています',
    severity,
  });
  const schedule = (i: number, absent: number, name = `社員 ${i}`) => ({
    employee_id: id(i),
    name,
    late_days: 1,
    late_minutes: 5,
    early_leave_days: 0,
    early_leave_minutes: 0,
    absent_days: absent,
    break_below_legal_days: 0,
    short_interval_days: 0,
    work_system_label: '通常の労働時間制',
  });

  it('keeps the most days and the violations first, in the list’s order, counts the rest and sums everyone', () => {
    const whole: WholeChecklist = {
      missing_punches: Array.from({ length: 1000 }, (_, i) => missing(i, i % 10)),
      agreement_findings: Array.from({ length: 400 }, (_, i) => finding(i, i % 4 === 0 ? 'violation' : 'warning')),
      schedule_findings: Array.from({ length: 1000 }, (_, i) => schedule(i, i % 5)),
    };
    const capped = capChecklist(whole);
    expect(capped.missing_punches).toHaveLength(CHECKLIST_CAPS.missingPunches);
    expect(capped.missing_punches.every((m) => m.days === 9)).toBe(true);
    expect(capped.missing_punches.map((m) => m.employee_id)).toEqual(
      [...capped.missing_punches.map((m) => m.employee_id)].sort(),
    );
    expect(capped.missing_punches_total).toBe(1000);
    expect(capped.agreement_findings).toHaveLength(CHECKLIST_CAPS.agreementFindings);
    expect(capped.agreement_findings.every((f) => Number(f.employee_id.slice(1)) % 4 === 0)).toBe(true);
    expect(capped.agreement_findings[0]).not.toHaveProperty('severity');
    expect(capped.agreement_findings_total).toBe(400);
    expect(capped.schedule_findings).toHaveLength(CHECKLIST_CAPS.scheduleFindings);
    expect(capped.schedule_findings.every((f) => f.absent_days === 4)).toBe(true);
    expect(capped.schedule_findings_total).toBe(1000);
    expect(capped.schedule_totals).toMatchObject({ late_days: 1000, late_minutes: 5000, absent_days: 2000 });
    // A list that fits is kept as it is.
    const small = capChecklist({ ...whole, missing_punches: [missing(2, 1), missing(1, 5)] });
    expect(small.missing_punches.map((m) => m.employee_id)).toEqual([id(2), id(1)]);
  });

  it('stores the worst case (longest names and messages, every list full) far under 400 KB', async () => {
    const longName = `${'長'.repeat(50)} ${'名'.repeat(50)}`;
    const longMessage = '超'.repeat(150);
    const checklist = capChecklist({
      missing_punches: Array.from({ length: 10_000 }, (_, i) => ({
        ...missing(i, 31, longName),
        months: ['2026-02', '2026-03', '2026-04'],
      })),
      agreement_findings: Array.from({ length: 30_000 }, (_, i) => ({
        ...finding(i, 'violation', longName),
        code: 'monthly_limit_with_special_clause',
        message: longMessage,
      })),
      schedule_findings: Array.from({ length: 10_000 }, (_, i) => ({
        ...schedule(i, 31, longName),
        late_days: 31,
        late_minutes: 99_999,
        early_leave_days: 31,
        early_leave_minutes: 99_999,
        break_below_legal_days: 31,
        short_interval_days: 31,
        work_system_label: '1年単位の変形労働時間制',
      })),
    });
    const bytes = Buffer.byteLength(JSON.stringify(checklist));
    expect(bytes).toBeLessThan(250 * 1024);
    // DynamoDB Local enforces the item limit: the write goes through.
    expect(await saveClosingChecklist(other.companyId, '2099-01', 1, testNow().toISOString(), checklist)).toBe(true);
    expect((await findClosingChecklistDigest(other.companyId, '2099-01'))?.checklist).toEqual(checklist);
  });
});
