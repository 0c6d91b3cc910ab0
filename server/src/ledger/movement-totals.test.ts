import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
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
import { movementTotalsDifferences, rebuildMovementTotals } from './movement-totals';

/*
 * The kept movement counters (`ledger_movement_totals`) written by the posting function equal a recomputation from
 * the entries (`npm run ledger:check`), after the demo season, a generated season, and a reversal; a split unload
 * is one trip of its place; the rebuild gives the same rows.
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

interface CounterRow {
  account_id: number;
  day: string;
  direction: string;
  posting_type: string;
  origin: string;
  trips: number;
  place_trips: number;
  kg: string;
}

const counters = (agencyId: number) =>
  queryRows<CounterRow>(
    t.database.db,
    sql`select account_id, day::text as day, direction, posting_type, origin, trips, place_trips, kg::text as kg from ledger_movement_totals
        where agency_id = ${agencyId}::integer and (trips <> 0 or place_trips <> 0 or kg <> 0) order by 1, 2, 3, 4, 5`,
  );

describe('movement counters after whole seasons', () => {
  it('equal the recomputation from the entries: ledger:check is clean', async () => {
    const differences = await findLedgerDifferences(t.database.db);
    expect(differences.map(describeDifference)).toEqual([]);
    for (const agencyId of [demoAgencyId, generatedAgencyId]) {
      const rows = await counters(agencyId);
      // Both seasons move cargo by truck, from the port and between places.
      expect(rows.some((r) => r.origin === 'port' && r.direction === 'in' && r.place_trips > 0)).toBe(true);
      expect(rows.some((r) => r.origin === 'truck' && r.direction === 'out' && r.place_trips > 0)).toBe(true);
    }
  });

  it('count each trip once per place and direction, as the read side counts distinct trips', async () => {
    // The counters add trips per posting; the read side counts distinct trips over a period. They agree while no
    // trip has two live postings at one place in one direction: checked on both seasons here.
    const twice = await queryRows<{ trip_id: number; place: string }>(
      t.database.db,
      sql`select ta.trip_id, a.kind || ':' || coalesce(a.location_id, a.voyage_id) as place, sign(e.quantity_kg) as sign, count(distinct e.transaction_id) as postings
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id and a.kind in ('ON_HAND', 'ON_BOARD')
          join ledger_transactions tr on tr.id = e.transaction_id and tr.reverses_id is null and not exists (select 1 from ledger_transactions rv where rv.reverses_id = tr.id)
          join ledger_entries te on te.transaction_id = e.transaction_id and sign(te.quantity_kg) = -sign(e.quantity_kg)
          join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT'
          where e.agency_id in (${demoAgencyId}::integer, ${generatedAgencyId}::integer) and e.quantity_kg <> 0
          group by ta.trip_id, 2, 3 having count(distinct e.transaction_id) > 1`,
    );
    expect(twice).toEqual([]);
  });

  it('are what the migration backfills on an upgraded database', async () => {
    const all = sql`select * from ledger_movement_totals order by account_id, day, direction, posting_type, origin`;
    const kept = await queryRows(t.database.db, all);
    expect(kept.length).toBeGreaterThan(100);
    const migration = readFileSync(new URL('../../drizzle/0035_movement_totals.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    const backfill = migration[migration.length - 1] ?? '';
    expect(backfill).toContain('insert into ledger_movement_totals');
    await t.database.db.execute(sql`delete from ledger_movement_totals`);
    await t.database.db.execute(sql.raw(backfill));
    expect(await queryRows(t.database.db, all)).toEqual(kept);
  });

  it('are rebuilt from the entries to the same rows', async () => {
    const before = await counters(generatedAgencyId);
    expect(before.length).toBeGreaterThan(0);
    await t.database.db.execute(sql`update ledger_movement_totals set kg = kg + 1 where agency_id = ${generatedAgencyId}::integer`);
    expect((await movementTotalsDifferences(t.database.db)).length).toBe(before.length);
    await rebuildMovementTotals(t.database.db, generatedAgencyId);
    expect(await counters(generatedAgencyId)).toEqual(before);
    expect(await movementTotalsDifferences(t.database.db)).toEqual([]);
  });
});

describe('movement counters of one posting and its reversal', () => {
  it('count a split unload as one trip of its place, and a reversal takes it back on the original day', async () => {
    const f = await ledgerFixture(t.database.db);
    const truck: AccountKey = { kind: 'IN_TRANSIT', tripId: 41, voyageId: 1, consignmentId: 1, ownerCompanyId: 1, cargoTypeId: 1 };
    const silo = (siloId: number): AccountKey => ({ kind: 'ON_HAND', locationId: 5, siloId, ownerCompanyId: 1, consignmentId: 1, cargoTypeId: 1, voyageId: 1, attachedVoyageId: 1 });
    await f.move(VESSEL, ON_BOARD, 30_000);
    // The port loading of the truck: ON_BOARD out, one trip.
    await f.post([
      { account: ON_BOARD, quantityKg: -20_000 },
      { account: truck, quantityKg: 20_000 },
    ], 'portLoading');
    // The truck unloaded into two silos of one warehouse.
    const unload = await f.post([
      { account: truck, quantityKg: -20_000 },
      { account: silo(1), quantityKg: 12_000 },
      { account: silo(2), quantityKg: 8_000 },
    ], 'warehouseIn');
    const rows = await counters(f.agencyId);
    const unloaded = rows.filter((r) => r.posting_type === 'warehouseIn');
    expect(unloaded.map((r) => [r.direction, r.origin, r.trips, r.kg])).toEqual([
      ['in', 'port', 1, '12000'],
      ['in', 'port', 1, '8000'],
    ]);
    // One trip of the warehouse: on the first account only.
    expect(unloaded.reduce((sum, r) => sum + r.place_trips, 0)).toBe(1);
    const loaded = rows.filter((r) => r.posting_type === 'portLoading');
    expect(loaded.map((r) => [r.direction, r.origin, r.trips, r.place_trips, r.kg])).toEqual([['out', 'truck', 1, 1, '20000']]);
    // The business day in the agency's time zone.
    expect(unloaded[0]?.day).toBe('2026-11-22');
    expect(await movementTotalsDifferences(t.database.db)).toEqual([]);

    await f.reverse(unload.transactionId);
    const after = await counters(f.agencyId);
    expect(after.filter((r) => r.posting_type === 'warehouseIn')).toEqual([]);
    expect(after.filter((r) => r.posting_type === 'portLoading')).toHaveLength(1);
    expect(await movementTotalsDifferences(t.database.db)).toEqual([]);
  });
});

describe('movement counters and the agency time zone', () => {
  it('keep a posting on its business day, and move it when the agency changes its time zone', async () => {
    const f = await ledgerFixture(t.database.db);
    const late = new Date('2026-11-22T22:30:00Z');
    const truck: AccountKey = { kind: 'IN_TRANSIT', tripId: 42, voyageId: 1, consignmentId: 1, ownerCompanyId: 1, cargoTypeId: 1 };
    await f.move(VESSEL, ON_BOARD, 5_000);
    await inAgency(t.database.db, f.agencyId, (tx) =>
      post(tx, { agencyId: f.agencyId, type: 'portLoading', source: { table: 'tests', id: 900 }, userId: f.userId, at: late, lines: [
        { account: ON_BOARD, quantityKg: -5_000 },
        { account: truck, quantityKg: 5_000 },
      ] }),
    );
    const day = async () => (await counters(f.agencyId)).find((r) => r.posting_type === 'portLoading')?.day;
    // 22:30 UTC is the next day in Riyadh (UTC+3), the default zone.
    expect(await day()).toBe('2026-11-23');
    const [agency] = await t.database.db.select().from(agencies).where(eq(agencies.id, f.agencyId));
    if (!agency) throw new Error('no agency');
    const superAdmin = await makeUser(t.database.db, { kind: 'superAdmin' });
    await updateAgency(t.database.db, {
      agencyId: f.agencyId,
      input: { name: agency.name, logo: agency.logo, timezone: 'UTC', countryCode: agency.countryCode, address: agency.address, contactName: agency.contactName, contactEmail: agency.contactEmail, contactPhone: agency.contactPhone },
      actorId: superAdmin.id,
      now: new Date(),
    });
    expect(await day()).toBe('2026-11-22');
    expect(await movementTotalsDifferences(t.database.db)).toEqual([]);
  });
});
