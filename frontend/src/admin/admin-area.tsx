/**
 * The company admin area (`/management/*` for role admin), loaded on demand page by page.
 * Operator pages (company accounts, announcement management) answer Permission Denied here.
 */
import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { fmt, t } from '../i18n';
import { AreaLayout, type MenuEntry } from '../shared/area-layout';
import { InfoBanners } from '../shared/info-items/info-banners';
import { InfoItemDetail } from '../shared/info-items/info-item-detail';
import { Loading, NotFound, PermissionDenied } from '../shared/status-pages';
import { ADMIN_PAGES, pathsOf } from '../page-routes';
import { PendingCountProvider, pendingBadgeText, usePendingCount } from './requests/pending-count';

const page = pathsOf(ADMIN_PAGES);

const WorkStatusPage = lazy(() => import('./work-status/work-status-page'));
const AdminRequestsPage = lazy(() => import('./requests/requests-page'));
const StaffListPage = lazy(() => import('./staff/staff-list-page'));
const StaffFormPage = lazy(() => import('./staff/staff-form-page'));
const StaffDetailPage = lazy(() => import('./staff/staff-detail-page'));
const OrgListPage = lazy(() => import('./organisation/org-list-page'));
const OrgFormPage = lazy(() => import('./organisation/org-form-page'));
const WorkingTimesPage = lazy(() => import('./rules/working-times-page'));
const BreakTimesPage = lazy(() => import('./rules/break-times-page'));
const CsvDownloadPage = lazy(() => import('./csv-download/csv-download-page'));
const CsvDownloadRunPage = lazy(() => import('./csv-download/csv-download-run-page'));
const PaidLeaveListPage = lazy(() => import('./paid-leave/paid-leave-list-page'));
const PaidLeaveDetailPage = lazy(() => import('./paid-leave/paid-leave-detail-page'));
const AuditPage = lazy(() => import('./audit/audit-page'));
const CompanyCalendarPage = lazy(() => import('./calendar/company-calendar-page'));
const OvertimeAgreementPage = lazy(() => import('./overtime-agreement/overtime-agreement-page'));
const ClosingPage = lazy(() => import('./closing/closing-page'));
const ShiftsPage = lazy(() => import('./shifts/shifts-page'));
const WorkPatternsPage = lazy(() => import('./work-patterns/work-patterns-page'));
const WorkSettingsPage = lazy(() => import('./work-patterns/work-settings-page'));
const WorkSystemsPage = lazy(() => import('./working-time-systems/work-systems-page'));
const AttendanceTotalsPage = lazy(() => import('./attendance-totals/attendance-totals-page'));
const StaffImportPage = lazy(() => import('./staff/staff-import-page'));
const AdminMailSettingsPage = lazy(() => import('./mail-settings/mail-settings-page'));
const MailOutboxPage = lazy(() => import('./mail-outbox/mail-outbox-page'));

// Never list operator items here: company accounts and announcement management are the operator's.
const menu = (pending: string | null): readonly MenuEntry[] => [
  { label: t.nav.workStatus, to: '/management', end: true },
  {
    label: t.nav.requestManagement,
    to: '/management/requests',
    badge: pending,
    badgeLabel: fmt(t.admin.requests.pendingCount, { n: pending ?? '0' }),
  },
  { label: t.nav.staff, to: '/management/staff' },
  { label: t.nav.shifts, to: '/management/shifts' },
  { label: t.nav.paidLeave, to: '/management/paid_leave' },
  { label: t.nav.audit, to: '/management/audit' },
  { label: t.nav.closing, to: '/management/closing' },
  { label: t.attendanceTotals.nav, to: '/management/attendance_totals' },
  {
    label: t.nav.basicSettings,
    children: [
      { label: t.nav.departments, to: '/management/departments' },
      { label: t.nav.employmentStatuses, to: '/management/employment_statuses' },
      { label: t.nav.workingTimes, to: '/management/working_times' },
      { label: t.nav.breakTimes, to: '/management/break_times' },
      { label: t.nav.companyCalendar, to: '/management/company_calendar' },
      { label: t.admin.workStatus.agreement.nav, to: '/management/overtime_agreement' },
      { label: t.workPatterns.navPatterns, to: '/management/work_patterns' },
      { label: t.workPatterns.navSettings, to: '/management/work_settings' },
      { label: t.workSystems.nav, to: '/management/working_time_systems' },
      { label: t.nav.csvDownload, to: '/management/csv_download' },
      { label: t.mailSettings.nav, to: '/management/mail_settings' },
      { label: t.mailOutbox.nav, to: '/management/mail_outbox' },
    ],
  },
];

