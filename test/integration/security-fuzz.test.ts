/**
 * Input fuzzing over every route of the route table (issue 7 §2), with fast-check generators for
 * bodies (wrong types, 100 kB+ strings, unicode with surrogates and NULs, nulls, arrays, extra
 * tenant/role/status fields, prototype keys, non-JSON), query strings, path ids (junk, traversal,
 * huge, malformed percent-encoding) and headers (content types, huge and junk cookies, junk CSRF,
 * idempotency and origin headers). Every answer must be:
 *   - below 500 (every route of the table is implemented: there is no 501 stub),
 *   - free of stack frames, AWS/SDK error names and source paths,
 *   - a Japanese `message` when it is a 4xx,
 * and a refused state-changing request must not have written anything (table snapshot).
 *
 * Bounded by default (FUZZ_RUNS=20 per route). Nightly / replay:
 *   FUZZ_RUNS=500 FUZZ_SEED=<seed printed by a run> LOG_LEVEL=SILENT npx vitest run --project integration test/integration/security-fuzz.test.ts
 *
 * date-matrix: skip — its only date-dependent part is the security fixture (last and this month's
 * attendance), which security-isolation.test.ts builds the same way on every awkward date (test/dates);
 * the fuzzing itself does not depend on the day, and at ~3 minutes a run it would add ~15 to the matrix.
 */
import { IMPORT_FILE_MAX_CHARS } from '../../functions/api/employee-imports/import-validation.js';
import { periodClosings } from '../../functions/db/period-closings.js';
import * as fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, isStateChanging, type RouteDef } from '../../functions/routes.js';
import type { HttpClient } from '../support/http-client.js';
import { pollUntil } from '../support/poll.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import {
  JAPANESE,
  buildFixture,
  internalsIn,
  requestFor,
  type Actor,
  type SecurityFixture,
} from '../support/security/fixture.js';
import {
  DANGEROUS_KEYS,
  bodyArbitrary,
  headersArbitrary,
  pathIdArbitrary,
  queryArbitrary,
  stringLeaves,
  withValueAt,
  type FuzzBody,
  type FuzzHeaders,
} from '../support/security/fuzz.js';

const stack = useTestStack();

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 20));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);

const SIGN_OUT = new Set(['sign-out-user', 'sign-out-company', 'sign-out-operator']);
const OWNER: Record<string, Actor> = { employee: 'employeeA', admin: 'adminA', operator: 'operator' };

let fx: SecurityFixture;
const figures = {
  requests: 0,
  byStatus: new Map<number, number>(),
  refusedWrites: 0,
  headerTooLarge: 0,
  notSendable: 0,
};

beforeAll(async () => {
  fx = await buildFixture(stack.baseUrl);
  console.log(`SECURITY FIGURES: fuzz seed FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS} per route`);
}, 600_000);

interface RawRequest {
  method: string;
  path: string;
  query?: string | undefined;
  body: FuzzBody;
  headers: FuzzHeaders;
}

interface RawResponse {
  status: number;
  text: string;
  /** The parsed body when it is JSON: an error `message`, or the route's `data`. */
  json: { message?: string; data?: unknown } | undefined;
  contentType: string;
}

/** Sends exactly what was generated (the jar client would normalise cookies and headers). */
async function sendRaw(client: HttpClient, req: RawRequest): Promise<RawResponse> {
  const jar = new Map(client.cookies);
  if (req.headers.replaceCookie) jar.set(req.headers.replaceCookie.name, req.headers.replaceCookie.value);
  const cookie = [
    ...[...jar].map(([k, v]) => `${k}=${v}`),
    ...(req.headers.extraCookie ? [req.headers.extraCookie] : []),
  ].join('; ');
  // The header keeps the real token even when the cookie is replaced by junk (a mismatch must be refused).
  const own = client.cookie('__Host-csrf');
  const csrf = req.headers.csrf ?? (own ? decodeURIComponent(own) : undefined);
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers.other };
  if (cookie) headers.cookie = cookie;
  if (csrf !== undefined) headers['x-csrf-token'] = csrf;
  if (req.body.text !== undefined && req.headers.contentType) headers['content-type'] = req.headers.contentType;
  const url = `${stack.baseUrl}${req.path}${req.query ? `?${req.query}` : ''}`;
  let res: Response;
  try {
    res = await fetch(url, { method: req.method, headers, body: req.body.text, redirect: 'manual' });
  } catch (error) {
    // A request fetch itself refuses to build (an illegal header byte) never reaches the server.
    figures.notSendable++;
    return { status: 0, text: String(error), json: undefined, contentType: '' };
  }
  const text = await res.text();
  let json: RawResponse['json'];
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  figures.requests++;
  figures.byStatus.set(res.status, (figures.byStatus.get(res.status) ?? 0) + 1);
  return { status: res.status, text, json, contentType: res.headers.get('content-type') ?? '' };
}

