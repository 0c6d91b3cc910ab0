import { lazy } from 'react';
import type { FeatureRoute } from '../../app/feature-routes';
import { transactionFormRoutes } from '../../components/transactions/form/routes';
import { quantityApprovalTransaction, voyageApprovalTransaction } from '@tonnage/contracts';

const VoyageApprovalFormPage = lazy(() => import('./VoyageApprovalFormPage'));
const QuantityApprovalFormPage = lazy(() => import('./QuantityApprovalFormPage'));


/**
 * Form pages of this feature under `/agencies/{agencyId}/` (spec section 2.3; the lists come from the transaction
 * registry). The edit pages need only the view permission: approvers open them to decide; the form itself is
 * read-only without the edit flag.
 */
export const vesselApprovalRoutes: readonly FeatureRoute[] = [
  ...transactionFormRoutes(voyageApprovalTransaction, <VoyageApprovalFormPage />, { editAction: null }),
  ...transactionFormRoutes(quantityApprovalTransaction, <QuantityApprovalFormPage />, { editAction: null }),
];
