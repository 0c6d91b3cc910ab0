import { readFileSync } from 'node:fs';
import { COMPANY_TYPE_IDS } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNRESTRICTED, type DataScope } from '../identity/data-scope';
import { partnerOutQty, resolvePartner } from '../modules/dashboard/partner.queries';
import { queryRows } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';
import type { TestApp } from '../test/harness';
import { seasonsApp } from './kept-figures.test-support';
import { describeDifference, findLedgerDifferences } from './ledger.check';
import { post, type AccountKey } from './ledger.service';
import { ledgerFixture, ON_BOARD, VESSEL } from './ledger.test-support';
import { placeDeparturesDifferences, rebuildPlaceDepartures } from './place-departures';

/*
 * The kept departures of the places (`ledger_place_departures`) written by the posting function equal a
 * recomputation from the entries (`npm run ledger:check`) after the demo season and a generated season; the
 * migration's backfill and the rebuild give the same rows; a posting's rows follow the rule (trucks in entry order,
 * the first truck's owner, the counter-position in place) and leave with its reversal; and the Consignee tab's
 * out-quantity detail read from them is, for every consignee and place, with and without a period and a scope, the
 * detail read from the entries.
 */

let t: TestApp;
let demoAgencyId: number;
let generatedAgencyId: number;

beforeAll(async () => {
  ({ t, demoAgencyId, generatedAgencyId } = await seasonsApp(23));
}, 600_000);
afterAll(async () => {
  await t.close();
});

const ROWS = sql`select agency_id, transaction_id, account_id, at::text as at, posting_type, location_id, owner_company_id, consignment_id, voyage_id, cargo_type_id,
                        net_kg::text as net_kg, slip_type, to_owner_id, to_consignment_id, trips
                   from ledger_place_departures order by transaction_id, account_id`;

interface Row {
  agency_id: number;
  transaction_id: number;
  account_id: number;
  slip_type: string | null;
  to_owner_id: number | null;
  to_consignment_id: number | null;
  trips: number[];
  net_kg: string;
}

const rowsOf = async (agencyId: number) => (await queryRows<Row>(t.database.db, ROWS)).filter((r) => Number(r.agency_id) === agencyId);