function judge(route: RouteDef, req: RawRequest, res: RawResponse): string[] {
  const problems: string[] = [];
  // Node's own limit on the request head (16 KB), like CloudFront's: never reaches a handler.
  if (res.status === 0) return problems;
  if (res.status === 431) {
    figures.headerTooLarge++;
    return problems;
  }
  if (res.status >= 500) problems.push(`answered ${res.status}: ${res.text.slice(0, 200)}`);
  if (res.status >= 400) {
    if (!/json/.test(res.contentType) || !JAPANESE.test(res.json?.message ?? ''))
      problems.push(`${res.status} without a Japanese JSON message: ${res.text.slice(0, 120)}`);
    const leak = internalsIn(res.text, req.body.value);
    if (leak) problems.push(`answer reveals internals (${leak}): ${res.text.slice(0, 200)}`);
  }
  return problems;
}

const describeRequest = (req: RawRequest) =>
  `${req.method} ${req.path.slice(0, 120)}${req.query ? `?${req.query.slice(0, 80)}` : ''} [${req.body.kind}; ${req.headers.kind}] body=${(req.body.text ?? '').slice(0, 80)}`;

function clientFor(route: RouteDef): HttpClient {
  // Signing out is fuzzed without a session: its only input is the cookies, and it must not end ours.
  if (route.roles.length === 0 || SIGN_OUT.has(route.name)) return fx.clients.anonymous;
  return fx.clients[OWNER[route.roles[0]!]!];
}

/** Ids that may be fuzzed into paths without destroying the actors' own sessions or the fixture. */
function safeRealIds(route: RouteDef): string[] {
  if (route.method === 'DELETE') return [fx.ids.companyB, fx.b.employees[0]!.id, fx.b.departmentId];
  if (route.name === 'update-company') return [fx.ids.companyB];
  if (route.name === 'update-employee') return [fx.ids.spareEmployee, fx.b.employees[0]!.id];
  const call = requestFor(route, fx.ids);
  const own = call.path.split('/').find((s, i) => route.path.split('/')[i] === '{id}');
  return [...(own ? [decodeURIComponent(own)] : []), fx.ids.companyB, fx.b.employees[0]!.id];
}

function requestArbitrary(route: RouteDef): fc.Arbitrary<RawRequest> {
  const call = requestFor(route, fx.ids);
  // Deletions, company edits and staff edits aim at objects no actor depends on (closing company A
  // or resetting a password would end the sessions the rest of the run uses).
  const base =
    route.path.includes('{id}') &&
    (route.method === 'DELETE' || route.name === 'update-company' || route.name === 'update-employee')
      ? route.path.replace('{id}', encodeURIComponent(safeRealIds(route)[0]!))
      : call.path;
  const foreign = [fx.ids.companyB, fx.b.employees[0]!.id, fx.b.departmentId];
  const path = route.path.includes('{id}')
    ? pathIdArbitrary(safeRealIds(route)).map(({ segment, kind }) => ({
        path: route.path.replace('{id}', segment),
        kind,
      }))
    : fc.constant({ path: base, kind: '' });
  const body: fc.Arbitrary<FuzzBody> =
    // fetch cannot send a GET body (neither can a browser); API Gateway would pass one, the middleware ignores it.
    route.method === 'GET'
      ? fc.constant<FuzzBody>({ text: undefined, kind: 'no body' })
      : bodyArbitrary(call.body ?? {}, foreign);
  const query = fc.oneof(
    { weight: 2, arbitrary: fc.constant({ query: call.query ?? '', kind: 'query as is' }) },
    queryArbitrary(call.query, foreign),
  );
  // Vary one thing at a time most of the time, so a failure points at its cause.
  return fc
    .tuple(fc.nat(3), path, body, query, headersArbitrary)
    .map(([focus, p, b, q, h]) => ({
      method: route.method,
      path: focus === 0 || !route.path.includes('{id}') ? p.path : base,
      query: focus === 1 || route.method === 'GET' ? q.query : call.query,
      body:
        focus === 2 || focus === 1
          ? b
          : {
              text: call.body === undefined ? undefined : JSON.stringify(call.body),
              value: call.body,
              kind: 'well-formed body',
            },
      headers: focus === 3 ? h : { contentType: 'application/json', other: {}, kind: 'plain headers' },
    }))
    .map((r) => ({ ...r, headers: { ...r.headers, kind: r.headers.kind }, body: { ...r.body, kind: r.body.kind } }));
}

