/**
 * Export and work-status benchmark (issue 5): seeds a company of N employees (default 1,000) × one
 * month of attendance into DynamoDB Local, then prints, for the real handlers through the local
 * gateway: export time, rows per second and peak memory; the same month read by bare paginated
 * Queries for comparison; work_status, staff list, month table, 勤怠集計, 締め処理 and a rule change (issue 19:
 * it enqueues the recompute) with latency and the DynamoDB requests each call made, next to their
 * budgets; exits 1 when one is missed (export ≤ 1.5× the bare read).
 *
 *   npx tsx test/bench/export.ts [--employees 1000]     # 10,000: --employees 10000
 */
import type { AddressInfo } from 'node:net';
import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { LOCAL_HOST, startScratchEmulators } from '../../lib/local/emulators';
import { createGateway } from '../../lib/local/gateway';
import { applyApiEnv, dynamoDbClient, ensureTable, provision } from '../../lib/local/provision';
import { countRequests } from './count-requests';

const args = process.argv.slice(2);
const EMPLOYEES = Number(args[args.indexOf('--employees') + 1] || 0) || 1000;
process.env.LOG_LEVEL = 'SILENT';

const emulators = await startScratchEmulators('kintai-bench');
try {
  const env = await provision(emulators, { stage: 'bench', createTable: false });
  const tableName = 'kintai-bench';
  applyApiEnv({ ...env, TABLE_NAME: tableName });
  const raw = dynamoDbClient(env.DYNAMODB_ENDPOINT);
  await ensureTable(raw, tableName);

  // Imported after the env is set: handlers and clients read it once.
  const { db } = await import('../../functions/db/service');
  const { dynamo } = await import('../../functions/shared/clients/dynamodb');
  const { newId } = await import('../../functions/shared/ids');
  const { instantOf, monthDates, weekday } = await import('../../functions/domain/time');
  const { publicHoliday } = await import('../../functions/domain/calendar');
  const { refreshCompanyMonth } = await import('../../functions/db/summaries');
  const { createPoolUser } = await import('../../functions/shared/pool-users');
  const { clock } = await import('../../functions/shared/clock');

  // Count every DynamoDB request the handlers make, by command.
  const counter = countRequests(dynamo());
  const measure = async <T>(fn: () => Promise<T>) => {
    counter.reset();
    const t = performance.now();
    const value = await fn();
    const { total, byCommand } = counter.snapshot();
    return { value, ms: performance.now() - t, requests: byCommand || '—', total };
  };

  // ---- seed
  const { entities } = db();
  const companyId = newId();
  const tz = 'Asia/Tokyo';
  const YEAR = 2026;
  const MONTH = 4;
  clock.now = () => new Date('2026-04-30T12:00:00Z');
  const seedStart = performance.now();
  await entities.Company.put({
    companyId,
    name: 'ベンチ株式会社',
    staffName: '管理 太郎',
    email: 'bench-admin@example.test',
    timeZone: tz,
  }).go();
  const depts = [newId(), newId()];
  for (const [i, d] of depts.entries())
    await entities.Department.put({ companyId, departmentId: d, name: `部署${i + 1}` }).go();
  const statusId = newId();
  await entities.EmploymentStatus.put({ companyId, employmentStatusId: statusId, name: '正社員' }).go();
  const workDates = monthDates(YEAR, MONTH).filter((d) => weekday(d) % 6 !== 0 && !publicHoliday(d));
  const employeeIds: string[] = [];
  for (let i = 0; i < EMPLOYEES; i++) employeeIds.push(newId());
  // Every member has a hire date and a statutory grant of 10 days (2025-10-01), as a paid-leave company
  // has: the grant items and, as the app keeps it, each member's leave ledger (db/leave-ledger.ts).
  const grantOf = (employeeId: string) => ({
    companyId,
    employeeId,
    grantId: 's20251001',
    grantedOn: '2025-10-01',
    days: 10,
    expiresOn: '2027-10-01',
    kind: 'statutory' as const,
    source: 'auto' as const,
    step: 0,
    createdBy: 'system',
  });
  await entities.Employee.put(
    employeeIds.map((employeeId, i) => {
      const g = grantOf(employeeId);
      return {
        companyId,
        employeeId,
        lastName: '社員',
        firstName: `${i + 1}`,
        email: `e${i}@bench.test`,
        departmentId: depts[i % 2]!,
        employmentStatusId: statusId,
        hireDate: '2025-04-01',
        leaveLedger: {
          grants: [{ grantId: g.grantId, grantedOn: g.grantedOn, days: g.days, expiresOn: g.expiresOn, kind: g.kind }],
          takings: [],
        },
        leaveLedgerSeq: 0,
      };
    }),
  ).go();
  await entities.PaidLeaveGrant.put(employeeIds.map(grantOf)).go();
  const days = employeeIds.flatMap((employeeId, i) =>
    workDates.map((workDate, j) => ({
      companyId,
      employeeId,
      workDate,
      punchInAt: instantOf(workDate, 9, (i + j) % 30, tz),
      punchOutAt: instantOf(workDate, 18 + ((i * 7 + j) % 4), (i * 3 + j) % 60, tz),
    })),
  );
  // BatchWriteItem (ElectroDB sends 25 items a call), four chunks at once: bounded time at 10,000 staff.
  const attendanceStart = performance.now();
  const chunks = Array.from({ length: Math.ceil(days.length / 2500) }, (_, k) => days.slice(k * 2500, (k + 1) * 2500));
  const writer = async () => {
    for (let c = chunks.shift(); c; c = chunks.shift()) await entities.AttendanceDay.put(c).go();
  };
  await Promise.all(Array.from({ length: 4 }, writer));
  const attendanceSeconds = (performance.now() - attendanceStart) / 1000;
  const summaries = await measure(() => refreshCompanyMonth(companyId, tz, YEAR, MONTH));
  const seedSeconds = (performance.now() - seedStart) / 1000;

  // ---- an admin session through the real sign-in route
  const adminId = newId();
  const adminSub = await createPoolUser({
    role: 'admin',
    email: `bench-${adminId}@example.test`,
    attributes: { company_id: companyId, admin_id: adminId },
    temporaryPassword: 'Bench#Passw0rd1',
    permanent: true,
  });
  await entities.CompanyAdmin.put({
    companyId,
    adminId,
    name: '管理 太郎',
    email: `bench-${adminId}@example.test`,
    userSub: adminSub,
  }).go();
  const server = createGateway({});
  await new Promise<void>((r) => server.listen(0, LOCAL_HOST, () => r()));
  const base = `http://${LOCAL_HOST}:${(server.address() as AddressInfo).port}`;
  const jar: string[] = [];
  /** One API call through the gateway; `T` is the shape of the answer's `data` the caller reads. */
  const call = async <T = unknown>(method: string, path: string, body?: unknown) => {
    const csrf = jar.find((c) => c.startsWith('__Host-csrf='))?.split('=')[1];
    const res = await fetch(base + path, {
      method,
      headers: {
        cookie: jar.join('; '),
        'content-type': 'application/json',
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]!;
      const name = pair.split('=')[0]!;
      const i = jar.findIndex((x) => x.startsWith(`${name}=`));
      if (i >= 0) jar.splice(i, 1);
      jar.push(pair);
    }
    return res.json() as Promise<{ data: T }>;
  };
  await call('GET', '/api/v1/session');
  await call('POST', '/companies/sign_in', {
    company: { email: `bench-${adminId}@example.test`, password: 'Bench#Passw0rd1' },
  });

  // ---- work status: its figures are a digest the worker builds in the background (issue 19); 再集計
  // starts a build, the bench waits for it (timed), then measures the reads of the stored digest.
  const digestStart = performance.now();
  await call('POST', '/api/v1/work_status/refresh', {});
  for (;;) {
    const d = (await call<{ refreshing: boolean; as_of: string | null }>('GET', '/api/v1/work_status')).data;
    if (!d.refreshing && d.as_of) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const digestSeconds = (performance.now() - digestStart) / 1000;
  const ws = [] as { ms: number; total: number; requests: string }[];
  for (let i = 0; i < 5; i++) ws.push(await measure(() => call('GET', '/api/v1/work_status')));
  ws.sort((a, b) => a.ms - b.ms);
  const status = (
    await call<{ count_employees: number; total_working_time: number; alerts: unknown[] }>('GET', '/api/v1/work_status')
  ).data;

  // ---- the admin screens a company this size opens every day (issue 19 item 4)
  const ym = `${YEAR}-${String(MONTH).padStart(2, '0')}`;
  const median = async (path: string) => {
    await call('GET', path);
    const runs = [] as { ms: number; total: number; requests: string }[];
    for (let i = 0; i < 3; i++) runs.push(await measure(() => call('GET', path)));
    return runs.sort((a, b) => a.ms - b.ms)[1]!;
  };
  const staffList = await median('/api/v1/employees');
  const monthTable = await median(`/api/v1/timestamps?year=${YEAR}&month=${MONTH}&id=${employeeIds[0]}`);
  const totals = await median(`/api/v1/attendance_totals?period=${ym}`);
  const paidLeave = await median('/api/v1/paid_leave/employees');
  // 締め処理: its checklist is a digest too (issue 19): 再集計, wait for the build (timed), then the reads.
  const checklistStart = performance.now();
  await call('POST', `/api/v1/period_closings/refresh?period=${ym}`, {});
  for (;;) {
    const d = (await call<{ refreshing: boolean; as_of: string | null }>('GET', `/api/v1/period_closings?period=${ym}`))
      .data;
    if (!d.refreshing && d.as_of) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const checklistSeconds = (performance.now() - checklistStart) / 1000;
  const closings = await median(`/api/v1/period_closings?period=${ym}`);

  // ---- export through the routes, with peak memory sampled
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const baseRss = peakRss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const exported = await measure(async () => {
    const job = (
      await call<{ id: string }>('POST', '/api/v1/attendance_exports', {
        start_year: YEAR,
        start_month: MONTH,
        start_day: 1,
        end_year: YEAR,
        end_month: MONTH,
        end_day: 30,
      })
    ).data;
    for (;;) {
      const s = (
        await call<{ status: string; download_url: string; row_count: number }>(
          'GET',
          `/api/v1/attendance_exports/${job.id}`,
        )
      ).data;
      if (s.status === 'done' || s.status === 'failed') return s;
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  clearInterval(sampler);
  const bytes = (await (await fetch(exported.value.download_url)).arrayBuffer()).byteLength;

  // ---- the same month by bare paginated Queries (no engine, no CSV, no S3)
  const bare = await measure(async () => {
    let items = 0;
    for (const employeeId of employeeIds) {
      for await (const page of paginateQuery(
        { client: dynamo() },
        {
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
          ExpressionAttributeValues: { ':pk': `c#${companyId}#e#${employeeId}`, ':sk': `day#${YEAR}-04` },
        },
      )) {
        items += page.Items?.length ?? 0;
      }
    }
    return items;
  });

  // ---- a rule change last: it enqueues the recompute (the in-process worker then runs in the background)
  const ruleChange = await measure(() =>
    call('POST', '/api/v1/working_times', {
      fixed_hour: 8,
      fixed_minute: 0,
      over_hour: 1,
      over_minute: 0,
      department_id: depts[0]!,
      employment_status_id: null,
    }),
  );
  const ruleJob = (ruleChange.value as { data?: { recompute?: unknown } }).data?.recompute;
  if (!ruleJob) {
    console.error('rule change refused:', JSON.stringify(ruleChange.value));
    process.exitCode = 1;
  }

  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const rows = exported.value.row_count;
  console.log(
    `\nExport and work-status benchmark — ${EMPLOYEES} employees × ${YEAR}-${String(MONTH).padStart(2, '0')} (${days.length} attendance items), DynamoDB Local`,
  );
  console.log(
    `seed: ${seedSeconds.toFixed(1)} s (attendance by BatchWriteItem: ${attendanceSeconds.toFixed(1)} s; summaries for all staff: ${(summaries.ms / 1000).toFixed(1)} s, ${summaries.total} requests)`,
  );
  console.log('');
  console.log('call'.padEnd(40), 'time'.padStart(10), 'DynamoDB requests');
  console.log(
    'GET /api/v1/work_status (median of 5)'.padEnd(40),
    `${ws[2]!.ms.toFixed(0)} ms`.padStart(10),
    `${ws[2]!.total}: ${ws[2]!.requests}`,
  );
  console.log(
    `attendance export (${rows} rows)`.padEnd(40),
    `${(exported.ms / 1000).toFixed(2)} s`.padStart(10),
    `${exported.total}: ${exported.requests}`,
  );
  console.log(
    'bare paginated Queries, same month'.padEnd(40),
    `${(bare.ms / 1000).toFixed(2)} s`.padStart(10),
    `${bare.total}: ${bare.requests} (${bare.value} items)`,
  );
  // Budgets (test/integration/request-counts.test.ts, + 1 for the session read every call makes) and the
  // export at ≤ 1.5× the bare read of the same month; a missed one makes the run exit 1.
  const ratio = exported.ms / bare.ms;
  const checks: [string, number, string, string, boolean][] = [
    ['GET /api/v1/work_status', ws[2]!.ms, `${ws[2]!.total}: ${ws[2]!.requests}`, '≤ 4 requests', ws[2]!.total <= 4],
    [
      'GET /api/v1/employees (staff list page)',
      staffList.ms,
      `${staffList.total}: ${staffList.requests}`,
      '≤ 6 requests',
      staffList.total <= 6,
    ],
    [
      'GET /api/v1/timestamps (month table)',
      monthTable.ms,
      `${monthTable.total}: ${monthTable.requests}`,
      '≤ 8 requests',
      monthTable.total <= 8,
    ],
    [
      'GET /api/v1/attendance_totals',
      totals.ms,
      `${totals.total}: ${totals.requests}`,
      '≤ 7 requests',
      totals.total <= 7,
    ],
    [
      'GET /api/v1/paid_leave/employees (有給管理 page)',
      paidLeave.ms,
      `${paidLeave.total}: ${paidLeave.requests}`,
      '≤ 3 requests',
      paidLeave.total <= 3,
    ],
    [
      `GET /api/v1/period_closings (checklist built in ${checklistSeconds.toFixed(1)} s)`,
      closings.ms,
      `${closings.total}: ${closings.requests}`,
      '≤ 6 requests',
      closings.total <= 6,
    ],
    [
      'POST /api/v1/working_times (enqueues)',
      ruleChange.ms,
      `${ruleChange.total}: ${ruleChange.requests}`,
      // The route's 8 (request-counts.test.ts, worker off) + the session read + the first reads of the
      // local recompute worker, which starts in this process before the answer arrives: bounded, and
      // the same at 1,000 and 10,000 staff (the fan-out is the worker's, in the background).
      '≤ 12 requests',
      ruleChange.total <= 12,
    ],
    ['attendance export ÷ bare read', exported.ms, `${ratio.toFixed(2)}×`, '≤ 1.5×', ratio <= 1.5],
  ];
  console.log('');
  console.log('budget'.padEnd(40), 'time'.padStart(10), 'requests / figure'.padEnd(44), 'budget', '');
  for (const [name, ms, figure, budget, ok] of checks)
    console.log(name.padEnd(40), `${ms.toFixed(0)} ms`.padStart(10), figure.padEnd(44), budget, ok ? 'ok' : 'MISSED');
  if (checks.some((c) => !c.at(-1))) process.exitCode = 1;
  console.log('');
  console.log(
    `export: ${(rows / (exported.ms / 1000)).toFixed(0)} rows/s, ${mb(bytes)} CSV, peak RSS ${mb(peakRss)} (+${mb(peakRss - baseRss)} over the start), peak heap ${mb(peakHeap)}`,
  );
  console.log(
    `work status: ${status.count_employees} staff, total ${status.total_working_time} min, ${status.alerts.length} alerts; digest built in the background in ${digestSeconds.toFixed(2)} s`,
  );
  server.closeAllConnections();
  server.close();
  raw.destroy();
} finally {
  await emulators.stop();
}
// The in-process recompute the rule change started has nothing left to write to.
process.exit(process.exitCode ?? 0);
