/**
 * Issue 30 item 13: a job whose worker dies no longer stays 処理中 forever. Each kind — recompute, grant
 * run, CSV export, period close, company close — is killed in the middle (in-process: a dependency of
 * the worker never returns from then on, test/support/kill-switch.ts), and then:
 *
 * - while its lease runs the job reads as under way, as before (the worker may be slow, not dead);
 * - once the lease ran out (the domain clock moved on past it) the screen's poll reads `failed` with
 *   `stalled`, the state the screens show 失敗 and 再実行 for;
 * - 再実行 (or the worker run given the job again) takes it over and finishes it, once;
 * - the killed worker, let go, writes nothing more: its writes are refused (it lost the lease).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PeriodClosingView } from '../../functions/api/period-closings/views.js';
import { db } from '../../functions/db/service.js';
import { JOB_LEASE_MS } from '../../functions/domain/job-lease.js';
import { runExport } from '../../functions/exports/worker.js';
import { clock } from '../../functions/shared/clock.js';
import { MESSAGES } from '../../functions/shared/messages.js';
import { logger } from '../../functions/shared/logger.js';
import type { HttpClient } from '../support/http-client.js';
import { killSwitch } from '../support/kill-switch.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { createOperator, createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { ambientClock, testNow, testToday } from '../support/test-clock.js';

// The workers' dependencies, as shipped, each first passing its kill switch (idle unless armed).
vi.mock('../../functions/db/summaries.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/db/summaries.js')>();
  const { killSwitch: named } = await import('../support/kill-switch.js');
  return {
    ...real,
    refreshEmployeeMonths: async (...args: Parameters<typeof real.refreshEmployeeMonths>) => {
      await named('recompute').pass();
      return real.refreshEmployeeMonths(...args);
    },
  };
});
vi.mock('../../functions/db/paid-leave.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/db/paid-leave.js')>();
  const { killSwitch: named } = await import('../support/kill-switch.js');
  return {
    ...real,
    insertGrant: async (...args: Parameters<typeof real.insertGrant>) => {
      await named('grant').pass();
      return real.insertGrant(...args);
    },
  };
});
vi.mock('../../functions/exports/attendance-rows.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/exports/attendance-rows.js')>();
  const { killSwitch: named } = await import('../support/kill-switch.js');
  return {
    ...real,
    // The closing job computes each employee's days here.
    employeeDays: async function* (...args: Parameters<typeof real.employeeDays>) {
      await named('closing').pass();
      yield* real.employeeDays(...args);
    },
    // The export worker writes these rows.
    attendanceRows: async function* (...args: Parameters<typeof real.attendanceRows>) {
      for await (const row of real.attendanceRows(...args)) {
        await named('export').pass();
        yield row;
      }
    },
  };
});
vi.mock('../../functions/shared/pool-users.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/shared/pool-users.js')>();
  const { killSwitch: named } = await import('../support/kill-switch.js');
  return {
    ...real,
    disablePoolUser: async (...args: Parameters<typeof real.disablePoolUser>) => {
      await named('company-close').pass();
      return real.disablePoolUser(...args);
    },
  };
});

const stack = useTestStack();
const realNow = clock.now;
const warned: string[] = [];

afterEach(() => {
  for (const name of ['recompute', 'grant', 'closing', 'export', 'company-close']) killSwitch(name).release();
  clock.now = realNow;
});

beforeAll(() => {
  const warn = logger.warn.bind(logger);
  vi.spyOn(logger, 'warn').mockImplementation((message, fields) => {
    warned.push(message);
    warn(message, fields);
  });
});

/** The domain clock moves on past every lease taken so far (and keeps running from there). */
const leasesRunOut = () => {
  clock.now = ambientClock(new Date(testNow().getTime() + JOB_LEASE_MS + 60_000));
};

/** The killed worker, let go, has found its job taken over and stopped (it says so once, in the log). */
async function killedRunStops(name: string, message: string) {
  const before = warned.filter((m) => m === message).length;
  killSwitch(name).release();
  await pollUntil(
    async () => warned.filter((m) => m === message).length,
    (n) => n > before,
  );
}

const RULE = { fixed_hour: 8, fixed_minute: 0, over_hour: 8, over_minute: 0 };

