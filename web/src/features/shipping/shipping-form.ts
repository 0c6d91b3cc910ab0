import dayjs, { type Dayjs } from 'dayjs';
import type { TShipment, TShipmentInput, TransactionFormSection } from '@tonnage/contracts';

/** Whether the drawer picks an existing voyage or describes a new one. */
export type VoyageMode = 'existing' | 'new';

/** The drawer's form values: ids, texts, and Dayjs dates for the DatePickers. */
export interface ShipmentFormValues {
  voyageMode: VoyageMode;
  voyageId?: number;
  vesselId?: number;
  voyageNumber?: string;
  portId?: number;
  berthId?: number | null;
  arrivalDate?: Dayjs | null;
  completionDate?: Dayjs | null;
  consignmentId?: number;
  blNumber?: string;
  blQuantity?: string;
  blConsigneeId?: number | null;
  blDate?: Dayjs | null;
}

/**
 * The drawer's two sections: the voyage (an existing one, or the fields of a new one: the declaration's `voyage`)
 * and the bill of lading.
 */
export const shipmentFormSections: readonly TransactionFormSection<string>[] = [
  { title: 'shipping.voyageSection', rows: [['voyageMode'], ['voyageId'], ['vesselId', 'voyageNumber'], ['portId', 'berthId'], ['arrivalDate', 'completionDate']] },
  { title: 'shipping.blSection', rows: [['consignmentId'], ['blNumber', 'blQuantity'], ['blConsigneeId', 'blDate']] },
];

/** The server names the new voyage's fields `voyage.<field>`; the form has them at the top level. */
export function formFieldOf(path: string): string {
  return path.startsWith('voyage.') ? path.slice('voyage.'.length) : path;
}

const isoDate = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);
const idOrNull = (value: number | null | undefined) => (typeof value === 'number' ? value : null);

/**
 * The body of `POST /api/shipments` / `PUT /api/shipments/:id`: the existing voyage's id, or the new voyage (and
 * never both); an empty BL consignee means the consignment's own; dates as YYYY-MM-DD.
 */
export function toShipmentInput(values: ShipmentFormValues): TShipmentInput {
  const voyage =
    values.voyageMode === 'existing'
      ? { voyageId: values.voyageId }
      : {
          voyage: {
            vesselId: values.vesselId ?? 0,
            voyageNumber: (values.voyageNumber ?? '').trim(),
            portId: values.portId ?? 0,
            berthId: idOrNull(values.berthId),
            arrivalDate: isoDate(values.arrivalDate),
            completionDate: isoDate(values.completionDate),
          },
        };
  return {
    ...voyage,
    consignmentId: values.consignmentId ?? 0,
    blNumber: (values.blNumber ?? '').trim(),
    blQuantity: (values.blQuantity ?? '').trim(),
    blConsigneeId: idOrNull(values.blConsigneeId),
    blDate: isoDate(values.blDate),
  };
}

/** The form values of a shipment being edited: its voyage picked as an existing one. */
export function formValuesOf(shipment: TShipment): ShipmentFormValues {
  return {
    voyageMode: 'existing',
    voyageId: shipment.voyageId,
    consignmentId: shipment.consignmentId,
    blNumber: shipment.blNumber,
    blQuantity: shipment.blQuantity,
    blConsigneeId: shipment.blConsigneeId,
    blDate: shipment.blDate ? dayjs(shipment.blDate) : null,
  };
}

export const EMPTY_SHIPMENT_FORM: ShipmentFormValues = { voyageMode: 'existing' };
