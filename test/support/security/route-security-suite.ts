/**
 * Authentication, role and CSRF checks for every route of the route table, derived from each route's
 * declared roles: anonymous → 401, a session of another pool → 403, a state-changing call without the
 * CSRF header → 403, and the allowed role gets past all three.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, ROLES, isStateChanging, type Role, type RouteDef } from '../../../functions/routes.js';
import { createHttpClient, type HttpClient } from '../http-client.js';
import type { TestStack } from '../stack.js';
import { createOperator, createTenant, signIn } from '../tenant.js';

/** A well-formed id no tenant owns. */
const FAKE_ID = '01jx7zzzzzzzzzzzzzzzzzzzzz';
const pathOf = (route: RouteDef) => route.path.replace(/\{[^}]+\}/g, FAKE_ID);
/** Strict schemas refuse unknown keys before any write, so a permitted call changes nothing. */
const HARMLESS_BODY = { __probe__: true };

const SIGN_OUT = new Set(['sign-out-user', 'sign-out-company', 'sign-out-operator']);
const protectedRoutes = ROUTES.filter((r) => r.roles.length > 0);

/** Registers the suite on `stack` (sources or bundles: see route-security*.test.ts). */
export function routeSecuritySuite(stack: TestStack): void {
  let sessions: Record<Role, HttpClient>;

  async function call(client: HttpClient, route: RouteDef, csrf = true) {
    const path = pathOf(route);
    switch (route.method) {
      case 'GET':
        return client.get(path, { csrf });
      case 'POST':
        return client.post(path, HARMLESS_BODY, { csrf });
      case 'PUT':
        return client.put(path, HARMLESS_BODY, { csrf });
      case 'DELETE':
        return client.delete(path, undefined, { csrf });
    }
  }

  beforeAll(async () => {
    const tenant = await createTenant({ employees: 1 });
    const operator = await createOperator(stack.baseUrl);
    sessions = {
      employee: await signIn(stack.baseUrl, 'employee', tenant.employees[0]!),
      admin: await signIn(stack.baseUrl, 'admin', tenant.admin),
      operator: await signIn(stack.baseUrl, 'operator', operator),
    };
  });

  describe('every protected route refuses an anonymous caller with 401', () => {
    it.each(protectedRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_, route) => {
      const anonymous = createHttpClient(stack.baseUrl);
      await anonymous.get('/api/v1/session'); // holds a CSRF token, so only the session is missing
      const res = await call(anonymous, route);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('ログインしてください。');
    });
  });

  describe('every protected route refuses the sessions of other pools with 403', () => {
    const cases = protectedRoutes.flatMap((r) =>
      ROLES.filter((role) => !r.roles.includes(role)).map(
        (role) => [`${role} → ${r.method} ${r.path}`, r, role] as const,
      ),
    );
    it.each(cases)('%s', async (_, route, role) => {
      const res = await call(sessions[role], route);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('操作権限がありません。');
    });
  });

  describe('every state-changing route refuses a call without the CSRF header with 403', () => {
    const cases = ROUTES.filter((r) => isStateChanging(r.method)).map((r) => [`${r.method} ${r.path}`, r] as const);
    it.each(cases)('%s', async (_, route) => {
      const client = route.roles.length ? sessions[route.roles[0]!] : createHttpClient(stack.baseUrl);
      if (!route.roles.length) await client.get('/api/v1/session');
      const res = await call(client, route, false);
      expect(res.status).toBe(403);
      // A forged header that does not match the cookie is refused the same way.
      const forged = await (route.method === 'DELETE'
        ? client.delete(pathOf(route), undefined, { csrf: false, headers: { 'x-csrf-token': 'x'.repeat(43) } })
        : client[route.method === 'POST' ? 'post' : 'put'](pathOf(route), HARMLESS_BODY, {
            csrf: false,
            headers: { 'x-csrf-token': 'x'.repeat(43) },
          }));
      expect(forged.status).toBe(403);
    });
  });

  describe('the allowed roles get past authentication, role and CSRF checks', () => {
    const cases = ROUTES.filter((r) => !SIGN_OUT.has(r.name)).flatMap((r) =>
      (r.roles.length ? r.roles : (['anonymous'] as const)).map(
        (role) => [`${role} → ${r.method} ${r.path}`, r, role] as const,
      ),
    );
    it.each(cases)('%s', async (_, route, role) => {
      const client = role === 'anonymous' ? createHttpClient(stack.baseUrl) : sessions[role];
      if (role === 'anonymous') await client.get('/api/v1/session');
      const res = await call(client, route);
      expect([401, 403]).not.toContain(res.status);
      // 501 marks a route a later issue implements; nothing else may fail on the server.
      if (res.status !== 501) expect(res.status).toBeLessThan(500);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    });
  });

  describe('a token presented with a session of another pool', () => {
    it('is refused: an employee ID token cannot ride on an admin session', async () => {
      const mixed = createHttpClient(stack.baseUrl);
      mixed.setCookie('__Host-kintai_id', sessions.employee.cookie('__Host-kintai_id')!);
      mixed.setCookie('__Host-kintai_sid', sessions.admin.cookie('__Host-kintai_sid')!);
      const res = await mixed.get('/api/v1/employees');
      expect(res.status).toBe(401);
    });
  });
}
