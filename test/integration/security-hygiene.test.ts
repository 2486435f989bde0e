/**
 * Issue 30 item 10 (hygiene), through the gateway:
 * - every cookie the product sets has the `__Host-` prefix (Secure, Path=/, no Domain): the session
 *   cookies and the sign-in challenge lacked it, so a sibling subdomain could plant or shadow them;
 * - free-text reasons and memos refuse NUL, ESC and other control or format characters (names already
 *   did), with a field error and nothing written;
 * - query strings are parsed as strictly as bodies: a route without query parameters refuses any, a
 *   route with some refuses those it does not know and repeated ones.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { createOperator, createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { pinClock } from '../support/test-clock.js';

const stack = useTestStack();
const INVISIBLE = '制御文字や書式制御文字（文字の向きを変える記号など）は使用できません';
let tenant: TestTenant;
let admin: HttpClient;
let staff: HttpClient;

beforeAll(async () => {
  // A Wednesday, so the requests below are for working days.
  pinClock('2026-11-25', '10:00');
  tenant = await createTenant({ employees: 1, name: '衛生検査株式会社' });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  staff = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
});

describe('cookies', () => {
  it('every cookie set on sign-in, for every role, is a __Host- cookie', async () => {
    const operator = await createOperator(stack.baseUrl);
    const users = [
      ['/users/sign_in', 'user', tenant.employees[0]!],
      ['/companies/sign_in', 'company', tenant.admin],
      ['/operators/sign_in', 'operator', operator],
    ] as const;
    for (const [path, key, user] of users) {
      const client = createHttpClient(stack.baseUrl);
      const session = await client.get('/api/v1/session');
      const res = await client.post(path, { [key]: { email: user.email, password: user.password } });
      expect(res.status).toBeLessThan(300);
      const set = [...session.cookies, ...res.cookies];
      expect(set.length).toBeGreaterThan(1);
      for (const cookie of set) {
        expect(cookie, path).toMatch(/^__Host-/);
        expect(cookie).toMatch(/; Path=\/(;|$)/);
        expect(cookie).toMatch(/; Secure(;|$)/);
        expect(cookie).not.toMatch(/; Domain=/i);
      }
    }
  });
});

describe('free-text reasons and memos', () => {
  it('refuse NUL and ESC with a field error and write nothing', async () => {
    const bad = ['直行\u0000します', '理由\u001b[31m赤', '\u202e逆向き'];
    const before = await tableSnapshot(stack.tableName);
    for (const text of bad) {
      const cases: [HttpClient, string, Record<string, unknown>, string][] = [
        [staff, '/api/v1/timestamps', { note: text }, 'note'],
        [staff, '/api/v1/over_work_requests', { year: 2026, month: 11, day: 26, reason: text }, 'reason'],
        [
          staff,
          '/api/v1/modify_timestamps',
          { year: 2026, month: 11, day: 24, punch_in_at: '09:00', punch_out_at: '18:00', reason: text },
          'reason',
        ],
        [
          admin,
          `/api/v1/paid_leave/employees/${tenant.employees[0]!.id}/grants`,
          { granted_on: '2026-10-01', days: 1, kind: 'extra', reason: text },
          'reason',
        ],
      ];
      for (const [client, path, body, field] of cases) {
        const res = await client.post(path, body);
        expect(res.status, `${path} ${JSON.stringify(text)}`).toBe(400);
        expect(res.body.errors?.[field], `${path} ${JSON.stringify(text)}`).toEqual([INVISIBLE]);
      }
      const reopen = await admin.delete(`/api/v1/period_closings/2026-10`, { reason: text });
      expect(reopen.status).toBe(400);
      expect(reopen.body.errors?.reason).toEqual([INVISIBLE]);
    }
    expect(await tableSnapshot(stack.tableName)).toBe(before);
    // Line breaks and tabs are what a reason is made of.
    const fine = await staff.post('/api/v1/over_work_requests', {
      year: 2026,
      month: 11,
      day: 26,
      reason: '取引先対応のため\n\t19時まで',
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
  });
});

describe('query strings', () => {
  it('are as strict as bodies: unknown, repeated and unexpected parameters are a 400', async () => {
    for (const path of [
      // No query parameters at all on these routes.
      '/api/v1/timestamps/today?debug=1',
      '/api/v1/employees/info?role=admin',
      '/api/v1/departments?limit=1000',
      // Routes with parameters: one they do not know, one given twice.
      '/api/v1/timestamps?year=2026&month=11&company_id=other',
      '/api/v1/timestamps?year=2026&year=2025&month=11',
    ]) {
      const client = path.startsWith('/api/v1/timestamps') || path.startsWith('/api/v1/employees/info') ? staff : admin;
      const res = await client.get(path);
      expect(res.status, path).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await staff.get('/api/v1/timestamps/today')).status).toBe(200);
    expect((await staff.get('/api/v1/timestamps?year=2026&month=11')).status).toBe(200);
  });
});
