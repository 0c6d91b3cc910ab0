import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';
import { bearer, loginAs } from '../test/fixtures';
import type { TestApp } from '../test/harness';
import { rebuildKeptFigures } from './kept-figures';
import { seasonsApp } from './kept-figures.test-support';
import { describeDifference, findLedgerDifferences } from './ledger.check';
import type { AccountKey } from './ledger.service';
import { ledgerFixture } from './ledger.test-support';
import { voyageFiguresDifferences, voyageFiguresFromAccounts } from './voyage-figures';

/*
 * The kept per-voyage figures (`ledger_voyage_figures`) written by the posting function equal a recomputation from
 * the accounts' balances (`npm run ledger:check`): after the demo season and a generated season (BLs, loading slips
 * written on the hot path with their trip in one statement, receipts with transit loss, warehouse outs whose trips
 * carry the voyage, reversals), and posting by posting; the migration's backfill and the rebuild give the same rows,
 * and ledger:check reports a tampered row.
 */

let t: TestApp;
let demoAgencyId: number;
let generatedAgencyId: number;
let generatedAdmin: string;

beforeAll(async () => {
  ({ t, demoAgencyId, generatedAgencyId, generatedAdmin } = await seasonsApp(28));
}, 600_000);
afterAll(async () => {
  await t.close();
});

interface FiguresRow {
  voyage_id: number;
  consignment_id: number;
  quantity_kg: string;
  remaining_kg: string;
  in_transit_kg: string;
  loss_kg: string;
}

const nonZero = sql`(quantity_kg <> 0 or remaining_kg <> 0 or in_transit_kg <> 0 or loss_kg <> 0)`;
const columns = sql`voyage_id, consignment_id, quantity_kg::text as quantity_kg, remaining_kg::text as remaining_kg, in_transit_kg::text as in_transit_kg, loss_kg::text as loss_kg`;

/** The kept rows of an agency that hold something, in key order. */
const kept = (agencyId: number) =>
  queryRows<FiguresRow>(t.database.db, sql`select ${columns} from ledger_voyage_figures where agency_id = ${agencyId}::integer and ${nonZero} order by 1, 2`);

/** The recomputation from the accounts, the same way. */
const fresh = (agencyId: number) =>
  queryRows<FiguresRow>(t.database.db, sql`select ${columns} from (${voyageFiguresFromAccounts(agencyId)}) f where ${nonZero} order by 1, 2`);

