import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadArea } from '../../frontend/src/i18n';
import {
  buildHeaders,
  createApiClient,
  CSRF_HEADER,
  readCookie,
  SESSION_PATH,
  toResult,
  withQuery,
} from '../../frontend/src/lib/api';
import { parseSession } from '../../frontend/src/lib/session';
import { MESSAGES } from '../../functions/shared/messages';

// The client's own failure message is the catalogue's (issue 31): Japanese here.
beforeAll(() => loadArea('common'));

interface Call {
  url: string;
  init: RequestInit;
}

/** A browser stand-in: a cookie jar the fake server writes to, and a log of requests. */
function fakeBrowser(opts: { cookie?: string; respond?: (call: Call) => Response | Promise<Response> } = {}) {
  const jar = { cookie: opts.cookie ?? '' };
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    if (url === SESSION_PATH) {
      // What GET /api/v1/session does in the browser: Set-Cookie lands in document.cookie.
      jar.cookie = 'theme=dark; __Host-csrf=issued-token';
      return Response.json({ data: null });
    }
    return opts.respond ? opts.respond(call) : Response.json({ data: { ok: true } });
  });
  const client = createApiClient({ fetch, cookies: () => jar.cookie });
  return { client, calls, fetch };
}

const headerOf = (call: Call | undefined, name: string) =>
  (call?.init.headers as Record<string, string> | undefined)?.[name];

describe('readCookie', () => {
  it('finds one cookie among several, decoding its value', () => {
    expect(readCookie('a=1; __Host-csrf=abc%2Bdef; b=2', '__Host-csrf')).toBe('abc+def');
  });

  it('does not match a cookie whose name merely ends with the name', () => {
    expect(readCookie('x___Host-csrf=nope', '__Host-csrf')).toBeNull();
  });

  it('treats a missing or empty cookie as absent', () => {
    expect(readCookie('', '__Host-csrf')).toBeNull();
    expect(readCookie('__Host-csrf=', '__Host-csrf')).toBeNull();
  });
});

describe('buildHeaders', () => {
  it('adds the CSRF header to state-changing calls only', () => {
    expect(buildHeaders('POST', { csrfToken: 't', hasBody: true })).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      [CSRF_HEADER]: 't',
    });
    expect(buildHeaders('DELETE', { csrfToken: 't', hasBody: false })).toEqual({
      Accept: 'application/json',
      [CSRF_HEADER]: 't',
    });
    expect(buildHeaders('GET', { csrfToken: 't', hasBody: false })).toEqual({ Accept: 'application/json' });
  });
});

describe('withQuery', () => {
  it('appends defined values and drops empty ones', () => {
    expect(withQuery('/api/v1/timestamps', { year: 2025, month: 4, id: undefined, q: '' })).toBe(
      '/api/v1/timestamps?year=2025&month=4',
    );
  });
});

describe('api client CSRF handling', () => {
  it('echoes the __Host-csrf cookie on a POST without asking the session route', async () => {
    // Prepare
    const { client, calls } = fakeBrowser({ cookie: '__Host-csrf=tok123' });
    // Act
    const res = await client.post('/users/sign_in', { user: { email: 'a@example.com', password: 'pw' } });
    // Assess
    expect(res).toEqual({ ok: true, status: 200, data: { ok: true }, message: null, errors: null });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(headerOf(calls[0], CSRF_HEADER)).toBe('tok123');
    expect(calls[0]?.init.body).toBe('{"user":{"email":"a@example.com","password":"pw"}}');
  });

  it('fetches the session first when the cookie is missing, once for concurrent calls', async () => {
    const { client, calls } = fakeBrowser();

    await Promise.all([client.put('/api/v1/employees/update_cell', { cell: '090' }), client.delete('/users/sign_out')]);

    const [first, ...rest] = calls;
    expect(`${first?.init.method} ${first?.url}`).toBe(`GET ${SESSION_PATH}`);
    expect(rest.map((c) => `${c.init.method} ${c.url}`).sort()).toEqual([
      'DELETE /users/sign_out',
      'PUT /api/v1/employees/update_cell',
    ]);
    expect(rest.map((c) => headerOf(c, CSRF_HEADER))).toEqual(['issued-token', 'issued-token']);
  });

  it('never sends the CSRF header or primes the cookie on a GET', async () => {
    const { client, calls } = fakeBrowser();

    await client.get('/api/v1/departments');

    expect(calls).toHaveLength(1);
    expect(headerOf(calls[0], CSRF_HEADER)).toBeUndefined();
  });
});

describe('api client results', () => {
  it('returns the server message and field errors on failure', async () => {
    const { client } = fakeBrowser({
      cookie: '__Host-csrf=t',
      respond: () =>
        Response.json({ message: MESSAGES.registrationDefect, errors: { name: ['必須です'] } }, { status: 422 }),
    });

    const res = await client.post('/api/v1/departments', { name: '' });

    expect(res).toEqual({
      ok: false,
      status: 422,
      data: null,
      message: MESSAGES.registrationDefect,
      errors: { name: ['必須です'] },
      // The body as answered: the few answers that carry more (the sign-in's company choice) read it.
      body: { message: MESSAGES.registrationDefect, errors: { name: ['必須です'] } },
    });
  });

  it('reports a network failure as 通信に失敗しました', async () => {
    const client = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      cookies: () => '__Host-csrf=t',
    });

    const res = await client.post('/api/v1/timestamps', { note: '' });

    expect(res).toEqual({ ok: false, status: 0, data: null, message: '通信に失敗しました', errors: null });
  });

  it('falls back to the communication message when an error body is not JSON', () => {
    expect(toResult(502, null)).toMatchObject({ ok: false, status: 502, message: MESSAGES.communicationFailed });
  });

  it('tells listeners about a 401 so the session can be dropped', async () => {
    const { client } = fakeBrowser({
      respond: () => Response.json({ message: MESSAGES.unauthenticated }, { status: 401 }),
    });
    const listener = vi.fn();
    client.onUnauthorized(listener);

    const res = await client.get('/api/v1/timestamps/today');

    expect(res.message).toBe(MESSAGES.unauthenticated);
    expect(listener).toHaveBeenCalledOnce();
  });
});

describe('parseSession', () => {
  it('accepts the documented session shape and rejects anything else', () => {
    expect(
      parseSession({ role: 'admin', user_name: '山田 花子', company_name: '株式会社テスト', admin_flag: 0 }),
    ).toEqual({
      role: 'admin',
      user_name: '山田 花子',
      company_name: '株式会社テスト',
      admin_flag: 0,
    });
    expect(parseSession(null)).toBeNull();
    expect(parseSession({ role: 'root', user_name: 'x' })).toBeNull();
  });
});
