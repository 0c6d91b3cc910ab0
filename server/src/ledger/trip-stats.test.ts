import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db/client';
import type { TestApp } from '../test/harness';
import { seasonsApp } from './kept-figures.test-support';
import { describeDifference, findLedgerDifferences } from './ledger.check';
import type { AccountKey } from './ledger.service';
import { ledgerFixture, ON_BOARD, VESSEL } from './ledger.test-support';
import { rebuildTripStats, tripStatsDifferences } from './trip-stats';

/*
 * The kept trip rows of the IN/OUT stats (`ledger_trip_dispatches`, `ledger_trip_receipts`) written by the posting
 * function equal a recomputation from the entries (`npm run ledger:check`): after the demo season and a generated
 * season, after postings with several places, a transit loss and reversals; the migration's backfill and the rebuild
 * give the same rows.
 */

let t: TestApp;
let demoAgencyId: number;
let generatedAgencyId: number;

beforeAll(async () => {
  ({ t, demoAgencyId, generatedAgencyId } = await seasonsApp(15));
}, 600_000);
afterAll(async () => {
  await t.close();
});

const DISPATCHES = sql`select agency_id, transaction_id, account_id, trip_id, voyage_id, consignment_id, owner_company_id, dispatched_at::text as dispatched_at,
                              origin_kind, origin_location_id, origin_binding_voyage_id, kg::text as kg
                         from ledger_trip_dispatches order by transaction_id, account_id`;
const RECEIPTS = sql`select agency_id, transaction_id, account_id, place_account_id, location_id, first_place, kg::text as kg
                       from ledger_trip_receipts order by transaction_id, account_id, place_account_id`;

interface Dispatch {
  agency_id: number;
  transaction_id: number;
  account_id: number;
  origin_kind: string;
  origin_location_id: number | null;
  kg: string;
}
interface Receipt {
  agency_id: number;
  transaction_id: number;
  account_id: number;
  location_id: number | null;
  first_place: boolean;
  kg: string;
}

