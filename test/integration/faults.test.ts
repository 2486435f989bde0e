/**
 * Faults (issue 7 §7): with DynamoDB throttling, a Cognito internal error or a timeout injected into
 * the real handlers (test/support/security/faults.ts), the API answers 429/503 with the generic
 * Japanese body, authorisation fails closed (a failure while reading the session never lets a call
 * through), and nothing is half-written — including the two-store staff registration, whose Cognito
 * user is removed again when the profile write fails. A production configuration that points at
 * local endpoints refuses to serve.
 */
import { AdminCreateUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cognito } from '../../functions/shared/clients/cognito.js';
import { dynamo } from '../../functions/shared/clients/dynamodb.js';
import { env, resetEnvCache } from '../../functions/shared/env.js';
import { MESSAGES } from '../../functions/shared/messages.js';
import { poolUsernamesByEmail } from '../support/pool-users.js';
import { createHttpClient, type HttpClient, type HttpResponse } from '../support/http-client.js';
import {
  awsError,
  injectCognitoFetchFault,
  injectDynamoFault,
  throttled,
  timedOut,
} from '../support/security/faults.js';
import { useTestStack } from '../support/stack.js';
import { tableSnapshot } from '../support/table.js';
import { PASSWORD, createTenant, signIn, type TestTenant } from '../support/tenant.js';
import { testToday } from '../support/test-clock.js';
import { jaErrorBody } from '../support/error-body.js';

const stack = useTestStack();

let tenant: TestTenant;
let employee: HttpClient;
let admin: HttpClient;
const undo: (() => void)[] = [];
const figures: string[] = [];

beforeAll(async () => {
  tenant = await createTenant({ employees: 2, name: '障害試験株式会社' });
  employee = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
});

afterEach(() => {
  while (undo.length) undo.pop()!();
});

const GENERIC = new Set<string>([MESSAGES.tooManyRequests, MESSAGES.serviceUnavailable]);

