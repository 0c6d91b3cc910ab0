import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNRESTRICTED } from '../identity/data-scope';
import { queryRows } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';
import type { TestApp } from '../test/harness';
import { seasonsApp } from './kept-figures.test-support';
import { describeDifference, findLedgerDifferences } from './ledger.check';
import { latestPlaceTripsSql, tripDetail } from './ledger.queries';
import { post, type AccountKey } from './ledger.service';
import { ledgerFixture, ON_BOARD, VESSEL } from './ledger.test-support';
import { placeTripsDifferences, rebuildPlaceTrips } from './place-trips';

/*
 * The kept truck postings of the places (`ledger_place_trips`) written by the posting function equal a recomputation
 * from the entries (`npm run ledger:check`) after the demo season and a generated season, after postings in and out
 * with several positions and reversals; the migration's backfill and the rebuild give the same rows; and the trips
 * lists read from them (`tripDetail`) are, page by page, the lists an independent read of the entries gives.
 */

let t: TestApp;
let demoAgencyId: number;
let generatedAgencyId: number;

beforeAll(async () => {
  ({ t, demoAgencyId, generatedAgencyId } = await seasonsApp(17));
}, 600_000);
afterAll(async () => {
  await t.close();
});

const ROWS = sql`select agency_id, transaction_id, account_id, direction, at::text as at, location_id, silo_id, owner_company_id, consignment_id, cargo_type_id, voyage_id, attached_voyage_id,
                          quantity_kg::text as quantity_kg, trip_ids::text as trip_ids
                   from ledger_place_trips order by transaction_id, account_id, direction`;

interface Row {
  agency_id: number;
  transaction_id: number;
  account_id: number;
  direction: string;
  location_id: number | null;
  silo_id: number | null;
  quantity_kg: string;
  trip_ids: string;
}

const rowsOf = async (agencyId: number) => (await queryRows<Row>(t.database.db, ROWS)).filter((r) => Number(r.agency_id) === agencyId);

/**
 * The trips list of a place from the entries alone (the read before the kept rows): every truck entry of the other
 * sign in each live posting with an entry of the direction on one of the place's positions, newest first.
 */
async function tripsFromEntries(agencyId: number, locationId: number, direction: 'in' | 'out') {
  const rows = await queryRows<{ trip_id: number; transaction_id: number; at: string; truck_kg: string }>(
    t.database.db,
    sql`select ta.trip_id, p.id as transaction_id, p.created_at::text as at, abs(te.quantity_kg)::text as truck_kg
          from ledger_transactions p
          join ledger_entries te on te.transaction_id = p.id and ${direction === 'in' ? sql`te.quantity_kg < 0` : sql`te.quantity_kg > 0`}
          join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT'
         where p.agency_id = ${agencyId}::integer and p.reverses_id is null and not exists (select 1 from ledger_transactions rv where rv.reverses_id = p.id)
           and exists (select 1 from ledger_entries e join ledger_accounts a on a.id = e.account_id and a.kind = 'ON_HAND' and a.location_id = ${locationId}::integer
                        where e.transaction_id = p.id and ${direction === 'in' ? sql`e.quantity_kg > 0` : sql`e.quantity_kg < 0`})
         order by p.created_at desc, p.id desc, ta.trip_id desc`,
  );
  return rows.map((r) => ({ tripId: Number(r.trip_id), transactionId: Number(r.transaction_id), at: new Date(r.at).toISOString(), truckKg: BigInt(r.truck_kg) }));
}

