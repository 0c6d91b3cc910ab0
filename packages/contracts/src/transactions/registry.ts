import { outboundFirstWeightTransaction, outboundSecondWeightTransaction } from '../outbound-weighing';
import { captureImageTransaction } from '../cameras';
import { portLoadingTransaction, loadingSlipTransaction } from '../port-loading';
import { consignmentTransaction, saleOrderTransaction } from '../procurement';
import { shipmentTransaction } from '../shipping';
import { consigneeInTransaction, customerInTransaction, warehouseInTransaction, warehousePreInTransaction } from '../receiving';
import { consigneeLoadingSlipTransaction, consigneeOutTransaction } from '../consignee-dispatch';
import { warehouseLoadingSlipTransaction, warehouseOutTransaction, warehousePreOutTransaction } from '../warehouse-dispatch';
import { warehouseOutGroupTransaction } from '../warehouse-out-groups';
import { ownershipTransferTransaction } from '../ownership-transfer';
import { siloTransferTransaction } from '../silo-transfer';
import { swapCargoTransaction } from '../swap-cargo';
import { handlingExcessTransaction, handlingLossTransaction } from '../handling';
import { consigneeLocationToSmTransaction, consigneeToSmTransaction, smToConsigneeTransaction } from '../loans';
import { consigneeToCustomerTransaction } from '../sales';
import { consigneeTransferTransaction } from '../consignee-transfer';
import { warehouseTransferTransaction } from '../warehouse-transfer';
import { quantityApprovalTransaction, voyageApprovalTransaction } from '../vessel-approval';

/**
 * Every declared cargo transaction, in menu order: the web registers its routes and menu entries from it, the server
 * its generated routes. A new flow adds its declaration here (one line).
 */
export const transactionRegistry = [
  saleOrderTransaction,
  consignmentTransaction,
  shipmentTransaction,
  voyageApprovalTransaction,
  quantityApprovalTransaction,
  portLoadingTransaction,
  loadingSlipTransaction,
  outboundFirstWeightTransaction,
  outboundSecondWeightTransaction,
  warehousePreInTransaction,
  warehouseInTransaction,
  consigneeInTransaction,
  customerInTransaction,
  captureImageTransaction,
  warehousePreOutTransaction,
  warehouseOutTransaction,
  warehouseOutGroupTransaction,
  warehouseLoadingSlipTransaction,
  consigneeOutTransaction,
  consigneeLoadingSlipTransaction,
  ownershipTransferTransaction,
  siloTransferTransaction,
  swapCargoTransaction,
  handlingLossTransaction,
  handlingExcessTransaction,
  consigneeLocationToSmTransaction,
  consigneeToSmTransaction,
  smToConsigneeTransaction,
  consigneeToCustomerTransaction,
  consigneeTransferTransaction,
  warehouseTransferTransaction,
] as const;

/** The key of a declared transaction. */
export type TransactionKey = (typeof transactionRegistry)[number]['key'];

/** A declared transaction by its key (for the web's routes and the server's registration). */
export function transactionByKey(key: string): (typeof transactionRegistry)[number] | undefined {
  return transactionRegistry.find((declaration) => declaration.key === key);
}
