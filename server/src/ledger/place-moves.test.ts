import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies } from '../identity/agencies.schema';
import { updateAgency } from '../modules/agencies/agencies.service';
import { queryRows } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';
import { makeUser } from '../test/fixtures';
import type { TestApp } from '../test/harness';
import { seasonsApp } from './kept-figures.test-support';
import { describeDifference, findLedgerDifferences } from './ledger.check';
import { post, type AccountKey } from './ledger.service';
import { ledgerFixture, ON_BOARD, VESSEL } from './ledger.test-support';
import { placeMovesDifferences, rebuildPlaceMoves } from './place-moves';

/*
 * The kept arrivals of the partner tabs' in-quantity detail (`ledger_place_moves`) written by the posting function
 * equal a recomputation from the entries (`npm run ledger:check`): after the demo season and a generated season,
 * after arrivals by truck into several silos, in-place moves, a silo transfer and reversals; the migration's
 * backfill and the rebuild give the same rows; a trip in two arrivals of one group is reported.
 */

let t: TestApp;
let demoAgencyId: number;
let generatedAgencyId: number;

beforeAll(async () => {
  ({ t, demoAgencyId, generatedAgencyId } = await seasonsApp(16));
}, 600_000);
afterAll(async () => {
  await t.close();
});

const ROWS = sql`select agency_id, account_id, day::text as day, posting_type, source, location_id, owner_company_id, consignment_id, voyage_id, cargo_type_id,
                        moves, trips, kg::text as kg, quantity_kg::text as quantity_kg
                   from ledger_place_moves order by account_id, day, posting_type, source`;

interface Row {
  agency_id: number;
  account_id: number;
  day: string;
  posting_type: string;
  source: string;
  location_id: number | null;
  moves: number;
  trips: number;
  kg: string;
  quantity_kg: string;
}

const rowsOf = async (agencyId: number) => (await queryRows<Row>(t.database.db, ROWS)).filter((r) => Number(r.agency_id) === agencyId);

