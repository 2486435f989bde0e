/**
 * The local gateway is the stand-in for CloudFront + API Gateway: these tests pin the HTTP API
 * payload v2 event it builds, its error answers, the SPA serving, and that the shared emulator
 * stack (table per file, pools, bucket) is wired for the handler tests. The routes and handlers here
 * are fakes, so the test does not depend on the product's handlers.
 */
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { AuthFlowType, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { matchPath, type RouteDef } from '../../functions/routes';
import { cognitoClient, s3Client } from '../../lib/local/provision';
import { createGateway, type RouteHandler } from '../../lib/local/gateway';
import { createPoolUser } from '../../functions/shared/pool-users';
import { MESSAGES } from '../../functions/shared/messages';
import { PAGE_PATTERNS } from '../../frontend/src/page-routes';
import { createHttpClient } from '../support/http-client';
import { useTestStack } from '../support/stack';
import { jaErrorBody } from '../support/error-body.js';

const fixture = mkdtempSync(join(tmpdir(), 'kintai-gateway-'));
mkdirSync(join(fixture, 'assets'));
writeFileSync(join(fixture, 'index.html'), '<!doctype html><title>kintai fixture</title><div id="root"></div>');
writeFileSync(join(fixture, 'assets', 'app-abc123.js'), 'console.log("app");');
writeFileSync(
  join(fixture, 'module-handler.mjs'),
  'export const handler = async (event) => ({ statusCode: 200, body: `loaded ${event.routeKey}` });',
);
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

const route = (name: string, method: RouteDef['method'], path: string, handler = `${name}.ts`): RouteDef => ({
  name,
  method,
  path,
  roles: [],
  handler,
  needs: [],
  summary: name,
  area: 'fixture',
});

const ROUTES = [
  route('echo', 'GET', '/api/v1/things/{id}'),
  route('echo-post', 'POST', '/api/v1/things'),
  route('boom', 'GET', '/api/v1/boom'),
  route('cookies', 'POST', '/users/sign_in'),
  route('binary', 'GET', '/api/v1/binary'),
  route('from-file', 'GET', '/api/v1/from-file', 'module-handler.mjs'),
];

const seen: { event: APIGatewayProxyEventV2; context: Context }[] = [];
const lastEvent = () => seen.at(-1)!.event;

const HANDLERS: Record<string, RouteHandler> = {
  echo: async (event, context) => {
    seen.push({ event, context });
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: 'ok' }) };
  },
  'echo-post': async (event, context) => {
    seen.push({ event, context });
    return { statusCode: 201, body: '' };
  },
  boom: async () => {
    throw new Error('secret internal detail');
  },
  cookies: async () => ({
    statusCode: 200,
    cookies: [
      'session=s1; HttpOnly; Secure; SameSite=Strict; Path=/',
      'csrf_token=t1; Secure; SameSite=Strict; Path=/',
    ],
    body: '{}',
  }),
  binary: async () => ({
    statusCode: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8' },
    body: Buffer.from('\uFEFF日付,出勤\n', 'utf8').toString('base64'),
    isBase64Encoded: true,
  }),
};

function findFakeRoute(method: string, path: string) {
  for (const r of ROUTES.filter((x) => x.method === method)) {
    const params = matchPath(r.path, path);
    if (params) return { route: r, params };
  }
  return null;
}

const logged: unknown[] = [];

const stack = useTestStack({
  staticDir: fixture,
  onError: (error) => logged.push(error),
  maxBodyBytes: 1024,
  findRoute: findFakeRoute,
  loadHandler: async (r) => {
    const fake = HANDLERS[r.name];
    if (!fake) throw new Error(`no fake handler for ${r.name}`);
    return fake;
  },
});

describe('API routing', () => {
  it('answers an unknown API path with the Japanese 404 JSON', async () => {
    const res = await createHttpClient(stack.baseUrl).get('/api/v1/no-such-thing');

    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual(jaErrorBody('お探しのページは見つかりませんでした'));
    // Issue 31: the gateway's own refusals follow the error contract, in the browser's language.
    expect(res.body).toMatchObject({ code: 'request.page_not_found', params: {}, fields: [] });
    const en = await createHttpClient(stack.baseUrl).get('/api/v1/no-such-thing', {
      headers: { 'accept-language': 'en' },
    });
    expect(en.body).toMatchObject({
      code: 'request.page_not_found',
      message: 'The page you are looking for could not be found.',
    });
  });

  it('answers a method the path does not have with 404, like API Gateway', async () => {
    const res = await createHttpClient(stack.baseUrl).delete('/api/v1/things/1');

    expect(res.status).toBe(404);
  });

  it('hides a thrown handler error behind a fixed 500 message', async () => {
    const res = await createHttpClient(stack.baseUrl).get('/api/v1/boom');

    expect(res.status).toBe(500);
    expect(res.body).toEqual(jaErrorBody('サーバーでエラーが発生しました。時間をおいて再度お試しください。'));
    expect(JSON.stringify(res.body)).not.toContain('secret');
    expect(String(logged.at(-1))).toContain('secret internal detail');
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await createHttpClient(stack.baseUrl).post('/api/v1/things', { text: 'x'.repeat(2048) });

    expect(res.status).toBe(413);
  });

  it('imports the handler module named by the route when no loader overrides it', async () => {
    const gateway = createGateway({ rootDir: fixture, findRoute: findFakeRoute });
    await new Promise<void>((done) => gateway.listen(0, '127.0.0.1', done));
    const { port } = gateway.address() as AddressInfo;

    const res = await createHttpClient(`http://127.0.0.1:${port}`).get('/api/v1/from-file');
    gateway.close();

    expect(res.status).toBe(200);
    expect(res.body).toBe('loaded GET /api/v1/from-file');
  });
});

