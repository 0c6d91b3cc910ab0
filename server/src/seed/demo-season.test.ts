import { Headers, type TLoadingSlipList, type TShipmentList } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerDifferences } from '../ledger/ledger.check';
import { queryRows } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';
import { bearer, loginAs } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { findDemoAgency, seedFirstRun } from './first-run';

let t: TestApp;
let agencyId: number;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { seedDemo: true, demoPassword: 'Demo#Pass1', adminPassword: 'Admin#Pass1' } });
  await seedFirstRun(t.database.db, { config: t.config, clock: t.clock, log: (line) => lines.push(line) });
  agencyId = (await findDemoAgency(t.database.db)) ?? 0;
});
afterAll(async () => {
  await t.close();
});

/** Rows of a query in the demo agency (row-level security on, as the services run). */
function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return inAgency(t.database.db, agencyId, (tx) => queryRows<T>(tx, query));
}

/** What the season counts: one query, so the second seed can be compared with the first. */
async function census() {
  const [row] = await rows<Record<string, string>>(sql`select
      (select count(*) from sale_orders where status = 'Active')::text as sale_orders,
      (select count(*) from consignments where status = 'Active')::text as consignments,
      (select count(*) from consignments where po_number is not null)::text as pos,
      (select count(distinct shipment_manager_id) from consignments)::text as managers,
      (select count(*) from voyages)::text as voyages,
      (select count(*) from shipments where status = 'Active')::text as shipments,
      (select count(*) from voyage_approvals where status = 'Approved')::text as voyage_approvals,
      (select count(*) from quantity_approvals where status = 'Approved')::text as quantity_approvals,
      (select count(*) from port_loadings where status = 'Active')::text as port_loadings,
      (select count(*) from loading_slips where status = 'Active' and received_table is null)::text as slips_in_transit,
      (select count(*) from ledger_transactions)::text as ledger_transactions`);
  return row;
}

