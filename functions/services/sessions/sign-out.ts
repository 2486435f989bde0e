import { deleteSession, findSession } from '../../db/sessions.js';
import { COOKIE } from '../../shared/auth/cookies.js';
import { newCsrfToken } from '../../shared/auth/csrf.js';
import type { Principal } from '../../shared/auth/session.js';
import { clearCookie, noContent, serializeCookie, type Reply } from '../../shared/http.js';

/**
 * Ends the session server-side: the session item goes, so the same cookies fail on the next request
 * even though Cognito's ID token has not expired yet (cognito-local cannot revoke tokens at all).
 */
export async function signOut(principal: Principal, _cookies: Record<string, string>): Promise<Reply> {
  const session = await findSession(principal.sessionId);
  await deleteSession(principal.sessionId);
  if (session?.refreshToken) {
    // Best effort on AWS (revokes the refresh token); the emulator does not support it.
    const { revokeRefreshToken } = await import('./revoke.js');
    await revokeRefreshToken(principal.role, session.refreshToken);
  }
  return noContent([
    clearCookie(COOKIE.idToken),
    clearCookie(COOKIE.session),
    // Bound to "no session": the session cookie is cleared above.
    serializeCookie(COOKIE.csrf, newCsrfToken(undefined), { httpOnly: false }),
  ]);
}
