import { kgToTonnes, tonnesToKg, ZConsigneeLocationToSmInput, ZConsigneeToSmInput, ZOwnershipTransferInput, ZSmToConsigneeInput, ZSwapCargoInput, type TStockPosition } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataScope } from '../../identity/data-scope';
import { onBoardAccount, onHandAccount, type Position } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { post } from '../../ledger/ledger.service';
import { queryRows } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { AppError } from '../../platform/errors';
import { makeAgency, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { createTransfer, reverseTransfer } from '../ownership-transfer/ownership-transfer.service';
import { addResource, makeCargoWorld, makeShipment, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { createSwap, reverseSwap, swapPositions } from '../swap-cargo/swap-cargo.service';
import { createConsigneeLocationLoan, createLoan, createLoanReturn, reverseLoan, reverseLoanReturn } from './loans.service';

/*
 * The invariants of the in-place flows (issue 14), as properties: random sequences of loans (consignee to SM, in a
 * warehouse and at a consignee location), loan returns, their reversals, ownership transfers and cargo swaps (and
 * theirs) run through the services on one small world. After every step, whether the service took it or refused it:
 * no ON_HAND balance or usable quantity below zero; every loan's returned quantity is the sum of its live returns and
 * never above what it issued; the physical stock (per place, silo, consignment, cargo and voyage) is unchanged, as
 * nothing moves; a refused step changed no balance; a swap leaves each owner's total unchanged; the kept balances
 * equal the entries' sums (`ledger:check`). Also: racing loans of one position never overdraw it (PostgreSQL).
 */

const UNRESTRICTED: DataScope = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let warehouseId: number;
let siloId: number;
let yardId: number;
let first: { voyageId: number; consignmentId: number };
let second: { voyageId: number; consignmentId: number };

async function putOnHand(pos: Position, shipment: { voyageId: number; consignmentId: number }, tonnes: string) {
  const kg = tonnesToKg(tonnes);
  await inAgency(t.database.db, writer.agencyId, (tx) =>
    post(tx, {
      agencyId: writer.agencyId,
      type: 'testReceipt',
      source: { table: 'test_receipts', id: 1 },
      userId: writer.userId,
      at: writer.now,
      lines: [
        { account: onBoardAccount(shipment), quantityKg: -kg },
        { account: onHandAccount(pos), quantityKg: kg },
      ],
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'In-place property agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  warehouseId = await addResource(db, writer, 'warehouse', { name: 'Property yard', storageType: 'both', latitude: 21.5, longitude: 39.2 });
  siloId = await addResource(db, writer, 'silo', { name: 'Silo P', warehouseId, capacity: 5000 });
  yardId = await addResource(db, writer, 'warehouse', { name: 'Property open yard', storageType: 'openArea', latitude: 21.4, longitude: 39.1 });
  first = await makeShipment(db, writer, world, { blTonnes: '5000' });
  second = await makeShipment(db, writer, world, { blTonnes: '5000', consigneeId: world.sisterConsigneeId });
  const at = (over: Partial<Position>): Position => ({ locationId: warehouseId, siloId, ownerCompanyId: world.consigneeId, consignmentId: first.consignmentId, cargoTypeId: world.cargoTypeId, voyageId: first.voyageId, attachedVoyageId: first.voyageId, ...over });
  await putOnHand(at({}), first, '100');
  await putOnHand(at({ siloId: null }), first, '40');
  await putOnHand(at({ locationId: world.consigneeLocationId, siloId: null }), first, '30');
  await putOnHand(at({ locationId: yardId, siloId: null, ownerCompanyId: world.sisterConsigneeId, consignmentId: second.consignmentId, voyageId: second.voyageId, attachedVoyageId: second.voyageId }), second, '80');
  await putOnHand(at({ ownerCompanyId: world.sisterConsigneeId, consignmentId: second.consignmentId, voyageId: second.voyageId, attachedVoyageId: second.voyageId }), second, '50');
});
afterAll(async () => {
  await t.close();
});

type Step =
  | { type: 'loan'; pos: number; kg: number }
  | { type: 'return'; pick: number; kg: number }
  | { type: 'transfer'; pos: number; to: number; kg: number }
  | { type: 'swap'; a: number; b: number; kg: number }
  | { type: 'reverseLoan' | 'reverseReturn' | 'reverseTransfer' | 'reverseSwap'; pick: number };

const kg = fc.integer({ min: 1, max: 60_000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('loan' as const), pos: fc.nat(), kg }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('return' as const), pick: fc.nat(), kg }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('transfer' as const), pos: fc.nat(), to: fc.nat(), kg }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('swap' as const), a: fc.nat(), b: fc.nat(), kg }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constantFrom('reverseLoan' as const, 'reverseReturn' as const, 'reverseTransfer' as const, 'reverseSwap' as const), pick: fc.nat() }) },
);