const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::integer as n from (${query}) q`))[0]?.n ?? 0);

describe('voyage figures after whole seasons', () => {
  it('equal the recomputation from the accounts: ledger:check is clean', async () => {
    const differences = await findLedgerDifferences(t.database.db);
    expect(differences.map(describeDifference)).toEqual([]);
    for (const agencyId of [demoAgencyId, generatedAgencyId]) {
      const rows = await kept(agencyId);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(await fresh(agencyId));
      // The season put cargo on board, loaded slips off it, and lost some in transit.
      expect(rows.some((r) => BigInt(r.quantity_kg) > 0n && BigInt(r.quantity_kg) > BigInt(r.remaining_kg))).toBe(true);
      expect(rows.some((r) => BigInt(r.loss_kg) !== 0n)).toBe(true);
    }
  });

  it('were written through the flows this test means: hot-path slips, receipts, warehouse outs carrying a voyage', async () => {
    const agencies = sql`(${demoAgencyId}::integer, ${generatedAgencyId}::integer)`;
    // Loading slips (written with their trip and posting in one statement).
    expect(await count(sql`select 1 from loading_slips where agency_id in ${agencies}`)).toBeGreaterThan(0);
    // IN_TRANSIT accounts of warehouse out trips with a voyage and a consignment: left out of the figures.
    expect(
      await count(
        sql`select 1 from ledger_accounts a join trips tr on tr.id = a.trip_id and tr.kind <> 'loadingSlip'
            where a.agency_id in ${agencies} and a.kind = 'IN_TRANSIT' and a.voyage_id is not null and a.consignment_id is not null and a.balance_kg <> 0`,
      ),
    ).toBeGreaterThan(0);
  });

  it('take back a loading slip reversed through the API: the cargo is on board again', async () => {
    const [slip] = await queryRows<{ id: number; voyage_id: number; consignment_id: number; kg: string }>(
      t.database.db,
      sql`select ls.id, a.voyage_id, a.consignment_id, a.balance_kg::text as kg from loading_slips ls
          join ledger_accounts a on a.agency_id = ls.agency_id and a.kind = 'IN_TRANSIT' and a.trip_id = ls.trip_id and a.balance_kg = ls.quantity_kg
          where ls.agency_id = ${generatedAgencyId}::integer and ls.status = 'Active' order by ls.id limit 1`,
    );
    if (!slip) throw new Error('no loading slip on the road');
    const figuresOf = async () => (await kept(generatedAgencyId)).find((r) => r.voyage_id === slip.voyage_id && r.consignment_id === slip.consignment_id);
    const before = await figuresOf();
    const token = await loginAs(t.app, generatedAdmin, 'Generated#Pass1');
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/loadingSlips/${slip.id}/reverse`,
      headers: { ...bearer(token), 'x-agency-id': String(generatedAgencyId) },
      payload: { reason: 'Wrong truck' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await figuresOf();
    expect(BigInt(after?.remaining_kg ?? 0)).toBe(BigInt(before?.remaining_kg ?? 0) + BigInt(slip.kg));
    expect(BigInt(after?.in_transit_kg ?? 0)).toBe(BigInt(before?.in_transit_kg ?? 0) - BigInt(slip.kg));
    expect(after?.quantity_kg).toBe(before?.quantity_kg);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('are what the migration backfills on an upgraded database', async () => {
    const all = sql`select * from ledger_voyage_figures where ${nonZero} order by agency_id, voyage_id, consignment_id`;
    const before = await queryRows(t.database.db, all);
    expect(before.length).toBeGreaterThan(0);
    const migration = readFileSync(new URL('../../drizzle/0037_voyage_figures.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    const backfill = migration[migration.length - 1] ?? '';
    expect(backfill).toContain('insert into ledger_voyage_figures');
    await t.database.db.execute(sql`delete from ledger_voyage_figures`);
    await t.database.db.execute(sql.raw(backfill));
    expect(await queryRows(t.database.db, all)).toEqual(before);
    expect(await voyageFiguresDifferences(t.database.db)).toEqual([]);
  });

  it('are reported by ledger:check when a row is tampered with, and rebuilt to the same rows', async () => {
    const before = await kept(generatedAgencyId);
    const [first] = before;
    if (!first) throw new Error('no figures');
    await t.database.db.execute(
      sql`update ledger_voyage_figures set remaining_kg = remaining_kg + 7
          where agency_id = ${generatedAgencyId}::integer and voyage_id = ${first.voyage_id}::integer and consignment_id = ${first.consignment_id}::integer`,
    );
    const differences = (await findLedgerDifferences(t.database.db)).filter((d) => d.kind === 'voyageFigures');
    expect(differences).toHaveLength(1);
    const [difference] = differences;
    expect(difference?.figures?.kept.remainingKg).toBe(BigInt(first.remaining_kg) + 7n);
    expect(difference?.figures?.fromAccounts.remainingKg).toBe(BigInt(first.remaining_kg));
    expect(describeDifference(difference!)).toContain(`voyage ${first.voyage_id} consignment ${first.consignment_id}: voyage figures kept`);
    // A missing row is a difference too.
    await t.database.db.execute(sql`delete from ledger_voyage_figures where agency_id = ${demoAgencyId}::integer`);
    expect((await voyageFiguresDifferences(t.database.db)).length).toBeGreaterThan(1);
    await rebuildKeptFigures(t.database.db, generatedAgencyId);
    await rebuildKeptFigures(t.database.db, demoAgencyId);
    expect(await kept(generatedAgencyId)).toEqual(before);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

describe('voyage figures posting by posting', () => {
  it('add each posting’s deltas, take a reversal back, and leave out a warehouse out’s trip and accounts without a voyage or consignment', async () => {
    const f = await ledgerFixture(t.database.db);
    const newTrip = async (kind: string) =>
      Number(
        (await inAgency(t.database.db, f.agencyId, (tx) => queryRows<{ id: number }>(tx, sql`insert into trips (agency_id, kind, created_at) values (${f.agencyId}::integer, ${kind}::text, now()) returning id`)))[0]?.id,
      );
    const pair = { voyageId: 71, consignmentId: 31 };
    const vessel: AccountKey = { kind: 'VESSEL', ...pair };
    const onBoard: AccountKey = { kind: 'ON_BOARD', ...pair };
    const cargo = { ...pair, ownerCompanyId: 1, cargoTypeId: 1 };
    const silo: AccountKey = { kind: 'ON_HAND', locationId: 5, siloId: 1, attachedVoyageId: pair.voyageId, ...cargo };
    const figures = async () => {
      expect(await voyageFiguresDifferences(t.database.db)).toEqual([]);
      return (await kept(f.agencyId)).map((r) => [r.voyage_id, r.consignment_id, r.quantity_kg, r.remaining_kg, r.in_transit_kg, r.loss_kg].map(String));
    };
    const row = (quantity: number, remaining: number, inTransit: number, loss: number) => ['71', '31', String(quantity), String(remaining), String(inTransit), String(loss)];

    await f.move(vessel, onBoard, 30_000);
    expect(await figures()).toEqual([row(30_000, 30_000, 0, 0)]);

    // A loading slip's truck, and its receipt with a transit loss.
    const slipTrip = await newTrip('loadingSlip');
    const truck: AccountKey = { kind: 'IN_TRANSIT', tripId: slipTrip, ...cargo };
    await f.post([
      { account: onBoard, quantityKg: -20_000 },
      { account: truck, quantityKg: 20_000 },
    ], 'portLoading');
    expect(await figures()).toEqual([row(30_000, 10_000, 20_000, 0)]);
    const receipt = await f.post([
      { account: truck, quantityKg: -20_000 },
      { account: silo, quantityKg: 19_900 },
      { account: { kind: 'TRANSIT_LOSS', tripId: slipTrip, ...cargo }, quantityKg: 100 },
    ], 'warehouseIn');
    expect(await figures()).toEqual([row(30_000, 10_000, 0, 100)]);

    // A warehouse out's truck carries the voyage and the consignment too, and is not the vessel's.
    const outTrip = await newTrip('warehouseOut');
    const out = await f.post([
      { account: silo, quantityKg: -5_000 },
      { account: { kind: 'IN_TRANSIT', tripId: outTrip, ...cargo }, quantityKg: 5_000 },
    ], 'warehouseOut');
    expect(await figures()).toEqual([row(30_000, 10_000, 0, 100)]);

    // A warehouse out's reversal changes nothing either; the receipt's reversal puts the truck in transit again.
    await f.reverse(out.transactionId);
    expect(await figures()).toEqual([row(30_000, 10_000, 0, 100)]);
    await f.reverse(receipt.transactionId);
    expect(await figures()).toEqual([row(30_000, 10_000, 20_000, 0)]);

    // An out-turn shortage on board, and its reversal.
    const shortage = await f.move(onBoard, vessel, 1_000);
    expect(await figures()).toEqual([row(29_000, 9_000, 20_000, 0)]);
    await f.reverse(shortage.transactionId);
    expect(await figures()).toEqual([row(30_000, 10_000, 20_000, 0)]);

    // Accounts without a consignment add nothing (and write no row).
    await f.move({ kind: 'VESSEL', voyageId: 72 }, { kind: 'ON_BOARD', voyageId: 72 }, 4_000);
    expect(await figures()).toEqual([row(30_000, 10_000, 20_000, 0)]);

    // A posting that changes none of a pair's figures writes nothing: two trucks of one slip's pair swap cargo.
    const otherTrip = await newTrip('loadingSlip');
    await f.post([
      { account: truck, quantityKg: -2_000 },
      { account: { kind: 'IN_TRANSIT', tripId: otherTrip, ...cargo }, quantityKg: 2_000 },
    ]);
    expect(await figures()).toEqual([row(30_000, 10_000, 20_000, 0)]);
  });

  it('is refused with the rest of a posting that overdraws', async () => {
    const f = await ledgerFixture(t.database.db);
    const onBoard: AccountKey = { kind: 'ON_BOARD', voyageId: 73, consignmentId: 33 };
    await f.move({ kind: 'VESSEL', voyageId: 73, consignmentId: 33 }, onBoard, 1_000);
    await expect(f.move(onBoard, { kind: 'IN_TRANSIT', tripId: 9_999, voyageId: 73, consignmentId: 33, ownerCompanyId: 1, cargoTypeId: 1 }, 2_000)).rejects.toThrow();
    expect((await kept(f.agencyId)).map((r) => [r.quantity_kg, r.remaining_kg, r.in_transit_kg])).toEqual([['1000', '1000', '0']]);
    expect(await voyageFiguresDifferences(t.database.db)).toEqual([]);
  });
});
