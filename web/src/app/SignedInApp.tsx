import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { NoPermissionsNotice, NotFoundPage, ServerErrorPage, UnauthorizedPage } from '../features/errors/ErrorPages';
import { ErrorBoundary } from './ErrorBoundary';
import { AgencyAreaFallback, AgencyScope, RequireAgencyEditor, RequirePermission } from './guards';
import { AppLayout } from './layout/AppLayout';
import { ownAgencyId, useUserContext } from './session';

const AgencyListPage = lazy(() => import('../features/agencies/AgencyListPage'));
const AgencyFormPage = lazy(() => import('../features/agencies/AgencyFormPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const HelpPage = lazy(() => import('../features/help/HelpPage'));

const CAN_VIEW_AGENCIES = 'canViewAgencies';

/** Spec section 2.1: `/` is the agency list for a super admin, the agency dashboard for everyone else. */
function Home() {
  const context = useUserContext();
  if (context.isSuperAdmin) return <AgencyListPage />;
  const agencyId = ownAgencyId(context);
  if (agencyId === null) return <NoPermissionsNotice />;
  return <Navigate to={`/agencies/${agencyId}/dashboard`} replace />;
}

/** The signed-in application: layout plus the routes of spec sections 2.1 and 2.3. */
export default function SignedInApp() {
  const { pathname } = useLocation();
  return (
    <AppLayout>
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route path="/" element={<Home />} />
            <Route path="/dashboard/my-profile" element={<ProfilePage />} />
            <Route path="/help" element={<HelpPage />} />
            <Route
              path="/agencies/list"
              element={
                <RequirePermission permission={CAN_VIEW_AGENCIES}>
                  <AgencyListPage />
                </RequirePermission>
              }
            />
            <Route
              path="/agencies/add"
              element={
                <RequirePermission permission={CAN_VIEW_AGENCIES}>
                  <AgencyFormPage />
                </RequirePermission>
              }
            />
            <Route path="/agencies/:agencyId" element={<AgencyScope />}>
              <Route index element={<Navigate to="dashboard" replace />} />
              <Route path="dashboard" element={<DashboardPage />} />
              <Route
                path="edit"
                element={
                  <RequireAgencyEditor>
                    <AgencyFormPage />
                  </RequireAgencyEditor>
                }
              />
              <Route path="help" element={<HelpPage />} />
              <Route path="*" element={<AgencyAreaFallback />} />
            </Route>
            <Route path="/404" element={<NotFoundPage />} />
            <Route path="/401" element={<UnauthorizedPage />} />
            <Route path="/500" element={<ServerErrorPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </AppLayout>
  );
}
