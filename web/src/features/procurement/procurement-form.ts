import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import {
  SEARCH_MIN_CHARS,
  type LcPoType,
  type TConsignment,
  type TConsignmentInput,
  type TSaleOrder,
  type TSaleOrderInput,
  type TransactionFormSection,
} from '@tonnage/contracts';

/*
 * The form logic of the procurement screens, kept apart from the components so it can be tested: what the forms
 * show for a record, what they send, where the server's field errors go.
 */

const ISO_DATE = 'YYYY-MM-DD';
const toIso = (value: Dayjs | null | undefined): string | null => (value ? value.format(ISO_DATE) : null);
const fromIso = (value: string | null | undefined): Dayjs | null => (value ? dayjs(value) : null);
const textOrNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** A search the server uses (more than 2 characters, spec section 9), else undefined. */
export function effectiveSearch(search: string): string | undefined {
  const trimmed = search.trim();
  return trimmed.length > SEARCH_MIN_CHARS ? trimmed : undefined;
}

// ---------------------------------------------------------------- sale orders

/** The drawer's one column: the declaration's fields, the delivery dates as one period (`saleOrderFieldOf`). */
export const saleOrderFormSections: readonly TransactionFormSection<string>[] = [
  { title: '', rows: [['number'], ['sellerId'], ['buyerId'], ['cargoTypeId'], ['quantity'], ['orderDate'], ['deliveryPeriod'], ['remarks']] },
];

export interface SaleOrderFormValues {
  number?: string;
  sellerId?: number;
  buyerId?: number;
  cargoTypeId?: number;
  quantity?: string;
  orderDate?: Dayjs | null;
  deliveryPeriod?: [Dayjs | null, Dayjs | null] | null;
  remarks?: string;
}

export function saleOrderFormValues(row: TSaleOrder | null): SaleOrderFormValues {
  if (!row) return { orderDate: dayjs() };
  return {
    number: row.number,
    sellerId: row.sellerId,
    buyerId: row.buyerId,
    cargoTypeId: row.cargoTypeId,
    quantity: row.quantity,
    orderDate: fromIso(row.orderDate),
    deliveryPeriod: row.deliveryFrom || row.deliveryTo ? [fromIso(row.deliveryFrom), fromIso(row.deliveryTo)] : null,
    remarks: row.remarks ?? '',
  };
}

/** The body of `POST /api/saleOrder` / `PUT /api/saleOrder/{id}`: dates as YYYY-MM-DD, empty texts as null. */
export function saleOrderPayload(values: SaleOrderFormValues): TSaleOrderInput {
  return {
    number: values.number?.trim() ?? '',
    sellerId: values.sellerId ?? 0,
    buyerId: values.buyerId ?? 0,
    cargoTypeId: values.cargoTypeId ?? 0,
    quantity: values.quantity?.trim() ?? '',
    orderDate: toIso(values.orderDate) ?? '',
    deliveryFrom: toIso(values.deliveryPeriod?.[0]),
    deliveryTo: toIso(values.deliveryPeriod?.[1]),
    remarks: textOrNull(values.remarks),
  };
}

/** Where a server field error of the sale order form goes (the delivery dates share one range field). */
export const saleOrderFieldOf = (path: string): string => {
  const field = path.split('.')[0] ?? path;
  return field === 'deliveryFrom' || field === 'deliveryTo' ? 'deliveryPeriod' : field;
};

// ---------------------------------------------------------------- consignments

/** The drawer's one column: an LC/PO toggle and one number field for the declaration's two (`consignmentFieldOf`). */
export const consignmentFormSections: readonly TransactionFormSection<string>[] = [
  { title: '', rows: [['kind'], ['lcPoNumber'], ['refNumber'], ['saleOrderId'], ['blConsigneeId'], ['shipmentManagerId'], ['cargoTypeId'], ['quantity'], ['remarks']] },
];

/** The consignment form: an LC/PO toggle and one number field, so both can never be sent (spec section 5). */
export interface ConsignmentFormValues {
  kind: LcPoType;
  lcPoNumber?: string;
  refNumber?: string;
  saleOrderId?: number;
  blConsigneeId?: number;
  shipmentManagerId?: number | null;
  cargoTypeId?: number;
  quantity?: string;
  remarks?: string;
}

export function consignmentFormValues(row: TConsignment | null): ConsignmentFormValues {
  if (!row) return { kind: 'lc' };
  return {
    kind: row.type,
    lcPoNumber: row.LCPONumber,
    refNumber: row.refNumber ?? '',
    saleOrderId: row.saleOrderId,
    blConsigneeId: row.blConsigneeId,
    shipmentManagerId: row.shipmentManagerId,
    cargoTypeId: row.cargoTypeId,
    quantity: row.quantity,
    remarks: row.remarks ?? '',
  };
}

/** The body of `POST /api/consignments` / `PUT /api/consignments/{id}`: the number goes to lcNumber or poNumber, never both. */
export function consignmentPayload(values: ConsignmentFormValues): TConsignmentInput {
  const number = textOrNull(values.lcPoNumber);
  return {
    lcNumber: values.kind === 'lc' ? number : null,
    poNumber: values.kind === 'po' ? number : null,
    refNumber: textOrNull(values.refNumber),
    saleOrderId: values.saleOrderId ?? 0,
    blConsigneeId: values.blConsigneeId ?? 0,
    shipmentManagerId: values.shipmentManagerId ?? null,
    cargoTypeId: values.cargoTypeId ?? 0,
    quantity: values.quantity?.trim() ?? '',
    remarks: textOrNull(values.remarks),
  };
}

/** Where a server field error of the consignment form goes: LC and PO numbers share the one number field. */
export const consignmentFieldOf = (path: string): string => {
  const field = path.split('.')[0] ?? path;
  return field === 'lcNumber' || field === 'poNumber' ? 'lcPoNumber' : field;
};
