/** The employee area (`/employees/*`), loaded on demand so the punch screen stays light. */
import { Route, Routes } from 'react-router-dom';
import { t } from '../i18n';
import { AreaLayout, type MenuEntry } from '../shared/area-layout';
import { PlaceholderPage } from '../shared/page-title';
import { NotFound } from '../shared/status-pages';

const MENU: readonly MenuEntry[] = [
  { label: t.nav.punch, to: '/employees', end: true },
  { label: t.nav.attendance, to: '/employees/attendance' },
  { label: t.nav.modify, to: '/employees/modify' },
  { label: t.nav.requests, to: '/employees/requests' },
  { label: t.nav.settings, to: '/employees/settings' },
];

export default function EmployeeArea() {
  return (
    <Routes>
      <Route
        element={<AreaLayout title={t.header.staffAccount} menu={MENU} signOutPath="/users/sign_out" afterSignOut="/" variant="employee" showManual />}
      >
        <Route index element={<PlaceholderPage title={t.pages.punch} />} />
        <Route path="attendance" element={<PlaceholderPage title={t.pages.attendance} />} />
        <Route path="modify" element={<PlaceholderPage title={t.pages.modify} />} />
        <Route path="requests" element={<PlaceholderPage title={t.pages.requests} />} />
        <Route path="requests/holiday" element={<PlaceholderPage title={t.pages.newHolidayRequest} />} />
        <Route path="requests/holiday_work" element={<PlaceholderPage title={t.pages.newHolidayWorkRequest} />} />
        <Route path="requests/over_work" element={<PlaceholderPage title={t.pages.newOverWorkRequest} />} />
        <Route path="settings" element={<PlaceholderPage title={t.pages.settings} />} />
        <Route path="info_items/:id" element={<PlaceholderPage title={t.pages.infoItem} />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
