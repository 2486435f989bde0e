import { COOKIE } from '../../shared/auth/cookies.js';
import { csrfBound, newCsrfToken } from '../../shared/auth/csrf.js';
import { ok, serializeCookie } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { sessionView } from '../../services/sessions/session-view.js';

/** Public: who is signed in (or null), and the CSRF cookie the SPA needs before its first POST. */
export const handler = api('get-session', { optionalAuth: true }, async ({ principal, cookies, language }) => {
  // A missing token, or one not bound to the session cookie this browser now holds, is replaced.
  const sessionId = cookies[COOKIE.session];
  const setCookies = csrfBound(cookies[COOKIE.csrf], sessionId)
    ? []
    : [serializeCookie(COOKIE.csrf, newCsrfToken(sessionId), { httpOnly: false })];
  // principal is null for anonymous callers of this public route.
  return ok(principal ? { ...sessionView(principal), language: await language() } : null, setCookies);
});
