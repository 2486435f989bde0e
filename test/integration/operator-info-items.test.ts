/**
 * Announcements written by the operator: Japan-time `yyyy-mm-dd hh:mm:ss` in, UTC instants stored,
 * impossible dates and empty windows refused with nothing written, banners only inside the window.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/db/service.js';
import { MESSAGES } from '../../functions/shared/messages.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { createOperator, createTenant, signIn } from '../support/tenant.js';
import { testNow } from '../support/test-clock.js';

const stack = useTestStack();

let operator: HttpClient;
let admin: HttpClient;
let employee: HttpClient;

const item = (overrides: Record<string, unknown> = {}) => ({
  title: 'メンテナンスのお知らせ',
  detail_text: '4月1日 9時から10時までメンテナンスを行います。\nご不便をおかけします。',
  start_at: '2026-04-01 09:00:00',
  end_at: '2026-04-01 10:00:00',
  ...overrides,
});

const count = async () => (await db().entities.InfoItem.query.byId({}).go({ pages: 'all' })).data.length;

/** `yyyy-mm-dd hh:00:00` in Japan time, `hours` from now. */
function japanHour(hours: number): string {
  const d = new Date(testNow().getTime() + hours * 3_600_000 + 9 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:00:00`;
}

beforeAll(async () => {
  const tenant = await createTenant({ employees: 1 });
  operator = await signIn(stack.baseUrl, 'operator', await createOperator(stack.baseUrl));
  admin = await signIn(stack.baseUrl, 'admin', tenant.admin);
  employee = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
});

describe('POST /api/v1/info_items', () => {
  it('stores the Japan-time window as UTC instants and returns the announcement', async () => {
    const res = await operator.post('/api/v1/info_items', item());
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-z]{26}$/),
      title: 'メンテナンスのお知らせ',
      detail_text: item().detail_text,
      start_at: '2026-04-01T00:00:00.000Z',
      end_at: '2026-04-01T01:00:00.000Z',
    });
    const list = await operator.get('/api/v1/info_items');
    expect(list.body.data.map((i: { id: string }) => i.id)).toContain(res.body.data.id);
    expect((await operator.get(`/api/v1/info_items/${res.body.data.id}`)).body.data.title).toBe(
      'メンテナンスのお知らせ',
    );
  });

  it('refuses impossible date-times with 日時が不正です and writes nothing', async () => {
    const before = await count();
    const cases: [string, Record<string, string>][] = [
      ['Feb 30', { start_at: '2026-02-30 09:00:00' }],
      ['Feb 29 in a common year', { end_at: '2027-02-29 09:00:00' }],
      ['month 13', { start_at: '2026-13-01 09:00:00' }],
      ['hour 24', { start_at: '2026-04-01 24:00:00' }],
      ['minute 60', { end_at: '2026-04-01 10:60:00' }],
      ['slashes', { start_at: '2026/04/01 09:00:00' }],
      ['ISO form', { start_at: '2026-04-01T09:00:00Z' }],
      ['empty', { end_at: '' }],
    ];
    for (const [label, override] of cases) {
      const res = await operator.post('/api/v1/info_items', item(override));
      expect(res.status, label).toBe(400);
      expect(res.body.message, label).toBe(MESSAGES.invalidDateTime);
      expect(Object.keys(res.body.errors), label).toEqual(Object.keys(override));
    }
    expect(await count()).toBe(before);
  });

  it('accepts Feb 29 in a leap year', async () => {
    const res = await operator.post(
      '/api/v1/info_items',
      item({ start_at: '2028-02-29 23:00:00', end_at: '2028-03-01 00:00:00' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.start_at).toBe('2028-02-29T14:00:00.000Z');
  });

  it('refuses an end before or equal to the start, writing nothing', async () => {
    const before = await count();
    for (const end_at of ['2026-04-01 08:00:00', '2026-04-01 09:00:00']) {
      const res = await operator.post('/api/v1/info_items', item({ end_at }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.endBeforeStart);
    }
    expect(await count()).toBe(before);
  });

  it('refuses a missing or too long title or body, and unknown fields', async () => {
    const before = await count();
    for (const body of [
      item({ title: '' }),
      item({ title: 'あ'.repeat(101) }),
      item({ detail_text: ' ' }),
      item({ detail_text: 'x'.repeat(5001) }),
      { ...item(), id: 'x' },
    ]) {
      const res = await operator.post('/api/v1/info_items', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.registrationDefect);
    }
    expect(
      (await operator.post('/api/v1/info_items', item({ title: 'あ'.repeat(100), detail_text: 'x'.repeat(5000) })))
        .status,
    ).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});

describe('PUT and DELETE /api/v1/info_items/{id}', () => {
  it('updates an announcement; a refused update changes nothing', async () => {
    const id: string = (await operator.post('/api/v1/info_items', item())).body.data.id;
    const res = await operator.put(
      `/api/v1/info_items/${id}`,
      item({ title: '更新後', end_at: '2026-04-02 18:00:00' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, title: '更新後', end_at: '2026-04-02T09:00:00.000Z' });

    const bad = await operator.put(
      `/api/v1/info_items/${id}`,
      item({ title: '変更されない', start_at: '2026-04-31 00:00:00' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MESSAGES.invalidDateTime);
    const backwards = await operator.put(
      `/api/v1/info_items/${id}`,
      item({ title: '変更されない', start_at: '2026-05-01 00:00:00' }),
    );
    expect(backwards.status).toBe(400);
    expect((await operator.get(`/api/v1/info_items/${id}`)).body.data).toMatchObject({
      title: '更新後',
      end_at: '2026-04-02T09:00:00.000Z',
    });
  });

  it('answers 404 for an unknown id and does not create it', async () => {
    const before = await count();
    expect((await operator.put('/api/v1/info_items/01jx7zzzzzzzzzzzzzzzzzzzzz', item())).status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('deletes an announcement; deleting it again is 404', async () => {
    const id: string = (await operator.post('/api/v1/info_items', item())).body.data.id;
    const res = await operator.delete(`/api/v1/info_items/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id });
    expect((await operator.get(`/api/v1/info_items/${id}`)).status).toBe(404);
    expect((await operator.delete(`/api/v1/info_items/${id}`)).status).toBe(404);
  });
});

describe('display window', () => {
  it('shows staff and admins only the announcements on display now; the operator sees all', async () => {
    const current = (
      await operator.post(
        '/api/v1/info_items',
        item({ title: '表示中', start_at: japanHour(-1), end_at: japanHour(2) }),
      )
    ).body.data.id;
    const future = (
      await operator.post('/api/v1/info_items', item({ title: '予約', start_at: japanHour(3), end_at: japanHour(5) }))
    ).body.data.id;
    const past = (
      await operator.post('/api/v1/info_items', item({ title: '終了', start_at: japanHour(-5), end_at: japanHour(-1) }))
    ).body.data.id;

    for (const client of [admin, employee]) {
      const ids = (await client.get('/api/v1/info_items')).body.data.map((i: { id: string }) => i.id);
      expect(ids).toContain(current);
      expect(ids).not.toContain(future);
      expect(ids).not.toContain(past);
      expect((await client.get(`/api/v1/info_items/${current}`)).status).toBe(200);
      expect((await client.get(`/api/v1/info_items/${future}`)).status).toBe(404);
    }
    const all = (await operator.get('/api/v1/info_items')).body.data.map((i: { id: string }) => i.id);
    expect(all).toEqual(expect.arrayContaining([current, future, past]));
  });
});