describe('kept place moves after whole seasons', () => {
  it('equal the recomputation from the entries: ledger:check is clean', async () => {
    expect((await findLedgerDifferences(t.database.db)).map(describeDifference)).toEqual([]);
    for (const agencyId of [demoAgencyId, generatedAgencyId]) {
      const rows = await rowsOf(agencyId);
      // Both seasons receive trucks loaded at the port, and move cargo in place.
      expect(rows.some((r) => r.source === 'port' && Number(r.trips) > 0 && BigInt(r.quantity_kg) >= BigInt(r.kg))).toBe(true);
      expect(rows.filter((r) => r.source !== '').length).toBeGreaterThan(10);
    }
  });

  it('are what the migration backfills on an upgraded database', async () => {
    const rows = await queryRows(t.database.db, ROWS);
    expect(rows.length).toBeGreaterThan(50);
    const migration = readFileSync(new URL('../../drizzle/0039_place_moves.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    const fill = migration.at(-1) ?? '';
    expect(fill).toContain('insert into ledger_place_moves');
    await t.database.db.execute(sql`delete from ledger_place_moves`);
    await t.database.db.execute(sql.raw(fill));
    expect(await queryRows(t.database.db, ROWS)).toEqual(rows);
  });

  it('are rebuilt from the entries to the same rows', async () => {
    const rows = await queryRows(t.database.db, ROWS);
    await t.database.db.execute(sql`update ledger_place_moves set trips = trips + 1 where agency_id = ${generatedAgencyId}::integer`);
    await t.database.db.execute(sql`delete from ledger_place_moves where agency_id = ${demoAgencyId}::integer and source = ''`);
    expect((await placeMovesDifferences(t.database.db)).length).toBeGreaterThan(0);
    await rebuildPlaceMoves(t.database.db, generatedAgencyId);
    await rebuildPlaceMoves(t.database.db, demoAgencyId);
    expect(await queryRows(t.database.db, ROWS)).toEqual(rows);
    expect(await placeMovesDifferences(t.database.db)).toEqual([]);
  });
});

describe('kept place moves of postings and their reversals', () => {
  it('keep an arrival per place, owner and LC/PO with its trucks, net a silo transfer away, and take a reversed arrival back', async () => {
    const f = await ledgerFixture(t.database.db);
    const truck = (tripId: number): AccountKey => ({ kind: 'IN_TRANSIT', tripId, voyageId: 1, consignmentId: 1, ownerCompanyId: 1, cargoTypeId: 1 });
    const loss = (tripId: number): AccountKey => ({ kind: 'TRANSIT_LOSS', tripId, voyageId: 1, consignmentId: 1, ownerCompanyId: 1, cargoTypeId: 1 });
    const silo = (locationId: number, siloId: number, ownerCompanyId = 1): AccountKey => ({ kind: 'ON_HAND', locationId, siloId, ownerCompanyId, consignmentId: 1, cargoTypeId: 1, voyageId: 1, attachedVoyageId: 2 });
    const rows = () => rowsOf(f.agencyId);
    await f.move(VESSEL, ON_BOARD, 60_000);
    await f.post([
      { account: ON_BOARD, quantityKg: -50_000 },
      { account: truck(41), quantityKg: 20_000 },
      { account: truck(42), quantityKg: 30_000 },
    ], 'portLoading');
    // Trucks 41 and 42 unloaded at location 5 in one posting, into two silos, with a transit loss: one arrival.
    const unload = await f.post([
      { account: truck(41), quantityKg: -20_000 },
      { account: truck(42), quantityKg: -30_000 },
      { account: loss(41), quantityKg: 300 },
      { account: silo(5, 1), quantityKg: 40_000 },
      { account: silo(5, 2), quantityKg: 9_700 },
    ], 'warehouseIn');
    // A silo transfer at location 5 nets to nothing; a sale in place to owner 2 is an arrival of owner 2 without trucks.
    const transfer = await f.post([
      { account: silo(5, 1), quantityKg: -4_000 },
      { account: silo(5, 2), quantityKg: 4_000 },
    ], 'siloTransfer');
    const sale = await f.post([
      { account: silo(5, 2), quantityKg: -2_500 },
      { account: silo(5, 3, 2), quantityKg: 2_500 },
    ], 'sale');
    let kept = await rows();
    // The trips have no slip here: typed 'correction' as the live read types them.
    expect(kept.map((r) => [r.posting_type, r.source, r.location_id, r.moves, r.trips, r.kg, r.quantity_kg])).toEqual([
      ['warehouseIn', 'correction', 5, 1, 2, '49700', '50000'],
      ['sale', '', 5, 1, 0, '2500', '2500'],
    ]);
    expect(kept.map((r) => r.day)).toEqual([kept[0]?.day, kept[0]?.day]);
    expect(await placeMovesDifferences(t.database.db)).toEqual([]);

    await f.reverse(sale.transactionId);
    await f.reverse(transfer.transactionId);
    await f.reverse(unload.transactionId);
    kept = await rows();
    // A reversal takes its original's contribution back on the same row: nothing is left but the rows' keys.
    expect(kept.map((r) => [r.posting_type, r.moves, r.trips, r.kg, r.quantity_kg])).toEqual([
      ['warehouseIn', 0, 0, '0', '0'],
      ['sale', 0, 0, '0', '0'],
    ]);
    expect(await placeMovesDifferences(t.database.db)).toEqual([]);
  });

  it('report a trip that arrived in two live arrivals of one place, LC/PO, voyage, cargo type and source', async () => {
    const f = await ledgerFixture(t.database.db);
    const truck: AccountKey = { kind: 'IN_TRANSIT', tripId: 77, voyageId: 1, consignmentId: 1, ownerCompanyId: 1, cargoTypeId: 1 };
    const place = (ownerCompanyId: number): AccountKey => ({ kind: 'ON_HAND', locationId: 5, siloId: null, ownerCompanyId, consignmentId: 1, cargoTypeId: 1, voyageId: 1, attachedVoyageId: null });
    await f.move(VESSEL, ON_BOARD, 10_000);
    await f.move(ON_BOARD, truck, 10_000);
    // One truck unloaded for two owners in one posting: the kept trips would count it twice on the Customer tab.
    const unload = await f.post([
      { account: truck, quantityKg: -10_000 },
      { account: place(1), quantityKg: 6_000 },
      { account: place(2), quantityKg: 4_000 },
    ], 'warehouseIn');
    const reported = (await placeMovesDifferences(t.database.db)).filter((d) => d.agencyId === f.agencyId);
    expect(reported.map((d) => d.trip)).toEqual([{ tripId: 77, arrivals: 2, group: '5|1|1|1|correction' }]);
    expect((await findLedgerDifferences(t.database.db)).filter((d) => d.agencyId === f.agencyId).map(describeDifference)).toEqual([
      `agency ${f.agencyId} trip 77: in 2 live arrivals of place|LC/PO|voyage|cargo|source 5|1|1|1|correction, the kept place moves count it 2 times`,
    ]);
    await f.reverse(unload.transactionId);
    expect(await placeMovesDifferences(t.database.db)).toEqual([]);
  });
});

describe('kept place moves and the agency time zone', () => {
  it('keep an arrival on its business day, and move it when the agency changes its time zone', async () => {
    const f = await ledgerFixture(t.database.db);
    const place: AccountKey = { kind: 'ON_HAND', locationId: 5, siloId: null, ownerCompanyId: 1, consignmentId: 1, cargoTypeId: 1, voyageId: 1, attachedVoyageId: null };
    await f.move(VESSEL, ON_BOARD, 5_000);
    await inAgency(t.database.db, f.agencyId, (tx) =>
      post(tx, { agencyId: f.agencyId, type: 'test', source: { table: 'tests', id: 901 }, userId: f.userId, at: new Date('2026-11-22T22:30:00Z'), lines: [
        { account: ON_BOARD, quantityKg: -5_000 },
        { account: place, quantityKg: 5_000 },
      ] }),
    );
    const days = async () => (await rowsOf(f.agencyId)).map((r) => r.day);
    // 22:30 UTC is the next day in Riyadh (UTC+3), the default zone.
    expect(await days()).toEqual(['2026-11-23']);
    const [agency] = await t.database.db.select().from(agencies).where(eq(agencies.id, f.agencyId));
    if (!agency) throw new Error('no agency');
    const superAdmin = await makeUser(t.database.db, { kind: 'superAdmin' });
    await updateAgency(t.database.db, {
      agencyId: f.agencyId,
      input: { name: agency.name, logo: agency.logo, timezone: 'UTC', countryCode: agency.countryCode, address: agency.address, contactName: agency.contactName, contactEmail: agency.contactEmail, contactPhone: agency.contactPhone },
      actorId: superAdmin.id,
      now: new Date(),
    });
    expect(await days()).toEqual(['2026-11-22']);
    expect(await placeMovesDifferences(t.database.db)).toEqual([]);
  });
});