/**
 * An accepted export, a settings save's recompute, a closing, a grant run, a company close or a 再実行 runs on in
 * the background (the local job): wait for it, or its writes would look like a refused request's.
 */
async function settle(route: RouteDef, res: RawResponse, client: HttpClient) {
  const recompute = (res.json?.data as { recompute?: { id: string } | null } | undefined)?.recompute;
  if (recompute?.id)
    await pollUntil(
      async () => (await client.get(`/api/v1/recompute_jobs/${recompute.id}`)).body?.data?.status,
      (status) => !['pending', 'running'].includes(status),
    );
  // A closing's job (in the export worker) freezes the period in the background: wait until no period
  // of the company is still `closing`.
  if (route.name === 'create-period-closing')
    await pollUntil(
      () => periodClosings(fx.ids.companyA),
      (closings) => !closings.some((c) => c.status === 'closing'),
    );
  // A company close disables its users in the recompute worker: wait for its job.
  const close = res.json?.data as { id?: string; close_job?: { id: string } } | undefined;
  if (close?.id && close.close_job?.id)
    await pollUntil(
      async () => (await client.get(`/api/v1/companies/${close.id}/closing`)).body?.data?.status,
      (status) => !['pending', 'running'].includes(status),
    );
  const job = res.json?.data as { id?: string; status?: string } | undefined;
  if (!job?.id || !['pending', 'running'].includes(job.status ?? '')) return;
  // A grant run is a recompute-worker job: its progress is at the recompute job's route.
  if (route.name === 'run-paid-leave-grants') {
    await pollUntil(
      async () => (await client.get(`/api/v1/recompute_jobs/${job.id}`)).body?.data?.status,
      (status) => !['pending', 'running'].includes(status),
    );
    return;
  }
  // 再実行 (issue 30 item 13) answers the job it gave back: its progress is at the job's own route.
  const retried: Record<string, string> = {
    'retry-employee-import': '/api/v1/employee_imports',
    'retry-recompute-job': '/api/v1/recompute_jobs',
  };
  const jobs = retried[route.name] ?? route.path;
  await pollUntil(
    async () => (await client.get(`${jobs}/${job.id}`)).body?.data?.status,
    (status) => !['pending', 'running'].includes(status),
  );
}

