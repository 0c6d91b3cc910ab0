import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerDifferences } from '../ledger/ledger.check';
import { queryRows } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';
import { createGeneratedAgency, seededRandom, type GeneratedSeason } from './generated-season';
import { createTestApp, type TestApp } from './harness';

/**
 * The generated season (the dashboards' and reports' second season beside the demo's): made through the services,
 * every kind of movement present, the ledger whole, and the same seed gives the same season.
 */
let t: TestApp;
let first: { agencyId: number; season: GeneratedSeason };
let second: { agencyId: number; season: GeneratedSeason };

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  first = await createGeneratedAgency(t.database.db, { now, seed: 7, voyages: 6, password: 'Generated#Pass1' });
  second = await createGeneratedAgency(t.database.db, { now, seed: 7, voyages: 6, password: 'Generated#Pass1', label: '7b' });
}, 240_000);
afterAll(async () => {
  await t.close();
});

/** Per posting type and account kind: how many entries and their sum, the season's fingerprint. */
async function fingerprint(agencyId: number) {
  return inAgency(t.database.db, agencyId, (tx) =>
    queryRows<{ type: string; kind: string; entries: number; kg: string }>(
      tx,
      sql`select tr.type, a.kind, count(*)::int as entries, sum(e.quantity_kg)::text as kg
          from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transactions tr on tr.id = e.transaction_id
          group by tr.type, a.kind order by tr.type, a.kind`,
    ),
  );
}

describe('the generated season', () => {
  it('has every kind of movement the dashboards read', () => {
    const s = first.season;
    expect(s.voyages).toBeGreaterThanOrEqual(5);
    expect(s.shipments).toBeGreaterThan(s.voyages - 1);
    expect(s.outTurns).toBeGreaterThan(0);
    expect(s.portLoadings).toBeGreaterThan(s.shipments - 1);
    expect(s.loadingSlips).toBeGreaterThan(s.portLoadings);
    expect(s.warehouseIns).toBeGreaterThan(0);
    expect(s.deliveryIns).toBeGreaterThan(0);
    expect(s.warehouseOuts).toBeGreaterThan(0);
    expect(s.loans).toBeGreaterThan(0);
    expect(s.deliveredLoans).toBeGreaterThan(0);
    expect(s.deliveredReturns).toBeGreaterThan(0);
    expect(s.deliveredConsigneeTransfers).toBeGreaterThan(0);
    expect(s.onTheRoad).toBeGreaterThan(0);
  });

  it('leaves the ledger whole: kept balances equal the entries, every transaction sums to zero', async () => {
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('gives each agency rules on its own places and trucks (the demo master data seeded twice)', async () => {
    const [row] = await queryRows<{ foreign: number }>(
      t.database.db,
      sql`select (select count(*) from cargo_control_rules r join locations l on l.id = r.location_id where l.agency_id <> r.agency_id)::int
               + (select count(*) from handling_loss_rules r join locations l on l.id = r.location_id where l.agency_id <> r.agency_id)::int
               + (select count(*) from transporter_rules r join trucks k on k.id = r.truck_id where k.agency_id <> r.agency_id)::int as foreign`,
    );
    expect(row?.foreign).toBe(0);
  });

  it('is the same season for the same seed, and another for another seed', async () => {
    expect(second.season).toEqual(first.season);
    const a = await fingerprint(first.agencyId);
    expect(a.length).toBeGreaterThan(5);
    expect(await fingerprint(second.agencyId)).toEqual(a);
    const r1 = seededRandom(7);
    const r2 = seededRandom(8);
    expect([r1.next(), r1.next()]).not.toEqual([r2.next(), r2.next()]);
  });
});
