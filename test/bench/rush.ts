/**
 * Load smoke (issue 7): a bounded 9:00 rush against the local stack — N employees each press 出勤
 * once within a spread of seconds, and every third one then presses 休憩開始 and 休憩終了 (issue 16:
 * break punches mixed into the rush) — printing requests sent, errors and punches stored. Stored
 * (punch-ins plus break starts and ends) must equal sent. Every request goes to loopback only; each
 * employee connects from its own 127.0.0.x address so the per-address sign-in limit sees an office
 * of phones, not one client. Also prints the DynamoDB requests per press (issue 19 item 4: every
 * punch is 4, plus the session read every call makes: budget ≤ 5) and exits 1 when stored ≠ sent or
 * the budget is missed. `npm run bench` runs it as the 9:00 rush of 2,000 punch-ins in a minute (the
 * punch path reads only the company's settings partition and the employee's own items, so the
 * company's size beyond the 2,000 punching does not change a press's work).
 *
 *   npx tsx test/bench/rush.ts [--employees 200] [--seconds 60]   # npm run bench: 2000 in 60 s
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCAL_HOST, startScratchEmulators } from '../../lib/local/emulators';
import { createGateway } from '../../lib/local/gateway';
import { applyApiEnv, dynamoDbClient, ensureTable, provision } from '../../lib/local/provision';
import { countRequests } from './count-requests';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => Number(args[args.indexOf(`--${name}`) + 1] || 0) || fallback;
const N = Math.min(arg('employees', 200), 2000);
const SPREAD_S = Math.min(arg('seconds', 60), 120);
process.env.LOG_LEVEL = 'SILENT';

interface Res {
  status: number;
  cookies: string[];
  body: string;
}

function send(
  port: number,
  from: string,
  method: string,
  path: string,
  cookies: string[],
  body?: unknown,
): Promise<Res> {
  const csrf = cookies.find((c) => c.startsWith('__Host-csrf='))?.split('=')[1];
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: LOCAL_HOST,
        port,
        method,
        path,
        localAddress: from,
        headers: {
          cookie: cookies.join('; '),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(csrf ? { 'x-csrf-token': csrf } : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!),
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end(payload);
  });
}

const merge = (jar: string[], set: string[]) => {
  for (const c of set) {
    const name = c.split('=')[0]!;
    const i = jar.findIndex((x) => x.startsWith(`${name}=`));
    if (i >= 0) jar.splice(i, 1);
    jar.push(c);
  }
};

const emulators = await startScratchEmulators('kintai-rush');
try {
  const env = await provision(emulators, { stage: 'rush', createTable: false });
  applyApiEnv({ ...env, TABLE_NAME: 'kintai-rush' });
  const raw = dynamoDbClient(env.DYNAMODB_ENDPOINT);
  await ensureTable(raw, 'kintai-rush');
  const { db } = await import('../../functions/db/service');
  const { newId } = await import('../../functions/shared/ids');
  const { createPoolUser } = await import('../../functions/shared/pool-users');
  const { today } = await import('../../functions/domain/time');
  const { dynamo } = await import('../../functions/shared/clients/dynamodb');

  // Every DynamoDB request the handlers make during the rush, by command.
  const counter = countRequests(dynamo());

  const companyId = newId();
  await db()
    .entities.Company.put({
      companyId,
      name: '朝ラッシュ株式会社',
      staffName: '管理 太郎',
      email: 'rush@example.test',
      timeZone: 'Asia/Tokyo',
    })
    .go();
  const password = 'Rush#Passw0rd2026';
  const staff: { id: string; email: string; from: string; jar: string[] }[] = [];
  for (let i = 0; i < N; i++) {
    const id = newId();
    const email = `rush-${i}-${id}@example.test`;
    const userSub = await createPoolUser({
      role: 'employee',
      email,
      attributes: { company_id: companyId, employee_id: id },
      temporaryPassword: password,
      permanent: true,
    });
    await db()
      .entities.Employee.put({ companyId, employeeId: id, lastName: '社員', firstName: String(i + 1), email, userSub })
      .go();
    staff.push({ id, email, from: `127.0.${1 + Math.floor(i / 250)}.${2 + (i % 250)}`, jar: [] });
  }

  const server = createGateway({});
  await new Promise<void>((r) => server.listen(0, LOCAL_HOST, () => r()));
  const port = (server.address() as AddressInfo).port;
  const signInStart = performance.now();
  for (let k = 0; k < staff.length; k += 10) {
    await Promise.all(
      staff.slice(k, k + 10).map(async (s) => {
        merge(s.jar, (await send(port, s.from, 'GET', '/api/v1/session', s.jar)).cookies);
        const res = await send(port, s.from, 'POST', '/users/sign_in', s.jar, { user: { email: s.email, password } });
        if (res.status !== 200) throw new Error(`sign-in ${res.status} ${res.body}`);
        merge(s.jar, res.cookies);
      }),
    );
  }
  const signInSeconds = (performance.now() - signInStart) / 1000;

  // The rush: every employee presses 出勤 once, at a random moment within the spread; every third one
  // then takes a short break (休憩開始, 休憩終了) while the others are still punching in.
  let sent = 0;
  let breakSent = 0;
  const errors = new Map<string, number>();
  const latencies: number[] = [];
  const press = async (s: (typeof staff)[number], body: Record<string, string>) => {
    sent++;
    const t = performance.now();
    try {
      const res = await send(port, s.from, 'POST', '/api/v1/timestamps', s.jar, body);
      latencies.push(performance.now() - t);
      if (res.status !== 200) errors.set(String(res.status), (errors.get(String(res.status)) ?? 0) + 1);
      // A press answered without a change (`ignored`) stored nothing: count it as an error of the load.
      else if ((JSON.parse(res.body) as { data?: { ignored?: { reason: string } } }).data?.ignored)
        errors.set('ignored', (errors.get('ignored') ?? 0) + 1);
    } catch (error) {
      errors.set((error as Error).message, (errors.get((error as Error).message) ?? 0) + 1);
    }
  };
  const pause = (maxMs: number) => new Promise((r) => setTimeout(r, Math.random() * maxMs));
  const rushStart = performance.now();
  counter.reset();
  await Promise.all(
    staff.map(async (s, i) => {
      await pause(SPREAD_S * 1000);
      await press(s, { note: '' });
      if (i % 3 !== 0) return;
      await pause((SPREAD_S * 1000) / 4);
      await press(s, { kind: 'break_start' });
      await pause((SPREAD_S * 1000) / 4);
      await press(s, { kind: 'break_end' });
      breakSent += 2;
    }),
  );
  const rushSeconds = (performance.now() - rushStart) / 1000;
  const { total: requests, byCommand } = counter.snapshot();
  const perPress = requests / Math.max(1, sent);

  const date = today('Asia/Tokyo');
  let stored = 0;
  let breakStored = 0;
  for (const s of staff) {
    const { data } = await db().entities.AttendanceDay.get({ companyId, employeeId: s.id, workDate: date }).go();
    if (data?.punchInAt) stored++;
    // Each break is two punches: its start and (once ended) its end.
    for (const b of data?.breaks ?? []) breakStored += b.endAt ? 2 : 1;
  }
  stored += breakStored;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(0) ?? '—';
  console.log(
    `\n9:00 rush smoke — ${N} employees punching in within ${SPREAD_S} s, every third taking a break (local stack, DynamoDB Local)`,
  );
  console.log(`sign-ins: ${N} in ${signInSeconds.toFixed(1)} s`);
  console.log(
    `requests sent: ${sent} (${breakSent} break punches); errors: ${[...errors].map(([k, v]) => `${k}×${v}`).join(', ') || 0}; punches stored: ${stored} (${breakStored} break punches)`,
  );
  console.log(
    `punch latency: p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms; rush lasted ${rushSeconds.toFixed(1)} s`,
  );
  const withinBudget = perPress <= 5;
  console.log(
    `DynamoDB requests per press: ${perPress.toFixed(2)} (${requests}: ${byCommand}); budget ≤ 5 (4 + the session read) ${withinBudget ? 'ok' : 'MISSED'}`,
  );
  console.log(stored === sent && errors.size === 0 ? 'stored = sent ✓' : 'stored ≠ sent ✗');
  server.closeAllConnections();
  server.close();
  raw.destroy();
  process.exitCode = stored === sent && errors.size === 0 && withinBudget ? 0 : 1;
} finally {
  await emulators.stop();
}
