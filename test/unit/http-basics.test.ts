import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { csrfMatches, newCsrfToken } from '../../functions/shared/auth/csrf.js';
import { ConflictError, NotFoundError, toHttp } from '../../functions/shared/errors.js';
import { parseCookies, serializeCookie } from '../../functions/shared/http.js';
import { MESSAGES } from '../../functions/shared/messages.js';

describe('csrf double submit', () => {
  it('matches only an identical, well-formed token', () => {
    const t = newCsrfToken('sid-1');
    expect(csrfMatches(t, t, 'sid-1')).toBe(true);
    expect(csrfMatches(t, newCsrfToken('sid-1'), 'sid-1')).toBe(false);
    expect(csrfMatches(t, undefined, 'sid-1')).toBe(false);
    expect(csrfMatches(undefined, t, 'sid-1')).toBe(false);
    expect(csrfMatches('short', 'short', undefined)).toBe(false);
    // Bound to the session: another session's (or no session's) token is refused, and so is a forgery.
    expect(csrfMatches(t, t, 'sid-2')).toBe(false);
    expect(csrfMatches(t, t, undefined)).toBe(false);
    const anonymous = newCsrfToken(undefined);
    expect(csrfMatches(anonymous, anonymous, undefined)).toBe(true);
    const forged = `${'a'.repeat(24)}.${'b'.repeat(43)}`;
    expect(csrfMatches(forged, forged, undefined)).toBe(false);
  });
});

describe('cookies', () => {
  it('serialises session cookies as HttpOnly, Secure and SameSite=Strict', () => {
    const c = serializeCookie('__Host-kintai_sid', 'abc', { maxAgeSeconds: 60 });
    expect(c).toBe('__Host-kintai_sid=abc; Path=/; Secure; SameSite=Strict; HttpOnly; Max-Age=60');
    expect(serializeCookie('csrf_token', 'x', { httpOnly: false })).not.toContain('HttpOnly');
  });

  it('parses API Gateway cookie arrays and ignores malformed entries', () => {
    expect(parseCookies(['a=1', 'b=x%20y', 'bad', 'c=%E0%A4%A'])).toEqual({ a: '1', b: 'x y' });
    expect(parseCookies(undefined, 'a=1; b=2')).toEqual({ a: '1', b: '2' });
  });
});

describe('error mapping table', () => {
  it('maps typed errors to their status and message', () => {
    expect(toHttp(new NotFoundError())).toMatchObject({
      statusCode: 404,
      body: { message: MESSAGES.resourceNotFound },
    });
    expect(toHttp(new ConflictError())).toMatchObject({ statusCode: 409 });
  });

  it('maps zod errors to 400 with field errors', () => {
    const r = z.object({ name: z.string() }).safeParse({});
    const mapped = toHttp(r.error);
    expect(mapped.statusCode).toBe(400);
    expect(mapped.body.errors?.name).toHaveLength(1);
  });

  it('maps AWS throttling and conditional failures without leaking names', () => {
    const throttled = Object.assign(new Error('x'), { name: 'ProvisionedThroughputExceededException', $metadata: {} });
    expect(toHttp(throttled)).toMatchObject({
      statusCode: 429,
      body: { message: MESSAGES.tooManyRequests },
      retryAfterSeconds: 1,
    });
    const cond = Object.assign(new Error('x'), { name: 'ConditionalCheckFailedException', $metadata: {} });
    expect(toHttp(cond).statusCode).toBe(409);
  });

  it('turns unknown errors into a fixed 500 body', () => {
    const mapped = toHttp(new TypeError('secret internals at /var/task/index.mjs'));
    expect(mapped).toMatchObject({ statusCode: 500, body: { message: MESSAGES.internalError }, log: true });
    expect(JSON.stringify(mapped.body)).not.toContain('secret');
  });
});
