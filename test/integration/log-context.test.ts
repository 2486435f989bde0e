/**
 * Issue 13 item 7: every log line of a request carries the API Gateway request id, the Lambda request
 * id, the route and the caller's company and user ids — lines written deep in the call included, and
 * two concurrent requests in one process each keep their own ids — and never the e-mail or a token.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../functions/api/departments/create-department.js';
import { dynamo } from '../../functions/shared/clients/dynamodb.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

const stack = useTestStack();
let tenant: TestTenant;
let admin: HttpClient;
const restore: (() => void)[] = [];

beforeAll(async () => {
  tenant = await createTenant({ employees: 0 });
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
});
afterEach(() => {
  while (restore.length) restore.pop()!();
});

function captureLines(): string[] {
  const lines: string[] = [];
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write;
    stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      lines.push(
        ...(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'))
          .split('\n')
          .filter(Boolean),
      );
      return (original as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof stream.write;
    restore.push(() => {
      stream.write = original;
    });
  }
  return lines;
}

/** The department's write fails, and so does the release of the idempotency claim after it (a line from idempotency code). */
function failDepartmentWrites() {
  const client = dynamo() as unknown as {
    send: (command: {
      constructor: { name: string };
      input?: { Item?: Record<string, unknown>; Key?: Record<string, unknown> };
    }) => Promise<unknown>;
  };
  const original = client.send;
  client.send = function (this: unknown, command) {
    const name = command.constructor.name;
    // The department and its name's unique item are one TransactWrite.
    if (name === 'TransactWriteCommand' && JSON.stringify(command.input ?? {}).includes('"__edb_e__":"department"'))
      return Promise.reject(new Error('simulated storage failure'));
    if (name === 'DeleteCommand' && String(command.input?.Key?.sk ?? '').startsWith('idem#'))
      return Promise.reject(new Error('simulated release failure'));
    return original.call(client, command);
  } as typeof client.send;
  restore.push(() => {
    client.send = original;
  });
}

function event(apiRequestId: string, key: string): APIGatewayProxyEventV2 {
  const cookies = [...admin.cookies].map(([name, value]) => `${name}=${value}`);
  return {
    version: '2.0',
    routeKey: 'POST /api/v1/departments',
    rawPath: '/api/v1/departments',
    rawQueryString: '',
    cookies,
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': decodeURIComponent(admin.cookie('__Host-csrf')!),
      'idempotency-key': key,
    },
    requestContext: {
      http: { method: 'POST', path: '/api/v1/departments', sourceIp: '127.0.0.1' },
      requestId: apiRequestId,
    },
    body: JSON.stringify({ name: 'ログ部' }),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}
const context = (awsRequestId: string) =>
  ({ awsRequestId, getRemainingTimeInMillis: () => 10_000 }) as unknown as Context;

describe('log lines of a request', () => {
  it('carry both request ids, the route, company and user — deep lines and concurrent requests included — and no e-mail or token', async () => {
    failDepartmentWrites();
    const lines = captureLines();
    const calls = [
      { api: 'apigw-req-0001', lambda: 'lambda-req-0001', key: 'log-context-0001' },
      { api: 'apigw-req-0002', lambda: 'lambda-req-0002', key: 'log-context-0002' },
    ];
    const answers = await Promise.all(calls.map((c) => handler(event(c.api, c.key), context(c.lambda))));
    while (restore.length) restore.pop()!();
    expect(answers.map((a) => a.statusCode)).toEqual([500, 500]);

    const entries = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const c of calls) {
      const mine = entries.filter((e) => e.api_request_id === c.api);
      // The failure the middleware logs, and the failed release logged from the idempotency code.
      expect(mine.map((e) => e.message).sort()).toEqual(['idempotency claim not released', 'request failed']);
      for (const e of mine) {
        expect(e).toMatchObject({
          lambda_request_id: c.lambda,
          route: 'create-department',
          company_id: tenant.companyId,
          user_id: tenant.admin.id,
        });
      }
    }
    const text = entries.map((e) => JSON.stringify(e)).join('\n');
    expect(text).not.toContain(tenant.admin.email);
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.-]+/);
    expect(text).not.toMatch(/eyJ[\w-]{10,}\.eyJ[\w-]{10,}/);
    for (const [, value] of admin.cookies) expect(text).not.toContain(decodeURIComponent(value));
  });
});

describe('log lines of a background job', () => {
  it('carry the Lambda request id and the job id', async () => {
    const { handler: grantJob } = await import('../../functions/jobs/paid-leave-grants.js');
    const lines = captureLines();
    const result = await grantJob({ id: 'schedule-event-0001' }, context('lambda-job-0001'));
    while (restore.length) restore.pop()!();
    expect(result.companies).toBeGreaterThanOrEqual(1);
    const summary = lines
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => e.message === 'paid-leave grant run');
    expect(summary).toMatchObject({
      lambda_request_id: 'lambda-job-0001',
      job: 'paid-leave-grants',
      job_id: 'schedule-event-0001',
    });
  });
});