/** 429/503 with exactly the generic body: no data, no field errors, no AWS wording. */
function expectGeneric(res: HttpResponse, label: string, statuses = [429, 503]) {
  expect(statuses, `${label}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  // Issue 31: the generic body is the contract's, with no field errors and no params.
  expect(Object.keys(res.body).sort()).toEqual(['code', 'fields', 'message', 'params']);
  expect(res.body).toMatchObject({ params: {}, fields: [] });
  expect(['request.too_many', 'request.service_unavailable']).toContain(res.body.code);
  expect(GENERIC.has(res.body.message), res.body.message).toBe(true);
  if (res.status === 429) expect(res.headers.get('retry-after'), label).toBe('1');
  figures.push(`${label} → ${res.status}`);
}

async function sessionCount(): Promise<number> {
  const out = await dynamo().send(
    new ScanCommand({
      TableName: stack.tableName,
      FilterExpression: 'begins_with(pk, :p)',
      ExpressionAttributeValues: { ':p': 'session#' },
    }),
  );
  return out.Count ?? 0;
}

const month = () => testToday().split('-').map(Number) as [number, number, number];

describe('authorisation fails closed', () => {
  it('a throttled or timed-out session read answers 429/503, never the protected data', async () => {
    for (const [label, error] of [
      ['session read throttled', throttled],
      ['session read timed out', timedOut],
    ] as const) {
      // A tenant user's session is read with the company's closure mark (one BatchGetItem).
      const fault = injectDynamoFault({ commands: ['GetCommand', 'BatchGetCommand'], error });
      undo.push(fault.restore);
      expectGeneric(await employee.get('/api/v1/timestamps/today'), label);
      expectGeneric(await admin.get('/api/v1/employees'), `${label} (admin)`);
      expect(fault.failed()).toBeGreaterThan(0);
      fault.restore();
    }
    // And the same sessions work again once DynamoDB does.
    expect((await employee.get('/api/v1/timestamps/today')).status).toBe(200);
  });
});

describe('nothing is half-written', () => {
  it('a throttled punch write answers 429 and stores no punch', async () => {
    const before = await tableSnapshot(stack.tableName);
    const fault = injectDynamoFault({ commands: ['UpdateCommand', 'TransactWriteCommand'], error: throttled });
    undo.push(fault.restore);
    expectGeneric(await employee.post('/api/v1/timestamps', { note: '' }), 'punch write throttled');
    fault.restore();
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('a correction whose transaction times out answers 503 and leaves day and history untouched', async () => {
    const before = await tableSnapshot(stack.tableName);
    const fault = injectDynamoFault({ commands: ['TransactWriteCommand'], error: timedOut });
    undo.push(fault.restore);
    const res = await employee.post('/api/v1/modify_timestamps', {
      year: 2025,
      month: 2,
      day: 3,
      punch_in_at: '09:00',
      punch_out_at: '18:00',
      reason: '',
    });
    expectGeneric(res, 'correction transaction timed out');
    fault.restore();
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
  });

  it('a throttled request filing and a throttled decision change nothing', async () => {
    const [year, mon] = month();
    const before = await tableSnapshot(stack.tableName);
    const fault = injectDynamoFault({ commands: ['TransactWriteCommand'], error: throttled });
    undo.push(fault.restore);
    expectGeneric(
      await employee.post('/api/v1/over_work_requests', { year, month: mon, day: 1 }),
      'request filing throttled',
    );
    fault.restore();
    expect(await tableSnapshot(stack.tableName)).toEqual(before);

    const filed = await employee.post('/api/v1/over_work_requests', { year, month: mon, day: 1 });
    expect(filed.status).toBe(201);
    const afterFiling = await tableSnapshot(stack.tableName);
    const again = injectDynamoFault({ commands: ['TransactWriteCommand'], error: throttled });
    undo.push(again.restore);
    expectGeneric(
      await admin.put(`/api/v1/over_work_requests/${filed.body.data.id}`, { status: 1 }),
      'decision throttled',
    );
    again.restore();
    expect(await tableSnapshot(stack.tableName)).toEqual(afterFiling);
    // The decision can simply be made again.
    expect((await admin.put(`/api/v1/over_work_requests/${filed.body.data.id}`, { status: 1 })).status).toBe(200);
  });

  const newStaff = (tag: string) => ({
    last_name: '障害',
    first_name: tag,
    email: `fault-${tag}-${Date.now()}@example.test`,
    password: 'Temp#Passw0rd2026',
  });

  it('staff registration: a Cognito internal error answers 503 and writes nothing', async () => {
    const before = await tableSnapshot(stack.tableName);
    const mock = mockClient(cognito());
    undo.push(() => mock.restore());
    mock.on(AdminCreateUserCommand).rejects(awsError('InternalErrorException', 'Internal error', 500));
    const body = newStaff('cognito');
    expectGeneric(await admin.post('/api/v1/employees', body), 'staff registration, Cognito internal error');
    mock.restore();
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
    expect(await poolUsernamesByEmail('employee', body.email)).toEqual([]);
  });

  it('staff registration: a throttled profile write answers 429 and the Cognito user is removed again', async () => {
    const before = await tableSnapshot(stack.tableName);
    const fault = injectDynamoFault({ commands: ['PutCommand', 'TransactWriteCommand'], error: throttled });
    undo.push(fault.restore);
    const body = newStaff('dynamo');
    expectGeneric(await admin.post('/api/v1/employees', body), 'staff registration, profile write throttled');
    fault.restore();
    expect(fault.failed()).toBeGreaterThan(0);
    expect(await tableSnapshot(stack.tableName)).toEqual(before);
    expect(await poolUsernamesByEmail('employee', body.email)).toEqual([]);
  });
});

describe('sign-in with Cognito failing', () => {
  for (const outcome of ['internal-error', 'timeout'] as const) {
    it(`answers 503 on a Cognito ${outcome} and starts no session`, async () => {
      const client = createHttpClient(stack.baseUrl);
      await client.get('/api/v1/session');
      const sessions = await sessionCount();
      undo.push(injectCognitoFetchFault(stack.env.COGNITO_ENDPOINT!, 'InitiateAuth', outcome));
      const res = await client.post('/users/sign_in', {
        user: { email: tenant.employees[1]!.email, password: PASSWORD },
      });
      expectGeneric(res, `sign-in, Cognito ${outcome}`, [503]);
      expect(res.cookies.some((c) => c.startsWith('__Host-kintai_sid=') || c.startsWith('__Host-kintai_id='))).toBe(
        false,
      );
      expect(await sessionCount()).toBe(sessions);
    });
  }
});

describe('a production configuration pointing at local endpoints', () => {
  it('refuses to serve: env() throws, and a handler answers the fixed 500 body', async () => {
    const saved = process.env.STAGE;
    try {
      process.env.STAGE = 'prod';
      resetEnvCache();
      expect(() => env()).toThrow(/prod stage points at local emulator endpoints/);
      const { handler } = await import('../../functions/api/health/get-health.js');
      const event = {
        version: '2.0',
        routeKey: 'GET /api/v1/health',
        rawPath: '/api/v1/health',
        rawQueryString: '',
        headers: {},
        requestContext: { http: { method: 'GET', path: '/api/v1/health', sourceIp: '127.0.0.1' }, requestId: 'r' },
        isBase64Encoded: false,
      } as unknown as APIGatewayProxyEventV2;
      const res = (await handler(event, {} as Context)) as { statusCode: number; body: string };
      expect(res.statusCode).toBe(500);
      expect(JSON.parse(res.body)).toEqual(jaErrorBody(MESSAGES.internalError));
      figures.push('STAGE=prod with local endpoints → 500 fixed body');
    } finally {
      process.env.STAGE = saved;
      resetEnvCache();
    }
    expect((await createHttpClient(stack.baseUrl).get('/api/v1/health')).status).toBe(200);
    console.log(`SECURITY FIGURES: faults — ${figures.join('; ')}`);
  });
});
