import { warehouseVesselDetailReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { add, expectBadInput, expectExport, expectPagedAndSorted, expectRows, type Want } from './report-checks.test-support';
import { withReportWorld, type ReportCaller, type ReportWorld } from './report.test-support';
import { warehouseEntries } from './warehouse-entries.test-support';

/**
 * Warehouse Vessel Detail (`GET /api/reports/warehouse-vessel-detail-report`): per warehouse and voyage, received,
 * dispatched, handling and ownership changes and on hand against the test's own reading of the ledger (entries
 * classified by the transaction's other accounts) and the kept balances, on the demo season and a generated one;
 * filters, paging, sort, scope, bad parameters, permission and the export.
 */
let w: ReportWorld;
withReportWorld(warehouseVesselDetailReport, (world) => {
  w = world;
});

const FIGURES = ['received', 'dispatched', 'adjusted', 'onHand'] as const;
const key = (r: { locationId?: unknown; voyageId?: unknown }) => `${String(r.locationId)}/${String(r.voyageId)}`;

async function expected(agency: number, where?: SQL, hideEmpty = false): Promise<Want> {
  const want: Want = new Map();
  for (const e of await warehouseEntries(w, agency, where)) {
    const k = key(e);
    add(want, k, 'onHand', e.kg);
    if (e.class === 'received' || e.class === 'dispatched') add(want, k, e.class, e.figure);
    else add(want, k, 'adjusted', e.kg);
  }
  if (hideEmpty) for (const [k, v] of want) if (!v.onHand) want.delete(k);
  return want;
}

async function compare(who: ReportCaller, where?: SQL, query: Record<string, string | number> = {}) {
  const want = await expected(w.agencyOf(who), where, query.hideEmpty === 'true');
  await expectRows(w, who, query, key, want, FIGURES);
  return want;
}

describe('right answers', () => {
  it('demo season: every warehouse and voyage; on hand equals the kept balances', async () => {
    const want = await compare('admin');
    expect(want.size).toBeGreaterThanOrEqual(2);
    const values = [...want.values()];
    expect(values.some((v) => (v.dispatched ?? 0n) > 0n) && values.some((v) => (v.adjusted ?? 0n) !== 0n)).toBe(true);
    const balances = await w.rows<{ location_id: number; voyage_id: number; kg: string }>(
      sql`select a.location_id, a.voyage_id, sum(a.balance_kg)::text as kg from ledger_accounts a join locations l on l.id = a.location_id
          where a.kind = 'ON_HAND' and l.location_kind_id = 1 group by 1, 2 having sum(a.balance_kg) <> 0`,
    );
    for (const b of balances) expect(want.get(`${b.location_id}/${b.voyage_id}`)?.onHand).toBe(BigInt(b.kg));
  });

  it('generated season', async () => {
    await w.generated();
    expect((await compare('generated')).size).toBeGreaterThanOrEqual(1);
  });
});

describe('filters, paging, sort, scope, permission, bad input, export', () => {
  it('filters by warehouse, voyage, owner, cargo type; hides emptied lines', async () => {
    const [position] = await w.rows<{ location_id: number; voyage_id: number; owner_company_id: number; cargo_type_id: number }>(
      sql`select a.location_id, a.voyage_id, a.owner_company_id, a.cargo_type_id from ledger_accounts a join locations l on l.id = a.location_id where a.kind = 'ON_HAND' and l.location_kind_id = 1 and a.balance_kg > 0 order by a.id limit 1`,
    );
    if (!position) throw new Error('no warehouse stock');
    await compare('admin', sql`a.location_id = ${position.location_id}::integer`, { locationId: position.location_id });
    await compare('admin', sql`a.voyage_id = ${position.voyage_id}::integer`, { voyageId: position.voyage_id });
    await compare('admin', sql`a.owner_company_id = ${position.owner_company_id}::integer`, { ownerId: position.owner_company_id });
    await compare('admin', sql`a.cargo_type_id = ${position.cargo_type_id}::integer`, { cargoTypeId: position.cargo_type_id });
    const shown = await compare('admin', undefined, { hideEmpty: 'true' });
    expect([...shown.values()].every((v) => v.onHand !== 0n)).toBe(true);
  });

  it('pages and sorts in the database', async () => {
    await expectPagedAndSorted(w, 'admin', {}, 'received');
  });

  it('scope: each shipment manager’s admin sees its own and its consignees’ positions only', async () => {
    for (const who of ['rsgl', 'bahr'] as const) {
      const want = await compare(who, sql`a.owner_company_id in (select id from companies where id = ${w.sm[who]}::integer or shipment_manager_id = ${w.sm[who]}::integer)`);
      expect(want.size).toBeGreaterThan(0);
    }
  });

  it('answers 403 without the flag, 400 on bad parameters', async () => {
    await w.expectPermissions();
    await expectBadInput(w, {}, [
      [{ voyageId: '-3' }, /Invalid id/],
      [{ hideEmpty: 'yes' }, /Please give true or false/],
      [{ sortBy: 'voyageId' }, /cannot be sorted/],
      [{ page: '0' }, /The page must be a whole number from 1/],
    ]);
  });

  it('exports every line in English and Arabic', async () => {
    await expectExport(
      w,
      {},
      { en: ['Warehouse', 'Vessel', 'Voyage', 'Arrival', 'Received (MT)', 'Dispatched (MT)', 'Handling and Ownership (MT)', 'On Hand (MT)'], ar: 'المستودع' },
      { column: 8, key: 'onHand' },
    );
  });
});
