import { Headers, type TLoadingSlipList, type TShipmentList } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerDifferences } from '../ledger/ledger.check';
import { POSTING_TYPES } from '../ledger/posting-types';
import { queryRows } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';
import { demoCensus } from '../test/demo-census';
import { bearer, loginAs } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { localDay } from '../modules/port-loading/loading-slips.service';
import { crewPicker } from './demo-season';
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

/** What the season counts (`demoCensus`): one query, so the second seed can be compared with the first. */
const census = () => demoCensus(t.database.db, agencyId);

describe('demo season', () => {
  it('is made through the flows: sale orders, consignments, two voyages with BLs, an approved out-turn, port loadings and slips', async () => {
    expect(lines.filter((line) => line.includes('not created'))).toEqual([]);
    expect(lines.some((line) => line.startsWith('Demo season:'))).toBe(true);
    expect(lines.some((line) => line.includes('3 consignee to customer sales, 1 consignee transfers, 1 cargo swaps.'))).toBe(true);
    expect(await census()).toMatchObject({
      sale_orders: '4',
      consignments: '6',
      pos: '1',
      managers: '2', // Red Sea Grain Logistics and Al Bahr Shipping Services (Yanbu Poultry Farms has none)
      voyages: '2',
      shipments: '6',
      voyage_approvals: '1',
      quantity_approvals: '3',
      port_loadings: '6',
      loan_port_loadings: '1',
      loans_on_board: '1',
      // At 11:00 in Riyadh: the terminal's last shuttle, today's two Makkah trucks and the borrowed corn's truck are on the road.
      slips_in_transit: '4',
      warehouse_ins: '11', // ten from the port and the terminal's outs, one Warehouse Transfer received at KAP
      consignee_ins: '7', // six from the outs, one loan delivered by truck to the lender's mill
      customer_ins: '3',
      pre_outs: '4',
      warehouse_outs: '3',
      consignee_outs: '1',
      loans: '3',
      loan_returns: '1',
      loans_delivered: '1',
      ownership_transfers: '1',
      consignee_transfers: '1',
      sales: '3',
      sales_delivered: '1',
      sm_sales_of_loan: '1',
      silo_transfers: '1',
      cargo_swaps: '1',
      handling_losses: '2',
      losses_approved_above: '1',
      handling_excesses: '1',
      warehouse_transfers: '2',
      warehouse_transfers_received: '1',
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
    // A slip on the road is IN_TRANSIT on its trip; a received one left it whole (its loss on TRANSIT_LOSS).
    const slips = await rows<{ slip: number; balance: string | null; quantity: string; received: boolean }>(sql`
      select ls.slip_number as slip, a.balance_kg::text as balance, ls.quantity_kg::text as quantity, ls.received_table is not null as received
      from loading_slips ls left join ledger_accounts a on a.kind = 'IN_TRANSIT' and a.trip_id = ls.trip_id
      order by ls.slip_number`);
    expect(slips).toHaveLength(19);
    for (const row of slips) expect(row.balance, `slip ${row.slip}`).toBe(row.received ? '0' : row.quantity);
    const [sums] = await rows<Record<string, string>>(sql`
      select (select sum(balance_kg) from ledger_accounts where kind = 'IN_TRANSIT')::text as in_transit,
             ((select sum(quantity_kg) from loading_slips where status = 'Active' and received_table is null)
              + (select sum(quantity_kg) from warehouse_outs where status = 'Active' and received_table is null)
              + (select coalesce(sum(quantity_kg), 0) from consignee_outs where status = 'Active' and received_table is null)
              + (select coalesce(sum(quantity_kg), 0) from transfer_slips where status = 'Active' and received_table is null))::text as on_the_road,
             (select sum(balance_kg) from ledger_accounts where kind = 'TRANSIT_LOSS')::text as transit_loss,
             ((select sum(slip_kg - received_kg) from warehouse_ins where status = 'Active')
              + (select sum(slip_kg - received_kg) from consignee_ins where status = 'Active')
              + (select sum(slip_kg - received_kg) from customer_ins where status = 'Active'))::text as receipts_loss,
             (select sum(balance_kg) from ledger_accounts where kind = 'ON_HAND')::text as on_hand,
             ((select sum(received_kg) from warehouse_ins where status = 'Active')
              + (select sum(received_kg) from consignee_ins where status = 'Active')
              + (select sum(received_kg) from customer_ins where status = 'Active')
              - (select sum(quantity_kg) from warehouse_outs where status = 'Active')
              - (select sum(quantity_kg) from consignee_outs where status = 'Active')
              - (select coalesce(sum(quantity_kg), 0) from transfer_slips where status = 'Active')
              - (select coalesce(sum(quantity_kg), 0) from handling_records where status = 'Active' and approval_status = 'Approved' and kind = 'handlingLoss')
              + (select coalesce(sum(quantity_kg), 0) from handling_records where status = 'Active' and approval_status = 'Approved' and kind = 'handlingExcess'))::text as received_less_dispatched,
             (select sum(committed_kg) from ledger_accounts where kind = 'ON_HAND')::text as committed,
             (select sum(p.quantity_kg) from warehouse_pre_outs p where p.status = 'Active'
                and not exists (select 1 from warehouse_outs o where o.pre_out_id = p.id and o.status = 'Active'))::text as open_pre_outs`);
    expect(sums?.in_transit).toBe(sums?.on_the_road);
    expect(sums?.transit_loss).toBe(sums?.receipts_loss);
    expect(BigInt(sums?.transit_loss ?? '0')).toBeGreaterThan(0n);
    expect(sums?.on_hand).toBe(sums?.received_less_dispatched);
    expect(sums?.committed).toBe(sums?.open_pre_outs);
    expect(BigInt(sums?.committed ?? '0')).toBeGreaterThan(0n);
  });

  it('receives at two warehouses (two silos split, one silo, the open area) and the sites, and dispatches to a consignee, a customer and a warehouse', async () => {
    const storage = await rows<{ warehouse: string; silo: string | null }>(sql`
      select l.name as warehouse, si.name as silo from ledger_accounts a join locations l on l.id = a.location_id
      left join silos si on si.id = a.silo_id where a.kind = 'ON_HAND' and a.balance_kg > 0 and l.location_kind_id = 1 order by 1, 2`);
    const places = new Set(storage.map((row) => `${row.warehouse}/${row.silo ?? 'open area'}`));
    for (const place of ['Jeddah Grain Terminal/Silo A1', 'Jeddah Grain Terminal/Silo A2', 'Jeddah Grain Terminal/Silo B1', 'Jeddah Grain Terminal/open area', 'Yanbu Open Yard/open area']) expect(places).toContain(place);
    const losses = await rows<{ loss: string }>(sql`select (slip_kg - received_kg)::text as loss from warehouse_ins where status = 'Active'`);
    // Small losses (under 0.5 % of a truck), one exact, one small gain.
    expect(losses.every((row) => Math.abs(Number(row.loss)) < 200)).toBe(true);
    expect(losses.some((row) => Number(row.loss) < 0)).toBe(true);
    const outs = await rows<{ type: string; to: string; manual: boolean }>(sql`
      select o.destination_type as type, l.name as to, sw.manual from warehouse_outs o join locations l on l.id = o.to_location_id
      join outbound_second_weights sw on sw.id = o.second_weight_id order by o.slip_number`);
    expect(outs.map((o) => o.type)).toEqual(['consignee', 'customer', 'warehouse']);
    // The weights are the bridge's captures, not typed.
    expect(outs.every((o) => !o.manual)).toBe(true);
    // The customer's store received the terminal's warehouse slip, the mill's consignee slip and a sale's transfer slip.
    const resold = await rows<{ kind: string; place: string }>(sql`
      select ci.slip_kind as kind, l.name as place from customer_ins ci join locations l on l.id = ci.location_id where ci.slip_kind <> 'loadingSlip' order by 1`);
    expect(resold).toEqual([
      { kind: 'consigneeLoadingSlip', place: 'Makkah Central Bakery Store' },
      { kind: 'transferSlip', place: 'Makkah Central Bakery Store' },
      { kind: 'warehouseLoadingSlip', place: 'Makkah Central Bakery Store' },
    ]);
    const typed = await rows<{ n: string }>(sql`select ((select count(*) from warehouse_pre_ins where manual) + (select count(*) from warehouse_ins where manual))::text as n`);
    expect(typed[0]?.n).toBe('0');
  });

  it('swaps two owners’ wheat at two places in one posting of four lines, and says so in the first-run line', async () => {
    const swaps = await rows<{ a_location: number; b_location: number; a_owner: number; b_owner: number; a_place: string; b_place: string; lines: string }>(sql`
      select s.a_location_id as a_location, s.b_location_id as b_location, s.a_owner_company_id as a_owner, s.b_owner_company_id as b_owner,
             (select name from locations where id = s.a_location_id) as a_place, (select name from locations where id = s.b_location_id) as b_place,
             (select count(*) from ledger_entries e where e.transaction_id = s.ledger_transaction_id)::text as lines
      from cargo_swaps s`);
    expect(swaps).toHaveLength(1);
    const [swap] = swaps;
    expect(swap?.a_location).not.toBe(swap?.b_location);
    expect(swap?.a_owner).not.toBe(swap?.b_owner);
    expect(swap?.lines).toBe('4');
    expect([swap?.a_place, swap?.b_place]).toEqual(['Jeddah Grain Terminal', 'HFM Madinah Mill']);
    expect(lines.find((line) => line.startsWith('Demo season:'))).toContain('1 cargo swaps');
  });

  it('has every kind of ledger transaction the flows post', async () => {
    const kinds = await rows<{ type: string }>(sql`select distinct type from ledger_transactions where reverses_id is null order by type`);
    expect(kinds.map((k) => k.type)).toEqual([...POSTING_TYPES].sort());
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
    expect(slips.json<TLoadingSlipList>().count).toBe(4);

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
  it('is dated as of the end of yesterday, leaves no trip out, and the picker gives a truck no trip over its cap', async () => {
    const early = await createTestApp({ config: { seedDemo: true, demoPassword: 'Demo#Pass1', adminPassword: 'Admin#Pass1' } });
    try {
      early.clock.set(new Date('2026-11-20T21:20:00Z')); // 00:20 in Riyadh
      const log: string[] = [];
      await seedFirstRun(early.database.db, { config: early.config, clock: early.clock, log: (line) => log.push(line) });
      expect(log.filter((line) => line.includes('not created'))).toEqual([]);
      const season = log.find((line) => line.startsWith('Demo season:')) ?? '';
      expect(season).toContain('19 loading slips;');
      expect(season).not.toMatch(/planned trips left out/);
      expect(season).toContain('Dated as of 2026-11-20T20:59:00.000Z, the end of yesterday');
      expect(await findLedgerDifferences(early.database.db)).toEqual([]);
      const id = (await findDemoAgency(early.database.db)) ?? 0;
      const perDay = await inAgency(early.database.db, id, (tx) =>
        queryRows<{ day: string; trips: number }>(
          tx,
          sql`select (ls.loaded_at at time zone 'Asia/Riyadh')::date::text as day, count(*)::int as trips from loading_slips ls join trucks t on t.id = ls.truck_id
              where t.plate_number = 'RUH 1190' group by 1 order by 1`,
        ),
      );
      // The shuttle's three trips of "today" are on the 20th, the day the season is dated as of; nothing on the 21st.
      expect(perDay).toEqual([
        { day: '2026-11-18', trips: 2 },
        { day: '2026-11-19', trips: 3 },
        { day: '2026-11-20', trips: 3 },
      ]);
      // The picker the season uses keeps to the rules: Najd's one truck gets three trips on a day, then none.
      const najd = await inAgency(early.database.db, id, (tx) =>
        queryRows<{ id: number }>(tx, sql`select id from companies where name = 'Najd Haulage Company'`),
      );
      const given = await inAgency(early.database.db, id, async (tx) => {
        const crews = await crewPicker(tx, { agencyId: id, dayOf: (at) => localDay(at, 'Asia/Riyadh') });
        const at = new Date('2026-11-25T09:00:00+03:00');
        const picks = [];
        for (let trip = 0; trip < 4; trip += 1) {
          const crew = await crews.pick(Number(najd[0]?.id), at);
          picks.push(crew === null ? null : 'crew');
          if (crew) crews.record(crew, at);
        }
        return picks;
      });
      expect(given).toEqual(['crew', 'crew', 'crew', null]);
    } finally {
      await early.close();
    }
  });
});
