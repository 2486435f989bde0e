import { randomBytes } from 'node:crypto';
import type { Role } from '../../routes.js';
import { db } from '../../db/service.js';
import { serializeCookie } from '../http.js';
import { COOKIE, SESSION_SECONDS } from './cookies.js';
import { pools } from './pools.js';
import { TokenError, verifyIdToken, type KeySource, type VerifiedToken } from './tokens.js';

/** Who is calling. Company and user ids come only from the verified token and the session item. */
export interface Principal {
  role: Role;
  sub: string;
  sessionId: string;
  /** Set for employees and company admins. */
  companyId: string | null;
  /** employee id or admin id; null for the operator. */
  userId: string | null;
  userName: string;
  companyName: string | null;
  /** Company time zone (IANA); Asia/Tokyo for the operator. */
  timeZone: string;
  /** Signed in without the TOTP the pool requires: may only enrol or sign out. */
  mfaPending: boolean;
}

export interface Authenticated {
  principal: Principal;
  /** Set-Cookie values to send back (a renewed ID token). */
  cookies: string[];
}

export const newSessionId = () => randomBytes(32).toString('base64url');

const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface AuthDeps {
  keys?: KeySource;
  refresh?: (role: Role, refreshToken: string) => Promise<string | null>;
}

const defaultRefresh = async (role: Role, refreshToken: string) => {
  // Loaded only when a token has expired: most requests never pay for the Cognito client.
  const { refreshIdToken } = await import('./refresh.js');
  return refreshIdToken(pools()[role], refreshToken);
};

/**
 * Verifies the ID token cookie and requires a live session item for it. Returns null when either is
 * missing, invalid, expired beyond renewal, revoked, or belongs to someone else.
 */
export async function authenticate(cookies: Record<string, string>, deps: AuthDeps = {}): Promise<Authenticated | null> {
  const token = cookies[COOKIE.idToken];
  const sessionId = cookies[COOKIE.session];
  if (!token || !sessionId || sessionId.length > 128 || token.length > 8192) return null;

  let verified: VerifiedToken;
  let expired = false;
  try {
    verified = await verifyIdToken(token, deps.keys);
  } catch (error) {
    if (!(error instanceof TokenError) || !error.expired) return null;
    verified = error.expired;
    expired = true;
  }

  const { data: session } = await db().entities.Session.get({ sessionId }).go();
  if (!session || session.expiresAt <= nowSeconds()) return null;
  if (session.sub !== verified.claims.sub || session.role !== verified.role) return null;

  const companyId = verified.claims['custom:company_id'] ?? null;
  if ((session.companyId ?? null) !== companyId) return null;

  const setCookies: string[] = [];
  if (expired) {
    if (!session.refreshToken) return null;
    const renewed = await (deps.refresh ?? defaultRefresh)(verified.role, session.refreshToken);
    if (!renewed) return null;
    try {
      const again = await verifyIdToken(renewed, deps.keys);
      if (again.claims.sub !== session.sub || again.role !== session.role) return null;
    } catch {
      return null;
    }
    setCookies.push(serializeCookie(COOKIE.idToken, renewed, { maxAgeSeconds: session.expiresAt - nowSeconds() }));
  }

  const userId =
    verified.role === 'employee'
      ? (verified.claims['custom:employee_id'] ?? null)
      : verified.role === 'admin'
        ? (verified.claims['custom:admin_id'] ?? null)
        : null;
  // Tenant users must carry their tenant (and employees their id) in the token itself.
  if (verified.role !== 'operator' && !companyId) return null;
  if (verified.role === 'employee' && !userId) return null;
  return {
    principal: {
      role: verified.role,
      sub: session.sub,
      sessionId,
      companyId,
      userId,
      userName: session.userName,
      companyName: session.companyName ?? null,
      timeZone: session.timeZone ?? 'Asia/Tokyo',
      mfaPending: session.mfaPending === true,
    },
    cookies: setCookies,
  };
}

export const sessionExpiry = () => nowSeconds() + SESSION_SECONDS;
