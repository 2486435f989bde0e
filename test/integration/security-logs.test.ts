/**
 * Log hygiene (issue 7 §5): at LOG_LEVEL=DEBUG, everything the API writes to stdout/stderr during a
 * sign-in, a failed sign-in, a staff registration, a phone-number change, a refused request and two
 * server errors (a failing DynamoDB write, a failing Cognito call) contains no password, cookie,
 * token, presigned URL, e-mail address or phone number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { logger } from '../../functions/shared/logger.js';
import { createHttpClient } from '../support/http-client.js';
import { injectCognitoFetchFault, injectDynamoFault } from '../support/security/faults.js';
import { useTestStack } from '../support/stack.js';
import { PASSWORD, createTenant, signIn, type TestTenant } from '../support/tenant.js';

const stack = useTestStack();

let tenant: TestTenant;
const captured: string[] = [];
const restore: (() => void)[] = [];
let savedLevel: string;

function capture() {
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write;
    stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      captured.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      return (original as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof stream.write;
    restore.push(() => {
      stream.write = original;
    });
  }
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[method];
    console[method] = (...args: unknown[]) => {
      captured.push(
        args
          .map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a)))
          .join(' '),
      );
      original(...args);
    };
    restore.push(() => {
      console[method] = original;
    });
  }
}

beforeAll(async () => {
  tenant = await createTenant({ employees: 1, name: 'ログ株式会社' });
  savedLevel = logger.getLevelName();
  logger.setLogLevel('DEBUG');
});

afterAll(() => {
  while (restore.length) restore.pop()!();
  logger.setLogLevel(savedLevel as 'INFO');
});

describe('logs never contain secrets or personal data', () => {
  it('through sign-in, failed sign-in, staff registration, phone change, a refusal and server errors', async () => {
    const secrets: string[] = [PASSWORD, tenant.admin.email, tenant.employees[0]!.email];
    const wrongPassword = 'Wrong#Secret-4711';
    const newStaff = {
      last_name: 'ログ',
      first_name: '花子',
      email: `log-staff-${Date.now()}@example.test`,
      password: 'Temp#LogSecret-2026',
    };
    const phone = '090-8765-4321';
    secrets.push(wrongPassword, newStaff.email, newStaff.password, phone, phone.replaceAll('-', ''), '+819087654321');

    capture();
    // Sign-in (and the cookies and tokens it hands out).
    const employee = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
    const admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
    for (const client of [employee, admin]) {
      for (const [, value] of client.cookies) {
        const decoded = decodeURIComponent(value);
        secrets.push(decoded);
        // Each JWT segment alone identifies the token too.
        if (decoded.split('.').length === 3) secrets.push(...decoded.split('.').filter((s) => s.length > 20));
      }
    }
    const { data: session } = await db()
      .entities.Session.get({ sessionId: decodeURIComponent(employee.cookie('__Host-kintai_sid')!) })
      .go();
    if (session?.refreshToken) secrets.push(session.refreshToken);

    // A failed sign-in.
    const anonymous = createHttpClient(stack.baseUrl);
    await anonymous.get('/api/v1/session');
    expect(
      (await anonymous.post('/users/sign_in', { user: { email: tenant.employees[0]!.email, password: wrongPassword } }))
        .status,
    ).toBe(401);

    // Staff registration and a phone change.
    expect((await admin.post('/api/v1/employees', newStaff)).status).toBe(201);
    expect((await employee.put('/api/v1/employees/update_cell', { cell: phone })).status).toBe(200);

    // A refused request carrying personal data in its body.
    expect((await admin.post('/api/v1/employees', { ...newStaff, password: 'short' })).status).toBe(400);

    // Server errors: a failing DynamoDB write during the phone change, a failing Cognito sign-in.
    const fault = injectDynamoFault({
      commands: ['UpdateCommand'],
      error: () => new Error('simulated storage failure'),
    });
    expect((await employee.put('/api/v1/employees/update_cell', { cell: phone })).status).toBe(500);
    fault.restore();
    const undoCognito = injectCognitoFetchFault(stack.env.COGNITO_ENDPOINT!, 'InitiateAuth', 'internal-error');
    expect(
      (await anonymous.post('/users/sign_in', { user: { email: tenant.admin.email, password: PASSWORD } })).status,
    ).toBe(503);
    undoCognito();
    while (restore.length) restore.pop()!();

    const log = captured.join('\n');
    // The capture worked: the refusal and the failures were logged.
    expect(log).toMatch(/request refused/);
    expect(log).toMatch(/request failed/);
    const found = [...new Set(secrets)].filter((s) => s && log.includes(s));
    expect(found).toEqual([]);
    expect(log).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.-]+/); // any e-mail address
    expect(log).not.toMatch(/eyJ[\w-]{10,}\.eyJ[\w-]{10,}/); // any JWT
    expect(log).not.toMatch(/X-Amz-(Signature|Credential)=/i); // any presigned URL
    expect(log).not.toMatch(/\b0[789]0-?\d{4}-?\d{4}\b/); // any mobile number
    console.log(
      `SECURITY FIGURES: log hygiene — ${captured.length} log writes at DEBUG scanned for ${new Set(secrets).size} secret values and 4 patterns: 0 found`,
    );
  });
});
