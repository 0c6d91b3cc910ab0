import type { TSlipDelivery } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { columnOf, locations } from '../master-data/master-data.schema';
import { transferSlips } from './transfer-slip.schema';

/*
 * The delivery of a record that may travel on a transfer slip (a loan, a loan return, a consignee transfer): its
 * slip joined as `delivery_slip` (by the record's `transfer_slip_id`) and the slip's destination as
 * `delivery_location`. The caller left-joins both:
 *   .leftJoin(deliverySlips, eq(deliverySlips.id, record.transferSlipId))
 *   .leftJoin(deliveryLocations, eq(columnOf(deliveryLocations, 'id'), deliverySlips.toLocationId))
 */

export const deliverySlips = alias(transferSlips, 'delivery_slip');
export const deliveryLocations = alias(locations, 'delivery_location');

/** The columns of a record's delivery by truck. */
export function slipDeliveryColumns() {
  return {
    slipId: deliverySlips.id,
    slipNumber: deliverySlips.slipNumber,
    slipToLocationId: deliverySlips.toLocationId,
    slipToLocationName: sql<string | null>`${columnOf(deliveryLocations, 'name')}`,
    slipTruckId: deliverySlips.truckId,
    slipDriverId: deliverySlips.driverId,
    slipWbtNumber: deliverySlips.wbtNumber,
    slipReceivedTable: deliverySlips.receivedTable,
  };
}

export interface SlipDeliveryRow {
  slipId: number | null;
  slipNumber: number | null;
  slipToLocationId: number | null;
  slipToLocationName: string | null;
  slipTruckId: number | null;
  slipDriverId: number | null;
  slipWbtNumber: string | null;
  slipReceivedTable: string | null;
}

/** The delivery of a row read with `slipDeliveryColumns` (null: the record moved nothing, or in place). */
export function toSlipDelivery(row: SlipDeliveryRow): TSlipDelivery | null {
  if (row.slipId === null) return null;
  return {
    slipId: Number(row.slipId),
    slipNumber: Number(row.slipNumber),
    toLocationId: Number(row.slipToLocationId),
    toLocationName: String(row.slipToLocationName ?? ''),
    truckId: Number(row.slipTruckId),
    driverId: Number(row.slipDriverId),
    wbtNumber: String(row.slipWbtNumber),
    received: row.slipReceivedTable !== null,
  };
}
