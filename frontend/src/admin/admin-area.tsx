/** The company admin area (`/management/*` for role admin). Operator pages answer Permission Denied. */
import { Route, Routes } from 'react-router-dom';
import { t } from '../i18n';
import { AreaLayout, type MenuEntry } from '../shared/area-layout';
import { PlaceholderPage } from '../shared/page-title';
import { NotFound, PermissionDenied } from '../shared/status-pages';

// Never list operator items here: company accounts and announcement management are the operator's.
const MENU: readonly MenuEntry[] = [
  { label: t.nav.workStatus, to: '/management', end: true },
  { label: t.nav.requestManagement, to: '/management/requests' },
  { label: t.nav.staff, to: '/management/staff' },
  {
    label: t.nav.basicSettings,
    children: [
      { label: t.nav.departments, to: '/management/departments' },
      { label: t.nav.employmentStatuses, to: '/management/employment_statuses' },
      { label: t.nav.workingTimes, to: '/management/working_times' },
      { label: t.nav.breakTimes, to: '/management/break_times' },
      { label: t.nav.csvDownload, to: '/management/csv_download' },
    ],
  },
];

export default function AdminArea() {
  return (
    <Routes>
      <Route
        element={<AreaLayout title={t.header.staffAccount} menu={MENU} signOutPath="/companies/sign_out" afterSignOut="/" variant="admin" showManual />}
      >
        <Route index element={<PlaceholderPage title={t.pages.workStatus} />} />
        <Route path="requests" element={<PlaceholderPage title={t.pages.requestManagement} />} />
        <Route path="staff" element={<PlaceholderPage title={t.pages.staff} />} />
        <Route path="staff/new" element={<PlaceholderPage title={t.pages.staffNew} />} />
        <Route path="staff/:id/edit" element={<PlaceholderPage title={t.pages.staffEdit} />} />
        <Route path="departments" element={<PlaceholderPage title={t.pages.departments} />} />
        <Route path="departments/new" element={<PlaceholderPage title={t.pages.departmentNew} />} />
        <Route path="departments/:id/edit" element={<PlaceholderPage title={t.pages.departmentEdit} />} />
        <Route path="employment_statuses" element={<PlaceholderPage title={t.pages.employmentStatuses} />} />
        <Route path="employment_statuses/new" element={<PlaceholderPage title={t.pages.employmentStatusNew} />} />
        <Route path="employment_statuses/:id/edit" element={<PlaceholderPage title={t.pages.employmentStatusEdit} />} />
        <Route path="working_times" element={<PlaceholderPage title={t.pages.workingTimes} />} />
        <Route path="break_times" element={<PlaceholderPage title={t.pages.breakTimes} />} />
        <Route path="csv_download" element={<PlaceholderPage title={t.pages.csvDownload} />} />
        <Route path="csv_download/download" element={<PlaceholderPage title={t.pages.csvDownload} />} />
        {/* Announcement banners link here: admins may read one, not manage the list. */}
        <Route path="info_items/:id" element={<PlaceholderPage title={t.pages.infoItem} />} />
        <Route path="info_items" element={<PermissionDenied />} />
        <Route path="info_items/new" element={<PermissionDenied />} />
        <Route path="info_items/:id/edit" element={<PermissionDenied />} />
        <Route path="companies/*" element={<PermissionDenied />} />
        <Route path="inquiries/*" element={<PermissionDenied />} />
        {/* Staff detail (monthly schedule of one staff member) lives at /management/{id}. */}
        <Route path=":id" element={<PlaceholderPage title={t.pages.staffDetail} />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
