import { randomBytes, timingSafeEqual } from 'node:crypto';
import { equalStrings, hmac } from '../signing.js';

/**
 * CSRF tokens bound to the session: `<nonce>.<HMAC(session id, nonce)>` under the server's key. A
 * token planted in the browser (another site, a sibling subdomain) is refused unless it was issued
 * for this browser's session cookie; an anonymous browser (sign-in, contact form) gets one bound to
 * "no session". The double-submit check stays: the header must also equal the cookie.
 */
export function newCsrfToken(sessionId: string | undefined): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${hmac('csrf', `${sessionId ?? ''}\n${nonce}`)}`;
}

/** Whether the token was issued by us for this session cookie (or for no session, when absent). */
export function csrfBound(token: string | undefined, sessionId: string | undefined): boolean {
  if (!token || token.length > 128) return false;
  const [nonce = '', signature = '', ...rest] = token.split('.');
  if (rest.length || nonce.length < 16) return false;
  return equalStrings(signature, hmac('csrf', `${sessionId ?? ''}\n${nonce}`));
}

/** Double-submit and binding: the header equals the cookie, and the cookie is bound to the session. */
export function csrfMatches(
  cookie: string | undefined,
  header: string | undefined,
  sessionId: string | undefined,
): boolean {
  if (!cookie || !header || cookie.length !== header.length || cookie.length < 32) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(header)) && csrfBound(cookie, sessionId);
}

/**
 * Browsers say where a request comes from: a state-changing call must be same-origin. Sec-Fetch-Site
 * when sent (every current browser), else Origin against the Host the request was sent to. Clients
 * that send neither (curl, scripts) are not browsers a page can steer: the CSRF token still applies.
 */
export function sameOrigin(headers: Record<string, string | undefined> | undefined): boolean {
  const site = headers?.['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = headers?.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === headers?.host;
  } catch {
    return false; // includes `Origin: null` (sandboxed frames, some redirects)
  }
}

/** Constant-time comparison of a configured secret with a presented value. */
export function secretMatches(expected: string, presented: string | undefined): boolean {
  if (!presented || presented.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(presented), Buffer.from(expected));
}
