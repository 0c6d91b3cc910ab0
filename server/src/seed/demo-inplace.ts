import { kgToTonnes, tonnesToKg, ZOwnershipTransferInput } from '@tonnage/contracts';
import type { DataScope } from '../identity/data-scope';
import type { Db } from '../platform/db/client';
import { createTransfer, newOwners, transferPositions } from '../modules/ownership-transfer/ownership-transfer.service';

/*
 * The demo's in-place flows (issue 14): an ownership transfer at a warehouse, nothing moving: part of the largest
 * usable warehouse position is handed from its owner to a shipment manager (or, if none may take it, another
 * consignee). Runs through the service with the admin and no scope restriction, after the warehouse season.
 */

const UNRESTRICTED: DataScope = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };

/** What was done, for the first run's log line and the tests. */
export interface DemoInplace {
  ownershipTransfers: number;
}

export async function seedDemoInplace(tx: Db, params: { agencyId: number; userId: number; now: Date }): Promise<DemoInplace> {
  const { agencyId, userId, now } = params;
  const actor = { agencyId, userId, now, scope: UNRESTRICTED };
  const done: DemoInplace = { ownershipTransfers: 0 };

  const positions = await transferPositions(tx, { agencyId, scope: UNRESTRICTED, place: 'warehouse' });
  positions.sort((a, b) => Number(tonnesToKg(b.usable) - tonnesToKg(a.usable)));
  const position = positions[0];
  const usableKg = position ? tonnesToKg(position.usable) : 0n;
  if (!position || usableKg < 2_000n) return done;
  const owners = (await newOwners(tx, { agencyId, scope: UNRESTRICTED })).filter((o) => o.id !== position.ownerCompanyId);
  const to = owners.find((o) => o.isShipmentManager) ?? owners[0];
  if (!to) return done;
  // A tenth of the usable quantity, in whole tonnes, at most 25 MT.
  const tonnes = (usableKg / 10n / 1000n) * 1000n;
  const quantity = kgToTonnes(tonnes > 25_000n ? 25_000n : tonnes < 1_000n ? 1_000n : tonnes);
  const { warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId } = position;
  await createTransfer(tx, {
    ...actor,
    input: ZOwnershipTransferInput.parse({ locationId: warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId, toOwnerCompanyId: to.id, quantity, remarks: 'Stock handed over in place.' }),
  });
  done.ownershipTransfers += 1;
  return done;
}
