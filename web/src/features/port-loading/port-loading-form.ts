import type { PortLoadingQuantityType, TLoadingSlipInput, TPortLoading, TPortLoadingInput, TransportationType, TransporterKind } from '@tonnage/contracts';

/**
 * The logic of the port loading and loading slip forms, apart from the screens so it is tested alone: which
 * destination picker a transportation type shows, what changing the type clears, and the request bodies.
 */

/** The values the port loading form holds (antd gives undefined for empty selects). */
export interface PortLoadingFormValues {
  voyageId?: number;
  shipmentId?: number;
  portId?: number;
  transportationType: TransportationType;
  toLocationId?: number;
  transporterKind: TransporterKind;
  transporterId?: number;
  thirdPartyName?: string;
  /** `bl` (default) or `loan`: cargo the shipment manager borrowed on board, `loanId` the loan. */
  quantityType?: PortLoadingQuantityType;
  loanId?: number;
  quantity?: string | number;
  /** YYYY-MM-DD */
  loadingDate?: string;
  remarks?: string;
}

/** The destination picker of a transportation type: warehouses, the BL consignee's locations, or customers' locations. */
export type DestinationPicker = 'warehouse' | 'consigneeLocation' | 'customerLocation';

export function destinationPickerOf(type: TransportationType): DestinationPicker {
  switch (type) {
    case 'warehouse':
      return 'warehouse';
    case 'directDelivery':
      return 'consigneeLocation';
    case 'customerDelivery':
      return 'customerLocation';
  }
}

/** The i18n key of the destination field's label and required message per type. */
export function destinationTextKeys(type: TransportationType): { label: string; required: string } {
  const picker = destinationPickerOf(type);
  return { label: `portLoading.destination.${picker}`, required: `portLoading.destinationRequired.${picker}` };
}

/** Fields to clear when the transportation type changes: a destination of another kind no longer fits. */
export function onTransportationTypeChange(previous: TransportationType, next: TransportationType): Partial<PortLoadingFormValues> {
  return previous === next ? {} : { toLocationId: undefined };
}

/** Fields to clear when the quantity type changes: a loan is named only by a `loan` port loading. */
export function onQuantityTypeChange(next: PortLoadingQuantityType): Partial<PortLoadingFormValues> {
  return next === 'loan' ? {} : { loanId: undefined };
}

/** Fields to clear when the transporter option changes. */
export function onTransporterKindChange(next: TransporterKind): Partial<PortLoadingFormValues> {
  if (next === 'company') return { thirdPartyName: undefined };
  if (next === 'thirdParty') return { transporterId: undefined };
  return { transporterId: undefined, thirdPartyName: undefined };
}

const trimmedOrNull = (value: string | undefined): string | null => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
};

/**
 * The body of POST/PUT /api/portLoading: empty optional values as null, a transporter only for its option, the
 * quantity as text (never a float sum). The owner is left to the server's default (BL consignee, or the customer).
 */
export function buildPortLoadingPayload(values: PortLoadingFormValues): TPortLoadingInput {
  return {
    voyageId: values.voyageId ?? null,
    shipmentId: values.shipmentId ?? null,
    portId: values.portId ?? null,
    transportationType: values.transportationType,
    toLocationId: values.toLocationId ?? null,
    ownerCompanyId: null,
    transporterKind: values.transporterKind,
    transporterId: values.transporterKind === 'company' ? (values.transporterId ?? null) : null,
    thirdPartyName: values.transporterKind === 'thirdParty' ? trimmedOrNull(values.thirdPartyName) : null,
    quantityType: values.quantityType ?? 'bl',
    loanId: values.quantityType === 'loan' ? (values.loanId ?? null) : null,
    quantity: values.quantity === undefined ? '' : String(values.quantity).trim(),
    loadingDate: values.loadingDate ?? '',
    remarks: trimmedOrNull(values.remarks),
  };
}

/** The edit form's values of a stored port loading. */
export function formValuesOf(row: TPortLoading): PortLoadingFormValues {
  return {
    voyageId: row.voyageId,
    shipmentId: row.shipmentId,
    portId: row.portId,
    transportationType: row.transportationType,
    toLocationId: row.toLocationId,
    transporterKind: row.transporterKind,
    transporterId: row.transporterId ?? undefined,
    thirdPartyName: row.thirdPartyName ?? undefined,
    quantityType: row.quantityType,
    loanId: row.loanId ?? undefined,
    quantity: row.quantity,
    loadingDate: row.loadingDate,
    remarks: row.remarks ?? undefined,
  };
}

/** The add-slip form's values. */
export interface SlipFormValues {
  truckId?: number;
  driverId?: number;
  wbtNumber?: string;
  quantity?: string | number;
}

/** The body of POST /api/portLoading/:id/loadingSlips (and PUT /api/loadingSlips/:id). */
export function buildSlipPayload(values: SlipFormValues): TLoadingSlipInput {
  return {
    truckId: values.truckId ?? null,
    driverId: values.driverId ?? null,
    wbtNumber: values.wbtNumber?.trim() ?? '',
    quantity: values.quantity === undefined || values.quantity === null ? '' : String(values.quantity).trim(),
  };
}

/** The transporter a port loading's trucks and drivers are offered from (null: any transporter). */
export function slipTransporterFilter(row: Pick<TPortLoading, 'transporterKind' | 'transporterId'>): number | null {
  return row.transporterKind === 'company' ? row.transporterId : null;
}
