import { kgToTonnes, tonnesToKg } from '@tonnage/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNRESTRICTED, type DataScope } from '../identity/data-scope';
import type { Db } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';
import { makeAgency, makeUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { addResource, makeCargoWorld, makeShipment, type CargoWorld, type Writer } from '../modules/port-loading/port-loading.fixtures';
import { onBoardKg, voyageShipments } from '../modules/port-loading/port-loading.service';
import { consignments } from '../modules/procurement/procurement.schema';
import { getShipment } from '../modules/shipping/shipping.service';
import { getVoyage } from '../modules/shipping/voyage.service';
import { accountKey, accountOfKey, accountsOfKind, inTransitAccount, onBoardAccount, onHandAccount, type Position } from './accounts';
import { ledgerAccounts, ledgerTransactions } from './ledger.schema';
import { balanceOfKey, inTransitTotals, onBoardTotals, stockPositions, tripDetail, tripsIn, tripsOut } from './ledger.queries';
import { post, reverse, type PostingLine } from './ledger.service';

/*
 * The read side over real postings. One agency, two shipment managers:
 * - SM1 manages consignee C1 (the world's consignee) and consignment A (BL 1,000 t on voyage V);
 * - SM2 manages consignee C2 and consignment B (BL 500 t on the same voyage).
 * Trucks: trips 1 and 2 take 30 t and 40 t of A off the vessel to the warehouse W (received 29.5 t in the open
 * area, 0.5 t lost, and 40 t in silo S); trip 3 takes 50 t of B to C2's site L2; trip 4 leaves W's silo with 20 t
 * of A for the customer (still on the road); trip 5 was loaded and reversed. At W, 5 t of C1's open-area stock was
 * lent to SM1 (an ownership change, no trip), and a pre-out committed 10 t of C1's open-area stock.
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let db: Db;
let sm2: number;
let c2: number;
let voyageId: number;
let shipmentA: { consignmentId: number; shipmentId: number };
let shipmentB: { consignmentId: number; shipmentId: number };
const SILO = 9_001;
const TRIP = { one: 70_001, two: 70_002, three: 70_003, four: 70_004, five: 70_005 };
const DAY1 = new Date('2026-11-20T08:00:00Z');
const DAY2 = new Date('2026-11-21T08:00:00Z');
const DAY3 = new Date('2026-11-22T08:00:00Z');
let source = 0;

const kgOf = (tonnes: string) => tonnesToKg(tonnes);

function postAt(at: Date, lines: PostingLine[]) {
  source += 1;
  return inAgency(db, writer.agencyId, (tx) => post(tx, { agencyId: writer.agencyId, type: 'test', source: { table: 'tests', id: source }, userId: writer.userId, at, lines }));
}

const move = (at: Date, from: PostingLine['account'], to: PostingLine['account'], tonnes: string) =>
  postAt(at, [
    { account: from, quantityKg: -kgOf(tonnes) },
    { account: to, quantityKg: kgOf(tonnes) },
  ]);

const read = <T>(fn: (tx: Db) => Promise<T>) => inAgency(db, writer.agencyId, fn);

const onBoardA = () => onBoardAccount({ voyageId, consignmentId: shipmentA.consignmentId });
const onBoardB = () => onBoardAccount({ voyageId, consignmentId: shipmentB.consignmentId });
const truckA = (tripId: number) => inTransitAccount({ tripId, voyageId, consignmentId: shipmentA.consignmentId, ownerCompanyId: world.consigneeId, cargoTypeId: world.cargoTypeId });
const positionA = (p: Partial<Position>) =>
  onHandAccount({
    locationId: world.warehouseId,
    siloId: null,
    ownerCompanyId: world.consigneeId,
    consignmentId: shipmentA.consignmentId,
    cargoTypeId: world.cargoTypeId,
    voyageId,
    attachedVoyageId: voyageId,
    ...p,
  });

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const agency = await makeAgency(db, { name: 'Ledger read agency' });
  const user = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id });
  writer = { agencyId: agency.id, userId: user.id, now: DAY1, config: t.config };
  world = await makeCargoWorld(db, writer);
  sm2 = await addResource(db, writer, 'shipmentManager', { name: 'Second SM' });
  c2 = await addResource(db, writer, 'consignee', { name: 'Second consignee', shipmentManagerId: sm2 });
  const a = await makeShipment(db, writer, world, { blTonnes: '1000' });
  voyageId = a.voyageId;
  shipmentA = a;
  shipmentB = await makeShipment(db, writer, world, { blTonnes: '500', voyageId, consigneeId: c2 });
  await inAgency(db, writer.agencyId, (tx) => tx.update(consignments).set({ shipmentManagerId: sm2 }).where(eq(consignments.id, shipmentB.consignmentId)));

  // Port loading: trips 1, 2 (A) and 3 (B) leave the vessel on day 1; trip 5 is loaded and reversed.
  await move(DAY1, onBoardA(), truckA(TRIP.one), '30');
  await move(DAY1, onBoardA(), truckA(TRIP.two), '40');
  const truckB = inTransitAccount({ tripId: TRIP.three, voyageId, consignmentId: shipmentB.consignmentId, ownerCompanyId: c2, cargoTypeId: world.cargoTypeId });
  await move(DAY1, onBoardB(), truckB, '50');
  const five = await move(DAY1, onBoardA(), truckA(TRIP.five), '5');
  await inAgency(db, writer.agencyId, (tx) => reverse(tx, { agencyId: writer.agencyId, transactionId: five.transactionId, userId: writer.userId, at: DAY1, reason: 'entered twice' }));

  // Receipts on day 2: trip 1 at W's open area with a transit loss, trip 2 in W's silo, trip 3 at C2's site.
  await postAt(DAY2, [
    { account: truckA(TRIP.one), quantityKg: -kgOf('30') },
    { account: positionA({}), quantityKg: kgOf('29.5') },
    { account: accountKey('TRANSIT_LOSS', { tripId: TRIP.one, voyageId, consignmentId: shipmentA.consignmentId, ownerCompanyId: world.consigneeId, cargoTypeId: world.cargoTypeId }), quantityKg: kgOf('0.5') },
  ]);
  await move(DAY2, truckA(TRIP.two), positionA({ siloId: SILO }), '40');
  await move(DAY2, truckB, onHandAccount({ locationId: world.sisterLocationId, siloId: null, ownerCompanyId: c2, consignmentId: shipmentB.consignmentId, cargoTypeId: world.cargoTypeId, voyageId, attachedVoyageId: voyageId }), '50');

  // Day 3: a loan to SM1 at the same place (no trip), a pre-out commitment, and trip 4 out of the silo.
  await move(DAY3, positionA({}), positionA({ ownerCompanyId: world.shipmentManagerId }), '5');
  await postAt(DAY3, [{ account: positionA({}), committedKg: kgOf('10') }]);
  await move(DAY3, positionA({ siloId: SILO }), truckA(TRIP.four), '20');
});
afterAll(async () => {
  await t.close();
});

const scopeOf = (scope: Partial<DataScope>): DataScope => ({ ...UNRESTRICTED, ...scope });
const tonnes = (rows: Record<string, unknown>[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? kgToTonnes(v) : v])));

describe('stock positions', () => {
  it('gives on hand, committed and usable per group, summed in the database, zero groups left out', async () => {
    const rows = await read((tx) => stockPositions(tx, { agencyId: writer.agencyId, scope: UNRESTRICTED, groupBy: ['locationId', 'ownerCompanyId'] }));
    const expected = [
      { locationId: world.warehouseId, ownerCompanyId: world.shipmentManagerId, onHandKg: '5.000', committedKg: '0.000', usableKg: '5.000' },
      { locationId: world.warehouseId, ownerCompanyId: world.consigneeId, onHandKg: '44.500', committedKg: '10.000', usableKg: '34.500' },
      { locationId: world.sisterLocationId, ownerCompanyId: c2, onHandKg: '50.000', committedKg: '0.000', usableKg: '50.000' },
    ].sort((a, b) => a.locationId - b.locationId || a.ownerCompanyId - b.ownerCompanyId);
    expect(tonnes(rows)).toEqual(expected);

    const total = await read((tx) => stockPositions(tx, { agencyId: writer.agencyId, scope: UNRESTRICTED, groupBy: [] }));
    expect(tonnes(total)).toEqual([{ onHandKg: '99.500', committedKg: '10.000', usableKg: '89.500' }]);
  });

  it('groups by silo or open area and filters by any dimension, the open area as null', async () => {
    const agencyId = writer.agencyId;
    const bySilo = await read((tx) => stockPositions(tx, { agencyId, scope: UNRESTRICTED, filter: { locationId: world.warehouseId }, groupBy: ['siloId'] }));
    expect(tonnes(bySilo)).toEqual([
      { siloId: SILO, onHandKg: '20.000', committedKg: '0.000', usableKg: '20.000' },
      { siloId: null, onHandKg: '29.500', committedKg: '10.000', usableKg: '19.500' },
    ]);
    const openArea = await read((tx) => stockPositions(tx, { agencyId, scope: UNRESTRICTED, filter: { siloId: null }, groupBy: ['locationId'] }));
    expect(tonnes(openArea)).toEqual(
      [
        { locationId: world.warehouseId, onHandKg: '29.500', committedKg: '10.000', usableKg: '19.500' },
        { locationId: world.sisterLocationId, onHandKg: '50.000', committedKg: '0.000', usableKg: '50.000' },
      ].sort((a, b) => a.locationId - b.locationId),
    );
    const siloOrOpen = await read((tx) => stockPositions(tx, { agencyId, scope: UNRESTRICTED, filter: { locationId: world.warehouseId, siloId: [SILO, null] }, groupBy: [] }));
    expect(tonnes(siloOrOpen)).toEqual([{ onHandKg: '49.500', committedKg: '10.000', usableKg: '39.500' }]);
    const ofB = await read((tx) => stockPositions(tx, { agencyId, scope: UNRESTRICTED, filter: { consignmentId: [shipmentB.consignmentId], attachedVoyageId: voyageId }, groupBy: ['consignmentId', 'cargoTypeId', 'voyageId', 'attachedVoyageId'] }));
    expect(tonnes(ofB)).toEqual([{ consignmentId: shipmentB.consignmentId, cargoTypeId: world.cargoTypeId, voyageId, attachedVoyageId: voyageId, onHandKg: '50.000', committedKg: '0.000', usableKg: '50.000' }]);
    expect(await read((tx) => stockPositions(tx, { agencyId, scope: UNRESTRICTED, filter: { ownerCompanyId: [] }, groupBy: [] }))).toEqual([]);
  });

  it('lists emptied positions only when asked', async () => {
    const agencyId = writer.agencyId;
    // Trip 4 took the silo's 20 t of 40 t; empty it with a second 20 t trip, then the silo has a zero position.
    const emptied = await move(DAY3, positionA({ siloId: SILO }), truckA(70_006), '20');
    try {
      const filter = { locationId: world.warehouseId, siloId: SILO };
      expect(await read((tx) => stockPositions(tx, { agencyId, scope: UNRESTRICTED, filter, groupBy: ['siloId'] }))).toEqual([]);
      const withEmpty = await read((tx) => stockPositions(tx, { agencyId, scope: UNRESTRICTED, filter, groupBy: ['siloId'], includeEmpty: true }));
      expect(withEmpty).toEqual([{ siloId: SILO, onHandKg: 0n, committedKg: 0n, usableKg: 0n }]);
    } finally {
      await inAgency(db, agencyId, (tx) => reverse(tx, { agencyId, transactionId: emptied.transactionId, userId: writer.userId, at: DAY3, reason: 'test cleanup' }));
    }
  });

  it('refuses a dimension the kind does not have, as a programming error', async () => {
    const agencyId = writer.agencyId;
    // @ts-expect-error tripId is not a dimension of a stock position
    await expect(read((tx) => stockPositions(tx, { agencyId, scope: UNRESTRICTED, groupBy: ['tripId'] }))).rejects.toThrow(/ON_HAND account has no tripId/);
    // @ts-expect-error locationId is not a dimension of ON_BOARD
    await expect(read((tx) => onBoardTotals(tx, { agencyId, scope: UNRESTRICTED, filter: { locationId: 1 }, groupBy: [] }))).rejects.toThrow(/ON_BOARD account has no locationId/);
  });
});

describe('in transit and on board', () => {
  it('totals IN_TRANSIT by trip or consignment, and ON_BOARD by consignment, from the balances', async () => {
    const agencyId = writer.agencyId;
    const byConsignment = await read((tx) => inTransitTotals(tx, { agencyId, scope: UNRESTRICTED, groupBy: ['consignmentId', 'ownerCompanyId'] }));
    expect(tonnes(byConsignment)).toEqual([{ consignmentId: shipmentA.consignmentId, ownerCompanyId: world.consigneeId, quantityKg: '20.000' }]);
    const byTrip = await read((tx) => inTransitTotals(tx, { agencyId, scope: UNRESTRICTED, filter: { voyageId, tripId: Object.values(TRIP) }, groupBy: ['tripId'], includeEmpty: true }));
    expect(tonnes(byTrip)).toEqual([
      { tripId: TRIP.one, quantityKg: '0.000' },
      { tripId: TRIP.two, quantityKg: '0.000' },
      { tripId: TRIP.three, quantityKg: '0.000' },
      { tripId: TRIP.four, quantityKg: '20.000' },
      { tripId: TRIP.five, quantityKg: '0.000' },
    ]);
    const onBoard = await read((tx) => onBoardTotals(tx, { agencyId, scope: UNRESTRICTED, filter: { voyageId }, groupBy: ['consignmentId'] }));
    expect(tonnes(onBoard)).toEqual([
      { consignmentId: shipmentA.consignmentId, quantityKg: '930.000' },
      { consignmentId: shipmentB.consignmentId, quantityKg: '450.000' },
    ]);
  });
});

describe('trips in and out', () => {
  it('counts trips out of the vessel per consignment, leaving out a reversed slip', async () => {
    const rows = await read((tx) => tripsOut(tx, { agencyId: writer.agencyId, scope: UNRESTRICTED, place: 'ON_BOARD', filter: { voyageId }, groupBy: ['consignmentId'] }));
    expect(tonnes(rows)).toEqual([
      { consignmentId: shipmentA.consignmentId, trips: 2, quantityKg: '70.000' },
      { consignmentId: shipmentB.consignmentId, trips: 1, quantityKg: '50.000' },
    ]);
  });

  it('counts trips into and out of a place with the kilograms received and given, ownership changes being no trips', async () => {
    const agencyId = writer.agencyId;
    const filter = { locationId: world.warehouseId };
    const tripsInto = await read((tx) => tripsIn(tx, { agencyId, scope: UNRESTRICTED, filter, groupBy: ['siloId'] }));
    expect(tonnes(tripsInto)).toEqual([
      { siloId: SILO, trips: 1, quantityKg: '40.000' },
      { siloId: null, trips: 1, quantityKg: '29.500' },
    ]);
    const out = await read((tx) => tripsOut(tx, { agencyId, scope: UNRESTRICTED, place: 'ON_HAND', filter, groupBy: ['locationId'] }));
    expect(tonnes(out)).toEqual([{ locationId: world.warehouseId, trips: 1, quantityKg: '20.000' }]);
    const intoSite = await read((tx) => tripsIn(tx, { agencyId, scope: UNRESTRICTED, filter: { locationId: world.sisterLocationId }, groupBy: [] }));
    expect(tonnes(intoSite)).toEqual([{ trips: 1, quantityKg: '50.000' }]);
  });

  it('counts a transaction that loads several trucks from one position once for its quantity and once per trip', async () => {
    const agencyId = writer.agencyId;
    const grouped = await postAt(DAY3, [
      { account: positionA({ siloId: SILO }), quantityKg: -kgOf('6') },
      { account: truckA(70_007), quantityKg: kgOf('2') },
      { account: truckA(70_008), quantityKg: kgOf('4') },
    ]);
    try {
      const out = await read((tx) => tripsOut(tx, { agencyId, scope: UNRESTRICTED, place: 'ON_HAND', filter: { locationId: world.warehouseId }, groupBy: [] }));
      expect(tonnes(out)).toEqual([{ trips: 3, quantityKg: '26.000' }]);
    } finally {
      await inAgency(db, agencyId, (tx) => reverse(tx, { agencyId, transactionId: grouped.transactionId, userId: writer.userId, at: DAY3, reason: 'test cleanup' }));
    }
  });

  it('lists the trips behind the totals with their posting, oldest first, and pages them', async () => {
    const agencyId = writer.agencyId;
    const filter = { locationId: world.warehouseId };
    const into = await read((tx) => tripDetail(tx, { agencyId, scope: UNRESTRICTED, direction: 'in', place: 'ON_HAND', filter }));
    expect(into.map((r) => ({ tripId: r.tripId, sourceTable: r.sourceTable, at: r.at, truck: kgToTonnes(r.truckKg) }))).toEqual([
      { tripId: TRIP.one, sourceTable: 'tests', at: DAY2, truck: '30.000' },
      { tripId: TRIP.two, sourceTable: 'tests', at: DAY2, truck: '40.000' },
    ]);
    const [first] = into;
    const posting = await read((tx) => tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, first?.transactionId ?? 0)));
    expect(posting[0]?.sourceId).toBe(first?.sourceId);
    const secondPage = await read((tx) => tripDetail(tx, { agencyId, scope: UNRESTRICTED, direction: 'in', place: 'ON_HAND', filter, limit: 1, offset: 1 }));
    expect(secondPage.map((r) => r.tripId)).toEqual([TRIP.two]);
    const offVessel = await read((tx) => tripDetail(tx, { agencyId, scope: scopeOf({ shipmentManagerIds: [sm2] }), direction: 'out', place: 'ON_BOARD', filter: { voyageId } }));
    expect(offVessel.map((r) => [r.tripId, kgToTonnes(r.truckKg)])).toEqual([[TRIP.three, '50.000']]);
  });

  it('lists the newest trips first, past a newer posting at the place that moved no truck', async () => {
    const agencyId = writer.agencyId;
    const filter = { locationId: world.warehouseId };
    const oldestFirst = await read((tx) => tripDetail(tx, { agencyId, scope: UNRESTRICTED, direction: 'in', place: 'ON_HAND', filter }));
    const newestFirst = [...oldestFirst].reverse().map((r) => r.tripId);
    // A silo transfer after every receipt: the newest posting with an addition at the place, but no truck (its first
    // page of postings gives no row, so the page is read again over every posting).
    const inPlace = await postAt(DAY3, [
      { account: positionA({ siloId: SILO }), quantityKg: -kgOf('1') },
      { account: positionA({ siloId: null }), quantityKg: kgOf('1') },
    ]);
    try {
      const newest = (limit: number, offset = 0) => read((tx) => tripDetail(tx, { agencyId, scope: UNRESTRICTED, direction: 'in', place: 'ON_HAND', filter, newestFirst: true, limit, offset }));
      expect((await newest(1)).map((r) => r.tripId)).toEqual(newestFirst.slice(0, 1));
      expect((await newest(1, 1)).map((r) => r.tripId)).toEqual(newestFirst.slice(1, 2));
      // Two postings read (the transfer and the newest receipt) give one row: there may be more postings, read again.
      expect((await newest(2)).map((r) => r.tripId)).toEqual(newestFirst.slice(0, 2));
      // Fewer postings than the page asks were every posting: their rows are the answer, in one statement.
      expect((await newest(10)).map((r) => r.tripId)).toEqual(newestFirst);
    } finally {
      await inAgency(db, agencyId, (tx) => reverse(tx, { agencyId, transactionId: inPlace.transactionId, userId: writer.userId, at: DAY3, reason: 'test cleanup' }));
    }
  });

  it('counts only the transactions of the period, [from, to)', async () => {
    const agencyId = writer.agencyId;
    const filter = { locationId: world.warehouseId };
    const dayTwo = { from: DAY2, to: DAY3 };
    expect(tonnes(await read((tx) => tripsIn(tx, { agencyId, scope: UNRESTRICTED, filter, groupBy: [], period: dayTwo })))).toEqual([{ trips: 2, quantityKg: '69.500' }]);
    expect(await read((tx) => tripsIn(tx, { agencyId, scope: UNRESTRICTED, filter, groupBy: [], period: { to: DAY2 } }))).toEqual([]);
    expect(await read((tx) => tripsOut(tx, { agencyId, scope: UNRESTRICTED, place: 'ON_HAND', filter, groupBy: [], period: dayTwo }))).toEqual([]);
    expect(tonnes(await read((tx) => tripsOut(tx, { agencyId, scope: UNRESTRICTED, place: 'ON_HAND', filter, groupBy: [], period: { from: DAY3 } })))).toEqual([{ trips: 1, quantityKg: '20.000' }]);
  });
});

describe('data scope', () => {
  const ownersSeen = (scope: DataScope) => read((tx) => stockPositions(tx, { agencyId: writer.agencyId, scope, groupBy: ['ownerCompanyId'] })).then((rows) => rows.map((r) => r.ownerCompanyId));
  const consignmentsOnBoard = (scope: DataScope) => read((tx) => onBoardTotals(tx, { agencyId: writer.agencyId, scope, groupBy: ['consignmentId'] })).then((rows) => rows.map((r) => r.consignmentId));
  const consignmentsInTransit = (scope: DataScope) => read((tx) => inTransitTotals(tx, { agencyId: writer.agencyId, scope, groupBy: ['consignmentId'], includeEmpty: true })).then((rows) => rows.map((r) => r.consignmentId));
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  it('shows a shipment manager their own stock and their consignees’, never another shipment manager’s', async () => {
    const sm1 = scopeOf({ shipmentManagerIds: [world.shipmentManagerId] });
    expect(await ownersSeen(sm1)).toEqual(sorted([world.shipmentManagerId, world.consigneeId]));
    expect(await consignmentsOnBoard(sm1)).toEqual([shipmentA.consignmentId]);
    expect(await consignmentsInTransit(sm1)).toEqual([shipmentA.consignmentId]);
    const fromVessel = await read((tx) => tripsOut(tx, { agencyId: writer.agencyId, scope: sm1, place: 'ON_BOARD', groupBy: ['consignmentId'] }));
    expect(fromVessel.map((r) => r.consignmentId)).toEqual([shipmentA.consignmentId]);

    const second = scopeOf({ shipmentManagerIds: [sm2] });
    expect(await ownersSeen(second)).toEqual([c2]);
    expect(await consignmentsOnBoard(second)).toEqual([shipmentB.consignmentId]);
    expect(await consignmentsInTransit(second)).toEqual([shipmentB.consignmentId]);
    expect(await read((tx) => tripsIn(tx, { agencyId: writer.agencyId, scope: second, filter: { locationId: world.warehouseId }, groupBy: [] }))).toEqual([]);
  });

  it('narrows by consignees and by locations, and an empty list sees nothing', async () => {
    const consignee = scopeOf({ consigneeIds: [c2] });
    expect(await ownersSeen(consignee)).toEqual([c2]);
    expect(await consignmentsOnBoard(consignee)).toEqual([shipmentB.consignmentId]);

    const site = scopeOf({ locationIds: [world.sisterLocationId] });
    const atSite = await read((tx) => stockPositions(tx, { agencyId: writer.agencyId, scope: site, groupBy: ['locationId'] }));
    expect(atSite.map((r) => r.locationId)).toEqual([world.sisterLocationId]);
    // A vessel is none of the agency's locations: on-board stock is scoped by its consignment only.
    expect(await consignmentsOnBoard(site)).toEqual(sorted([shipmentA.consignmentId, shipmentB.consignmentId]));

    const both = scopeOf({ shipmentManagerIds: [world.shipmentManagerId], locationIds: [world.sisterLocationId] });
    expect(await ownersSeen(both)).toEqual([]);
    expect(await ownersSeen(scopeOf({ consigneeIds: [] }))).toEqual([]);
  });

  it('sees nothing of another agency', async () => {
    const other = await makeAgency(db, { name: 'Other ledger agency' });
    const rows = await inAgency(db, other.id, (tx) => stockPositions(tx, { agencyId: other.id, scope: UNRESTRICTED, groupBy: [] }));
    expect(rows).toEqual([]);
  });
});

describe('one definition of an account key', () => {
  it('builds keys with only the kind’s dimensions and refuses to read a key with a stray one', () => {
    expect(onBoardAccount({ voyageId: 1, consignmentId: 2 })).toEqual({ kind: 'ON_BOARD', voyageId: 1, consignmentId: 2 });
    expect(() => accountOfKey(ledgerAccounts, 1, { kind: 'ON_BOARD', voyageId: 1, consignmentId: 2, siloId: 3 })).toThrow(/ON_BOARD account has no siloId/);
  });

  it('sums the accounts of a kind that match some dimensions, for correlated subqueries', async () => {
    const agencyId = writer.agencyId;
    const sumOf = (condition: SQL) => read((tx) => tx.select({ kg: sql<string>`coalesce(sum(${ledgerAccounts.balanceKg}), 0)::text` }).from(ledgerAccounts).where(condition));
    const [atWarehouse] = await sumOf(accountsOfKind(ledgerAccounts, agencyId, 'ON_HAND', { consignmentId: shipmentA.consignmentId, locationId: world.warehouseId }));
    expect(kgToTonnes(BigInt(atWarehouse?.kg ?? '0'))).toBe('49.500');
    const [openArea] = await sumOf(accountsOfKind(ledgerAccounts, agencyId, 'ON_HAND', { locationId: world.warehouseId, siloId: null }));
    expect(kgToTonnes(BigInt(openArea?.kg ?? '0'))).toBe('29.500');
  });

  it('makes the ON_BOARD readers of port loading, shipping and the ledger agree, also beside a stray account', async () => {
    const agencyId = writer.agencyId;
    // An account that a careless posting could create: ON_BOARD with a cargo type. No reader may take it for A's.
    await postAt(DAY3, [
      { account: { kind: 'VESSEL', voyageId, consignmentId: shipmentA.consignmentId }, quantityKg: -kgOf('7') },
      { account: { ...onBoardA(), cargoTypeId: world.cargoTypeId }, quantityKg: kgOf('7') },
    ]);
    const expected = '930.000';
    const scope = UNRESTRICTED;
    const voyageRows = await read((tx) => voyageShipments(tx, { agencyId, scope, voyageId }));
    expect(voyageRows.rows.find((r) => r.consignmentId === shipmentA.consignmentId)?.onBoardQuantity).toBe(expected);
    expect(kgToTonnes(await read((tx) => onBoardKg(tx, { agencyId, voyageId, consignmentId: shipmentA.consignmentId })))).toBe(expected);
    expect((await read((tx) => getShipment(tx, { agencyId, scope, id: shipmentA.shipmentId }))).onBoardQuantity).toBe(expected);
    expect((await read((tx) => getVoyage(tx, { agencyId, scope, id: voyageId }))).onBoardQuantity).toBe('1380.000');
    const ledgerRead = await read((tx) => balanceOfKey(tx, { agencyId, key: onBoardA() }));
    expect(ledgerRead && kgToTonnes(ledgerRead.balanceKg)).toBe(expected);
  });
});
