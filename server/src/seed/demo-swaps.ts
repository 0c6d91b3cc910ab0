import { kgToTonnes, tonnesToKg, ZSwapCargoInput, type TStockPosition } from '@tonnage/contracts';
import type { DataScope } from '../identity/data-scope';
import type { Db } from '../platform/db/client';
import { createSwap, swapPositions } from '../modules/swap-cargo/swap-cargo.service';

/*
 * The demo's cargo swap (issue 14), through its service with the admin and no scope restriction, after the other
 * adjustments: two owners each holding the same cargo at two places exchange a quantity where it lies (see
 * `pairOf`; in the demo season Arabian Milling's wheat at the Jeddah Grain Terminal for Hejaz Flour Mills' wheat at
 * its Madinah mill, the only other owner of wheat).
 */

const UNRESTRICTED: DataScope = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };

/** What was done, for the first run's log line and the tests. */
export interface DemoSwaps {
  cargoSwaps: number;
}

const usableKg = (p: TStockPosition) => tonnesToKg(p.usable);

interface Candidate {
  position: TStockPosition;
  atWarehouse: boolean;
}

/**
 * The best pair of positions to swap: different owners, the same cargo, at least 2 MT usable each, the two at
 * different places (both warehouses first, then a warehouse and a consignee location), the largest first; failing
 * that, one place whose two positions differ in silo, consignment or voyage.
 */
function pairOf(candidates: Candidate[]): [TStockPosition, TStockPosition] | null {
  const sorted = candidates.filter((c) => usableKg(c.position) >= 2_000n).sort((x, y) => (usableKg(y.position) > usableKg(x.position) ? 1 : usableKg(y.position) < usableKg(x.position) ? -1 : 0));
  let best: { rank: number; pair: [TStockPosition, TStockPosition] } | null = null;
  for (const [i, x] of sorted.entries()) {
    for (const y of sorted.slice(i + 1)) {
      const [a, b] = [x.position, y.position];
      if (a.ownerCompanyId === b.ownerCompanyId || a.cargoTypeId !== b.cargoTypeId) continue;
      const twoPlaces = a.warehouseId !== b.warehouseId;
      if (!twoPlaces && a.siloId === b.siloId && a.consignmentId === b.consignmentId && a.voyageId === b.voyageId) continue;
      const rank = (twoPlaces ? 10 : 0) + Number(x.atWarehouse) + Number(y.atWarehouse);
      if (!best || rank > best.rank) best = { rank, pair: x.atWarehouse || !y.atWarehouse ? [a, b] : [b, a] };
    }
  }
  return best?.pair ?? null;
}

export async function seedDemoSwaps(tx: Db, params: { agencyId: number; userId: number; now: Date }): Promise<DemoSwaps> {
  const { agencyId, userId, now } = params;
  const scope = { agencyId, scope: UNRESTRICTED };
  const atWarehouses = (await swapPositions(tx, { ...scope, place: 'warehouse' })).map((position) => ({ position, atWarehouse: true }));
  const atSites = (await swapPositions(tx, { ...scope, place: 'consigneeLocation' })).map((position) => ({ position, atWarehouse: false }));
  const pair = pairOf([...atWarehouses, ...atSites]);
  if (!pair) return { cargoSwaps: 0 };
  const [a, b] = pair;
  // A tenth of the smaller side in whole tonnes, between 1 and 25 MT.
  const smaller = usableKg(a) < usableKg(b) ? usableKg(a) : usableKg(b);
  const tenth = (smaller / 10n / 1000n) * 1000n;
  const kg = tenth > 25_000n ? 25_000n : tenth < 1_000n ? 1_000n : tenth;
  const side = (prefix: 'a' | 'b', p: TStockPosition) => ({
    [`${prefix}LocationId`]: p.warehouseId,
    [`${prefix}SiloId`]: p.siloId,
    [`${prefix}OwnerCompanyId`]: p.ownerCompanyId,
    [`${prefix}ConsignmentId`]: p.consignmentId,
    [`${prefix}CargoTypeId`]: p.cargoTypeId,
    [`${prefix}VoyageId`]: p.voyageId,
    [`${prefix}AttachedVoyageId`]: p.attachedVoyageId,
  });
  await createSwap(tx, {
    agencyId,
    userId,
    now,
    scope: UNRESTRICTED,
    input: ZSwapCargoInput.parse({ ...side('a', a), ...side('b', b), quantity: kgToTonnes(kg), remarks: 'Each takes the other’s wheat where it lies, nearer its mill.' }),
  });
  return { cargoSwaps: 1 };
}
