/**
 * The employee area (`/employees/*`), loaded on demand. Each page is its own chunk too, so a phone
 * opening the punch screen downloads the punch screen only.
 */
import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { t } from '../i18n';
import { AreaLayout, type MenuEntry } from '../shared/area-layout';
import { InfoBanners } from '../shared/info-items/info-banners';
import { Loading, NotFound } from '../shared/status-pages';
import { EMPLOYEE_PAGES, pathsOf } from '../page-routes';

const page = pathsOf(EMPLOYEE_PAGES);

const PunchPage = lazy(() => import('./punch/punch-page'));
const AttendancePage = lazy(() => import('./attendance/attendance-page'));
const ModifyPage = lazy(() => import('./modify/modify-page'));
const RequestsPage = lazy(() => import('./requests/requests-page'));
const NewRequestPage = lazy(() => import('./requests/new-request-page'));
const SettingsPage = lazy(() => import('./settings/settings-page'));
const InfoItemPage = lazy(() => import('./info-items/info-item-page'));

const MENU: readonly MenuEntry[] = [
  { label: t.nav.punch, to: '/employees', end: true },
  { label: t.nav.attendance, to: '/employees/attendance' },
  { label: t.nav.modify, to: '/employees/modify' },
  { label: t.nav.requests, to: '/employees/requests' },
  { label: t.nav.settings, to: '/employees/settings' },
];

/** Announcement banners above every employee page; they stay put (and load once) while pages change. */
function EmployeePage() {
  return (
    <>
      <InfoBanners prefix="/employees" />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </>
  );
}

export default function EmployeeArea() {
  return (
    <Routes>
      <Route
        element={
          <AreaLayout
            title={t.header.staffAccount}
            menu={MENU}
            signOutPath="/users/sign_out"
            afterSignOut="/"
            variant="employee"
            manualPath="/manual/employee"
          />
        }
      >
        <Route element={<EmployeePage />}>
          <Route index element={<PunchPage />} />
          <Route path={page('attendance')} element={<AttendancePage />} />
          <Route path={page('modify')} element={<ModifyPage />} />
          <Route path={page('requests')} element={<RequestsPage />} />
          <Route path={page('requests/holiday')} element={<NewRequestPage key="holiday" kind="holiday" />} />
          <Route
            path={page('requests/holiday_work')}
            element={<NewRequestPage key="holiday_work" kind="holiday_work" />}
          />
          <Route path={page('requests/over_work')} element={<NewRequestPage key="over_work" kind="over_work" />} />
          <Route path={page('settings')} element={<SettingsPage />} />
          <Route path={page('info_items/:id')} element={<InfoItemPage />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