describe('demo season', () => {
  it('is made through the flows: sale orders, consignments, two voyages with BLs, an approved out-turn, port loadings and slips', async () => {
    expect(lines.filter((line) => line.includes('not created'))).toEqual([]);
    expect(lines.some((line) => line.startsWith('Demo season:'))).toBe(true);
    expect(await census()).toMatchObject({
      sale_orders: '4',
      consignments: '6',
      pos: '1',
      managers: '2', // Red Sea Grain Logistics and Al Bahr Shipping Services (Yanbu Poultry Farms has none)
      voyages: '2',
      shipments: '6',
      voyage_approvals: '1',
      quantity_approvals: '3',
      port_loadings: '4',
      slips_in_transit: '15',
    });
    const voyages = await rows<{ port: string; arrival: string; completion: string | null }>(
      sql`select p.name as port, v.arrival_date::text as arrival, v.completion_date::text as completion from voyages v join ports p on p.id = v.port_id order by v.arrival_date`,
    );
    const today = '2026-11-21'; // the harness clock: 2026-11-21T08:00Z, 11:00 in Riyadh
    expect(voyages.map((v) => v.port)).toEqual(['Jeddah Islamic Port', 'Jeddah Islamic Port']);
    expect(voyages.every((v) => v.arrival < today)).toBe(true);
    const differences = await rows<{ bl: string; difference: string }>(
      sql`select s.bl_number as bl, (q.discharged_kg - q.bl_quantity_kg)::text as difference from quantity_approvals q join shipments s on s.id = q.shipment_id order by s.bl_number`,
    );
    expect(differences).toEqual([
      { bl: 'MEDU4417286', difference: '-68750' },
      { bl: 'MEDU4417294', difference: '46400' },
      { bl: 'MEDU4417308', difference: '0' },
    ]);
    const loadings = await rows<{ type: string; kind: string }>(sql`select transportation_type as type, transporter_kind as kind from port_loadings order by id`);
    expect(new Set(loadings.map((l) => l.type))).toEqual(new Set(['warehouse', 'directDelivery', 'customerDelivery']));
    expect(new Set(loadings.map((l) => l.kind))).toEqual(new Set(['company', 'self']));
  });

  it('keeps the ledger whole: ON_BOARD is the BLs plus approved differences less the slips, IN_TRANSIT is the slips', async () => {
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
    const onBoard = await rows<{ bl: string; balance: string; expected: string }>(sql`
      select s.bl_number as bl, a.balance_kg::text as balance,
        (s.bl_quantity_kg
          + coalesce((select sum(q.discharged_kg - q.bl_quantity_kg) from quantity_approvals q where q.shipment_id = s.id and q.status = 'Approved'), 0)
          - coalesce((select sum(ls.quantity_kg) from loading_slips ls join port_loadings pl on pl.id = ls.port_loading_id
                      where pl.shipment_id = s.id and ls.status = 'Active'), 0))::text as expected
      from shipments s
      join ledger_accounts a on a.kind = 'ON_BOARD' and a.voyage_id = s.voyage_id and a.consignment_id = s.consignment_id
      order by s.bl_number`);
    expect(onBoard).toHaveLength(6);
    for (const row of onBoard) expect(row.balance, row.bl).toBe(row.expected);
    // Cargo is left on board of every BL.
    expect(onBoard.every((row) => BigInt(row.balance) > 0n)).toBe(true);
    const inTransit = await rows<{ slip: number; balance: string | null; quantity: string }>(sql`
      select ls.slip_number as slip, a.balance_kg::text as balance, ls.quantity_kg::text as quantity
      from loading_slips ls left join ledger_accounts a on a.kind = 'IN_TRANSIT' and a.trip_id = ls.trip_id
      order by ls.slip_number`);
    expect(inTransit).toHaveLength(15);
    for (const row of inTransit) expect(row.balance, `slip ${row.slip}`).toBe(row.quantity);
    const [sums] = await rows<{ in_transit: string; slips: string }>(sql`
      select (select sum(balance_kg) from ledger_accounts where kind = 'IN_TRANSIT')::text as in_transit,
             (select sum(quantity_kg) from loading_slips where status = 'Active')::text as slips`);
    expect(sums?.in_transit).toBe(sums?.slips);
  });

  it('loads only allowed trucks and drivers, within the trips per day, never after now', async () => {
    const slips = await rows<{ plate: string; driver: string; day: string; loaded_at: string }>(sql`
      select t.plate_number as plate, d.name as driver, to_char(ls.loaded_at at time zone 'Asia/Riyadh', 'YYYY-MM-DD') as day,
             ls.loaded_at::text as loaded_at
      from loading_slips ls join trucks t on t.id = ls.truck_id join drivers d on d.id = ls.driver_id order by ls.loaded_at`);
    expect(slips.map((s) => s.plate)).not.toContain('YNB 3077');
    const perDay = new Map<string, number>();
    for (const s of slips) perDay.set(`${s.plate} ${s.day}`, (perDay.get(`${s.plate} ${s.day}`) ?? 0) + 1);
    for (const [truckDay, trips] of perDay) if (truckDay.startsWith('RUH 1190')) expect(trips, truckDay).toBeLessThanOrEqual(3);
    expect(perDay.get('RUH 1190 2026-11-21')).toBe(3);
    expect(new Set(slips.map((s) => s.day)).size).toBeGreaterThanOrEqual(3);
    expect(slips.every((s) => new Date(s.loaded_at).getTime() <= t.clock.now().getTime())).toBe(true);
  });

  it('shows through the API, and a second first-run seed adds nothing', async () => {
    const token = await loginAs(t.app, 'demo.admin', 'Demo#Pass1');
    const headers = { ...bearer(token), [Headers.agencyId]: String(agencyId) };
    const shipments = await t.app.inject({ method: 'GET', url: '/api/shipments?limit=50', headers });
    expect(shipments.statusCode, shipments.body).toBe(200);
    const list = shipments.json<TShipmentList>();
    expect(list.count).toBe(6);
    expect(list.rows.find((r) => r.blNumber === 'MEDU4417286')?.Consignment.LC.LCPONumber).toBe('LC-NCB-2026-0412');
    const slips = await t.app.inject({ method: 'GET', url: '/api/loadingSlips?limit=50&received=inTransit', headers });
    expect(slips.statusCode, slips.body).toBe(200);
    expect(slips.json<TLoadingSlipList>().count).toBe(15);

    // The shipment manager's company admin follows only their own company's cargo.
    const smToken = await loginAs(t.app, 'rsgl.admin', 'Demo#Pass1');
    const own = await t.app.inject({ method: 'GET', url: '/api/shipments?limit=50', headers: { ...bearer(smToken), [Headers.agencyId]: String(agencyId) } });
    expect(own.statusCode, own.body).toBe(200);
    const ownRows = own.json<TShipmentList>().rows;
    expect(ownRows.length).toBeGreaterThan(0);
    expect(new Set(ownRows.map((r) => r.Consignment.LC.LCPONumber))).toEqual(new Set(['LC-NCB-2026-0412', 'LC-SNB-2026-0377']));

    const before = await census();
    const again = await seedFirstRun(t.database.db, { config: t.config, clock: t.clock, log: () => undefined });
    expect(again).toEqual({ adminCreated: false, demoCreated: false });
    expect(await census()).toEqual(before);
  });
});

describe('demo season just after midnight', () => {
  it('leaves out the trips the rules refuse (the Najd truck already made 3 the day before) instead of failing', async () => {
    const early = await createTestApp({ config: { seedDemo: true, demoPassword: 'Demo#Pass1', adminPassword: 'Admin#Pass1' } });
    try {
      early.clock.set(new Date('2026-11-20T21:20:00Z')); // 00:20 in Riyadh
      const log: string[] = [];
      await seedFirstRun(early.database.db, { config: early.config, clock: early.clock, log: (line) => log.push(line) });
      expect(log.filter((line) => line.includes('not created'))).toEqual([]);
      expect(log.find((line) => line.startsWith('Demo season:'))).toMatch(/planned trips left out/);
      expect(await findLedgerDifferences(early.database.db)).toEqual([]);
      const id = (await findDemoAgency(early.database.db)) ?? 0;
      const perDay = await inAgency(early.database.db, id, (tx) =>
        queryRows<{ trips: number }>(
          tx,
          sql`select count(*)::int as trips from loading_slips ls join trucks t on t.id = ls.truck_id
              where t.plate_number = 'RUH 1190' group by (ls.loaded_at at time zone 'Asia/Riyadh')::date`,
        ),
      );
      expect(perDay.every((d) => d.trips <= 3)).toBe(true);
    } finally {
      await early.close();
    }
  });
});
