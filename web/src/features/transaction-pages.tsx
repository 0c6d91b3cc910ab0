import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TransactionKey } from '@tonnage/contracts';

/**
 * The flows whose list needs more than the generic TransactionListPage (cells of custom columns, drawers, totals),
 * by declaration key. A flow not named here gets the generic page of its declaration; either way its route comes
 * from `transactionRegistry` in SignedInApp.
 */
export const transactionListPages: Partial<Record<TransactionKey, LazyExoticComponent<ComponentType>>> = {
  saleOrder: lazy(() => import('./procurement/SaleOrderListPage')),
  consignment: lazy(() => import('./procurement/ConsignmentListPage')),
  shipment: lazy(() => import('./shipping/ShippingListPage')),
  voyageApproval: lazy(() => import('./vessel-approval/VoyageApprovalListPage')),
  quantityApproval: lazy(() => import('./vessel-approval/QuantityApprovalListPage')),
  portLoading: lazy(() => import('./port-loading/PortLoadingListPage')),
  loadingSlip: lazy(() => import('./port-loading/LoadingSlipListPage')),
};
