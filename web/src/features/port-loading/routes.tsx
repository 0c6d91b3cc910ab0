import { lazy } from 'react';
import type { FeatureRoute } from '../../app/feature-routes';

const PortLoadingFormPage = lazy(() => import('./PortLoadingFormPage'));
const LoadingSlipPrintPage = lazy(() => import('./LoadingSlipPrintPage'));

/** Form and print pages of this feature under `/agencies/{agencyId}/` (spec section 2.3; the lists come from the transaction registry). */
export const portLoadingRoutes: readonly FeatureRoute[] = [
  { path: 'portLoading/add', entry: 'portLoading', action: 'add', page: <PortLoadingFormPage /> },
  { path: 'portLoading/:portLoadingId/edit', entry: 'portLoading', action: 'edit', page: <PortLoadingFormPage /> },
  { path: 'loadingSlips/:loadingSlipId/print', entry: 'loadingSlips', page: <LoadingSlipPrintPage /> },
];
