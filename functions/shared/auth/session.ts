import { randomBytes } from 'node:crypto';
import type { Role } from '../../routes.js';
import { findSession, findSessionAndClosure } from '../../db/sessions.js';
import { serializeCookie } from '../http.js';
import { COOKIE, SESSION_SECONDS } from './cookies.js';
import { pools } from './pools.js';
import { TokenError, sessionSubject, verifyIdToken, type KeySource, type VerifiedToken } from './tokens.js';

interface PrincipalBase {
  sub: string;
  sessionId: string;
  userName: string;
  /** Company time zone (IANA); Asia/Tokyo for the operator. */
  timeZone: string;
  /** Signed in without the TOTP the pool requires: may only enrol or sign out. */
  mfaPending: boolean;
}

/** A staff member: always of a company, always with their employee id (both from the token). */
export interface EmployeePrincipal extends PrincipalBase {
  role: 'employee';
  companyId: string;
  /** The employee id. */
  userId: string;
  companyName: string | null;
}

/** A company admin: always of a company; the admin id is in every token we issue, but not required. */
export interface AdminPrincipal extends PrincipalBase {
  role: 'admin';
  companyId: string;
  /** The admin id. */
  userId: string | null;
  companyName: string | null;
}

/** The platform operator: no company, no user id. */
export interface OperatorPrincipal extends PrincipalBase {
  role: 'operator';
  companyId: string | null;
  userId: null;
  companyName: string | null;
}

/**
 * Who is calling. Company and user ids come only from the verified token and the session item; the
 * role decides which of them are there, so a route typed for employees can use them without `!`.
 */
export type Principal = EmployeePrincipal | AdminPrincipal | OperatorPrincipal;

/** The principal of one of these roles. */
export type PrincipalOf<R extends Role> = Extract<Principal, { role: R }>;

/**
 * Whether a principal has what its role promises (the check `authenticate` makes when it builds one).
 * The middleware repeats it before a route runs, so the route's principal type rests on a runtime check.
 */
export function isComplete(p: Principal): boolean {
  if (p.role === 'operator') return p.userId === null;
  if (typeof p.companyId !== 'string' || p.companyId === '') return false;
  return p.role === 'admin' || (typeof p.userId === 'string' && p.userId !== '');
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
export async function authenticate(
  cookies: Record<string, string>,
  deps: AuthDeps = {},
): Promise<Authenticated | null> {
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

  const companyId = verified.claims['custom:company_id'] ?? null;
  // A tenant user's company is read with the session (one request): a closed company's sessions end on
  // their next request, not when the background close reaches the user (issue 30 item 4).
  let session: Awaited<ReturnType<typeof findSession>>;
  if (companyId) {
    const found = await findSessionAndClosure(sessionId, companyId);
    if (found.closed) return null;
    session = found.session;
  } else {
    session = await findSession(sessionId);
  }
  if (!session || session.expiresAt <= nowSeconds()) return null;
  if (session.sub !== sessionSubject(verified.claims) || session.role !== verified.role) return null;
  if ((session.companyId ?? null) !== companyId) return null;

  const setCookies: string[] = [];
  if (expired) {
    if (!session.refreshToken) return null;
    const renewed = await (deps.refresh ?? defaultRefresh)(verified.role, session.refreshToken);
    if (!renewed) return null;
    try {
      const again = await verifyIdToken(renewed, deps.keys);
      if (sessionSubject(again.claims) !== session.sub || again.role !== session.role) return null;
    } catch {
      return null;
    }
    setCookies.push(serializeCookie(COOKIE.idToken, renewed, { maxAgeSeconds: session.expiresAt - nowSeconds() }));
  }

  const base = {
    sub: session.sub,
    sessionId,
    userName: session.userName,
    companyName: session.companyName ?? null,
    timeZone: session.timeZone ?? 'Asia/Tokyo',
    mfaPending: session.mfaPending === true,
  };
  // Tenant users must carry their tenant (and employees their id) in the token itself.
  let principal: Principal;
  if (verified.role === 'operator') {
    principal = { ...base, role: 'operator', companyId, userId: null };
  } else if (!companyId) {
    return null;
  } else if (verified.role === 'employee') {
    const employeeId = verified.claims['custom:employee_id'];
    if (!employeeId) return null;
    principal = { ...base, role: 'employee', companyId, userId: employeeId };
  } else {
    principal = { ...base, role: 'admin', companyId, userId: verified.claims['custom:admin_id'] ?? null };
  }
  return {
    principal,
    cookies: setCookies,
  };
}

export const sessionExpiry = () => nowSeconds() + SESSION_SECONDS;