describe('kept trip rows after whole seasons', () => {
  it('equal the recomputation from the entries: ledger:check is clean', async () => {
    expect((await findLedgerDifferences(t.database.db)).map(describeDifference)).toEqual([]);
    for (const agencyId of [demoAgencyId, generatedAgencyId]) {
      const dispatches = (await queryRows<Dispatch>(t.database.db, DISPATCHES)).filter((d) => Number(d.agency_id) === agencyId);
      const receipts = (await queryRows<Receipt>(t.database.db, RECEIPTS)).filter((r) => Number(r.agency_id) === agencyId);
      // Both seasons dispatch from the port and from places, and receive at places.
      expect(dispatches.some((d) => d.origin_kind === 'ON_BOARD')).toBe(true);
      expect(dispatches.some((d) => d.origin_kind === 'ON_HAND')).toBe(true);
      expect(receipts.filter((r) => r.first_place).length).toBeGreaterThan(10);
    }
  });

  it('are what the migration backfills on an upgraded database', async () => {
    const dispatches = await queryRows(t.database.db, DISPATCHES);
    const receipts = await queryRows(t.database.db, RECEIPTS);
    expect(dispatches.length).toBeGreaterThan(50);
    const migration = readFileSync(new URL('../../drizzle/0038_trip_stats.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    const [fillDispatches = '', fillReceipts = ''] = migration.slice(-2);
    expect(fillDispatches).toContain('insert into ledger_trip_dispatches');
    expect(fillReceipts).toContain('insert into ledger_trip_receipts');
    await t.database.db.execute(sql`delete from ledger_trip_dispatches`);
    await t.database.db.execute(sql`delete from ledger_trip_receipts`);
    await t.database.db.execute(sql.raw(fillDispatches));
    await t.database.db.execute(sql.raw(fillReceipts));
    expect(await queryRows(t.database.db, DISPATCHES)).toEqual(dispatches);
    expect(await queryRows(t.database.db, RECEIPTS)).toEqual(receipts);
  });

  it('are rebuilt from the entries to the same rows', async () => {
    const dispatches = await queryRows(t.database.db, DISPATCHES);
    const receipts = await queryRows(t.database.db, RECEIPTS);
    await t.database.db.execute(sql`update ledger_trip_dispatches set kg = kg + 1 where agency_id = ${generatedAgencyId}::integer`);
    await t.database.db.execute(sql`delete from ledger_trip_receipts where agency_id = ${generatedAgencyId}::integer`);
    expect((await tripStatsDifferences(t.database.db)).length).toBeGreaterThan(0);
    await rebuildTripStats(t.database.db, generatedAgencyId);
    expect(await queryRows(t.database.db, DISPATCHES)).toEqual(dispatches);
    expect(await queryRows(t.database.db, RECEIPTS)).toEqual(receipts);
    expect(await tripStatsDifferences(t.database.db)).toEqual([]);
  });
});

describe('kept trip rows of postings and their reversals', () => {
  it('keep a dispatch with its first origin, a receipt per place net of the trip’s loss, and drop a reversed posting’s rows', async () => {
    const f = await ledgerFixture(t.database.db);
    const truck = (tripId: number): AccountKey => ({ kind: 'IN_TRANSIT', tripId, voyageId: 1, consignmentId: 1, ownerCompanyId: 1, cargoTypeId: 1 });
    const loss = (tripId: number): AccountKey => ({ kind: 'TRANSIT_LOSS', tripId, voyageId: 1, consignmentId: 1, ownerCompanyId: 1, cargoTypeId: 1 });
    const silo = (locationId: number, siloId: number): AccountKey => ({ kind: 'ON_HAND', locationId, siloId, ownerCompanyId: 1, consignmentId: 1, cargoTypeId: 1, voyageId: 1, attachedVoyageId: 2 });
    const rows = async () => ({
      dispatches: (await queryRows<Dispatch>(t.database.db, DISPATCHES)).filter((d) => Number(d.agency_id) === f.agencyId),
      receipts: (await queryRows<Receipt>(t.database.db, RECEIPTS)).filter((r) => Number(r.agency_id) === f.agencyId),
    });
    await f.move(VESSEL, ON_BOARD, 60_000);
    // Two trucks loaded in one posting at the port.
    const loading = await f.post([
      { account: ON_BOARD, quantityKg: -50_000 },
      { account: truck(41), quantityKg: 20_000 },
      { account: truck(42), quantityKg: 30_000 },
    ], 'portLoading');
    // Truck 41 unloaded at two places with a transit loss; truck 42 at one place, in two lines.
    const unload41 = await f.post([
      { account: truck(41), quantityKg: -20_000 },
      { account: loss(41), quantityKg: 300 },
      { account: silo(5, 1), quantityKg: 12_000 },
      { account: silo(5, 2), quantityKg: 4_000 },
      { account: silo(6, 1), quantityKg: 3_700 },
    ], 'warehouseIn');
    await f.post([
      { account: truck(42), quantityKg: -10_000 },
      { account: truck(42), quantityKg: -20_000 },
      { account: silo(6, 1), quantityKg: 30_000 },
    ], 'warehouseIn');
    // A truck leaving the warehouse: the first ON_HAND account it takes from is its origin.
    const out = await f.post([
      { account: silo(6, 1), quantityKg: -5_000 },
      { account: silo(5, 1), quantityKg: -1_000 },
      { account: truck(43), quantityKg: 6_000 },
    ], 'warehouseOut');
    let kept = await rows();
    expect(kept.dispatches.map((d) => [d.transaction_id, d.origin_kind, d.kg])).toEqual([
      [loading.transactionId, 'ON_BOARD', '20000'],
      [loading.transactionId, 'ON_BOARD', '30000'],
      [out.transactionId, 'ON_HAND', '6000'],
    ]);
    // Location 5's silo account was made first: the lowest id.
    expect(kept.dispatches[2]?.origin_location_id).toBe(5);
    const of41 = kept.receipts.filter((r) => r.transaction_id === unload41.transactionId);
    expect(of41.map((r) => [r.location_id, r.first_place, r.kg])).toEqual([
      [5, true, '19700'],
      [6, false, '19700'],
    ]);
    expect(kept.receipts.filter((r) => r.transaction_id !== unload41.transactionId).map((r) => [r.location_id, r.first_place, r.kg])).toEqual([[6, true, '30000']]);
    expect(await tripStatsDifferences(t.database.db)).toEqual([]);

    await f.reverse(out.transactionId);
    await f.reverse(unload41.transactionId);
    kept = await rows();
    expect(kept.dispatches.map((d) => d.transaction_id)).toEqual([loading.transactionId, loading.transactionId]);
    expect(kept.receipts.map((r) => r.transaction_id)).not.toContain(unload41.transactionId);
    expect(kept.receipts).toHaveLength(1);
    expect(await tripStatsDifferences(t.database.db)).toEqual([]);
  });
});
