import { lazy, Suspense } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import { LC_RECONCILIATION_KEY, permissionFlag, reportRegistry, resourceRegistry, transactionRegistry, type TransactionDeclaration } from '@tonnage/contracts';
import { PageLoader } from '../components/PageLoader';
import { NoPermissionsNotice, NotFoundPage, ServerErrorPage, UnauthorizedPage } from '../features/errors/ErrorPages';
import { transactionExtraRoutes, transactionFormPages, transactionListPages } from '../features/transaction-pages';
import { transactionFormRoutes } from '../components/transactions/form/routes';
import { ErrorBoundary } from './ErrorBoundary';
import type { FeatureRoute } from './feature-routes';
import { AgencyAreaFallback, AgencyScope, RequireAgencyEditor, RequireMenuEntry, RequirePermission } from './guards';
import { AppLayout } from './layout/AppLayout';
import { ownAgencyId, useUserContext } from './session';

const AgencyListPage = lazy(() => import('../features/agencies/AgencyListPage'));
const AgencyFormPage = lazy(() => import('../features/agencies/AgencyFormPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const HelpPage = lazy(() => import('../features/help/HelpPage'));
const UserListPage = lazy(() => import('../features/users/UserListPage'));
const UserFormPage = lazy(() => import('../features/users/UserFormPage'));
const RoleListPage = lazy(() => import('../features/roles/RoleListPage'));
const RoleAddPage = lazy(() => import('../features/roles/RoleAddPage'));
const RolePermissionsPage = lazy(() => import('../features/roles/RolePermissionsPage'));
const ApprovalRulesPage = lazy(() => import('../features/approval-rules/ApprovalRulesPage'));
const EmailSettingsPage = lazy(() => import('../features/email-settings/EmailSettingsPage'));
const ProductSettingsPage = lazy(() => import('../features/settings/ProductSettingsPage'));
const DisplayWeightPage = lazy(() => import('../features/weighing/DisplayWeightPage'));
const ResourceListPage = lazy(() => import('../components/resources/ResourceList'));
const ResourceFormPage = lazy(() => import('../components/resources/ResourceForm'));
const ResourceImportPage = lazy(() => import('../components/resources/ResourceImport'));
const GenericTransactionList = lazy(() =>
  import('../components/transactions/TransactionListPage').then(({ TransactionListPage }) => ({
    default: ({ declaration, withForm }: { declaration: TransactionDeclaration; withForm: boolean }) => (
      <TransactionListPage declaration={declaration} hideAdd={!withForm} hideEdit={!withForm} />
    ),
  })),
);

const ReportPage = lazy(() => import('../features/reports/ReportPage'));
const LcReconciliationPage = lazy(() => import('../features/reports/LcReconciliationPage'));
const ReportBuilderPage = lazy(() => import('../features/report-builder/ReportBuilderPage'));

const CAN_VIEW_AGENCIES = 'canViewAgencies';

/**
 * Staff pages (spec sections 2.3 and 2.4) under `/agencies/{agencyId}/`: each needs its menu entry's
 * permission, and the add and edit pages the module's add or edit flag.
 */
const staffRoutes: readonly FeatureRoute[] = [
  { path: 'users', entry: 'users', page: <UserListPage /> },
  { path: 'users/add', entry: 'users', action: 'add', page: <UserFormPage /> },
  { path: 'users/:userId/edit', entry: 'users', action: 'edit', page: <UserFormPage /> },
  { path: 'roles', entry: 'roles', page: <RoleListPage /> },
  { path: 'roles/add', entry: 'roles', action: 'add', page: <RoleAddPage /> },
  { path: 'roles/:roleId/permissions', entry: 'roles', action: 'edit', page: <RolePermissionsPage /> },
  { path: 'approvalRules', entry: 'approvalRules', page: <ApprovalRulesPage /> },
  { path: 'emailSettings', entry: 'emailSettings', page: <EmailSettingsPage /> },
  { path: 'settings', entry: 'settings', page: <ProductSettingsPage /> },
];

/** The pages outside the registries: staff, and the cargo flows' documents and print pages. */
const featureRoutes: readonly FeatureRoute[] = [...staffRoutes, ...transactionExtraRoutes, { path: 'reportBuilder', entry: 'reportBuilder', page: <ReportBuilderPage /> }];

/**
 * The pages of every declared cargo transaction (issue 11) from `transactionRegistry`, guarded by its menu entry:
 * the list at `<route>` (the flow's own list page where `transactionListPages` names one, else the generic page of
 * its declaration) and, where `transactionFormPages` names a form page, `<route>/add` and `<route>/:id/edit`. A new
 * flow adds its declaration to the registry and its pages to `features/transaction-pages.tsx`, nothing here.
 */
const transactionRoutes: readonly FeatureRoute[] = transactionRegistry.flatMap((declaration) => {
  const OwnPage = transactionListPages[declaration.key];
  const form = transactionFormPages[declaration.key];
  const list: FeatureRoute = { path: declaration.route, entry: declaration.route, page: OwnPage ? <OwnPage /> : <GenericTransactionList declaration={declaration} withForm={form !== undefined} /> };
  return form ? [list, ...transactionFormRoutes(declaration, <form.page />, { editAction: form.editAction })] : [list];
});

/** The declared reports (issue 16, contracts `reportRegistry`): one page each at its key, guarded by its menu entry. */
const reportRoutes: readonly FeatureRoute[] = [
  ...reportRegistry.map((report) => ({ path: report.key, entry: report.menuEntry ?? report.key, page: <ReportPage key={report.key} report={report} /> })),
  // The LC/PO reconciliation (issue 16): its own page, under its menu entry (the LC wise report's flag).
  { path: LC_RECONCILIATION_KEY, entry: LC_RECONCILIATION_KEY, page: <LcReconciliationPage /> },
];

/**
 * Master data of the resource registry (spec section 2.3): `<route>`, `<route>/add`, `<route>/{id}/edit` and
 * `<route>/import` for every declared resource, guarded by its menu entry (list) and its module's add (add,
 * import) or edit flag.
 */
const resourceRoutes = resourceRegistry.flatMap((resource) => [
  {
    path: resource.route,
    element: (
      <RequireMenuEntry entry={resource.route}>
        <ResourceListPage resource={resource} />
      </RequireMenuEntry>
    ),
  },
  ...(['add', 'edit'] as const).map((action) => ({
    path: action === 'add' ? `${resource.route}/add` : `${resource.route}/:id/edit`,
    element: (
      <RequirePermission permission={permissionFlag(resource.permissionModule, action)}>
        <ResourceFormPage resource={resource} />
      </RequirePermission>
    ),
  })),
  {
    path: `${resource.route}/import`,
    element: (
      <RequirePermission permission={permissionFlag(resource.permissionModule, 'add')}>
        <ResourceImportPage resource={resource} />
      </RequirePermission>
    ),
  },
]);

/** Spec section 2.1: `/` is the agency list for a super admin, the agency dashboard for everyone else. */
function Home() {
  const context = useUserContext();
  if (context.isSuperAdmin) return <AgencyListPage />;
  const agencyId = ownAgencyId(context);
  if (agencyId === null) return <NoPermissionsNotice />;
  return <Navigate to={`/agencies/${agencyId}/dashboard`} replace />;
}

/** Full-screen pages (spec 2.14, the live weight display): no side menu and no top bar. */
const FULL_SCREEN_PATHS = ['/agencies/:agencyId/display-weight'];

/** A full-screen page under its agency, guarded by its menu entry like every other page. */
function FullScreenApp({ pathname }: { pathname: string }) {
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path="/agencies/:agencyId" element={<AgencyScope />}>
            <Route
              path="display-weight"
              element={
                <RequireMenuEntry entry="display-weight">
                  <DisplayWeightPage />
                </RequireMenuEntry>
              }
            />
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}

/** The signed-in application: layout plus the routes of spec sections 2.1 and 2.3. */
export default function SignedInApp() {
  const { pathname } = useLocation();
  if (FULL_SCREEN_PATHS.some((path) => matchPath(path, pathname))) return <FullScreenApp pathname={pathname} />;
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
              {[...transactionRoutes, ...reportRoutes, ...featureRoutes].map(({ path, entry, action, page }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <RequireMenuEntry entry={entry} action={action}>
                      {page}
                    </RequireMenuEntry>
                  }
                />
              ))}
              {resourceRoutes.map(({ path, element }) => (
                <Route key={path} path={path} element={element} />
              ))}
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
