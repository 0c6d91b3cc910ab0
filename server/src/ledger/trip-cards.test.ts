import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';
import type { TestApp } from '../test/harness';
import { seasonsApp } from './kept-figures.test-support';
import { describeDifference, findLedgerDifferences } from './ledger.check';
import { rebuildTripCards, tripCardsDifferences } from './trip-cards';

/*
 * The trips' kept cards (`trip_cards`, trip-cards.ts), written by the database's triggers, equal their slips (`npm run
 * ledger:check`) after the demo season and a generated season, whose flows write all four kinds of slip; every change
 * of a slip, or of a port loading, a Pre Out or an LC/PO's cargo type that a card copies, reaches the card in the
 * writer's statement, made as the application role; the migration's backfill and the rebuild give the same cards; a
 * wrong card is reported until rebuilt.
 */

let t: TestApp;
let demoAgencyId: number;
let generatedAgencyId: number;

beforeAll(async () => {
  ({ t, demoAgencyId, generatedAgencyId } = await seasonsApp(29));
}, 600_000);
afterAll(async () => {
  await t.close();
});

interface Card {
  trip_id: number;
  agency_id: number;
  kind: string;
  slip_number: number;
  to_location_id: number;
  truck_id: number;
  cargo_type_id: number;
  silo_id: number | null;
  status: string;
  received_table: string | null;
}

const cards = (db: Db) => queryRows<Card>(db, sql`select trip_id, agency_id, kind, slip_number, to_location_id, truck_id, cargo_type_id, silo_id, status, received_table from trip_cards order by trip_id`);
const cardOf = async (db: Db, tripId: number) => (await cards(db)).find((c) => Number(c.trip_id) === tripId);

/** Every slip's trip, from the four slip tables themselves (not through the rule's view). */
const SLIP_TRIPS = sql`select agency_id, trip_id from loading_slips union all select agency_id, trip_id from warehouse_outs
                       union all select agency_id, trip_id from consignee_outs union all select agency_id, trip_id from transfer_slips`;

/** Throws after `work` so its transaction rolls back: each change below is made and undone, the seasons stay as seeded. */
class Undo extends Error {}
async function thenUndo(agencyId: number, work: (tx: Db) => Promise<void>): Promise<void> {
  try {
    await inAgency(t.database.db, agencyId, async (tx) => {
      await work(tx);
      throw new Undo();
    });
  } catch (error) {
    if (error instanceof Undo) return;
    throw error;
  }
  throw new Error('the work was not undone');
}

