import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../functions/shared/clock.js';
import { db } from '../../functions/db/service.js';
import type { HttpClient } from '../support/http-client.js';
import { useTestStack } from '../support/stack.js';
import { createTenant, signIn, type TestTenant } from '../support/tenant.js';

const stack = useTestStack();
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant({ employees: 4 });
});

const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});

/** Handlers run in this process (through the local gateway), so moving the domain clock moves theirs. */
const at = (iso: string) => {
  clock.now = () => new Date(iso);
};

const days = async (employeeId: string) =>
  (await db().entities.AttendanceDay.query.byEmployee({ companyId: tenant.companyId, employeeId }).go()).data;

describe('punch in and out', () => {
  let client: HttpClient;
  beforeAll(async () => {
    client = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
  });

  it('punches in, then out, then refuses a third punch', async () => {
    at('2026-04-06T00:01:00Z'); // Monday 09:01 in Tokyo
    expect((await client.get('/api/v1/timestamps/today')).body.data).toMatchObject({
      status: 'not_punched_in',
      punch_in_at: null,
    });
    const punchIn = await client.post('/api/v1/timestamps', { note: '在宅' });
    expect(punchIn.status).toBe(200);
    expect(punchIn.body.data).toMatchObject({
      status: 'at_work',
      work_date: '2026-04-06',
      punch_in_at: '2026-04-06T00:01:00.000Z',
      note: '在宅',
    });

    at('2026-04-06T09:02:00Z');
    const punchOut = await client.post('/api/v1/timestamps', {});
    expect(punchOut.body.data).toMatchObject({
      status: 'left_work',
      punch_out_at: '2026-04-06T09:02:00.000Z',
      note: '在宅',
    });

    at('2026-04-06T09:03:00Z');
    const third = await client.post('/api/v1/timestamps', {});
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('本日は退勤済みです。');
    const stored = await days(tenant.employees[0]!.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ punchInAt: '2026-04-06T00:01:00.000Z', punchOutAt: '2026-04-06T09:02:00.000Z' });
  });

  it('refuses a bad memo with 400 and writes nothing', async () => {
    at('2026-04-07T00:00:00Z');
    for (const body of [{ note: 'x'.repeat(201) }, { note: 5 }, { note: 'ok', company_id: 'other' }]) {
      const res = await client.post('/api/v1/timestamps', body);
      expect(res.status).toBe(400);
    }
    expect((await days(tenant.employees[0]!.id)).map((d) => d.workDate)).toEqual(['2026-04-06']);
  });
});

describe('work date in the company zone', () => {
  it('puts a punch at 2026-04-01T15:30Z (00:30 in Tokyo) on 2026-04-02, and closes the night shift there', async () => {
    const e = tenant.employees[1]!;
    const client = await signIn(stack.baseUrl, 'employee', e);
    at('2026-04-01T15:30:00Z');
    const res = await client.post('/api/v1/timestamps', {});
    expect(res.body.data).toMatchObject({ work_date: '2026-04-02', status: 'at_work' });

    // Clock out after the next local midnight: 2026-04-02T15:10Z is 00:10 on 4/3 in Tokyo.
    at('2026-04-02T15:10:00Z');
    const out = await client.post('/api/v1/timestamps', {});
    expect(out.body.data).toMatchObject({ work_date: '2026-04-02', status: 'left_work' });
    expect((await days(e.id)).map((d) => d.workDate)).toEqual(['2026-04-02']);
  });
});

describe('concurrency and retries', () => {
  it('makes two concurrent punches one state change', async () => {
    const e = tenant.employees[2]!;
    const client = await signIn(stack.baseUrl, 'employee', e);
    at('2026-04-08T00:00:00Z');
    const results = await Promise.all([client.post('/api/v1/timestamps', {}), client.post('/api/v1/timestamps', {})]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.every((r) => r.body.data.status === 'at_work')).toBe(true);
    const stored = await days(e.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.punchOutAt).toBeUndefined();
  });

  it('treats a double tap a few seconds apart as one press', async () => {
    const e = tenant.employees[2]!;
    const client = await signIn(stack.baseUrl, 'employee', e);
    at('2026-04-08T00:00:03Z');
    const second = await client.post('/api/v1/timestamps', {});
    expect(second.status).toBe(200);
    expect(second.body.data.status).toBe('at_work');
    // The answer says the press was ignored and when 退勤 is taken (the screen shows it).
    expect(second.body.data.ignored).toEqual({
      reason: 'too_soon_after_punch_in',
      retry_at: '2026-04-08T00:01:00.000Z',
      retry_after_seconds: 57,
    });
    expect((await days(e.id))[0]!.punchOutAt).toBeUndefined();
  });

  it('answers a retried request with the first answer and never punches twice', async () => {
    const e = tenant.employees[3]!;
    const client = await signIn(stack.baseUrl, 'employee', e);
    at('2026-04-09T00:00:00Z');
    const key = { headers: { 'idempotency-key': 'press-0001-abcdef' } };
    const first = await client.post('/api/v1/timestamps', { note: '初回' }, key);
    at('2026-04-09T00:00:05Z');
    const retry = await client.post('/api/v1/timestamps', { note: '初回' }, key);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    const stored = await days(e.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.punchOutAt).toBeUndefined();

    // Another employee sending the same key gets their own punch, never the first answer.
    const other = await signIn(stack.baseUrl, 'employee', tenant.employees[0]!);
    const theirs = await other.post('/api/v1/timestamps', {}, key);
    expect(theirs.body.data.work_date).toBe('2026-04-09');
    expect(theirs.body.data.note).toBeNull();

    expect((await client.post('/api/v1/timestamps', {}, { headers: { 'idempotency-key': 'bad key!' } })).status).toBe(
      400,
    );
  });
});

describe('missed punches', () => {
  it('lists past days with a punch-in and no punch-out', async () => {
    const e = tenant.employees[0]!;
    await db()
      .entities.AttendanceDay.put({
        companyId: tenant.companyId,
        employeeId: e.id,
        workDate: '2026-04-13',
        punchInAt: '2026-04-13T00:00:00.000Z',
      })
      .go();
    const client = await signIn(stack.baseUrl, 'employee', e);
    at('2026-04-15T00:00:00Z');
    const res = await client.get('/api/v1/timestamps/today');
    // 4/9 is the punch-in the idempotency test made for this employee without a punch-out.
    expect(res.body.data.missed_punches).toEqual([{ date: '2026-04-13' }, { date: '2026-04-09' }]);
    expect(res.body.data.status).toBe('not_punched_in');
  });
});