/** Announcement banners above every admin page, linking to /management/info_items/{id}. */
function AdminPage() {
  return (
    <div className="admin-area">
      <InfoBanners prefix="/management" />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

export default function AdminArea() {
  return (
    <PendingCountProvider>
      <AdminRoutes />
    </PendingCountProvider>
  );
}

function AdminRoutes() {
  const { count } = usePendingCount();
  return (
    <Routes>
      <Route
        element={
          <AreaLayout
            title={t.header.staffAccount}
            menu={menu(pendingBadgeText(count))}
            signOutPath="/companies/sign_out"
            afterSignOut="/"
            variant="admin"
            manualPath="/manual/admin"
          />
        }
      >
        <Route element={<AdminPage />}>
          <Route index element={<WorkStatusPage />} />
          <Route path={page('requests')} element={<AdminRequestsPage />} />
          <Route path={page('staff')} element={<StaffListPage />} />
          <Route path={page('staff/new')} element={<StaffFormPage key="new" mode="new" />} />
          <Route path={page('staff/import')} element={<StaffImportPage />} />
          <Route path={page('staff/:id/edit')} element={<StaffFormPage key="edit" mode="edit" />} />
          <Route path={page('departments')} element={<OrgListPage key="department" kind="department" />} />
          <Route
            path={page('departments/new')}
            element={<OrgFormPage key="department-new" kind="department" mode="new" />}
          />
          <Route
            path={page('departments/:id/edit')}
            element={<OrgFormPage key="department-edit" kind="department" mode="edit" />}
          />
          <Route
            path={page('employment_statuses')}
            element={<OrgListPage key="employmentStatus" kind="employmentStatus" />}
          />
          <Route
            path={page('employment_statuses/new')}
            element={<OrgFormPage key="employmentStatus-new" kind="employmentStatus" mode="new" />}
          />
          <Route
            path={page('employment_statuses/:id/edit')}
            element={<OrgFormPage key="employmentStatus-edit" kind="employmentStatus" mode="edit" />}
          />
          <Route path={page('paid_leave')} element={<PaidLeaveListPage />} />
          <Route path={page('paid_leave/:id')} element={<PaidLeaveDetailPage />} />
          <Route path={page('audit')} element={<AuditPage />} />
          <Route path={page('closing')} element={<ClosingPage />} />
          <Route path={page('working_times')} element={<WorkingTimesPage />} />
          <Route path={page('break_times')} element={<BreakTimesPage />} />
          <Route path={page('company_calendar')} element={<CompanyCalendarPage />} />
          <Route path={page('overtime_agreement')} element={<OvertimeAgreementPage />} />
          <Route path={page('shifts')} element={<ShiftsPage />} />
          <Route path={page('mail_settings')} element={<AdminMailSettingsPage />} />
          <Route path={page('mail_outbox')} element={<MailOutboxPage />} />
          <Route path={page('work_patterns')} element={<WorkPatternsPage />} />
          <Route path={page('work_settings')} element={<WorkSettingsPage />} />
          <Route path={page('working_time_systems')} element={<WorkSystemsPage />} />
          <Route path={page('csv_download')} element={<CsvDownloadPage />} />
          <Route path={page('csv_download/download')} element={<CsvDownloadRunPage />} />
          <Route path={page('attendance_totals')} element={<AttendanceTotalsPage />} />
          {/* Announcement banners link here: admins may read one, not manage the list. */}
          <Route path={page('info_items/:id')} element={<InfoItemDetail backTo="/management" />} />
          <Route path={page('info_items')} element={<PermissionDenied />} />
          <Route path={page('info_items/new')} element={<PermissionDenied />} />
          <Route path={page('info_items/:id/edit')} element={<PermissionDenied />} />
          <Route path={page('companies/*')} element={<PermissionDenied />} />
          <Route path={page('inquiries/*')} element={<PermissionDenied />} />
          <Route path={page('platform_mails')} element={<PermissionDenied />} />
          {/* Staff detail (monthly schedule of one staff member) lives at /management/{id}. */}
          <Route path={page(':id')} element={<StaffDetailPage />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
