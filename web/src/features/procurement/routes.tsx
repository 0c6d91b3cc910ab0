import { lazy } from 'react';
import type { FeatureRoute } from '../../app/feature-routes';

const SaleOrderDocumentsPage = lazy(() => import('./DocumentsPages').then((module) => ({ default: module.SaleOrderDocumentsPage })));
const ConsignmentDocumentsPage = lazy(() => import('./DocumentsPages').then((module) => ({ default: module.ConsignmentDocumentsPage })));

/**
 * Special pages of this feature under `/agencies/{agencyId}/` (spec section 2.3): the documents. The lists come from
 * the transaction registry; add and edit happen in drawers on them.
 */
export const procurementRoutes: readonly FeatureRoute[] = [
  { path: 'saleOrder/:saleOrderId/documents', entry: 'saleOrder', page: <SaleOrderDocumentsPage /> },
  { path: 'consignments/:consignmentId/documents', entry: 'consignments', page: <ConsignmentDocumentsPage /> },
];
