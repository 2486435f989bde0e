/**
 * The isolation matrix (issue 7 §1), generated from the route table: every route × every actor
 * (anonymous; employee, second employee, admin of company A; the operator; employee and admin of
 * company B) × with and without the CSRF header, each call aimed at company A's REAL ids. The
 * expected outcome of each cell comes from the route's declared roles:
 *
 *   anonymous on a protected route → 401 · a role the route does not list → 403 ·
 *   a state-changing call without the CSRF header → 403 · an outsider (company B, or another
 *   employee of A) naming A's objects → 404 (or another 4xx for an id inside the body) ·
 *   an allowed read → 2xx that contains nothing of A for outsiders.
 *
 * Allowed state-changing calls are not executed here (route-security.test.ts proves they get past
 * the checks); every refused call must leave the table exactly as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, isStateChanging, type RouteDef } from '../../functions/routes.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import {
  ACTORS,
  ACTOR_ROLE,
  JAPANESE,
  PLATFORM_WIDE,
  buildFixture,
  internalsIn,
  requestFor,
  send,
  type Actor,
  type SecurityFixture,
} from '../support/security/fixture.js';

const stack = useTestStack();

type Expected = { kind: 'status'; status: number } | { kind: 'refused' } | { kind: 'allowed' } | { kind: 'skipped' };

const OUTSIDERS = new Set<Actor>(['employeeB', 'adminB', 'employeeA2']);

function expectedOutcome(route: RouteDef, actor: Actor, csrf: boolean, reference: string): Expected {
  const role = ACTOR_ROLE[actor];
  const writes = isStateChanging(route.method);
  if (route.roles.length === 0) {
    if (writes && !csrf) return { kind: 'status', status: 403 };
    return writes ? { kind: 'skipped' } : { kind: 'allowed' };
  }
  if (role === null) return { kind: 'status', status: 401 };
  if (!route.roles.includes(role)) return { kind: 'status', status: 403 };
  if (writes && !csrf) return { kind: 'status', status: 403 };
  if (OUTSIDERS.has(actor) && reference !== 'none' && !PLATFORM_WIDE.has(route.name)) {
    return reference === 'body' ? { kind: 'refused' } : { kind: 'status', status: 404 };
  }
  return writes ? { kind: 'skipped' } : { kind: 'allowed' };
}

let fx: SecurityFixture;

beforeAll(async () => {
  fx = await buildFixture(stack.baseUrl);
}, 120_000);

describe('isolation matrix: routes × actors × {with, without CSRF} against company A’s real ids', () => {
  it('refuses every cell it must, writes nothing when refusing, and leaks nothing of A', async () => {
    const figures = { cells: 0, executed: 0, skippedAllowedWrites: 0, refusalsExpected: 0, unexpectedSuccesses: 0 };
    const problems: string[] = [];
    const unexpected: string[] = [];

    for (const route of ROUTES) {
      const call = requestFor(route, fx.ids);
      const before = await tableSnapshot(stack.tableName);
      const cells = ACTORS.flatMap((actor) =>
        [true, false].map((csrf) => ({ actor, csrf, want: expectedOutcome(route, actor, csrf, call.reference) })),
      );
      figures.cells += cells.length;

      await Promise.all(
        cells.map(async ({ actor, csrf, want }) => {
          const label = `${actor}${csrf ? '' : ' (no CSRF)'} → ${route.method} ${call.path}${call.query ? `?${call.query}` : ''}`;
          if (want.kind === 'skipped') {
            figures.skippedAllowedWrites++;
            return;
          }
          figures.executed++;
          const res = await send(fx.clients[actor], route, call, { csrf });
          const refusal = want.kind === 'status' || want.kind === 'refused';
          if (refusal) {
            figures.refusalsExpected++;
            if (res.status < 400) {
              figures.unexpectedSuccesses++;
              unexpected.push(`${label}: ${res.status}`);
            }
          }
          if (want.kind === 'status' && res.status !== want.status)
            problems.push(`${label}: expected ${want.status}, got ${res.status}`);
          if (want.kind === 'refused' && (res.status < 400 || res.status >= 500))
            problems.push(`${label}: expected a 4xx, got ${res.status}`);
          if (want.kind === 'allowed') {
            const okStatus = res.status < 300;
            if (!okStatus) problems.push(`${label}: allowed read answered ${res.status} ${JSON.stringify(res.body)}`);
          }
          if (res.status >= 400) {
            if (!JAPANESE.test(res.body?.message ?? ''))
              problems.push(`${label}: ${res.status} without a Japanese message`);
            const leak = internalsIn(res.body, call.body);
            if (leak) problems.push(`${label}: answer reveals internals (${leak})`);
          }
          // Whatever an outsider is allowed to read, none of it may be company A's (or colleague A's).
          const secrets = actor === 'employeeA2' ? fx.secretsOfEmployeeA : actor.endsWith('B') ? fx.secretsOfA : [];
          const text = JSON.stringify(res.body);
          for (const secret of secrets)
            if (text.includes(secret)) problems.push(`${label}: answer contains A's ${secret}`);
        }),
      );

      const after = await tableSnapshot(stack.tableName);
      if (after !== before) problems.push(`${route.method} ${route.path}: a refused call changed the table`);
    }

    console.log(
      [
        'SECURITY FIGURES: isolation matrix',
        `  routes × actors × cases = ${ROUTES.length} × ${ACTORS.length} × 2 = ${figures.cells} cells`,
        `  executed ${figures.executed} (refusals expected ${figures.refusalsExpected}), allowed writes not executed ${figures.skippedAllowedWrites}`,
        `  unexpected successes: ${figures.unexpectedSuccesses}`,
        `  other mismatches: ${problems.length}`,
      ].join('\n'),
    );
    if (unexpected.length || problems.length) console.log([...unexpected, ...problems].join('\n'));
    expect(unexpected).toEqual([]);
    expect(problems).toEqual([]);
    expect(figures.cells).toBe(ROUTES.length * ACTORS.length * 2);
  }, 240_000);

  it('the fixture’s ids are real: each owner reads them (so a 404 above is isolation, not a typo)', async () => {
    const owners: Record<string, Actor> = { admin: 'adminA', employee: 'employeeA', operator: 'operator' };
    const reads = ROUTES.filter(
      (r) => r.method === 'GET' && r.roles.length > 0 && requestFor(r, fx.ids).reference !== 'none',
    );
    expect(reads.length).toBeGreaterThan(5);
    for (const route of reads) {
      const res = await send(fx.clients[owners[route.roles[0]!]!], route, requestFor(route, fx.ids));
      expect(res.status, route.name).toBe(200);
    }
  });
});