describe('kept departures after whole seasons', () => {
  it('equal the recomputation from the entries: ledger:check is clean', async () => {
    expect((await findLedgerDifferences(t.database.db)).map(describeDifference)).toEqual([]);
    for (const agencyId of [demoAgencyId, generatedAgencyId]) {
      const rows = await rowsOf(agencyId);
      // Both seasons send trucks out of places, every departure with a truck is typed by a slip, and cargo leaves to another party.
      const byTruck = rows.filter((r) => r.trips.length > 0);
      expect(byTruck.length).toBeGreaterThan(5);
      expect(byTruck.every((r) => r.slip_type !== null && r.slip_type !== 'correction')).toBe(true);
      expect(rows.filter((r) => r.trips.length === 0).every((r) => r.slip_type === null)).toBe(true);
      expect(rows.every((r) => BigInt(r.net_kg) < 0n)).toBe(true);
      expect(rows.some((r) => r.to_owner_id !== null)).toBe(true);
    }
  });

  it('give every consignee’s out-quantity detail at every place as the entries give it, with a period and within a shipment manager’s scope', async () => {
    let compared = 0;
    let withRows = 0;
    let cutByPeriod = 0;
    for (const agencyId of [demoAgencyId, generatedAgencyId]) {
      const places = await queryRows<{ owner_company_id: number; location_id: number }>(
        t.database.db,
        sql`select distinct a.owner_company_id, a.location_id from ledger_accounts a join companies c on c.id = a.owner_company_id
             where a.agency_id = ${agencyId}::integer and a.kind = 'ON_HAND' and c.company_type_id = ${COMPANY_TYPE_IDS.consignee}::integer order by 1, 2`,
      );
      // Periods that cut the departures: from the business day of the middle departure, and from the first to it.
      const [season] = await queryRows<{ first: string; middle: string }>(
        t.database.db,
        sql`with days as (select (d.at at time zone g.timezone)::date as day from ledger_place_departures d join agencies g on g.id = d.agency_id where d.agency_id = ${agencyId}::integer)
            select min(day)::text as first, percentile_disc(0.5) within group (order by day)::text as middle from days`,
      );
      const managers = await queryRows<{ id: number }>(t.database.db, sql`select distinct shipment_manager_id as id from consignments where agency_id = ${agencyId}::integer and shipment_manager_id is not null`);
      const scopes: DataScope[] = [UNRESTRICTED, ...managers.slice(0, 1).map((m) => ({ ...UNRESTRICTED, shipmentManagerIds: [Number(m.id)] }))];
      for (const scope of scopes) {
        for (const { owner_company_id: consigneeId, location_id: locationId } of places) {
          let whole: unknown;
          for (const query of [{}, { fromDate: season?.middle }, { fromDate: season?.first, toDate: season?.middle }]) {
            const { kept, live } = await inAgency(t.database.db, agencyId, async (tx) => {
              const r = await resolvePartner(tx, { agencyId, scope }, 'consignee', Number(consigneeId), { ...query, locationId: Number(locationId) });
              return { kept: await partnerOutQty(tx, r, Number(locationId), undefined, 'kept'), live: await partnerOutQty(tx, r, Number(locationId), undefined, 'live') };
            }).catch((error: unknown) => {
              // A consignee outside the scope answers 404 either way.
              if ((error as { statusCode?: number }).statusCode === 404) return { kept: [], live: [] };
              throw error;
            });
            expect(kept, `agency ${agencyId} consignee ${consigneeId} place ${locationId} ${JSON.stringify(query)}`).toEqual(live);
            compared += 1;
            if (live.length > 0) withRows += 1;
            if (query.fromDate === undefined) whole = live;
            else if (JSON.stringify(live) !== JSON.stringify(whole)) cutByPeriod += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(20);
    expect(withRows).toBeGreaterThan(5);
    // The periods change answers: they are compared, not only accepted.
    expect(cutByPeriod).toBeGreaterThan(3);
  });

  it('are what the migration backfills on an upgraded database', async () => {
    const rows = await queryRows(t.database.db, ROWS);
    expect(rows.length).toBeGreaterThan(20);
    const migration = readFileSync(new URL('../../drizzle/0043_place_departures.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    const fill = migration.at(-1) ?? '';
    expect(fill).toContain('insert into ledger_place_departures');
    await t.database.db.execute(sql`delete from ledger_place_departures`);
    await t.database.db.execute(sql.raw(fill));
    expect(await queryRows(t.database.db, ROWS)).toEqual(rows);
  });

  it('are rebuilt from the entries to the same rows, and a drift is reported', async () => {
    const rows = await queryRows(t.database.db, ROWS);
    await t.database.db.execute(sql`update ledger_place_departures set to_owner_id = null where agency_id = ${generatedAgencyId}::integer`);
    await t.database.db.execute(sql`delete from ledger_place_departures where agency_id = ${demoAgencyId}::integer and cardinality(trips) > 0`);
    const differences = await findLedgerDifferences(t.database.db);
    expect(differences.filter((d) => d.kind === 'placeDepartures' && d.agencyId === generatedAgencyId).length).toBeGreaterThan(0);
    const missing = differences.find((d) => d.kind === 'placeDepartures' && d.agencyId === demoAgencyId);
    expect(missing && describeDifference(missing)).toMatch(/^agency \d+ transaction \d+ account \d+: place departures kept no row, entries give \(.*\{\d+(,\d+)*\}"?\)$/);
    await rebuildPlaceDepartures(t.database.db, generatedAgencyId);
    await rebuildPlaceDepartures(t.database.db, demoAgencyId);
    expect(await queryRows(t.database.db, ROWS)).toEqual(rows);
    expect(await placeDeparturesDifferences(t.database.db)).toEqual([]);
  });
});

describe('kept departures of postings and their reversals', () => {
  it('keep a row per departure with its trucks in entry order and its counter-position in place, and drop a reversed posting’s row', async () => {
    const f = await ledgerFixture(t.database.db);
    const truck = (tripId: number, ownerCompanyId = 1): AccountKey => ({ kind: 'IN_TRANSIT', tripId, voyageId: 1, consignmentId: 1, ownerCompanyId, cargoTypeId: 1 });
    const silo = (siloId: number, ownerCompanyId = 1, consignmentId = 1): AccountKey => ({ kind: 'ON_HAND', locationId: 7, siloId, ownerCompanyId, consignmentId, cargoTypeId: 1, voyageId: 1, attachedVoyageId: null });
    const at = (hour: number) => new Date(Date.UTC(2026, 10, 22, hour));
    let source = 0;
    const postAt = (hour: number, lines: { account: AccountKey; quantityKg: number }[], type: string) =>
      inAgency(t.database.db, f.agencyId, (tx) =>
        post(tx, { agencyId: f.agencyId, type, source: { table: 'tests', id: ++source }, userId: f.userId, at: at(hour), lines: lines.map((l) => ({ account: l.account, quantityKg: BigInt(l.quantityKg) })) }),
      );
    await f.move(VESSEL, ON_BOARD, 90_000);
    await postAt(1, [{ account: ON_BOARD, quantityKg: -60_000 }, { account: truck(61), quantityKg: 60_000 }], 'portLoading');
    await postAt(2, [{ account: truck(61), quantityKg: -60_000 }, { account: silo(1), quantityKg: 40_000 }, { account: silo(2), quantityKg: 20_000 }], 'warehouseIn');
    // Two trucks leave from two silos in one posting: one departure (silos netted), trucks in entry order (63 before 62), the first truck's owner another.
    const out = await postAt(3, [
      { account: silo(1), quantityKg: -15_000 },
      { account: silo(2), quantityKg: -5_000 },
      { account: truck(63, 2), quantityKg: 12_000 },
      { account: truck(62, 2), quantityKg: 8_000 },
    ], 'warehouseOut');
    // A sale in place to owner 3 and LC/PO 2: no truck, the counter-position says where it went.
    const sale = await postAt(4, [{ account: silo(1), quantityKg: -4_000 }, { account: silo(1, 3, 2), quantityKg: 4_000 }], 'ownershipTransfer');
    // A silo transfer nets to nothing at the place: no departure.
    await postAt(5, [{ account: silo(1), quantityKg: -1_000 }, { account: silo(2), quantityKg: 1_000 }], 'siloTransfer');
    const kept = async () =>
      (await rowsOf(f.agencyId)).map((r) => [Number(r.transaction_id), r.net_kg, r.slip_type, r.to_owner_id === null ? null : Number(r.to_owner_id), r.to_consignment_id === null ? null : Number(r.to_consignment_id), r.trips]);
    expect(await kept()).toEqual([
      // The test's trips have no slip: typed 'correction', as the entries' read types them.
      [out.transactionId, '-20000', 'correction', 2, null, [63, 62]],
      [sale.transactionId, '-4000', null, 3, 2, []],
    ]);
    expect(await placeDeparturesDifferences(t.database.db)).toEqual([]);

    await f.reverse(out.transactionId);
    expect(await kept()).toEqual([[sale.transactionId, '-4000', null, 3, 2, []]]);
    expect(await placeDeparturesDifferences(t.database.db)).toEqual([]);
  });
});
