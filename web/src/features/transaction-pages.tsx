import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { TRANSFER_SLIP_RECORDS, transferSlipPrintRoute, warehouseTransferTransaction, type PermissionAction, type TransactionKey } from '@tonnage/contracts';
import type { FeatureRoute } from '../app/feature-routes';

/*
 * The one place where a cargo flow's web pages are named (issue 11). Its routes come from `transactionRegistry` in
 * SignedInApp: the list at `<route>`, and with a form page `<route>/add` and `<route>/:id/edit`. A flow not named in
 * `transactionListPages` gets the generic TransactionListPage of its declaration.
 */

/** The flows whose list needs more than the generic page (cells of custom columns, drawers, totals), by declaration key. */
export const transactionListPages: Partial<Record<TransactionKey, LazyExoticComponent<ComponentType>>> = {
  saleOrder: lazy(() => import('./procurement/SaleOrderListPage')),
  consignment: lazy(() => import('./procurement/ConsignmentListPage')),
  shipment: lazy(() => import('./shipping/ShippingListPage')),
  voyageApproval: lazy(() => import('./vessel-approval/VoyageApprovalListPage')),
  quantityApproval: lazy(() => import('./vessel-approval/QuantityApprovalListPage')),
  portLoading: lazy(() => import('./port-loading/PortLoadingListPage')),
  loadingSlip: lazy(() => import('./port-loading/LoadingSlipListPage')),
  outboundFirstWeight: lazy(() => import('./outbound-weighing/WeighingListPages').then((module) => ({ default: module.FirstWeightListPage }))),
  outboundSecondWeight: lazy(() => import('./outbound-weighing/WeighingListPages').then((module) => ({ default: module.SecondWeightListPage }))),
  captureImage: lazy(() => import('./cameras/CaptureImageListPage')),
  warehousePreOut: lazy(() => import('./warehouse-dispatch/DispatchListPages').then((module) => ({ default: module.PreOutListPage }))),
  warehouseOut: lazy(() => import('./warehouse-dispatch/DispatchListPages').then((module) => ({ default: module.WarehouseOutListPage }))),
  warehouseLoadingSlip: lazy(() => import('./warehouse-dispatch/DispatchListPages').then((module) => ({ default: module.WarehouseSlipListPage }))),
  consigneeOut: lazy(() => import('./consignee-dispatch/ConsigneeDispatchListPages').then((module) => ({ default: module.ConsigneeOutListPage }))),
  consigneeLoadingSlip: lazy(() => import('./consignee-dispatch/ConsigneeDispatchListPages').then((module) => ({ default: module.ConsigneeSlipListPage }))),
  warehouseOutGroup: lazy(() => import('./warehouse-dispatch/GroupedOutPages').then((module) => ({ default: module.GroupedOutListPage }))),
  warehouseIn: lazy(() => import('./corrections/CorrectionPages').then((module) => ({ default: module.WarehouseInListPage }))),
  ownershipTransfer: lazy(() => import('./ownership-transfer/OwnershipTransferPages').then((module) => ({ default: module.OwnershipTransferListPage }))),
  siloTransfer: lazy(() => import('./silo-transfer/SiloTransferPages').then((module) => ({ default: module.SiloTransferListPage }))),
  swapCargo: lazy(() => import('./swap-cargo/SwapCargoPages').then((module) => ({ default: module.SwapCargoListPage }))),
  handlingLoss: lazy(() => import('./handling/HandlingPages').then((module) => ({ default: module.HandlingLossListPage }))),
  handlingExcess: lazy(() => import('./handling/HandlingPages').then((module) => ({ default: module.HandlingExcessListPage }))),
  warehouseConsigneeToCustomer: lazy(() => import('./sales/SalePages').then((module) => ({ default: module.SaleListPage }))),
  consigneeTransfer: lazy(() => import('./consignee-transfer/ConsigneeTransferPages').then((module) => ({ default: module.ConsigneeTransferListPage }))),
  warehouseTransfer: lazy(() => import('./warehouse-transfer/WarehouseTransferPages').then((module) => ({ default: module.WarehouseTransferListPage }))),
  warehouseConsigneeToSm: lazy(() => import('./loans/LoanRecords').then((module) => ({ default: module.LoanListPage }))),
  consigneeToSm: lazy(() => import('./loans/LoanRecords').then((module) => ({ default: module.ConsigneeLocationLoanListPage }))),
  warehouseSmToConsignee: lazy(() => import('./loans/LoanRecords').then((module) => ({ default: module.LoanReturnListPage }))),
};

