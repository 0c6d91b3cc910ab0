import { lazy } from 'react';
import type { FeatureRoute } from '../../app/feature-routes';

const PortLoadingListPage = lazy(() => import('./PortLoadingListPage'));
const PortLoadingFormPage = lazy(() => import('./PortLoadingFormPage'));
const LoadingSlipListPage = lazy(() => import('./LoadingSlipListPage'));
const LoadingSlipPrintPage = lazy(() => import('./LoadingSlipPrintPage'));

/** Pages of this feature under `/agencies/{agencyId}/` (spec section 2.3). */
export const portLoadingRoutes: readonly FeatureRoute[] = [
  { path: 'portLoading', entry: 'portLoading', page: <PortLoadingListPage /> },
  { path: 'portLoading/add', entry: 'portLoading', action: 'add', page: <PortLoadingFormPage /> },
  { path: 'portLoading/:portLoadingId/edit', entry: 'portLoading', action: 'edit', page: <PortLoadingFormPage /> },
  { path: 'loadingSlips', entry: 'loadingSlips', page: <LoadingSlipListPage /> },
  { path: 'loadingSlips/:loadingSlipId/print', entry: 'loadingSlips', page: <LoadingSlipPrintPage /> },
];