describe('HTTP API payload v2 event', () => {
  it('carries route, path, query, cookies, headers and request context', async () => {
    const client = createHttpClient(stack.baseUrl);
    client.setCookie('__Host-csrf', 'tok');
    client.setCookie('session', 'abc');

    const sent = Date.now();
    await client.get('/api/v1/things/th%20ing-1?month=2025-04&tag=a&tag=b&q=%E5%8B%A4', {
      headers: { 'X-Custom-Header': 'Value', 'User-Agent': 'vitest-agent' },
    });
    const answered = Date.now();
    const event = lastEvent();

    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/v1/things/{id}',
      rawPath: '/api/v1/things/th%20ing-1',
      rawQueryString: 'month=2025-04&tag=a&tag=b&q=%E5%8B%A4',
      queryStringParameters: { month: '2025-04', tag: 'a,b', q: '勤' },
      pathParameters: { id: 'th ing-1' },
      cookies: ['__Host-csrf=tok', 'session=abc'],
      isBase64Encoded: false,
      requestContext: {
        accountId: expect.any(String),
        apiId: expect.any(String),
        domainName: '127.0.0.1',
        routeKey: 'GET /api/v1/things/{id}',
        stage: '$default',
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        http: {
          method: 'GET',
          path: '/api/v1/things/th%20ing-1',
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 'vitest-agent',
        },
      },
    });
    expect(event.body).toBeUndefined();
    expect(event.headers['x-custom-header']).toBe('Value');
    expect(event.headers['x-csrf-token']).toBe('tok');
    expect(event.headers['x-forwarded-for']).toBe('127.0.0.1');
    // Payload v2 moves cookies out of the headers.
    expect(event.headers.cookie).toBeUndefined();
    expect(Object.keys(event.headers).every((name) => name === name.toLowerCase())).toBe(true);
    expect(event.requestContext.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
    // Epoch milliseconds of the request: between sending it and the answer, however slow the machine.
    expect(event.requestContext.timeEpoch).toBeGreaterThanOrEqual(sent);
    expect(event.requestContext.timeEpoch).toBeLessThanOrEqual(answered);
  });

  it('omits query, path parameters and cookies when the request has none', async () => {
    await createHttpClient(stack.baseUrl).post('/api/v1/things', { name: '営業部' });
    const event = lastEvent();

    expect(event.queryStringParameters).toBeUndefined();
    expect(event.pathParameters).toBeUndefined();
    expect(event.cookies).toBeUndefined();
    expect(event.rawQueryString).toBe('');
    expect(event.body).toBe('{"name":"営業部"}');
    expect(event.isBase64Encoded).toBe(false);
  });

  it('base64-encodes a binary request body', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    await fetch(`${stack.baseUrl}/api/v1/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    const event = lastEvent();

    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64')).toEqual(bytes);
  });

  it('passes a Lambda-like context', async () => {
    await createHttpClient(stack.baseUrl).get('/api/v1/things/1');
    const { event, context } = seen.at(-1)!;

    expect(context.awsRequestId).toBe(event.requestContext.requestId);
    expect(context.functionName).toContain('echo');
    expect(context.getRemainingTimeInMillis()).toBeGreaterThan(0);
  });
});

describe('handler results', () => {
  it('sends each cookie as its own Set-Cookie header', async () => {
    const client = createHttpClient(stack.baseUrl);
    const res = await client.post('/users/sign_in', {});

    expect(res.cookies).toHaveLength(2);
    expect(res.cookies[0]).toMatch(/^session=s1; HttpOnly/);
    expect(client.cookie('csrf_token')).toBe('t1');
  });

  it('decodes a base64 body', async () => {
    const res = await fetch(`${stack.baseUrl}/api/v1/binary`);

    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(Buffer.from(await res.arrayBuffer()).toString('utf8')).toBe('\uFEFF日付,出勤\n');
  });
});

describe('SPA serving', () => {
  it('serves index.html for a client-side route, with the CloudFront security headers', async () => {
    const res = await fetch(`${stack.baseUrl}/employees`);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('kintai fixture');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves GET /operators/sign_in as the page (only non-GET goes to the API)', async () => {
    const res = await fetch(`${stack.baseUrl}/operators/sign_in`);

    expect(res.status).toBe(200);
    expect(await res.text()).toContain('kintai fixture');
  });

  it('answers 404 with the app shell for a page path no area router knows, so the app shows its 404 page', async () => {
    for (const path of ['/nope', '/employees/nope', '/management/staff/01HX/nope', '/users/sign_out']) {
      const res = await fetch(`${stack.baseUrl}${path}`);

      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await res.text(), path).toContain('<div id="root"></div>');
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'");
    }
  });

  it('answers 200 for every page of the area routers, including paths with an id', async () => {
    const pages = [
      '/',
      '/employees/',
      '/employees/info_items/01HXAAAA',
      '/management/01HXSTAFF',
      '/management/staff/01HX/edit',
      '/management/paid_leave/01HX',
      '/management/companies/01HX/edit',
      '/companies/sign_in',
      ...PAGE_PATTERNS.map((p) => p.replace(/:id/g, '01HXID').replace(/\/\*$/, '/anything')),
    ];
    for (const path of pages) {
      const res = await fetch(`${stack.baseUrl}${path}`);

      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('kintai fixture');
    }
  });

  it('answers an unknown /api/ path of the real route table with the Japanese 404 JSON, not the shell', async () => {
    const gateway = createGateway({ staticDir: fixture });
    await new Promise<void>((done) => gateway.listen(0, '127.0.0.1', done));
    try {
      const { port } = gateway.address() as AddressInfo;
      for (const method of ['GET', 'POST'] as const) {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/nope`, { method });

        expect(res.status, method).toBe(404);
        expect(res.headers.get('content-type'), method).toMatch(/^application\/json/);
        expect(await res.json(), method).toEqual(jaErrorBody(MESSAGES.notFound));
      }
    } finally {
      await new Promise((done) => gateway.close(done));
    }
  });

  it('serves hashed assets as immutable', async () => {
    const res = await fetch(`${stack.baseUrl}/assets/app-abc123.js`);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a missing asset instead of the app shell', async () => {
    const res = await fetch(`${stack.baseUrl}/assets/missing.js`);

    expect(res.status).toBe(404);
  });

  it('does not serve files outside the static dir', async () => {
    const res = await fetch(`${stack.baseUrl}/..%2f..%2f..%2fetc%2fpasswd`);

    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('root:');
  });
});