describe('the trips’ kept cards after whole seasons', () => {
  it('are one per slip, equal to it: ledger:check is clean, and the seasons write all four kinds of slip', async () => {
    expect((await findLedgerDifferences(t.database.db)).map(describeDifference)).toEqual([]);
    const kept = await cards(t.database.db);
    const slips = await queryRows<{ agency_id: number; trip_id: number }>(t.database.db, SLIP_TRIPS);
    expect(kept.map((c) => Number(c.trip_id)).sort((a, b) => a - b)).toEqual(slips.map((s) => Number(s.trip_id)).sort((a, b) => a - b));
    for (const agencyId of [demoAgencyId, generatedAgencyId]) expect(kept.filter((c) => Number(c.agency_id) === agencyId).length).toBeGreaterThan(10);
    const kinds = new Set(kept.map((c) => c.kind));
    for (const kind of ['port', 'warehouseOut', 'consigneeOut']) expect(kinds).toContain(kind);
    expect([...kinds].some((k) => !['port', 'warehouseOut', 'consigneeOut'].includes(k))).toBe(true);
  });

  it('are what the migration backfills on an upgraded database', async () => {
    const before = await cards(t.database.db);
    const migration = readFileSync(new URL('../../drizzle/0046_trip_cards.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    const fill = migration.find((part) => part.trim().startsWith('insert into trip_cards')) ?? '';
    expect(fill).toContain('from trip_card_slips');
    await t.database.db.execute(sql`delete from trip_cards`);
    expect((await tripCardsDifferences(t.database.db)).length).toBe(before.length);
    await t.database.db.execute(sql.raw(fill));
    expect(await cards(t.database.db)).toEqual(before);
  });

  it('are rebuilt from the slips to the same cards, and a wrong or missing one is reported until then', async () => {
    const before = await cards(t.database.db);
    const [card] = before.filter((c) => Number(c.agency_id) === generatedAgencyId && c.kind === 'warehouseOut' && c.status === 'Active');
    if (!card) throw new Error('no Warehouse Out in the generated season');
    await t.database.db.execute(sql`update trip_cards set status = 'Reversed' where trip_id = ${card.trip_id}::integer`);
    await t.database.db.execute(sql`delete from trip_cards where agency_id = ${demoAgencyId}::integer`);
    const reported = (await findLedgerDifferences(t.database.db)).filter((d) => d.kind === 'tripCard');
    const wrong = reported.find((d) => d.id === Number(card.trip_id));
    if (!wrong?.tripCard) throw new Error('the wrong card was not reported');
    expect(wrong.tripCard.kept).toContain(',Reversed,');
    expect(wrong.tripCard.fromSlips).toContain(`,${card.status},`);
    expect(describeDifference(wrong)).toBe(`agency ${generatedAgencyId} trip ${card.trip_id}: card kept ${wrong.tripCard.kept}, its slip gives ${wrong.tripCard.fromSlips}`);
    const missing = reported.filter((d) => d.agencyId === demoAgencyId);
    expect(missing.length).toBe(before.filter((c) => Number(c.agency_id) === demoAgencyId).length);
    expect(missing.every((d) => d.tripCard?.kept === null && d.tripCard.fromSlips !== null)).toBe(true);
    await rebuildTripCards(t.database.db, generatedAgencyId);
    await rebuildTripCards(t.database.db, demoAgencyId);
    expect(await cards(t.database.db)).toEqual(before);
    expect(await tripCardsDifferences(t.database.db)).toEqual([]);
  });
});

describe('a trip’s kept card follows, in the writer’s statement, as the application role', () => {
  it('its slip: received, reversed, given another truck, deleted', async () => {
    const [slip] = await queryRows<{ id: number; trip_id: number; truck_id: number }>(
      t.database.db,
      sql`select id, trip_id, truck_id from loading_slips where agency_id = ${demoAgencyId}::integer and received_table is null and status = 'Active' order by id limit 1`,
    );
    const [otherTruck] = await queryRows<{ id: number }>(t.database.db, sql`select id from trucks where agency_id = ${demoAgencyId}::integer and id <> ${slip?.truck_id ?? 0}::integer order by id limit 1`);
    if (!slip || !otherTruck) throw new Error('no slip on the road, or no other truck, in the demo season');
    const tripId = Number(slip.trip_id);
    await thenUndo(demoAgencyId, async (tx) => {
      await tx.execute(sql`update loading_slips set status = 'Reversed', truck_id = ${otherTruck.id}::integer where id = ${slip.id}::integer`);
      expect(await cardOf(tx, tripId)).toMatchObject({ status: 'Reversed', truck_id: otherTruck.id, received_table: null });
      expect(await tripCardsDifferences(tx)).toEqual([]);
    });
    // A receipt's back-pointer, written by the receiving flows (here the first received slip's, copied).
    const [received] = await queryRows<{ received_table: string; received_id: number }>(
      t.database.db,
      sql`select received_table, received_id from loading_slips where agency_id = ${demoAgencyId}::integer and received_table is not null limit 1`,
    );
    if (!received) throw new Error('no received slip in the demo season');
    await thenUndo(demoAgencyId, async (tx) => {
      await tx.execute(sql`update loading_slips set received_table = ${received.received_table}, received_id = ${received.received_id}::integer where id = ${slip.id}::integer`);
      expect(await cardOf(tx, tripId)).toMatchObject({ received_table: received.received_table });
    });
    await thenUndo(demoAgencyId, async (tx) => {
      await tx.execute(sql`delete from loading_slips where id = ${slip.id}::integer`);
      expect(await cardOf(tx, tripId)).toBeUndefined();
      expect(await tripCardsDifferences(tx)).toEqual([]);
    });
    expect(await cardOf(t.database.db, tripId)).toMatchObject({ status: 'Active', truck_id: slip.truck_id, received_table: null });
  });

  it('its port loading’s destination, its Pre Out’s silo and truck, and its LC/PO’s cargo type; other edits of them write nothing', async () => {
    const [portSlip] = await queryRows<{ trip_id: number; port_loading_id: number; to_location_id: number; consignment_id: number }>(
      t.database.db,
      sql`select s.trip_id, s.port_loading_id, p.to_location_id, p.consignment_id from loading_slips s join port_loadings p on p.id = s.port_loading_id
           where s.agency_id = ${generatedAgencyId}::integer order by s.id limit 1`,
    );
    const [out] = await queryRows<{ trip_id: number; pre_out_id: number; warehouse_id: number; truck_id: number }>(
      t.database.db,
      sql`select o.trip_id, o.pre_out_id, po.warehouse_id, po.truck_id from warehouse_outs o join warehouse_pre_outs po on po.id = o.pre_out_id
           where o.agency_id = ${generatedAgencyId}::integer order by o.id limit 1`,
    );
    if (!portSlip || !out) throw new Error('no loading slip or Warehouse Out in the generated season');
    const [place] = await queryRows<{ id: number }>(t.database.db, sql`select id from locations where agency_id = ${generatedAgencyId}::integer and id <> ${portSlip.to_location_id}::integer order by id limit 1`);
    const [silo] = await queryRows<{ id: number }>(t.database.db, sql`select id from silos where agency_id = ${generatedAgencyId}::integer order by id limit 1`);
    const [truck] = await queryRows<{ id: number }>(t.database.db, sql`select id from trucks where agency_id = ${generatedAgencyId}::integer and id <> ${out.truck_id}::integer order by id limit 1`);
    const [cargo] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select g.id from cargo_types g, consignments c where c.id = ${portSlip.consignment_id}::integer and g.id <> c.cargo_type_id and g.agency_id = ${generatedAgencyId}::integer order by g.id limit 1`,
    );
    if (!place || !silo || !truck || !cargo) throw new Error('the generated season lacks another place, a silo, another truck or another cargo type');
    const before = await cards(t.database.db);
    const slipsOfLoading = await queryRows<{ trip_id: number }>(t.database.db, sql`select trip_id from loading_slips where port_loading_id = ${portSlip.port_loading_id}::integer`);
    await thenUndo(generatedAgencyId, async (tx) => {
      await tx.execute(sql`update port_loadings set to_location_id = ${place.id}::integer where id = ${portSlip.port_loading_id}::integer`);
      await tx.execute(sql`update warehouse_pre_outs set silo_id = ${silo.id}::integer, truck_id = ${truck.id}::integer where id = ${out.pre_out_id}::integer`);
      await tx.execute(sql`update consignments set cargo_type_id = ${cargo.id}::integer where id = ${portSlip.consignment_id}::integer`);
      const after = await cards(tx);
      for (const { trip_id } of slipsOfLoading) expect(after.find((c) => c.trip_id === trip_id)).toMatchObject({ to_location_id: place.id, cargo_type_id: cargo.id });
      expect(after.find((c) => c.trip_id === out.trip_id)).toMatchObject({ silo_id: silo.id, truck_id: truck.id });
      expect(await tripCardsDifferences(tx)).toEqual([]);
    });
    // Edits that change nothing a card copies leave every card as it was (and refresh none: the cards are equal).
    await thenUndo(generatedAgencyId, async (tx) => {
      await tx.execute(sql`update port_loadings set remarks = 'checked' where id = ${portSlip.port_loading_id}::integer`);
      await tx.execute(sql`update warehouse_pre_outs set remarks = 'checked' where id = ${out.pre_out_id}::integer`);
      expect(await cards(tx)).toEqual(before.filter((c) => Number(c.agency_id) === generatedAgencyId));
    });
    expect(await cards(t.database.db)).toEqual(before);
  });
});
