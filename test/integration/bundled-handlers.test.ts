/**
 * The Lambda bundles themselves, not the sources, against the local emulators. Bundles swap a few
 * packages for smaller stand-ins (lib/constructs/bundle-options.ts: environment-only credentials, the
 * narrowed DynamoDB and Cognito client indexes, the document client's commands, the compact holiday
 * table, no ElectroDB model validator); every other test runs the real packages, so this file is what
 * shows the shipped code still signs in, reads, writes, runs transactions, sends Cognito admin commands
 * and presigns links (test/support/bundles.ts builds them; route-security.bundled.test.ts runs every
 * bundle through the authentication, role, CSRF and validation checks). Bundles keep their own module
 * state, so this file uses the real clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { today } from '../../functions/domain/time.js';
import { newId } from '../../functions/shared/ids.js';
import { MESSAGES } from '../../functions/shared/messages.js';
import { bundledHandlers } from '../support/bundles.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { testNow } from '../support/test-clock.js';

const bundles = bundledHandlers();
const bundled = bundles.served;
const stack = useTestStack({ loadHandler: bundles.loadHandler });
let tenant: TestTenant;
let admin: HttpClient;
let employee: HttpClient;

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: 'バンドル株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  employee = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
});

describe('bundled handlers on the local stack', () => {
  it('answer the health check (DescribeTable) and the session', async () => {
    expect((await employee.get('/api/v1/health')).status).toBe(200);
    expect((await employee.get('/api/v1/session')).body.data).toMatchObject({ role: 'employee' });
    expect(bundled).toContain('sign-in-user');
    expect(bundled).toContain('get-health');
  });

  it('punch out: a conditional update and the summary transaction', async () => {
    const companyId = tenant.companyId;
    const employeeId = tenant.employees[0]!.id;
    // Punched in 70 s ago (a second press within 60 s would count as the same press).
    const now = testNow();
    const workDate = today('Asia/Tokyo', now);
    await db()
      .entities.AttendanceDay.put({
        companyId,
        employeeId,
        workDate,
        punchInAt: new Date(now.getTime() - 70_000).toISOString(),
      })
      .go();
    const out = await employee.post('/api/v1/timestamps', {});
    expect(out.status).toBe(200);
    expect(out.body.data).toMatchObject({ status: 'left_work', work_date: workDate });
    const third = await employee.post('/api/v1/timestamps', {});
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('本日は退勤済みです。');
    const month = workDate.slice(0, 7);
    const summary = await db().entities.WorkSummary.get({ companyId, month, employeeId }).go();
    expect(summary.data).toMatchObject({ workDays: 1 });
    expect(
      (await employee.get(`/api/v1/timestamps?year=${workDate.slice(0, 4)}&month=${Number(workDate.slice(5, 7))}`))
        .status,
    ).toBe(200);
  });

  it('files and approves a request; a bad request is refused in Japanese and writes nothing', async () => {
    const [year, month] = today('Asia/Tokyo').split('-').map(Number) as [number, number];
    const filed = await employee.post('/api/v1/over_work_requests', { year, month, day: 1, reason: '月末処理' });
    expect(filed.status).toBe(201);
    const decided = await admin.put(`/api/v1/over_work_requests/${filed.body.data.id}`, { status: 1 });
    expect(decided.status).toBe(200);
    expect(decided.body.data).toMatchObject({ status: 1 });

    const before = await tableSnapshot(stack.tableName);
    const bad = await employee.post('/api/v1/over_work_requests', { year, month, day: 1, reason: 'x', extra: true });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MESSAGES.applicationDefect);
    // The product wording of field errors is in the bundle too.
    expect(bad.body.errors).toEqual({ _: ['受け付けていない項目が含まれています'] });
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('registers staff through the Cognito admin client and keeps a Japanese phone number', async () => {
    const created = await admin.post('/api/v1/employees', {
      last_name: '束',
      first_name: '花子',
      email: `bundled-${Date.now()}@example.test`,
      password: 'Temp#Passw0rd2026',
      department_id: tenant.departmentId,
      employment_status_id: tenant.employmentStatusId,
    });
    expect(created.status).toBe(201);
    expect((await admin.get(`/api/v1/employees/${created.body.data.id}`)).body.data).toMatchObject({ name: '束 花子' });
    expect((await employee.put('/api/v1/employees/update_cell', { cell: '+81 90-1234-5678' })).body.data).toEqual({
      cell: '090-1234-5678',
    });
    const foreign = await employee.put('/api/v1/employees/update_cell', { cell: '+1 213 373 4253' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('登録内容に不備があります。');
  });

  it('presigns an export link that s3rver accepts', async () => {
    const [year, month] = today('Asia/Tokyo').split('-').map(Number) as [number, number];
    const started = await admin.post('/api/v1/attendance_exports', {
      start_year: year,
      start_month: month,
      start_day: 1,
      end_year: year,
      end_month: month,
      end_day: 1,
    });
    expect(started.status).toBe(201);
    const job: { status: string; download_url: string | null } = await pollUntil(
      async () => (await admin.get(`/api/v1/attendance_exports/${started.body.data.id}`)).body.data,
      (j) => j.status === 'done' || j.status === 'failed',
    );
    expect(job?.status).toBe('done');
    expect(bundled).toContain('get-attendance-export');
    const file = await fetch(job.download_url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    expect((await file.text()).length).toBeGreaterThan(0);
  });

  it('runs the export worker and the daily paid-leave grant job from their bundles', async () => {
    const { companyId } = tenant;
    const exportId = newId();
    const date = today('Asia/Tokyo');
    await db()
      .entities.ExportJob.create({
        companyId,
        exportId,
        kind: 'attendance',
        encoding: 'sjis',
        requestedBy: tenant.admin.id,
        fileName: '勤怠データ_bundle.csv',
        objectKey: `${companyId}/${exportId}.csv`,
        params: {
          from: date,
          to: date,
          departmentId: null,
          employmentStatusId: null,
          employeeId: null,
          timeZone: 'Asia/Tokyo',
        },
        expiresAt: Math.floor(testNow().getTime() / 1000) + 3600,
      })
      .go();
    await (
      await bundles.background('export-worker')
    )({ companyId, exportId });
    const job = (await admin.get(`/api/v1/attendance_exports/${exportId}`)).body.data;
    expect(job).toMatchObject({ status: 'done', encoding: 'sjis' });
    expect((await fetch(job.download_url)).status).toBe(200);

    const grants = (await (await bundles.background('paid-leave-grants'))()) as { companies: number; failed: string[] };
    expect(grants.failed).toEqual([]);
    expect(grants.companies).toBeGreaterThan(0);
  });

  it('runs the recompute worker from its bundle: every active employee counted, the job done', async () => {
    const { companyId } = tenant;
    const jobId = newId();
    const month = today('Asia/Tokyo').slice(0, 7);
    await db()
      .entities.RecomputeJob.create({
        companyId,
        jobId,
        reason: 'rule.working',
        fromMonth: month,
        toMonth: month,
        timeZone: 'Asia/Tokyo',
        expiresAt: Math.floor(testNow().getTime() / 1000) + 3600,
      })
      .go();
    await (
      await bundles.background('recompute-worker')
    )({ companyId, jobId });
    // The tenant's employee and the staff member registered above.
    expect((await admin.get(`/api/v1/recompute_jobs/${jobId}`)).body.data).toMatchObject({
      status: 'done',
      total: 2,
      done: 2,
      failed: 0,
    });
    // The job ends by building 勤怠状況's digest of the current period (issue 19), which the route reads.
    expect((await admin.get('/api/v1/work_status')).body.data).toMatchObject({
      refreshing: false,
      as_of: expect.any(String),
      count_employees: 2,
    });
  });
});