const actor = () => ({ agencyId: writer.agencyId, userId: writer.userId, now: writer.now, scope: UNRESTRICTED });
const tonnes = (n: number) => kgToTonnes(BigInt(n));
const pickOf = <T>(list: T[], n: number): T | undefined => list[n % Math.max(list.length, 1)];

async function positions(): Promise<(TStockPosition & { atWarehouse: boolean })[]> {
  return inAgency(t.database.db, writer.agencyId, async (tx) => [
    ...(await swapPositions(tx, { agencyId: writer.agencyId, scope: UNRESTRICTED, place: 'warehouse' })).map((p) => ({ ...p, atWarehouse: true })),
    ...(await swapPositions(tx, { agencyId: writer.agencyId, scope: UNRESTRICTED, place: 'consigneeLocation' })).map((p) => ({ ...p, atWarehouse: false })),
  ]);
}

const liveIds = async (table: 'consignee_to_shipment_manager_loans' | 'loan_returns' | 'ownership_transfers' | 'cargo_swaps') =>
  (await queryRows<{ id: number }>(t.database.db, sql`select id from ${sql.raw(table)} where agency_id = ${writer.agencyId} and status = 'Active' order by id`)).map((r) => Number(r.id));

/** ON_HAND kilograms of the agency, summed by the given dimensions (zero sums left out). */
async function onHandBy(dimensions: string): Promise<Record<string, string>> {
  const rows = await queryRows<{ key: string; kg: string }>(
    t.database.db,
    sql`select concat_ws('|', ${sql.raw(dimensions)}) as key, sum(balance_kg)::text as kg from ledger_accounts where agency_id = ${writer.agencyId} and kind = 'ON_HAND' group by ${sql.raw(dimensions)}`,
  );
  return Object.fromEntries(rows.filter((r) => r.kg !== '0').map((r) => [r.key, r.kg]));
}
const PHYSICAL = 'location_id, silo_id, consignment_id, cargo_type_id, voyage_id';

