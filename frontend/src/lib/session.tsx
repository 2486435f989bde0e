/**
 * Who is signed in, for the header and the route guards. Loaded once from `GET /api/v1/session`
 * (which also issues the CSRF cookie) and refreshed after sign-in; dropped on sign-out or on any 401.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Role } from '../../../functions/routes';
import type { SessionView } from '../../../functions/services/sessions/session-view';
import { setLanguage } from '../i18n';
import { api as defaultApi, SESSION_PATH, type ApiClient } from './api';

export type { Role };

/**
 * The session as the SPA keeps it: the backend's SessionView, read defensively by parseSession, which
 * drops an empty or missing time zone (read it through `useTimeZone()`, which falls back to Tokyo).
 */
export type Session = Omit<SessionView, 'time_zone'> & Partial<Pick<SessionView, 'time_zone'>>;

export interface SessionState {
  status: 'loading' | 'ready';
  session: Session | null;
  /** Re-reads the session from the server, e.g. right after signing in. */
  refresh: () => Promise<Session | null>;
  /** Forgets the session locally, e.g. right after signing out. */
  clear: () => void;
}

const ROLE_VALUES: readonly string[] = ['employee', 'admin', 'operator'] satisfies readonly Role[];

/** Accepts only the documented shape, so a proxy page or a stale format reads as "signed out". */
export function parseSession(data: unknown): Session | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if (typeof d.role !== 'string' || !ROLE_VALUES.includes(d.role)) return null;
  return {
    role: d.role as Role,
    user_name: typeof d.user_name === 'string' ? d.user_name : '',
    company_name: typeof d.company_name === 'string' ? d.company_name : null,
    admin_flag: d.admin_flag === 1 ? 1 : 0,
    ...(typeof d.time_zone === 'string' && d.time_zone ? { time_zone: d.time_zone } : {}),
    ...(d.mfa_pending === true ? { mfa_pending: true } : {}),
    ...(typeof d.language === 'string' && d.language ? { language: d.language } : {}),
  };
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children, client = defaultApi }: { children: ReactNode; client?: ApiClient }) {
  const [status, setStatus] = useState<SessionState['status']>('loading');
  const [session, setSession] = useState<Session | null>(null);

  const refresh = useCallback(async () => {
    const res = await client.get<unknown>(SESSION_PATH);
    const next = res.ok ? parseSession(res.data) : null;
    // Signed in, the user's language (own setting, else browser, else company) decides (issue 31).
    if (next?.language) await setLanguage(next.language);
    setSession(next);
    setStatus('ready');
    return next;
  }, [client]);

  const clear = useCallback(() => setSession(null), []);

  useEffect(() => {
    void refresh();
    return client.onUnauthorized(clear);
  }, [client, refresh, clear]);

  const value = useMemo(() => ({ status, session, refresh, clear }), [status, session, refresh, clear]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside <SessionProvider>');
  return ctx;
}
