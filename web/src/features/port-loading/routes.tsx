import { lazy } from 'react';
import { portLoadingTransaction } from '@tonnage/contracts';
import type { FeatureRoute } from '../../app/feature-routes';
import { transactionFormRoutes } from '../../components/transactions/form/routes';

const PortLoadingFormPage = lazy(() => import('./PortLoadingFormPage'));
const LoadingSlipPrintPage = lazy(() => import('./LoadingSlipPrintPage'));

/** Form and print pages of this feature under `/agencies/{agencyId}/` (spec section 2.3; the lists come from the transaction registry). */
export const portLoadingRoutes: readonly FeatureRoute[] = [
  ...transactionFormRoutes(portLoadingTransaction, <PortLoadingFormPage />),
  { path: 'loadingSlips/:loadingSlipId/print', entry: 'loadingSlips', page: <LoadingSlipPrintPage /> },
];
