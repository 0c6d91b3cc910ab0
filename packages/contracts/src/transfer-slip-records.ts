import type { TransactionDeclaration } from './transactions/define';
import type { TransferSlipSource } from './warehouse-transfer';
import { warehouseTransferTransaction } from './warehouse-transfer';
import { consigneeLocationToSmTransaction, consigneeToSmTransaction, smToConsigneeTransaction } from './loans';
import { consigneeToCustomerTransaction } from './sales';
import { consigneeTransferTransaction } from './consignee-transfer';

/*
 * The records that may travel on a transfer slip (issue 14), by the slip's source: the screens whose record prints
 * the slip. Each screen's view permission and data scope guard its slip: the server serves
 * `GET /api/<screen's api>/:id/slip` (the print view) and `/slip/pdf` for each, 404 for a record out of the reader's
 * scope or without a slip; the web prints at `<screen's route>/:id/slip`.
 */
export const TRANSFER_SLIP_RECORDS = {
  warehouseTransfer: [warehouseTransferTransaction],
  loan: [consigneeToSmTransaction, consigneeLocationToSmTransaction],
  loanReturn: [smToConsigneeTransaction],
  sale: [consigneeToCustomerTransaction],
  consigneeTransfer: [consigneeTransferTransaction],
} as const satisfies Record<TransferSlipSource, readonly TransactionDeclaration[]>;

/** A screen whose records may travel on a transfer slip. */
export type TransferSlipRecordDeclaration = (typeof TRANSFER_SLIP_RECORDS)[TransferSlipSource][number];

/** `GET` the printed slip of a record of the screen (`ZWarehouseTransferSlipView`). */
export const transferSlipViewPath = (declaration: Pick<TransactionDeclaration, 'api'>, id: number) => `/api${declaration.api}/${id}/slip`;
/** The slip's PDF, English and Arabic side by side. */
export const transferSlipPdfPath = (declaration: Pick<TransactionDeclaration, 'api'>, id: number) => `/api${declaration.api}/${id}/slip/pdf`;
/** The web's print page of the slip of a record of the screen (under the agency). */
export const transferSlipPrintRoute = (declaration: Pick<TransactionDeclaration, 'route'>, id: number | string) => `${declaration.route}/${id}/slip`;
