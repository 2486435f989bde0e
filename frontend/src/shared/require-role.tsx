import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession, type Role } from '../lib/session';
import { Loading } from './status-pages';

/** Renders its children only for a session of `role`; anyone else goes to `signInPath`. */
export function RequireRole({ role, signInPath, children }: { role: Role; signInPath: string; children: ReactNode }) {
  const { status, session } = useSession();
  if (status === 'loading') return <Loading />;
  if (session?.role !== role) return <Navigate to={signInPath} replace />;
  return children;
}