/** Runs one step through its service in its own transaction: true when taken, false when refused (400/404/409). */
async function run(s: Step): Promise<boolean> {
  const work = async (): Promise<unknown> => {
    const reason = { reason: 'Property step' };
    switch (s.type) {
      case 'loan': {
        const p = pickOf(await positions(), s.pos);
        if (!p) return false;
        const base = { ownerCompanyId: p.ownerCompanyId, consignmentId: p.consignmentId, cargoTypeId: p.cargoTypeId, voyageId: p.voyageId, attachedVoyageId: p.attachedVoyageId, quantity: tonnes(s.kg) };
        return inAgency(t.database.db, writer.agencyId, (tx) =>
          p.atWarehouse
            ? createLoan(tx, { ...actor(), input: ZConsigneeToSmInput.parse({ ...base, warehouseId: p.warehouseId, siloId: p.siloId }) })
            : createConsigneeLocationLoan(tx, { ...actor(), input: ZConsigneeLocationToSmInput.parse({ ...base, locationId: p.warehouseId }) }),
        );
      }
      case 'return': {
        const loanId = pickOf(await liveIds('consignee_to_shipment_manager_loans'), s.pick);
        if (loanId === undefined) return false;
        return inAgency(t.database.db, writer.agencyId, (tx) => createLoanReturn(tx, { ...actor(), input: ZSmToConsigneeInput.parse({ loanId, quantity: tonnes(s.kg) }) }));
      }
      case 'transfer': {
        const p = pickOf(await positions(), s.pos);
        const to = pickOf([world.consigneeId, world.sisterConsigneeId, world.shipmentManagerId], s.to);
        if (!p || to === undefined) return false;
        const { warehouseId: locationId, siloId: silo, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId } = p;
        return inAgency(t.database.db, writer.agencyId, (tx) =>
          createTransfer(tx, { ...actor(), input: ZOwnershipTransferInput.parse({ locationId, siloId: silo, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId, toOwnerCompanyId: to, quantity: tonnes(s.kg) }) }),
        );
      }
      case 'swap': {
        const all = await positions();
        const [a, b] = [pickOf(all, s.a), pickOf(all, s.b)];
        if (!a || !b) return false;
        const side = (prefix: 'a' | 'b', p: TStockPosition) => ({
          [`${prefix}LocationId`]: p.warehouseId,
          [`${prefix}SiloId`]: p.siloId,
          [`${prefix}OwnerCompanyId`]: p.ownerCompanyId,
          [`${prefix}ConsignmentId`]: p.consignmentId,
          [`${prefix}CargoTypeId`]: p.cargoTypeId,
          [`${prefix}VoyageId`]: p.voyageId,
          [`${prefix}AttachedVoyageId`]: p.attachedVoyageId,
        });
        return inAgency(t.database.db, writer.agencyId, (tx) => createSwap(tx, { ...actor(), input: ZSwapCargoInput.parse({ ...side('a', a), ...side('b', b), quantity: tonnes(s.kg) }) }));
      }
      case 'reverseLoan': {
        const id = pickOf(await liveIds('consignee_to_shipment_manager_loans'), s.pick);
        return id === undefined ? false : inAgency(t.database.db, writer.agencyId, (tx) => reverseLoan(tx, { ...actor(), id, body: reason }));
      }
      case 'reverseReturn': {
        const id = pickOf(await liveIds('loan_returns'), s.pick);
        return id === undefined ? false : inAgency(t.database.db, writer.agencyId, (tx) => reverseLoanReturn(tx, { ...actor(), id, body: reason }));
      }
      case 'reverseTransfer': {
        const id = pickOf(await liveIds('ownership_transfers'), s.pick);
        return id === undefined ? false : inAgency(t.database.db, writer.agencyId, (tx) => reverseTransfer(tx, { ...actor(), kind: 'ownershipTransfer', id, body: reason }));
      }
      case 'reverseSwap': {
        const id = pickOf(await liveIds('cargo_swaps'), s.pick);
        return id === undefined ? false : inAgency(t.database.db, writer.agencyId, (tx) => reverseSwap(tx, { ...actor(), id, body: reason }));
      }
    }
  };
  try {
    return (await work()) !== false;
  } catch (error) {
    // A refusal is a business answer (bad input, not there, not available); anything else is a failure.
    if (error instanceof AppError && [400, 404, 409].includes(error.statusCode)) return false;
    throw error;
  }
}

