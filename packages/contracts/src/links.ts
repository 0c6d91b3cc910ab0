import { Messages } from './errors';
import { PortLoadingMessages } from './port-loading';
import { ProcurementMessages } from './procurement';
import { ShippingMessages } from './shipping';
import type { ServerMessage } from './server-messages';
import { TransferSlipLinkMessages } from './warehouse-transfer';

/*
 * Typed back-pointers: which later record may consume an earlier one, and what the server answers when the earlier
 * one is to be reversed while a live consumer stands (spec section 8, "Business rules"). An earlier flow never
 * imports a later one: the later flow declares its pairs here (and its pointer on the server, platform/consumers.ts),
 * and the earlier flow's reversal asks "is this record consumed?" by kind and id.
 */

/** Every kind of transaction record that can consume or be consumed, built or still to be built. */
export const RECORD_KINDS = [
  'saleOrder',
  'consignment',
  'shipment',
  'voyageApproval',
  'quantityApproval',
  'portLoading',
  'loadingSlip',
  'warehousePreIn',
  'warehouseIn',
  'warehousePreOut',
  'warehouseOut',
  'consigneeLoadingSlip',
  'outboundFirstWeight',
  'outboundSecondWeight',
  'consigneeIn',
  'customerIn',
  'consigneeToShipmentManagerLoan',
  'consigneeToCustomerSale',
  'shipmentManagerToConsigneeLoan',
  'loanReturn',
  'transferSlip',
] as const;

/** A kind of transaction record. */
export type RecordKind = (typeof RECORD_KINDS)[number];

/** A record named by its kind and id (ids are per table, so the kind is part of the name). */
export type RecordRef<K extends RecordKind = RecordKind> = { kind: K; id: number };

/**
 * The refusals of section 8 for flows not built yet (the spec gives no text for the loans' refusals: these are
 * ours, worded like the others).
 */
export const LinkMessages = {
  warehouseOutInWarehouse: 'This Warehouse Out delivered on Warehouse In. Please revert Warehouse In transaction first.',
  warehouseOutInConsigneeIn: 'This Warehouse Out delivered on Consignee In. Please revert Consignee In transaction first.',
  warehouseOutInCustomerIn: 'This Warehouse Out delivered on Customer In. Please revert Customer In transaction first.',
  preOutInWarehouseOut: 'This Warehouse Pre Out delivered on Warehouse Out. Please revert Warehouse Out transaction first.',
  firstWeightHasSecond: 'This Outbound First Weight has Outbound Second Weight Entry. Please revert Outbound Second Weight first.',
  secondWeightInWarehouseOut: 'This Outbound Second Weight delivered on Warehouse Out. Please revert Warehouse Out transaction first.',
  loanHasPortLoading: 'This loan has existing Port Loading.',
  loanHasReturn: 'This loan has existing Loan Return. Please revert Loan Return first.',
  consigneeOutInCustomerIn: 'This Consignee Out delivered on Customer In. Please revert Customer In transaction first.',
  preInInWarehouse: 'This Warehouse Pre In delivered on Warehouse In. Please revert Warehouse In transaction first.',
} as const;

/** The shape of the catalogue: for a consumed kind, each consumer kind that may consume it and the refusal it causes. */
type RefusalCatalogue = { readonly [Consumed in RecordKind]?: { readonly [Consumer in RecordKind]?: ServerMessage } };

/**
 * For each consumed kind, the kinds that may consume it and the message refusing its reversal (or a change that
 * would pull it from under the consumer) while such a consumer is live. A pair missing here cannot be declared.
 */
export const CONSUMPTION_REFUSALS = {
  consignment: { portLoading: Messages.consignmentHasPortLoading, shipment: ProcurementMessages.consignmentHasShipments },
  shipment: { portLoading: ShippingMessages.shipmentHasPortLoading },
  portLoading: {
    warehouseIn: Messages.portLoadingInWarehouse,
    consigneeIn: Messages.portLoadingDelivered,
    customerIn: Messages.portLoadingDelivered,
  },
  loadingSlip: {
    warehouseIn: PortLoadingMessages.loadingSlipInWarehouse,
    consigneeIn: PortLoadingMessages.loadingSlipDelivered,
    customerIn: PortLoadingMessages.loadingSlipDelivered,
  },
  warehouseOut: { warehouseIn: LinkMessages.warehouseOutInWarehouse, consigneeIn: LinkMessages.warehouseOutInConsigneeIn, customerIn: LinkMessages.warehouseOutInCustomerIn },
  consigneeLoadingSlip: { customerIn: LinkMessages.consigneeOutInCustomerIn },
  transferSlip: { warehouseIn: TransferSlipLinkMessages.inWarehouseIn, consigneeIn: TransferSlipLinkMessages.inConsigneeIn, customerIn: TransferSlipLinkMessages.inCustomerIn },
  warehousePreIn: { warehouseIn: LinkMessages.preInInWarehouse },
  warehousePreOut: { warehouseOut: LinkMessages.preOutInWarehouseOut },
  outboundFirstWeight: { outboundSecondWeight: LinkMessages.firstWeightHasSecond },
  outboundSecondWeight: { warehouseOut: LinkMessages.secondWeightInWarehouseOut },
  consigneeToShipmentManagerLoan: { portLoading: LinkMessages.loanHasPortLoading, loanReturn: LinkMessages.loanHasReturn },
  shipmentManagerToConsigneeLoan: { portLoading: LinkMessages.loanHasPortLoading, loanReturn: LinkMessages.loanHasReturn },
} as const satisfies RefusalCatalogue;

/** The kinds that can be consumed at all. */
export type ConsumedKind = keyof typeof CONSUMPTION_REFUSALS;

/** The kinds that may consume a record of kind `K`. */
export type ConsumerKindOf<K extends ConsumedKind> = keyof (typeof CONSUMPTION_REFUSALS)[K] & RecordKind;

/** The refusal of reversing a `consumed` record while a `consumer` record draws on it. */
export function consumptionRefusal<K extends ConsumedKind>(consumed: K, consumer: ConsumerKindOf<K>): ServerMessage {
  const refusals: { readonly [Consumer in RecordKind]?: ServerMessage } = CONSUMPTION_REFUSALS[consumed];
  const message = refusals[consumer];
  if (message === undefined) throw new Error(`no refusal declared for ${consumed} consumed by ${consumer}`);
  return message;
}