describe('kept truck postings after whole seasons', () => {
  it('equal the recomputation from the entries: ledger:check is clean', async () => {
    expect((await findLedgerDifferences(t.database.db)).map(describeDifference)).toEqual([]);
    for (const agencyId of [demoAgencyId, generatedAgencyId]) {
      const rows = await rowsOf(agencyId);
      // Both seasons receive trucks at places and send trucks out of them.
      expect(rows.filter((r) => r.direction === 'in').length).toBeGreaterThan(10);
      expect(rows.some((r) => r.direction === 'out')).toBe(true);
    }
  });

  it('give every place’s trips lists, page by page, as the entries give them', async () => {
    for (const agencyId of [demoAgencyId, generatedAgencyId]) {
      // Every place with a position, both ways (from the accounts, not from the kept rows).
      const places = await queryRows<{ location_id: number; direction: 'in' | 'out' }>(
        t.database.db,
        sql`select distinct a.location_id, d.direction from ledger_accounts a cross join (values ('in'), ('out')) as d(direction)
             where a.agency_id = ${agencyId}::integer and a.kind = 'ON_HAND' order by 1, 2`,
      );
      let listed = 0;
      for (const { location_id: locationId, direction } of places) {
        const expected = await tripsFromEntries(agencyId, Number(locationId), direction);
        if (expected.length > 0) listed += 1;
        const read = (limit: number, offset: number) =>
          inAgency(t.database.db, agencyId, (tx) =>
            tripDetail(tx, { agencyId, scope: UNRESTRICTED, direction, place: 'ON_HAND', filter: { locationId: Number(locationId) }, newestFirst: true, limit, offset }),
          );
        const all = (await read(10_000, 0)).map((m) => ({ tripId: m.tripId, transactionId: m.transactionId, at: m.at.toISOString(), truckKg: m.truckKg }));
        expect(all).toEqual(expected);
        // A page in the middle is that slice of the whole list.
        const page = await read(3, 2);
        expect(page.map((m) => [m.transactionId, m.tripId])).toEqual(expected.slice(2, 5).map((m) => [m.transactionId, m.tripId]));
        // The partner lists' read of the kept rows alone (their trucks kept on the rows) gives the same trucks in the same order.
        const latest = await inAgency(t.database.db, agencyId, (tx) =>
          queryRows<{ trip_id: number; transaction_id: number }>(
            tx,
            latestPlaceTripsSql({ agencyId, scope: UNRESTRICTED, direction, filter: { locationId: Number(locationId) }, limit: 10_000 }),
          ),
        );
        expect(latest.map((r) => [Number(r.transaction_id), Number(r.trip_id)])).toEqual(expected.map((m) => [m.transactionId, m.tripId]));
      }
      expect(listed).toBeGreaterThan(2);
    }
  });

  it('are what the migration backfills on an upgraded database', async () => {
    const rows = await queryRows(t.database.db, ROWS);
    expect(rows.length).toBeGreaterThan(50);
    // The last migration that fills the table (0044, which added the kilograms and the trucks).
    const migration = readFileSync(new URL('../../drizzle/0044_place_trips_kept_trucks.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    const fill = migration.at(-1) ?? '';
    expect(fill).toContain('insert into ledger_place_trips');
    await t.database.db.execute(sql`delete from ledger_place_trips`);
    await t.database.db.execute(sql.raw(fill));
    expect(await queryRows(t.database.db, ROWS)).toEqual(rows);
  });

  it('are rebuilt from the entries to the same rows, and a drift is reported', async () => {
    const rows = await queryRows(t.database.db, ROWS);
    await t.database.db.execute(sql`update ledger_place_trips set at = at + interval '1 day' where agency_id = ${generatedAgencyId}::integer`);
    await t.database.db.execute(sql`delete from ledger_place_trips where agency_id = ${demoAgencyId}::integer and direction = 'out'`);
    const differences = await findLedgerDifferences(t.database.db);
    expect(differences.filter((d) => d.kind === 'placeTrips').length).toBeGreaterThan(0);
    const missing = differences.find((d) => d.kind === 'placeTrips' && d.agencyId === demoAgencyId);
    expect(missing && describeDifference(missing)).toMatch(/^agency \d+ transaction \d+ account \d+: place trips kept no row, entries give \(.*,out,/);
    await rebuildPlaceTrips(t.database.db, generatedAgencyId);
    await rebuildPlaceTrips(t.database.db, demoAgencyId);
    expect(await queryRows(t.database.db, ROWS)).toEqual(rows);
    expect(await placeTripsDifferences(t.database.db)).toEqual([]);
  });
});

describe('kept truck postings of postings and their reversals', () => {
  it('keep a row per position and direction with a truck on the other side, in time order, and drop a reversed posting’s rows', async () => {
    const f = await ledgerFixture(t.database.db);
    const truck = (tripId: number): AccountKey => ({ kind: 'IN_TRANSIT', tripId, voyageId: 1, consignmentId: 1, ownerCompanyId: 1, cargoTypeId: 1 });
    const silo = (locationId: number, siloId: number): AccountKey => ({ kind: 'ON_HAND', locationId, siloId, ownerCompanyId: 1, consignmentId: 1, cargoTypeId: 1, voyageId: 1, attachedVoyageId: 2 });
    const at = (hour: number) => new Date(Date.UTC(2026, 10, 22, hour));
    let source = 0;
    const postAt = (hour: number, lines: { account: AccountKey; quantityKg: bigint | number }[], type = 'warehouseIn') =>
      inAgency(t.database.db, f.agencyId, (tx) =>
        post(tx, { agencyId: f.agencyId, type, source: { table: 'tests', id: ++source }, userId: f.userId, at: at(hour), lines: lines.map((l) => ({ account: l.account, quantityKg: BigInt(l.quantityKg) })) }),
      );
    await f.move(VESSEL, ON_BOARD, 90_000);
    await postAt(1, [
      { account: ON_BOARD, quantityKg: -60_000 },
      { account: truck(51), quantityKg: 20_000 },
      { account: truck(52), quantityKg: 40_000 },
    ], 'portLoading');
    // Truck 52 unloaded first (hour 3), truck 51 later (hour 5) into two silos of place 7, in two lines on one silo.
    const in52 = await postAt(3, [
      { account: truck(52), quantityKg: -40_000 },
      { account: silo(7, 1), quantityKg: 40_000 },
    ]);
    const in51 = await postAt(5, [
      { account: truck(51), quantityKg: -20_000 },
      { account: silo(7, 1), quantityKg: 5_000 },
      { account: silo(7, 1), quantityKg: 5_000 },
      { account: silo(7, 2), quantityKg: 10_000 },
    ]);
    // An in-place move between the silos: no truck, no row.
    await postAt(6, [
      { account: silo(7, 1), quantityKg: -1_000 },
      { account: silo(7, 2), quantityKg: 1_000 },
    ], 'siloTransfer');
    // A truck leaving place 7 (hour 4: before truck 51 arrived, in business time).
    const out53 = await postAt(4, [
      { account: silo(7, 1), quantityKg: -8_000 },
      { account: truck(53), quantityKg: 8_000 },
    ], 'warehouseOut');
    // Two trucks unloading into one silo of place 9 in one posting (hour 7), after a port loading of both.
    await postAt(6, [
      { account: ON_BOARD, quantityKg: -30_000 },
      { account: truck(55), quantityKg: 18_000 },
      { account: truck(54), quantityKg: 12_000 },
    ], 'portLoading');
    const in5455 = await postAt(7, [
      { account: truck(55), quantityKg: -18_000 },
      { account: truck(54), quantityKg: -12_000 },
      { account: silo(9, 3), quantityKg: 30_000 },
    ]);
    // Each row keeps the account's kilograms of the direction (two lines summed) and the trucks on the other side, ascending.
    const kept = async () =>
      (await rowsOf(f.agencyId)).map((r) => [Number(r.transaction_id), r.direction, r.location_id, r.silo_id, r.quantity_kg, r.trip_ids]);
    expect(await kept()).toEqual([
      [in52.transactionId, 'in', 7, 1, '40000', '{52}'],
      [in51.transactionId, 'in', 7, 1, '10000', '{51}'],
      [in51.transactionId, 'in', 7, 2, '10000', '{51}'],
      [out53.transactionId, 'out', 7, 1, '8000', '{53}'],
      [in5455.transactionId, 'in', 9, 3, '30000', '{54,55}'],
    ]);
    expect(await placeTripsDifferences(t.database.db)).toEqual([]);

    const list = (direction: 'in' | 'out', filter: { locationId: number; siloId?: number }) =>
      inAgency(t.database.db, f.agencyId, (tx) => tripDetail(tx, { agencyId: f.agencyId, scope: UNRESTRICTED, direction, place: 'ON_HAND', filter, newestFirst: true }));
    expect((await list('in', { locationId: 7 })).map((m) => [m.tripId, m.truckKg])).toEqual([
      [51, 20_000n],
      [52, 40_000n],
    ]);
    expect((await list('in', { locationId: 7, siloId: 2 })).map((m) => m.tripId)).toEqual([51]);
    expect((await list('out', { locationId: 7 })).map((m) => [m.tripId, m.at.toISOString()])).toEqual([[53, at(4).toISOString()]]);
    // Another user's scope limited to another place sees none of it.
    const scoped = await inAgency(t.database.db, f.agencyId, (tx) =>
      tripDetail(tx, { agencyId: f.agencyId, scope: { ...UNRESTRICTED, locationIds: [8] }, direction: 'in', place: 'ON_HAND', filter: { locationId: 7 } }),
    );
    expect(scoped).toEqual([]);

    // The partner lists' read of the kept rows: a row per posting and truck, newest first, with the place's kilograms.
    const latest = (locationId: number, limit?: number) =>
      inAgency(t.database.db, f.agencyId, (tx) =>
        queryRows<{ trip_id: number; transaction_id: number; place_kg: string | number }>(
          tx,
          latestPlaceTripsSql({ agencyId: f.agencyId, scope: UNRESTRICTED, direction: 'in', filter: { locationId }, ...(limit === undefined ? {} : { limit }) }),
        ),
      );
    expect((await latest(7)).map((r) => [Number(r.trip_id), Number(r.transaction_id), BigInt(r.place_kg)])).toEqual([
      [51, in51.transactionId, 20_000n],
      [52, in52.transactionId, 40_000n],
    ]);
    expect((await latest(9)).map((r) => [Number(r.trip_id), BigInt(r.place_kg)])).toEqual([
      [55, 30_000n],
      [54, 30_000n],
    ]);
    expect((await latest(9, 1)).map((r) => Number(r.trip_id))).toEqual([55]);

    await f.reverse(in51.transactionId);
    expect(await kept()).toEqual([
      [in52.transactionId, 'in', 7, 1, '40000', '{52}'],
      [out53.transactionId, 'out', 7, 1, '8000', '{53}'],
      [in5455.transactionId, 'in', 9, 3, '30000', '{54,55}'],
    ]);
    expect((await list('in', { locationId: 7 })).map((m) => m.tripId)).toEqual([52]);
    expect(await placeTripsDifferences(t.database.db)).toEqual([]);
  });

  it('give the partner lists’ pages: by millisecond then trip, each page after a position giving the rest once', async () => {
    const f = await ledgerFixture(t.database.db);
    const truck = (tripId: number): AccountKey => ({ kind: 'IN_TRANSIT', tripId, voyageId: 1, consignmentId: 1, ownerCompanyId: 1, cargoTypeId: 1 });
    const place: AccountKey = { kind: 'ON_HAND', locationId: 11, siloId: null, ownerCompanyId: 1, consignmentId: 1, cargoTypeId: 1, voyageId: 1, attachedVoyageId: null };
    const noon = Date.UTC(2026, 10, 23, 12);
    let source = 0;
    const postAt = (time: number, lines: { account: AccountKey; quantityKg: number }[], type = 'warehouseIn') =>
      inAgency(t.database.db, f.agencyId, (tx) =>
        post(tx, { agencyId: f.agencyId, type, source: { table: 'tests', id: ++source }, userId: f.userId, at: new Date(time), lines: lines.map((l) => ({ account: l.account, quantityKg: BigInt(l.quantityKg) })) }),
      );
    await f.move(VESSEL, ON_BOARD, 60_000);
    const trucks = [61, 62, 63, 64, 65, 66];
    await postAt(noon - 3 * 3_600_000, [{ account: ON_BOARD, quantityKg: -60_000 }, ...trucks.map((trip) => ({ account: truck(trip), quantityKg: 10_000 }))], 'portLoading');
    const receive = (time: number, trips: number[]) =>
      postAt(time, [...trips.map((trip) => ({ account: truck(trip), quantityKg: -10_000 })), { account: place, quantityKg: 10_000 * trips.length }]);
    // Three postings in one millisecond (noon), in an order that is not their trucks': one of two trucks, then 65, then 62.
    await receive(noon - 3_600_000, [64]);
    await receive(noon, [63, 61]);
    await receive(noon, [65]);
    await receive(noon, [62]);
    await receive(noon + 3_600_000, [66]);
    const page = async (limit: number, before?: { at: Date; tripId: number }) =>
      (
        await inAgency(t.database.db, f.agencyId, (tx) =>
          queryRows<{ trip_id: number }>(tx, latestPlaceTripsSql({ agencyId: f.agencyId, scope: UNRESTRICTED, direction: 'in', filter: { locationId: 11 }, limit, before })),
        )
      ).map((r) => Number(r.trip_id));
    // The list: the newest millisecond first, and inside one millisecond the higher trip first, whatever the posting.
    const whole = [66, 65, 63, 62, 61, 64];
    expect(await page(100)).toEqual(whole);
    // The first page holds its millisecond's trucks in trip order, not only the newest postings' (65 is in a posting before 62's).
    expect(await page(2)).toEqual([66, 65]);
    // After a row in the busy millisecond: the rest of that millisecond first, then the older ones.
    expect(await page(1, { at: new Date(noon), tripId: 65 })).toEqual([63]);
    expect(await page(3, { at: new Date(noon), tripId: 62 })).toEqual([61, 64]);
    for (const limit of [1, 2, 3, 4]) {
      const read: number[] = [];
      let before: { at: Date; tripId: number } | undefined;
      for (let i = 0; i < whole.length; i += 1) {
        const rows = await page(limit, before);
        read.push(...rows);
        const last = rows.at(-1);
        if (rows.length < limit || last === undefined) break;
        before = { at: new Date(last === 66 ? noon + 3_600_000 : last === 64 ? noon - 3_600_000 : noon), tripId: last };
      }
      expect(read, `limit ${limit}`).toEqual(whole);
    }
  });
});
