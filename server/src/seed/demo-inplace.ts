import { kgToTonnes, tonnesToKg, ZOwnershipTransferInput, ZSiloTransferInput } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import type { DataScope } from '../identity/data-scope';
import { queryRows, type Db } from '../platform/db/client';
import { createTransfer, newOwners, transferPositions } from '../modules/ownership-transfer/ownership-transfer.service';
import { createSiloTransfer } from '../modules/silo-transfer/silo-transfer.service';

/*
 * The demo's in-place flows (issue 14), through their services with the admin and no scope restriction, after the
 * warehouse season: a silo transfer (part of the largest silo position moves to the emptiest other silo of its
 * warehouse), then an ownership transfer at a warehouse, nothing moving (part of the largest usable position handed
 * from its owner to a shipment manager, or, if none may take it, another consignee).
 */

const UNRESTRICTED: DataScope = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };

/** What was done, for the first run's log line and the tests. */
export interface DemoInplace {
  ownershipTransfers: number;
  siloTransfers: number;
}

export async function seedDemoInplace(tx: Db, params: { agencyId: number; userId: number; now: Date }): Promise<DemoInplace> {
  const { agencyId, userId, now } = params;
  const actor = { agencyId, userId, now, scope: UNRESTRICTED };
  const done: DemoInplace = { ownershipTransfers: 0, siloTransfers: 0 };

  // A tenth of a quantity in whole tonnes, between 1 and 25 MT.
  const tenth = (kg: bigint) => {
    const tonnes = (kg / 10n / 1000n) * 1000n;
    return tonnes > 25_000n ? 25_000n : tonnes < 1_000n ? 1_000n : tonnes;
  };

  const inSilos = (await transferPositions(tx, { agencyId, scope: UNRESTRICTED, place: 'warehouse' })).filter((p) => p.siloId !== null);
  inSilos.sort((a, b) => Number(tonnesToKg(b.usable) - tonnesToKg(a.usable)));
  const source = inSilos[0];
  if (source && tonnesToKg(source.usable) >= 2_000n) {
    const rooms = await queryRows<{ id: number; room_kg: string }>(
      tx,
      sql`select s.id, (round(s.capacity * 1000)::bigint - coalesce((select sum(a.balance_kg) from ledger_accounts a where a.agency_id = ${agencyId} and a.kind = 'ON_HAND' and a.silo_id = s.id), 0))::text as room_kg
          from silos s where s.agency_id = ${agencyId} and s.warehouse_id = ${source.warehouseId} and s.is_active and s.id <> ${source.siloId} order by 2 desc, s.id limit 1`,
    );
    const target = rooms[0];
    const kg = tenth(tonnesToKg(source.usable));
    if (target && BigInt(target.room_kg) >= kg) {
      const quantity = kgToTonnes(kg);
      const { warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId } = source;
      await createSiloTransfer(tx, {
        ...actor,
        input: ZSiloTransferInput.parse({ warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId, quantity, storage: 'silo', silos: [{ siloId: Number(target.id), quantity }], remarks: 'Silo rotated for aeration.' }),
      });
      done.siloTransfers += 1;
    }
  }

  const positions = await transferPositions(tx, { agencyId, scope: UNRESTRICTED, place: 'warehouse' });
  positions.sort((a, b) => Number(tonnesToKg(b.usable) - tonnesToKg(a.usable)));
  const position = positions[0];
  const usableKg = position ? tonnesToKg(position.usable) : 0n;
  if (!position || usableKg < 2_000n) return done;
  const owners = (await newOwners(tx, { agencyId, scope: UNRESTRICTED })).filter((o) => o.id !== position.ownerCompanyId);
  const to = owners.find((o) => o.isShipmentManager) ?? owners[0];
  if (!to) return done;
  const quantity = kgToTonnes(tenth(usableKg));
  const { warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId } = position;
  await createTransfer(tx, {
    ...actor,
    input: ZOwnershipTransferInput.parse({ locationId: warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId, toOwnerCompanyId: to.id, quantity, remarks: 'Stock handed over in place.' }),
  });
  done.ownershipTransfers += 1;
  return done;
}
