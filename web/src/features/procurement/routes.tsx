import { lazy } from 'react';
import type { FeatureRoute } from '../../app/feature-routes';

const SaleOrderListPage = lazy(() => import('./SaleOrderListPage'));
const ConsignmentListPage = lazy(() => import('./ConsignmentListPage'));
const SaleOrderDocumentsPage = lazy(() => import('./DocumentsPages').then((module) => ({ default: module.SaleOrderDocumentsPage })));
const ConsignmentDocumentsPage = lazy(() => import('./DocumentsPages').then((module) => ({ default: module.ConsignmentDocumentsPage })));

/** Pages of this feature under `/agencies/{agencyId}/` (spec section 2.3); add and edit happen in drawers on the lists. */
export const procurementRoutes: readonly FeatureRoute[] = [
  { path: 'saleOrder', entry: 'saleOrder', page: <SaleOrderListPage /> },
  { path: 'saleOrder/:saleOrderId/documents', entry: 'saleOrder', page: <SaleOrderDocumentsPage /> },
  { path: 'consignments', entry: 'consignments', page: <ConsignmentListPage /> },
  { path: 'consignments/:consignmentId/documents', entry: 'consignments', page: <ConsignmentDocumentsPage /> },
];
