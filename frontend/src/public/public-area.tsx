/** Public pages: landing, the three sign-in pages and the 404 page, as one on-demand chunk. */
import { Route, Routes } from 'react-router-dom';
import { NotFound } from '../shared/status-pages';
import { LandingPage } from './landing-page';
import { PublicLayout } from './public-layout';
import { SignInPage } from './sign-in-page';
import { PUBLIC_PAGES, pathsOf } from '../page-routes';

const page = pathsOf(PUBLIC_PAGES);

export default function PublicArea() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<LandingPage />} />
        <Route path={page('users/sign_in')} element={<SignInPage key="employee" kind="employee" />} />
        <Route path={page('companies/sign_in')} element={<SignInPage key="admin" kind="admin" />} />
        <Route path={page('operators/sign_in')} element={<SignInPage key="operator" kind="operator" />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
