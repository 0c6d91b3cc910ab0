import { lazy } from 'react';
import type { FeatureRoute } from '../../app/feature-routes';

const VoyageApprovalFormPage = lazy(() => import('./VoyageApprovalFormPage'));
const QuantityApprovalFormPage = lazy(() => import('./QuantityApprovalFormPage'));

const VOYAGE = 'vesselQuantityApproval/vessel';
const BL = 'vesselQuantityApproval/quantityApproval';

/**
 * Form pages of this feature under `/agencies/{agencyId}/` (spec section 2.3; the lists come from the transaction
 * registry). The edit pages need only the view permission: approvers open them to decide; the form itself is
 * read-only without the edit flag.
 */
export const vesselApprovalRoutes: readonly FeatureRoute[] = [
  { path: `${VOYAGE}/add`, entry: VOYAGE, action: 'add', page: <VoyageApprovalFormPage /> },
  { path: `${VOYAGE}/:voyageApprovalId/edit`, entry: VOYAGE, page: <VoyageApprovalFormPage /> },
  { path: `${BL}/add`, entry: BL, action: 'add', page: <QuantityApprovalFormPage /> },
  { path: `${BL}/:voyageApprovalQuantityId/edit`, entry: BL, page: <QuantityApprovalFormPage /> },
];
