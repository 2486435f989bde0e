/** The platform operator area (`/management/*` for role operator): company accounts, announcements, inquiries. */
import { Navigate, Route, Routes } from 'react-router-dom';
import { t } from '../i18n';
import { AreaLayout, type MenuEntry } from '../shared/area-layout';
import { NotFound } from '../shared/status-pages';
import CompaniesPage from './companies/companies-page';
import { EditCompanyPage, NewCompanyPage } from './companies/company-form-page';
import { EditInfoItemPage, NewInfoItemPage } from './info-items/info-item-form-page';
import InfoItemPage from './info-items/info-item-page';
import InfoItemsPage from './info-items/info-items-page';
import InquiriesPage from './inquiries/inquiries-page';
import PlatformMailsPage from './platform-mails/platform-mails-page';
import MfaEnrolmentPage from './mfa/mfa-enrolment-page';
import { useSession } from '../lib/session';
import './operator.css';
import { OPERATOR_PAGES, pathsOf } from '../page-routes';

const page = pathsOf(OPERATOR_PAGES);

const MENU: readonly MenuEntry[] = [
  { label: t.nav.companies, to: '/management/companies' },
  { label: t.nav.infoItems, to: '/management/info_items' },
  { label: t.nav.inquiries, to: '/management/inquiries' },
  { label: t.mailOutbox.operatorNav, to: '/management/platform_mails' },
];

export default function OperatorArea() {
  const { session } = useSession();
  // Until TOTP is enrolled the API refuses everything else: the area is the enrolment page only.
  if (session?.mfa_pending) {
    return (
      <Routes>
        <Route
          element={
            <AreaLayout
              title={t.header.operatorAccount}
              menu={[]}
              signOutPath="/operators/sign_out"
              afterSignOut="/operators/sign_in"
              variant="operator"
              manualPath="/manual/operator"
            />
          }
        >
          <Route path="*" element={<MfaEnrolmentPage />} />
        </Route>
      </Routes>
    );
  }
  return (
    <Routes>
      <Route
        element={
          <AreaLayout
            title={t.header.operatorAccount}
            menu={MENU}
            signOutPath="/operators/sign_out"
            afterSignOut="/operators/sign_in"
            variant="operator"
            manualPath="/manual/operator"
          />
        }
      >
        <Route index element={<Navigate to="/management/companies" replace />} />
        <Route path={page('companies')} element={<CompaniesPage />} />
        <Route path={page('companies/new')} element={<NewCompanyPage />} />
        <Route path={page('companies/:id/edit')} element={<EditCompanyPage />} />
        <Route path={page('info_items')} element={<InfoItemsPage />} />
        <Route path={page('info_items/new')} element={<NewInfoItemPage />} />
        <Route path={page('info_items/:id')} element={<InfoItemPage />} />
        <Route path={page('info_items/:id/edit')} element={<EditInfoItemPage />} />
        <Route path={page('inquiries')} element={<InquiriesPage />} />
        <Route path={page('platform_mails')} element={<PlatformMailsPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
