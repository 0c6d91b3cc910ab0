import { lazy } from 'react';
import type { FeatureRoute } from '../../app/feature-routes';
import { transactionFormRoutes } from '../../components/transactions/form/routes';
import { quantityApprovalTransaction, voyageApprovalTransaction } from '@tonnage/contracts';

const VoyageApprovalListPage = lazy(() => import('./VoyageApprovalListPage'));
const VoyageApprovalFormPage = lazy(() => import('./VoyageApprovalFormPage'));
const QuantityApprovalListPage = lazy(() => import('./QuantityApprovalListPage'));
const QuantityApprovalFormPage = lazy(() => import('./QuantityApprovalFormPage'));

const VOYAGE = 'vesselQuantityApproval/vessel';
const BL = 'vesselQuantityApproval/quantityApproval';

/**
 * Pages of this feature under `/agencies/{agencyId}/` (spec section 2.3). The edit pages need only the view
 * permission: approvers open them to decide; the form itself is read-only without the edit flag.
 */
export const vesselApprovalRoutes: readonly FeatureRoute[] = [
  { path: VOYAGE, entry: VOYAGE, page: <VoyageApprovalListPage /> },
  ...transactionFormRoutes(voyageApprovalTransaction, <VoyageApprovalFormPage />, { editAction: null }),
  { path: BL, entry: BL, page: <QuantityApprovalListPage /> },
  ...transactionFormRoutes(quantityApprovalTransaction, <QuantityApprovalFormPage />, { editAction: null }),
];