describe('the emulator stack of this file', () => {
  it('has its own table and points process.env at it', async () => {
    const table = await stack.dynamo.send(new DescribeTableCommand({ TableName: stack.tableName }));

    expect(process.env.TABLE_NAME).toBe(stack.tableName);
    expect(table.Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual(['gsi1', 'gsi2']);
  });

  it('signs in a user created by the helper, with the issuer the API verifies against', async () => {
    const user = { email: `gateway-${Date.now()}@example.test`, password: 'Test#Passw0rd2026' };
    // Employees are named by the product's id, not their e-mail (issue 30 item 3).
    const username = await createPoolUser({
      role: 'employee',
      email: user.email,
      attributes: { company_id: 'c1', employee_id: 'e1' },
      temporaryPassword: user.password,
      permanent: true,
    });
    const cognito = cognitoClient(stack.env.COGNITO_ENDPOINT);

    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.env.EMPLOYEE_CLIENT_ID,
        AuthFlow: AuthFlowType.USER_PASSWORD_AUTH,
        AuthParameters: { USERNAME: username, PASSWORD: user.password },
      }),
    );
    cognito.destroy();
    expect(username).toBe('c1.e1');

    const idToken = auth.AuthenticationResult?.IdToken ?? '';
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      string
    >;
    expect(claims.iss).toBe(`${stack.env.COGNITO_ISSUER_BASE}/${stack.env.EMPLOYEE_POOL_ID}`);
    expect(claims['custom:company_id']).toBe('c1');
    expect(claims.email).toBe(user.email);
    const jwks = await fetch(`${claims.iss}/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
  });

  it('stores exports in the bucket and hands them out by presigned link', async () => {
    const s3 = s3Client(stack.env.S3_ENDPOINT);
    const key = `exports/${stack.tableName}.csv`;
    await s3.send(
      new PutObjectCommand({ Bucket: stack.env.EXPORTS_BUCKET, Key: key, Body: 'a,b\n', ContentType: 'text/csv' }),
    );

    const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: stack.env.EXPORTS_BUCKET, Key: key }), {
      expiresIn: 300,
    });
    s3.destroy();
    const res = await fetch(url);

    expect(url.startsWith(`${stack.env.S3_ENDPOINT}/${stack.env.EXPORTS_BUCKET}/`)).toBe(true);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('a,b\n');
  });
});