/** A flow's add/edit page; `editAction` the flag the edit page needs ('edit' by default, null: view alone). */
export interface TransactionFormPageEntry {
  page: LazyExoticComponent<ComponentType>;
  editAction?: PermissionAction | null;
}

/**
 * The flows with a form page (the others add and edit in a drawer on their list). The out-turns' edit pages need
 * only the view flag: approvers open them to decide; the form itself is read-only without the edit flag.
 */
export const transactionFormPages: Partial<Record<TransactionKey, TransactionFormPageEntry>> = {
  portLoading: { page: lazy(() => import('./port-loading/PortLoadingFormPage')) },
  voyageApproval: { page: lazy(() => import('./vessel-approval/VoyageApprovalFormPage')), editAction: null },
  quantityApproval: { page: lazy(() => import('./vessel-approval/QuantityApprovalFormPage')), editAction: null },
  outboundFirstWeight: { page: lazy(() => import('./outbound-weighing/FirstWeightFormPage')) },
  outboundSecondWeight: { page: lazy(() => import('./outbound-weighing/SecondWeightFormPage')) },
  warehousePreIn: { page: lazy(() => import('./receiving/PreInFormPage')) },
  warehouseIn: { page: lazy(() => import('./receiving/WarehouseInFormPage')) },
  consigneeIn: { page: lazy(() => import('./receiving/DeliveryInFormPage').then((module) => ({ default: module.ConsigneeInFormPage }))) },
  customerIn: { page: lazy(() => import('./receiving/DeliveryInFormPage').then((module) => ({ default: module.CustomerInFormPage }))) },
  warehousePreOut: { page: lazy(() => import('./warehouse-dispatch/PreOutFormPage')) },
  warehouseOut: { page: lazy(() => import('./warehouse-dispatch/WarehouseOutFormPage')) },
  consigneeOut: { page: lazy(() => import('./consignee-dispatch/ConsigneeOutFormPage')) },
  warehouseOutGroup: { page: lazy(() => import('./warehouse-dispatch/GroupedOutPages')) },
  ownershipTransfer: { page: lazy(() => import('./ownership-transfer/OwnershipTransferPages')) },
  siloTransfer: { page: lazy(() => import('./silo-transfer/SiloTransferPages')) },
  swapCargo: { page: lazy(() => import('./swap-cargo/SwapCargoPages')) },
    // A handling record has no edit: its record page (`/:id/edit`, the approvals inbox's link) needs the view flag alone.
  handlingLoss: { page: lazy(() => import('./handling/HandlingPages').then((module) => ({ default: module.HandlingLossFormPage }))), editAction: null },
  handlingExcess: { page: lazy(() => import('./handling/HandlingPages').then((module) => ({ default: module.HandlingExcessFormPage }))), editAction: null },
  // A loan and a loan return are not edited: their record page (`/:id/edit`) shows them to whoever may view them.
  warehouseConsigneeToSm: { page: lazy(() => import('./loans/ConsigneeToSmFormPage')), editAction: null },
  consigneeToSm: { page: lazy(() => import('./loans/ConsigneeToSmFormPage').then((module) => ({ default: module.ConsigneeLocationToSmFormPage }))), editAction: null },
  warehouseSmToConsignee: { page: lazy(() => import('./loans/SmToConsigneeFormPage')), editAction: null },
  // A sale and a consignee transfer are not edited: their record page shows them.
  warehouseConsigneeToCustomer: { page: lazy(() => import('./sales/SalePages')), editAction: null },
  consigneeTransfer: { page: lazy(() => import('./consignee-transfer/ConsigneeTransferPages')), editAction: null },
  warehouseTransfer: { page: lazy(() => import('./warehouse-transfer/WarehouseTransferPages')) },
};

