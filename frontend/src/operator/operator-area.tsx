/** The platform operator area (`/management/*` for role operator): company accounts, announcements, inquiries. */
import { Navigate, Route, Routes } from 'react-router-dom';
import { t } from '../i18n';
import { AreaLayout, type MenuEntry } from '../shared/area-layout';
import { PlaceholderPage } from '../shared/page-title';
import { NotFound } from '../shared/status-pages';

const MENU: readonly MenuEntry[] = [
  { label: t.nav.companies, to: '/management/companies' },
  { label: t.nav.infoItems, to: '/management/info_items' },
  { label: t.nav.inquiries, to: '/management/inquiries' },
];

export default function OperatorArea() {
  return (
    <Routes>
      <Route
        element={
          <AreaLayout title={t.header.operatorAccount} menu={MENU} signOutPath="/operators/sign_out" afterSignOut="/operators/sign_in" variant="operator" showManual={false} />
        }
      >
        <Route index element={<Navigate to="/management/companies" replace />} />
        <Route path="companies" element={<PlaceholderPage title={t.pages.companies} />} />
        <Route path="companies/new" element={<PlaceholderPage title={t.pages.companyNew} />} />
        <Route path="companies/:id/edit" element={<PlaceholderPage title={t.pages.companyEdit} />} />
        <Route path="info_items" element={<PlaceholderPage title={t.pages.infoItems} />} />
        <Route path="info_items/new" element={<PlaceholderPage title={t.pages.infoItemNew} />} />
        <Route path="info_items/:id" element={<PlaceholderPage title={t.pages.infoItem} />} />
        <Route path="info_items/:id/edit" element={<PlaceholderPage title={t.pages.infoItemEdit} />} />
        <Route path="inquiries" element={<PlaceholderPage title={t.pages.inquiries} />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