describe('a recompute whose worker dies', () => {
  let tenant: TestTenant;
  let admin: HttpClient;
  beforeAll(async () => {
    tenant = await createTenant({ employees: 6, name: '再計算中断株式会社' });
    admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  });
  const job = async (id: string) => (await admin.get(`/api/v1/recompute_jobs/${id}`)).body.data;

  it('reads failed (stalled) once its lease ran out, and 再実行 recomputes every employee once', async () => {
    const kill = killSwitch('recompute');
    // Two employees recomputed, then the worker stops: its four lanes each hang on their next employee.
    kill.arm(2);
    const saved = await admin.post('/api/v1/working_times', { ...RULE, department_id: tenant.departmentId });
    expect(saved.status).toBe(200);
    const id = saved.body.data.recompute.id as string;
    await pollUntil(
      async () => kill.hung,
      (n) => n === 4,
    );
    // Within its lease the job is under way, as any slow job.
    expect(await job(id)).toMatchObject({ status: 'running', stalled: false, total: 6, done: 2 });
    expect((await admin.post(`/api/v1/recompute_jobs/${id}/retry`, {})).status).toBe(409);

    leasesRunOut();
    expect(await job(id)).toMatchObject({ status: 'failed', stalled: true, done: 2 });

    kill.disarm();
    const retried = await admin.post(`/api/v1/recompute_jobs/${id}/retry`, {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data).toMatchObject({ id, status: 'pending', stalled: false });
    const done = await pollUntil(
      () => job(id),
      (j) => j.status === 'done' || j.status === 'failed',
    );
    expect(done).toMatchObject({ status: 'done', stalled: false, total: 6, done: 6, failed: 0 });

    // The killed worker wakes: its counts and its result are refused, the job stays as finished.
    await killedRunStops('recompute', 'recompute job: taken over by another run');
    expect(await job(id)).toEqual(done);
    // Nothing left to run again.
    const again = await admin.post(`/api/v1/recompute_jobs/${id}/retry`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('この処理は完了しています。');
  });

  it("keeps another company's job to itself", async () => {
    const other = await createTenant({ employees: 1, name: '再計算別会社株式会社' });
    const otherAdmin = await signIn(stack.baseUrl, 'admin', other.admin);
    const saved = await admin.post('/api/v1/working_times', { ...RULE, department_id: tenant.departmentId });
    const id = saved.body.data.recompute.id as string;
    expect((await otherAdmin.post(`/api/v1/recompute_jobs/${id}/retry`, {})).status).toBe(404);
    // It takes no body: anything in it is refused.
    const junk = await admin.post(`/api/v1/recompute_jobs/${id}/retry`, { force: true });
    expect(junk.status).toBe(400);
    expect(junk.body.message).toBe(MESSAGES.invalidRequest);
    const staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
    expect((await staff.post(`/api/v1/recompute_jobs/${id}/retry`, {})).status).toBe(403);
  });
});

describe('a grant run whose worker dies', () => {
  it('is taken over by 再実行: every grant due is made once and counted once', async () => {
    clock.now = () => new Date('2026-06-15T03:00:00Z');
    const tenant = await createTenant({ employees: 3, name: '付与中断再実行株式会社' });
    const admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
    // Hired 2025-10-01: 10 days are due on 2026-04-01 (39条2項: six months; no attendance record yet,
    // so the grant is made as "not provided").
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
    const grants = async () =>
      (await db().entities.PaidLeaveGrant.query.byCompany({ companyId: tenant.companyId }).go()).data;
    const kill = killSwitch('grant');
    kill.arm(1);
    const started = await admin.post('/api/v1/paid_leave/grant_runs', {});
    expect(started.status).toBe(201);
    const id = started.body.data.id as string;
    const job = async () => (await admin.get(`/api/v1/recompute_jobs/${id}`)).body.data;
    await pollUntil(
      async () => kill.hung,
      (n) => n === 1,
    );
    expect(await job()).toMatchObject({ status: 'running', stalled: false, granted: 1 });

    // Ten minutes on: past the run's lease.
    clock.now = () => new Date('2026-06-15T03:10:00Z');
    expect(await job()).toMatchObject({ status: 'failed', stalled: true, granted: 1 });
    kill.disarm();
    expect((await admin.post(`/api/v1/recompute_jobs/${id}/retry`, {})).status).toBe(200);
    const done = await pollUntil(job, (j) => j.status === 'done' || j.status === 'failed');
    // The grant the killed run made is counted with the two the new run made: three, each once.
    expect(done).toMatchObject({ status: 'done', total: 3, done: 3, granted: 3 });
    expect((await grants()).map((g) => [g.employeeId, g.grantedOn, g.days]).sort()).toEqual(
      tenant.employees.map((e) => [e.id, '2026-04-01', 10]).sort(),
    );

    // The killed run wakes with its grant: already made, not made again; its count is refused.
    await killedRunStops('grant', 'grant run: taken over by another run');
    expect(await grants()).toHaveLength(3);
    expect(await job()).toEqual(done);
  });
});

describe('a CSV export whose worker dies', () => {
  it('reads failed once its lease ran out; the worker run given it again writes the whole file once', async () => {
    const tenant = await createTenant({ employees: 3, name: '出力中断株式会社' });
    const admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
    const kill = killSwitch('export');
    // The header and ten rows, then the worker stops.
    kill.arm(10);
    const APRIL = { start_year: 2026, start_month: 4, start_day: 1, end_year: 2026, end_month: 4, end_day: 30 };
    const started = await admin.post('/api/v1/attendance_exports', APRIL);
    expect(started.status).toBe(201);
    const id = started.body.data.id as string;
    const job = async () => (await admin.get(`/api/v1/attendance_exports/${id}`)).body.data;
    await pollUntil(
      async () => kill.hung,
      (n) => n === 1,
    );
    expect(await job()).toMatchObject({ status: 'running', stalled: false, download_url: null });

    leasesRunOut();
    expect(await job()).toMatchObject({ status: 'failed', stalled: true, download_url: null });

    // A retried invocation of the worker (Lambda retries a function that died) takes it over.
    kill.disarm();
    await runExport({ companyId: tenant.companyId, exportId: id });
    const done = await job();
    // 30 days × 3 employees (test/integration/attendance-export.test.ts: one row per employee per day).
    expect(done).toMatchObject({ status: 'done', stalled: false, row_count: 90 });
    const body = await (await fetch(done.download_url)).text();
    expect(body.trim().split('\r\n')).toHaveLength(91);

    await killedRunStops('export', 'export taken over by another run');
    const after = await job();
    expect(after).toMatchObject({ status: 'done', row_count: 90 });
    expect((await (await fetch(after.download_url)).text()).trim().split('\r\n')).toHaveLength(91);
  });
});

describe('a period close whose worker dies', () => {
  it('shows 失敗 once its lease ran out; closing again takes it over and closes the period once', async () => {
    const tenant = await createTenant({ employees: 3, name: '締め中断株式会社' });
    const admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
    // Last month has ended whatever today is (末日締め: the calendar month).
    const [y, m] = testToday().split('-').map(Number) as [number, number];
    const period = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const row = async () =>
      ((await admin.get(`/api/v1/period_closings?period=${period}`)).body.data.periods as PeriodClosingView[]).find(
        (p) => p.id === period,
      )!;
    const kill = killSwitch('closing');
    // The first employee's days, then the worker stops.
    kill.arm(1);
    expect((await admin.post('/api/v1/period_closings', { period })).status).toBe(201);
    await pollUntil(
      async () => kill.hung,
      (n) => n === 1,
    );
    expect(await row()).toMatchObject({ status: 'closing', stalled: false });
    // While it runs, closing again is refused, as before.
    expect((await admin.post('/api/v1/period_closings', { period })).status).toBe(409);

    leasesRunOut();
    expect(await row()).toMatchObject({ status: 'failed', stalled: true });
    // The days stay frozen meanwhile: nothing of the period changes until it is closed or reopened.
    const staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
    const correction = await staff.post('/api/v1/modify_timestamps', {
      year: Number(period.slice(0, 4)),
      month: Number(period.slice(5)),
      day: 10,
      punch_in_at: '09:00',
      punch_out_at: '18:00',
      reason: '',
    });
    expect(correction.status).toBe(409);

    kill.disarm();
    expect((await admin.post('/api/v1/period_closings', { period })).status).toBe(201);
    const closed = await pollUntil(row, (p) => p.status === 'closed' || p.status === 'failed');
    expect(closed).toMatchObject({
      status: 'closed',
      stalled: false,
      employee_count: 3,
      progress: { done: 3, total: 3 },
    });
    const item = async () =>
      (await db().entities.PeriodClosing.get({ companyId: tenant.companyId, period }).go()).data!;
    const first = await item();
    expect(first.csvSha256).toBe(closed.csv_sha256);

    // The killed worker wakes: it cannot touch the closing the new run made.
    await killedRunStops('closing', 'closing taken over by another run');
    const after = await item();
    expect(after).toMatchObject({
      status: 'closed',
      csvKey: first.csvKey,
      snapshotKey: first.snapshotKey,
      csvSha256: first.csvSha256,
      closedAt: first.closedAt,
      done: 3,
      total: 3,
    });
  });
});

describe("the operator's company close whose worker dies", () => {
  it('shows 失敗 once its lease ran out; closing again finishes it', async () => {
    const tenant = await createTenant({ employees: 3, name: '解約中断株式会社' });
    const operator = await signIn(stack.baseUrl, 'operator', await createOperator(stack.baseUrl));
    const kill = killSwitch('company-close');
    // The admin is disabled, then the worker stops on the staff.
    kill.arm(1);
    const closed = await operator.delete(`/api/v1/companies/${tenant.companyId}`);
    expect(closed.status).toBe(200);
    const progress = async () => (await operator.get(`/api/v1/companies/${tenant.companyId}/closing`)).body.data;
    await pollUntil(
      async () => kill.hung,
      (n) => n === 3,
    );
    expect(await progress()).toMatchObject({ status: 'running', stalled: false, total: 4 });

    leasesRunOut();
    expect(await progress()).toMatchObject({ id: closed.body.data.close_job.id, status: 'failed', stalled: true });
    kill.disarm();
    const again = await operator.delete(`/api/v1/companies/${tenant.companyId}`);
    expect(again.status).toBe(200);
    const done = await pollUntil(progress, (j) => j.status === 'done' || j.status === 'failed');
    expect(done).toMatchObject({ id: again.body.data.close_job.id, status: 'done', total: 4, done: 4, failed: 0 });
  });
});