describe('fuzzing every route', () => {
  it('never answers 5xx, never reveals internals, answers Japanese on 4xx and writes nothing when refusing', async () => {
    const problems: string[] = [];
    const started = performance.now();
    for (const [index, route] of ROUTES.entries()) {
      const samples = fc.sample(requestArbitrary(route), { numRuns: RUNS, seed: SEED + index });
      const writes = isStateChanging(route.method);
      let current = writes ? await tableSnapshot(stack.tableName) : '';
      for (const req of samples) {
        const res = await sendRaw(clientFor(route), req);
        for (const p of judge(route, req, res)) problems.push(`${route.name}: ${p} ← ${describeRequest(req)}`);
        if (writes) {
          if (res.status < 300) await settle(route, res, clientFor(route));
          const after = await tableSnapshot(stack.tableName);
          if (res.status >= 400 && after !== current) {
            figures.refusedWrites++;
            problems.push(`${route.name}: refused with ${res.status} but the table changed ← ${describeRequest(req)}`);
          }
          current = after;
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const statuses = [...figures.byStatus]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(
      [
        `SECURITY FIGURES: fuzz sent ${figures.requests} requests over ${ROUTES.length} routes in ${seconds} s (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`,
        `  statuses: ${statuses}`,
        `  refused-but-wrote: ${figures.refusedWrites}; request heads over 16 KB refused by the server: ${figures.headerTooLarge}; not sendable by fetch: ${figures.notSendable}`,
        `  problems: ${problems.length}`,
      ].join('\n'),
    );
    if (problems.length) console.log(problems.slice(0, 40).join('\n'));
    expect(problems.slice(0, 40)).toEqual([]);
  }, 600_000);
});

/**
 * Fields whose maximum is above 20 000 characters, probed one character over it: the staff import's
 * file is a base64 CSV (its route takes a larger JSON body).
 */
const OVERSIZED: Record<string, number> = {
  'preview-employee-import.file': IMPORT_FILE_MAX_CHARS + 1,
  'create-employee-import.file': IMPORT_FILE_MAX_CHARS + 1,
};

describe('request schemas are strict and bounded', () => {
  const bodied = () => ROUTES.filter((r) => r.method === 'POST' || r.method === 'PUT');

  it('refuses tenant, owner, role and status fields the client must not set (mass assignment) with 400', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const route of bodied()) {
      const call = requestFor(route, fx.ids);
      const client = clientFor(route);
      for (const key of DANGEROUS_KEYS) {
        if (call.body && typeof call.body === 'object' && key in call.body) continue;
        const before = await tableSnapshot(stack.tableName);
        const body = {
          ...(call.body as object),
          [key]: key === 'company_id' || key === 'companyId' ? fx.ids.companyB : 'admin',
        };
        const res = await sendRaw(client, {
          method: route.method,
          path: route.name === 'update-company' ? call.path.replace(fx.ids.companyA, fx.ids.companyB) : call.path,
          query: call.query,
          body: { text: JSON.stringify(body), value: body, kind: `extra ${key}` },
          headers: { contentType: 'application/json', other: {}, kind: '' },
        });
        sent++;
        if (res.status !== 400) problems.push(`${route.name} + ${key}: ${res.status}`);
        if ((await tableSnapshot(stack.tableName)) !== before) problems.push(`${route.name} + ${key}: wrote`);
      }
    }
    console.log(
      `SECURITY FIGURES: mass-assignment probes ${sent} over ${bodied().length} body routes, all 400: ${problems.length === 0}`,
    );
    expect(problems.slice(0, 15)).toEqual([]);
  }, 600_000);

  it('gives every string field a maximum length (20 000 characters are refused with 400)', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const route of bodied()) {
      const call = requestFor(route, fx.ids);
      for (const leaf of stringLeaves(call.body)) {
        const probe = OVERSIZED[`${route.name}.${leaf.join('.')}`] ?? 20_000;
        const body = withValueAt(call.body, leaf, 'x'.repeat(probe));
        const res = await sendRaw(clientFor(route), {
          method: route.method,
          path: route.name === 'update-company' ? call.path.replace(fx.ids.companyA, fx.ids.companyB) : call.path,
          query: call.query,
          body: { text: JSON.stringify(body), value: body, kind: '' },
          headers: { contentType: 'application/json', other: {}, kind: '' },
        });
        sent++;
        if (res.status !== 400) problems.push(`${route.name}.${leaf.join('.')}: ${res.status}`);
      }
    }
    // Query parameters too: each value of each GET route's query, oversized.
    for (const route of ROUTES.filter((r) => r.method === 'GET')) {
      const call = requestFor(route, fx.ids);
      const pairs = (call.query ?? '').split('&').filter(Boolean);
      for (const [i, pair] of pairs.entries()) {
        const query = pairs.map((p, j) => (j === i ? `${pair.split('=')[0]}=${'9'.repeat(5_000)}` : p)).join('&');
        const res = await sendRaw(clientFor(route), {
          method: 'GET',
          path: call.path,
          query,
          body: { text: undefined, kind: '' },
          headers: { contentType: '', other: {}, kind: '' },
        });
        sent++;
        if (res.status !== 400) problems.push(`${route.name}?${pair.split('=')[0]}: ${res.status}`);
      }
    }
    console.log(
      `SECURITY FIGURES: max-length probes ${sent} (body string fields and query values), all 400: ${problems.length === 0}`,
    );
    expect(problems.slice(0, 15)).toEqual([]);
  }, 600_000);

  it('refuses bodies over 64 KB and non-JSON content types before reading them', async () => {
    const route = ROUTES.find((r) => r.name === 'create-department')!;
    const big = JSON.stringify({ name: 'x'.repeat(100_000) });
    const tooBig = await sendRaw(fx.clients.adminA, {
      method: 'POST',
      path: route.path,
      body: { text: big, kind: '' },
      headers: { contentType: 'application/json', other: {}, kind: '' },
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.json?.message).toMatch(JAPANESE);
    const form = await sendRaw(fx.clients.adminA, {
      method: 'POST',
      path: route.path,
      body: { text: 'name=x', kind: '' },
      headers: { contentType: 'application/x-www-form-urlencoded', other: {}, kind: '' },
    });
    expect(form.status).toBe(400);
  });
});

// Keep the type import used when the file is trimmed for a replay.
export type { FuzzHeaders };
