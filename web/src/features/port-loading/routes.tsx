import { lazy } from 'react';
import { portLoadingTransaction } from '@tonnage/contracts';
import type { FeatureRoute } from '../../app/feature-routes';
import { transactionFormRoutes } from '../../components/transactions/form/routes';

const PortLoadingListPage = lazy(() => import('./PortLoadingListPage'));
const PortLoadingFormPage = lazy(() => import('./PortLoadingFormPage'));
const LoadingSlipListPage = lazy(() => import('./LoadingSlipListPage'));
const LoadingSlipPrintPage = lazy(() => import('./LoadingSlipPrintPage'));

/** Pages of this feature under `/agencies/{agencyId}/` (spec section 2.3). */
export const portLoadingRoutes: readonly FeatureRoute[] = [
  { path: 'portLoading', entry: 'portLoading', page: <PortLoadingListPage /> },
  ...transactionFormRoutes(portLoadingTransaction, <PortLoadingFormPage />),
  { path: 'loadingSlips', entry: 'loadingSlips', page: <LoadingSlipListPage /> },
  { path: 'loadingSlips/:loadingSlipId/print', entry: 'loadingSlips', page: <LoadingSlipPrintPage /> },
];
