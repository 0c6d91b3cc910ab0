import { sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { keyCondition } from '../../ledger/accounts';
import { ledgerAccounts } from '../../ledger/ledger.schema';
import { berths, cargoTypes, columnOf, companies, ports, vessels } from '../master-data/master-data.schema';
import { loadingSlips, portLoadings } from '../port-loading/port-loading.schema';
import { consignments } from '../procurement/procurement.schema';
import { shipments, voyages } from './shipping.schema';

import { consignmentScope } from '../procurement/consignments.service';

/** The user's scope over a consignment (spec section 6): the consignments screen's own. */
export { consignmentScope };

/*
 * Column expressions the shipment and voyage reads share: joined names, the ON_BOARD balance of a shipment's
 * (voyage, consignment) account, what loading slips took off it, and the user's data scope over consignments.
 */

export const vesselName = columnOf(vessels, 'name');
export const vesselIdColumn = columnOf(vessels, 'id');
export const portName = columnOf(ports, 'name');
export const portIdColumn = columnOf(ports, 'id');
export const berthName = columnOf(berths, 'name');
export const berthIdColumn = columnOf(berths, 'id');
export const blConsignees = alias(companies, 'bl_consignee');
export const blConsigneeName = columnOf(blConsignees, 'name');
export const blConsigneeIdColumn = columnOf(blConsignees, 'id');
export const cargoTypeName = columnOf(cargoTypes, 'name');
export const cargoTypeIdColumn = columnOf(cargoTypes, 'id');
export { createdUsers as creators, reversedUsers as reversers, updatedUsers as updaters, userName } from '../../identity/record-trail';


/** A bigint of kilograms however the driver hands it back (string, number or bigint). */
export function kg(value: string | number | bigint | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  return typeof value === 'bigint' ? value : BigInt(value);
}

/** The ON_BOARD account of (voyage, consignment): the shipment's cargo still on the vessel. */
export function onBoardAccountJoin(voyageId: AnyPgColumn | number, consignmentId: AnyPgColumn): SQL | undefined {
  return keyCondition(ledgerAccounts, 'ON_BOARD', { voyageId, consignmentId });
}

/** Kilograms active loading slips of the shipment's active port loadings took off the vessel. */
export const loadedKg = sql<string>`(select coalesce(sum(${loadingSlips.quantityKg}), 0)::text from ${loadingSlips}
  join ${portLoadings} on ${portLoadings.id} = ${loadingSlips.portLoadingId}
  where ${portLoadings.shipmentId} = ${shipments.id} and ${loadingSlips.status} = 'Active' and ${portLoadings.status} = 'Active')`;

/** `lc or po` of a consignment, as the screens name it. */
export const lcPoNumber = sql<string>`coalesce(${consignments.lcNumber}, ${consignments.poNumber})`;

export { berths, cargoTypes, companies, consignments, ledgerAccounts, ports, shipments, vessels, voyages };
