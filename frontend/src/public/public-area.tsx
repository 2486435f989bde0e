/** Public pages: landing, the three sign-in pages and the 404 page, as one on-demand chunk. */
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFound } from '../shared/status-pages';
import { LandingPage } from './landing-page';
import { PublicLayout } from './public-layout';
import { SignInPage } from './sign-in-page';
import { PasswordResetPage } from './password-reset-page';
import { PUBLIC_PAGES, pathsOf } from '../page-routes';

const page = pathsOf(PUBLIC_PAGES);

/** The operation manual is its own chunk (its text and screenshot URLs stay out of the sign-in pages). */
const ManualPages = lazy(() => import('../manual/manual-page'));

export default function PublicArea() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<LandingPage />} />
        <Route path={page('users/sign_in')} element={<SignInPage key="employee" kind="employee" />} />
        <Route path={page('companies/sign_in')} element={<SignInPage key="admin" kind="admin" />} />
        <Route path={page('operators/sign_in')} element={<SignInPage key="operator" kind="operator" />} />
        <Route path={page('users/password_reset')} element={<PasswordResetPage key="employee" audience="employee" />} />
        <Route path={page('companies/password_reset')} element={<PasswordResetPage key="admin" audience="admin" />} />
        <Route path={page('manual')} element={<ManualPages />} />
        <Route path={page('manual/employee')} element={<ManualPages key="employee" slug="employee" />} />
        <Route path={page('manual/admin')} element={<ManualPages key="admin" slug="admin" />} />
        <Route path={page('manual/operator')} element={<ManualPages key="operator" slug="operator" />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
