/**
 * The landing page's contact form: public POST, validated, stored for the operator (newest first),
 * and rate-limited per client address through a DynamoDB counter (5 per 10 minutes).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { consumeRateLimit } from '../../functions/db/rate-limits.js';
import { db } from '../../functions/db/service.js';
import { MESSAGES } from '../../functions/shared/messages.js';
import { createHttpClient, type HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { createOperator, createTenant, signIn } from '../support/tenant.js';
import { testNow } from '../support/test-clock.js';

const stack = useTestStack();

let operator: HttpClient;

const inquiry = (overrides: Record<string, unknown> = {}) => ({
  name: '問合 太郎',
  company: '株式会社見込み',
  email: 'prospect@example.test',
  message: '料金プランについて詳しく知りたいです。',
  ...overrides,
});

async function visitor() {
  const client = createHttpClient(stack.baseUrl);
  await client.get('/api/v1/session');
  return client;
}

const stored = async () => (await db().entities.Inquiry.query.byId({}).go({ pages: 'all' })).data;

beforeAll(async () => {
  operator = await signIn(stack.baseUrl, 'operator', await createOperator(stack.baseUrl));
});

describe('contact form', () => {
  it('refuses invalid posts (400) without storing or counting them', async () => {
    const client = await visitor();
    const cases = [
      inquiry({ name: '' }),
      inquiry({ name: 'あ'.repeat(51) }),
      inquiry({ company: ' ' }),
      inquiry({ email: 'no-at-sign' }),
      inquiry({ message: '' }),
      inquiry({ message: 'x'.repeat(2001) }),
      { ...inquiry(), phone: '03' },
      { name: 'only a name' },
    ];
    // More refusals than the rate limit allows: refused posts must not use up the visitor's quota.
    for (const body of [...cases, ...cases]) {
      const res = await client.post('/api/v1/inquiries', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.invalidRequest);
    }
    expect(await stored()).toHaveLength(0);
  });

  it('needs the CSRF token like every state-changing call', async () => {
    const client = await visitor();
    expect((await client.post('/api/v1/inquiries', inquiry(), { csrf: false })).status).toBe(403);
  });

  it('stores a valid inquiry, which the operator reads newest first; 429 after five in ten minutes', async () => {
    const client = await visitor();
    for (let i = 1; i <= 5; i++) {
      const res = await client.post('/api/v1/inquiries', inquiry({ message: `お問い合わせ ${i}` }));
      expect(res.status, `post ${i}`).toBe(201);
      expect(res.body.data.id).toMatch(/^[0-9a-z]{26}$/);
    }
    // Another browser from the same address shares the limit: it is per address, not per cookie.
    const other = await visitor();
    const limited = await other.post('/api/v1/inquiries', inquiry({ message: '6件目' }));
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(MESSAGES.tooManyRequests);
    // Until the ten-minute window ends, at most.
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    expect(await stored()).toHaveLength(5);

    const list = await operator.get('/api/v1/inquiries');
    expect(list.status).toBe(200);
    expect(list.body.data.map((i: { message: string }) => i.message)).toEqual(
      [5, 4, 3, 2, 1].map((n) => `お問い合わせ ${n}`),
    );
    expect(list.body.data[0]).toEqual({
      id: expect.any(String),
      name: '問合 太郎',
      company: '株式会社見込み',
      email: 'prospect@example.test',
      message: 'お問い合わせ 5',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('keeps no address in the counter items, and a new window starts a new count', async () => {
    const { data } = await db().entities.RateLimit.scan.go();
    expect(data.length).toBeGreaterThan(0);
    for (const counter of data) {
      expect(counter.bucket).not.toContain('127.0.0.1');
      expect(counter.expiresAt).toBeGreaterThan(testNow().getTime() / 1000);
    }
    const rule = { bucket: 'test#window', limit: 2, windowSeconds: 600 };
    const t0 = new Date('2026-04-01T00:00:00Z');
    await consumeRateLimit(rule, t0);
    await consumeRateLimit(rule, new Date(t0.getTime() + 60_000));
    await expect(consumeRateLimit(rule, new Date(t0.getTime() + 120_000))).rejects.toMatchObject({ statusCode: 429 });
    await expect(consumeRateLimit(rule, new Date(t0.getTime() + 600_000))).resolves.toBeUndefined();
  });

  it('lets only the operator read inquiries', async () => {
    const tenant = await createTenant({ employees: 1 });
    expect((await (await signIn(stack.baseUrl, 'admin', tenant.admin)).get('/api/v1/inquiries')).status).toBe(403);
    expect(
      (await (await signIn(stack.baseUrl, 'employee', tenant.employees[0]!)).get('/api/v1/inquiries')).status,
    ).toBe(403);
    expect((await (await visitor()).get('/api/v1/inquiries')).status).toBe(401);
  });
});
