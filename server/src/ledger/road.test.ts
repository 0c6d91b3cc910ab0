import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db/client';
import type { TestApp } from '../test/harness';
import { seasonsApp } from './kept-figures.test-support';
import { describeDifference, findLedgerDifferences } from './ledger.check';
import { ledgerFixture, ON_BOARD, VESSEL } from './ledger.test-support';
import { rebuildRoad, roadDifferences } from './road';

/*
 * The trucks' kept destinations (`ledger_accounts.destination_location_id`, road.ts) written by the postings that
 * load them equal their slips' destinations (`npm run ledger:check`): after the demo season and a generated season
 * (loading slips, Warehouse Outs, Consignee Outs, transfers); the migration's backfill and the rebuild give the same
 * values; a wrong one is reported; a truck without a slip has none after a rebuild, and a line without a destination
 * keeps it.
 */

let t: TestApp;
let demoAgencyId: number;
let generatedAgencyId: number;

beforeAll(async () => {
  ({ t, demoAgencyId, generatedAgencyId } = await seasonsApp(41));
}, 600_000);
afterAll(async () => {
  await t.close();
});

const TRUCKS = sql`select a.agency_id, a.id, a.trip_id, a.balance_kg::text as kg, a.destination_location_id as destination, tr.kind as trip_kind
                     from ledger_accounts a join trips tr on tr.id = a.trip_id
                    where a.kind = 'IN_TRANSIT' order by a.id`;

interface Truck {
  agency_id: number;
  id: number;
  trip_id: number;
  kg: string;
  destination: number | null;
  trip_kind: string;
}

const trucks = () => queryRows<Truck>(t.database.db, TRUCKS);

describe('the trucks’ kept destinations after whole seasons', () => {
  it('equal their slips’ destinations: ledger:check is clean, and both seasons have trucks on the road towards places', async () => {
    expect((await findLedgerDifferences(t.database.db)).map(describeDifference)).toEqual([]);
    const all = await trucks();
    for (const agencyId of [demoAgencyId, generatedAgencyId]) {
      const own = all.filter((r) => Number(r.agency_id) === agencyId);
      const onRoad = own.filter((r) => r.kg !== '0');
      expect(onRoad.length).toBeGreaterThan(0);
      // Every truck of a season was loaded by a flow with a slip: each has its destination, on the road or not.
      expect(own.filter((r) => r.destination === null)).toEqual([]);
    }
    // The seasons load trucks at the port and at warehouses.
    expect([...new Set(all.map((r) => r.trip_kind))]).toEqual(expect.arrayContaining(['loadingSlip', 'warehouseOut']));
  });

  it('are what the migration backfills on an upgraded database', async () => {
    const before = await trucks();
    const migration = readFileSync(new URL('../../drizzle/0041_road_destinations.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    const fill = migration.find((part) => part.includes('update ledger_accounts')) ?? '';
    expect(fill).toContain('destination_location_id = d.to_location_id');
    await t.database.db.execute(sql`update ledger_accounts set destination_location_id = null where kind = 'IN_TRANSIT'`);
    expect((await roadDifferences(t.database.db)).length).toBeGreaterThan(0);
    await t.database.db.execute(sql.raw(fill));
    expect(await trucks()).toEqual(before);
  });

  it('are rebuilt from the slips to the same values, and a wrong one is reported until then', async () => {
    const before = await trucks();
    const [truck] = before.filter((r) => Number(r.agency_id) === generatedAgencyId && r.kg !== '0');
    if (!truck?.destination) throw new Error('no truck on the road in the generated season');
    const [other] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from locations where agency_id = ${generatedAgencyId}::integer and id <> ${truck.destination}::integer order by id limit 1`,
    );
    if (!other) throw new Error('no other location');
    await t.database.db.execute(sql`update ledger_accounts set destination_location_id = ${other.id}::integer where id = ${truck.id}::integer`);
    await t.database.db.execute(sql`update ledger_accounts set destination_location_id = null where kind = 'IN_TRANSIT' and agency_id = ${demoAgencyId}::integer`);
    const reported = (await findLedgerDifferences(t.database.db)).filter((d) => d.kind === 'road');
    const wrong = reported.find((d) => d.id === Number(truck.id));
    if (!wrong) throw new Error('the wrong destination was not reported');
    expect(wrong.road).toEqual({
      agencyId: generatedAgencyId,
      accountId: Number(truck.id),
      tripId: Number(truck.trip_id),
      kept: Number(other.id),
      fromSlips: Number(truck.destination),
    });
    expect(reported.filter((d) => d.agencyId === demoAgencyId).length).toBeGreaterThan(0);
    expect(describeDifference(wrong)).toBe(
      `agency ${generatedAgencyId} truck ${truck.id} trip ${truck.trip_id}: destination kept ${other.id}, its slip gives ${truck.destination}`,
    );
    await rebuildRoad(t.database.db, generatedAgencyId);
    await rebuildRoad(t.database.db, demoAgencyId);
    expect(await trucks()).toEqual(before);
    expect(await roadDifferences(t.database.db)).toEqual([]);
  });
});

describe('the kept destination of a posting’s truck', () => {
  it('is the line’s, stays when a line has none (unloading), is replaced by a line with another, and only a truck has one', async () => {
    const f = await ledgerFixture(t.database.db);
    const truck = { kind: 'IN_TRANSIT' as const, tripId: 51, voyageId: 1, consignmentId: 1, ownerCompanyId: 1, cargoTypeId: 1 };
    const destination = async () =>
      (await queryRows<{ destination: number | null }>(t.database.db, sql`select destination_location_id as destination from ledger_accounts where agency_id = ${f.agencyId}::integer and kind = 'IN_TRANSIT' and trip_id = 51`)).map((r) =>
        r.destination === null ? null : Number(r.destination),
      );
    await f.move(VESSEL, ON_BOARD, 30_000);
    await f.post([
      { account: ON_BOARD, quantityKg: -20_000 },
      { account: truck, quantityKg: 20_000, destinationLocationId: 7 },
    ], 'portLoading');
    expect(await destination()).toEqual([7]);
    // Part of the load taken off without a destination: kept.
    await f.post([
      { account: truck, quantityKg: -5_000 },
      { account: ON_BOARD, quantityKg: 5_000 },
    ], 'test');
    expect(await destination()).toEqual([7]);
    // Loaded again towards another place: replaced.
    await f.post([
      { account: ON_BOARD, quantityKg: -1_000 },
      { account: truck, quantityKg: 1_000, destinationLocationId: 8 },
    ], 'test');
    expect(await destination()).toEqual([8]);
    await expect(f.post([{ account: ON_BOARD, quantityKg: -1_000, destinationLocationId: 8 }, { account: truck, quantityKg: 1_000 }], 'test')).rejects.toThrow('Only a truck (IN_TRANSIT) line has a destination');
    expect(await destination()).toEqual([8]);
    // This trip has no slip: the check, which compares with the slips, reports its destination, and the rebuild
    // takes it away.
    const reported = (await roadDifferences(t.database.db)).filter((d) => d.agencyId === f.agencyId);
    expect(reported.map(({ tripId, kept, fromSlips }) => ({ tripId, kept, fromSlips }))).toEqual([{ tripId: 51, kept: 8, fromSlips: null }]);
    await rebuildRoad(t.database.db, f.agencyId);
    expect(await destination()).toEqual([null]);
    expect((await roadDifferences(t.database.db)).filter((d) => d.agencyId === f.agencyId)).toEqual([]);
  });
});