describe('the in-place flows (issue 14)', () => {
  it(`keep every invariant through random loans, returns, transfers, swaps and their reversals (${testEngine})`, { timeout: 120_000 }, async () => {
    let taken = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          const physical = await onHandBy(PHYSICAL);
          const byAccount = await onHandBy('id');
          const byOwner = await onHandBy('owner_company_id');
          const done = await run(s);
          if (done) taken += 1;
          // Nothing moves: the goods per place, silo, consignment, cargo and voyage are what they were.
          expect(await onHandBy(PHYSICAL), `${s.type} moved stock`).toEqual(physical);
          // A refused step changed nothing; a swap leaves each owner with what it had.
          if (!done) expect(await onHandBy('id'), `refused ${s.type} changed a balance`).toEqual(byAccount);
          if (done && s.type.endsWith('wap')) expect(await onHandBy('owner_company_id'), 'a swap changed an owner’s total').toEqual(byOwner);
          const negative = await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from ledger_accounts where agency_id = ${writer.agencyId} and kind = 'ON_HAND' and (balance_kg < 0 or committed_kg < 0 or balance_kg - committed_kg < 0)`,
          );
          expect(negative[0]?.n, 'an ON_HAND balance or usable quantity below zero').toBe(0);
          // Every loan: returned = the sum of its live returns, 0 <= outstanding = issued - returned; a reversed loan has no live return.
          const loans = await queryRows<{ id: number; status: string; issued: string; returned: string; live_returns: string; live_count: number }>(
            t.database.db,
            sql`select l.id, l.status, l.quantity_kg::text as issued, l.returned_kg::text as returned,
                       coalesce((select sum(r.quantity_kg) from loan_returns r where r.loan_id = l.id and r.status = 'Active'), 0)::text as live_returns,
                       (select count(*) from loan_returns r where r.loan_id = l.id and r.status = 'Active')::int as live_count
                from consignee_to_shipment_manager_loans l where l.agency_id = ${writer.agencyId}`,
          );
          for (const loan of loans) {
            expect(loan.returned, `loan ${loan.id} returned`).toBe(loan.live_returns);
            const outstanding = BigInt(loan.issued) - BigInt(loan.returned);
            expect(outstanding >= 0n && BigInt(loan.returned) >= 0n, `loan ${loan.id} outstanding ${outstanding}`).toBe(true);
            if (loan.status !== 'Active') expect(loan.live_count, `reversed loan ${loan.id} with live returns`).toBe(0);
          }
          expect(await findLedgerDifferences(t.database.db)).toEqual([]);
        }
      }),
      { numRuns: 12, endOnFailure: true },
    );
    // The sequences did something: some steps were taken, not all refused.
    expect(taken).toBeGreaterThan(0);
  });
});

describe.runIf(testEngine === 'postgres')('racing loans of one position (PostgreSQL)', () => {
  it('never overdraw it: as many loans as the position covers are taken, the others refused', async () => {
    const warehouse = await addResource(t.database.db, writer, 'warehouse', { name: 'Race yard', storageType: 'openArea', latitude: 21.2, longitude: 39.0 });
    const position: Position = { locationId: warehouse, siloId: null, ownerCompanyId: world.consigneeId, consignmentId: first.consignmentId, cargoTypeId: world.cargoTypeId, voyageId: first.voyageId, attachedVoyageId: first.voyageId };
    await putOnHand(position, first, '25');
    const input = ZConsigneeToSmInput.parse({ warehouseId: warehouse, siloId: null, ownerCompanyId: world.consigneeId, consignmentId: first.consignmentId, cargoTypeId: world.cargoTypeId, voyageId: first.voyageId, attachedVoyageId: first.voyageId, quantity: '10' });
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => inAgency(t.database.db, writer.agencyId, (tx) => createLoan(tx, { ...actor(), input }))));
    const taken = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(taken).toHaveLength(2);
    expect(refused.map((o) => (o.reason instanceof AppError ? o.reason.statusCode : String(o.reason)))).toEqual([409, 409, 409, 409]);
    const [left] = await queryRows<{ kg: string }>(t.database.db, sql`select coalesce(sum(balance_kg), 0)::text as kg from ledger_accounts where agency_id = ${writer.agencyId} and kind = 'ON_HAND' and location_id = ${warehouse} and owner_company_id = ${world.consigneeId}`);
    expect(left?.kg).toBe('5000');
    const [lent] = await queryRows<{ kg: string }>(t.database.db, sql`select coalesce(sum(quantity_kg), 0)::text as kg from consignee_to_shipment_manager_loans where location_id = ${warehouse} and status = 'Active'`);
    expect(lent?.kg).toBe('20000');
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});