const SaleOrderDocumentsPage = lazy(() => import('./procurement/DocumentsPages').then((module) => ({ default: module.SaleOrderDocumentsPage })));
const ConsignmentDocumentsPage = lazy(() => import('./procurement/DocumentsPages').then((module) => ({ default: module.ConsignmentDocumentsPage })));
const LoadingSlipPrintPage = lazy(() => import('./port-loading/LoadingSlipPrintPage'));
const FirstWeightTicketPage = lazy(() => import('./outbound-weighing/WeighTicketPrintPage').then((module) => ({ default: module.FirstWeightTicketPage })));
const SecondWeightTicketPage = lazy(() => import('./outbound-weighing/WeighTicketPrintPage').then((module) => ({ default: module.SecondWeightTicketPage })));
const CaptureImageAddPage = lazy(() => import('./cameras/CaptureImageAddPage'));
const WarehouseSlipPrintPage = lazy(() => import('./warehouse-dispatch/WarehouseSlipPrintPage'));
const ConsigneeSlipPrintPage = lazy(() => import('./consignee-dispatch/ConsigneeSlipPrintPage'));
const TransferSlipPrintPage = lazy(() => import('./warehouse-transfer/TransferSlipPrintPage'));
const WarehouseInCorrectionPage = lazy(() => import('./corrections/CorrectionPages').then((module) => ({ default: module.WarehouseInCorrectionPage })));
const HandlingLossDocumentsPage = lazy(() => import('./handling/HandlingPages').then((module) => ({ default: module.HandlingLossDocumentsPage })));
const HandlingExcessDocumentsPage = lazy(() => import('./handling/HandlingPages').then((module) => ({ default: module.HandlingExcessDocumentsPage })));
const WarehouseOutCorrectionPage = lazy(() => import('./corrections/CorrectionPages').then((module) => ({ default: module.WarehouseOutCorrectionPage })));

/** The flows' other pages (spec section 2.3): documents of sale orders and consignments, the printed loading slip, the weighbridge tickets. */
export const transactionExtraRoutes: readonly FeatureRoute[] = [
  { path: 'saleOrder/:saleOrderId/documents', entry: 'saleOrder', page: <SaleOrderDocumentsPage /> },
  { path: 'consignments/:consignmentId/documents', entry: 'consignments', page: <ConsignmentDocumentsPage /> },
  { path: 'loadingSlips/:loadingSlipId/print', entry: 'loadingSlips', page: <LoadingSlipPrintPage /> },
  { path: 'outbound-first-weight/:id/ticket', entry: 'outbound-first-weight', page: <FirstWeightTicketPage /> },
  { path: 'outbound-second-weight/:id/ticket', entry: 'outbound-second-weight', page: <SecondWeightTicketPage /> },
  { path: 'capture-image/add', entry: 'capture-image', action: 'add', page: <CaptureImageAddPage /> },
  { path: 'warehouseLoadingSlips/:id/print', entry: 'warehouseLoadingSlips', page: <WarehouseSlipPrintPage /> },
  { path: 'consigneeLoadingSlips/:id/print', entry: 'consigneeLoadingSlips', page: <ConsigneeSlipPrintPage /> },
  // The corrections of past records (reverse-and-repost with a reason), behind canCorrectWarehouseIn / canCorrectWarehouseOut.
  { path: 'oldWarehouse-in/:id/edit', entry: 'warehouse-in', action: 'correct', page: <WarehouseInCorrectionPage /> },
  { path: 'handlingLoss/:id/documents', entry: 'handlingLoss', page: <HandlingLossDocumentsPage /> },
  { path: 'handlingExcess/:id/documents', entry: 'handlingExcess', page: <HandlingExcessDocumentsPage /> },
  { path: 'oldWarehouse-out/:id/edit', entry: 'warehouse-out', action: 'correct', page: <WarehouseOutCorrectionPage /> },
  { path: 'warehouseTransfer/:id/print', entry: 'warehouseTransfer', page: <TransferSlipPrintPage declaration={warehouseTransferTransaction} /> },
  // The printed transfer slip of every record that travels on one (a loan, a loan return, a sale, a consignee transfer), behind its screen's view flag.
  ...Object.values(TRANSFER_SLIP_RECORDS)
    .flat()
    .map((declaration) => ({ path: transferSlipPrintRoute(declaration, ':id'), entry: declaration.route, page: <TransferSlipPrintPage declaration={declaration} /> })),
];
