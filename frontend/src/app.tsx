/**
 * Top-level routes. Each area is its own chunk (React.lazy) so a phone opening /employees downloads
 * the shell and the employee area only. Guards live here, in the shell, so an unauthorised visitor
 * is redirected before any area code loads.
 */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { loadArea } from './i18n';
import { useSession } from './lib/session';
import { RequireRole } from './shared/require-role';
import { Loading } from './shared/status-pages';

// Each area's catalogue files (i18n/areas.ts) load before its code, which may read `t` when it loads.
const PublicArea = lazy(() => loadArea('public').then(() => import('./public/public-area')));
const EmployeeArea = lazy(() => loadArea('employee').then(() => import('./employee/employee-area')));
const AdminArea = lazy(() => loadArea('admin').then(() => import('./admin/admin-area')));
const OperatorArea = lazy(() => loadArea('operator').then(() => import('./operator/operator-area')));

/**
 * Management paths only the platform operator uses; a signed-out visitor there signs in as operator.
 * An announcement's detail page (/management/info_items/{id}) is also an admin banner link, so it is not one.
 */
const OPERATOR_PATH = /^\/management\/((companies|inquiries)(\/.*)?|info_items(\/new|\/[^/]+\/edit)?\/?)$/;

/** `/management/*` is shared by company admins and the operator; the session's role picks the area. */
function ManagementArea() {
  const { status, session } = useSession();
  const { pathname } = useLocation();
  if (status === 'loading') return <Loading />;
  if (session?.role === 'admin') return <AdminArea />;
  if (session?.role === 'operator') return <OperatorArea />;
  return <Navigate to={OPERATOR_PATH.test(pathname) ? '/operators/sign_in' : '/companies/sign_in'} replace />;
}

export function App() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route
          path="/employees/*"
          element={
            <RequireRole role="employee" signInPath="/users/sign_in">
              <EmployeeArea />
            </RequireRole>
          }
        />
        <Route path="/management/*" element={<ManagementArea />} />
        <Route path="*" element={<PublicArea />} />
      </Routes>
    </Suspense>
  );
}
