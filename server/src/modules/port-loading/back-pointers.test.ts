import { ErrorCode, Messages, PortLoadingMessages, ProcurementMessages, ShippingMessages, ZPortLoadingInput, type TLoadingSlip, type TPortLoadingDetail } from '@tonnage/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { assertNotConsumed, consumersOf, lockForConsumption } from '../../platform/consumers';
import { checkViolation } from '../../platform/db/query-helpers';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { shipments } from '../shipping/shipping.schema';
import { reverseShipment } from '../shipping/shipping.service';
import { makeCargoWorld, makeShipment, portLoadingBody, type CargoWorld, type Writer } from './port-loading.fixtures';
import { loadingSlips } from './port-loading.schema';
import { createPortLoading } from './port-loading.service';

/*
 * The typed back-pointers through the HTTP API: a consignment, a shipment, a port loading and a slip refuse their
 * reversal with the catalogue's message while a live later record draws on them, and allow it once that record is
 * reversed.
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let truck: number;
let driver: number;
let wbt = 0;

async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  const response = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  return { status: response.statusCode, body: response.json<T & { message: string; code: string }>() };
}

/** A shipment as the shipping flow leaves it: its row names its posting (the fixture only posts), so it can be reversed. */
async function newShipment() {
  const shipment = await makeShipment(t.database.db, writer, world, { blTonnes: '100' });
  const [posting] = await t.database.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.sourceTable, 'shipments'), eq(ledgerTransactions.sourceId, shipment.shipmentId)));
  await t.database.db.update(shipments).set({ ledgerTransactionId: posting?.id }).where(eq(shipments.id, shipment.shipmentId));
  return shipment;
}

async function newPortLoading() {
  const shipment = await newShipment();
  const created = await call<TPortLoadingDetail>('POST', '/api/portLoading', portLoadingBody(world, shipment, { quantity: '50' }));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { shipment, portLoading: created.body };
}

async function newSlip(portLoadingId: number): Promise<TLoadingSlip> {
  wbt += 1;
  const created = await call<{ slip: TLoadingSlip }>('POST', `/api/portLoading/${portLoadingId}/loadingSlips`, { truckId: truck, driverId: driver, wbtNumber: `BP-${wbt}`, quantity: '10' });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.slip;
}

/** What a receiving flow writes on the slip it receives (those flows are not built yet), or clears on its reversal. */
const markReceived = (slipId: number, receiver: { table: string; id: number } | null) =>
  t.database.db
    .update(loadingSlips)
    .set(receiver ? { receivedTable: receiver.table, receivedId: receiver.id, receivedAt: writer.now } : { receivedTable: null, receivedId: null, receivedAt: null })
    .where(eq(loadingSlips.id, slipId));

const consumers = (record: Parameters<typeof consumersOf>[1]['record']) => inAgency(t.database.db, writer.agencyId, (tx) => consumersOf(tx, { agencyId: writer.agencyId, record }));

beforeAll(async () => {
  t = await createTestApp();
  const agency = await makeAgency(t.database.db, { name: 'Pointer agency' });
  const user = await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId: agency.id });
  writer = { agencyId: agency.id, userId: user.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(t.database.db, writer);
  truck = await world.truck('BP 1');
  driver = await world.driver('Pointer');
  headers = { ...bearer(await loginAs(t.app, user.username)), 'x-agency-id': String(agency.id) };
});
afterAll(async () => {
  await t.close();
});

describe('typed back-pointers', () => {
  it('a port loading holds its consignment and its shipment until it is reversed', async () => {
    const { shipment, portLoading } = await newPortLoading();
    // Several consumers: the port loading's pointer is declared first, so its refusal comes first.
    expect(await consumers({ kind: 'consignment', id: shipment.consignmentId })).toEqual([
      { kind: 'portLoading', id: portLoading.id },
      { kind: 'shipment', id: shipment.shipmentId },
    ]);
    expect(await consumers({ kind: 'shipment', id: shipment.shipmentId })).toEqual([{ kind: 'portLoading', id: portLoading.id }]);

    const consignment = await call('DELETE', `/api/consignments/${shipment.consignmentId}/consignment-reverse`, { reason: 'Cancelled' });
    expect(consignment.status).toBe(409);
    expect(consignment.body).toMatchObject({ message: Messages.consignmentHasPortLoading, code: ErrorCode.CONFLICT });
    const bl = await call('DELETE', `/api/shipments/${shipment.shipmentId}/shipment-reverse`, { reason: 'Cancelled' });
    expect(bl.status).toBe(409);
    expect(bl.body).toMatchObject({ message: ShippingMessages.shipmentHasPortLoading, code: ErrorCode.CONFLICT });

    expect((await call('DELETE', `/api/portLoading/${portLoading.id}/reverse`, { reason: 'Cancelled', slips: 0 })).status).toBe(200);
    expect(await consumers({ kind: 'shipment', id: shipment.shipmentId })).toEqual([]);
    const underBl = await call('DELETE', `/api/consignments/${shipment.consignmentId}/consignment-reverse`, { reason: 'Cancelled' });
    expect(underBl.status).toBe(409);
    expect(underBl.body).toMatchObject({ message: ProcurementMessages.consignmentHasShipments, code: ErrorCode.CONFLICT });
    expect((await call('DELETE', `/api/shipments/${shipment.shipmentId}/shipment-reverse`, { reason: 'Cancelled' })).status).toBe(200);
    expect((await call('DELETE', `/api/consignments/${shipment.consignmentId}/consignment-reverse`, { reason: 'Cancelled' })).status).toBe(200);
  });

  it('a received slip holds itself and its port loading, with the message of its receiver, until the receiver lets go', async () => {
    for (const [receiver, portLoadingMessage, slipMessage] of [
      ['warehouse_ins', Messages.portLoadingInWarehouse, PortLoadingMessages.loadingSlipInWarehouse],
      ['consignee_ins', Messages.portLoadingDelivered, PortLoadingMessages.loadingSlipDelivered],
      ['customer_ins', Messages.portLoadingDelivered, PortLoadingMessages.loadingSlipDelivered],
    ] as const) {
      const { portLoading } = await newPortLoading();
      const received = await newSlip(portLoading.id);
      const inTransit = await newSlip(portLoading.id);
      await markReceived(received.id, { table: receiver, id: 41 });
      const kind = { warehouse_ins: 'warehouseIn', consignee_ins: 'consigneeIn', customer_ins: 'customerIn' }[receiver];
      expect(await consumers({ kind: 'loadingSlip', id: received.id })).toEqual([{ kind, id: 41 }]);
      expect(await consumers({ kind: 'portLoading', id: portLoading.id })).toEqual([{ kind, id: 41 }]);
      expect(await consumers({ kind: 'loadingSlip', id: inTransit.id })).toEqual([]);

      const whole = await call('DELETE', `/api/portLoading/${portLoading.id}/reverse`, { reason: 'Cancelled', slips: 2 });
      expect(whole.status).toBe(409);
      expect(whole.body).toMatchObject({ message: portLoadingMessage, code: ErrorCode.BUSINESS_RULE });
      const slip = await call('DELETE', `/api/loadingSlips/${received.id}/reverse`, { reason: 'Cancelled' });
      expect(slip.status).toBe(409);
      expect(slip.body).toMatchObject({ message: slipMessage, code: ErrorCode.BUSINESS_RULE });
      const edit = await call('PUT', `/api/loadingSlips/${received.id}`, { truckId: truck, driverId: driver, wbtNumber: `BP-EDIT-${receiver}`, quantity: '5' });
      expect(edit.status).toBe(409);
      expect(edit.body.message).toBe(slipMessage);
      // The slip still in transit is held by nothing.
      expect((await call('DELETE', `/api/loadingSlips/${inTransit.id}/reverse`, { reason: 'Cancelled' })).status).toBe(200);

      await markReceived(received.id, null);
      expect((await call('DELETE', `/api/loadingSlips/${received.id}/reverse`, { reason: 'Cancelled' })).status).toBe(200);
      expect((await call('DELETE', `/api/portLoading/${portLoading.id}/reverse`, { reason: 'Cancelled', slips: 0 })).status).toBe(200);
    }
  });

  it('a slip can only be marked received by a declared receiving kind', async () => {
    const { portLoading } = await newPortLoading();
    const slip = await newSlip(portLoading.id);
    const failure = await markReceived(slip.id, { table: 'port_loadings', id: portLoading.id }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(checkViolation(failure)?.constraint).toBe('loading_slips_received_kind');
  });
});

describe.runIf(testEngine === 'postgres')('typed back-pointers under concurrency (PostgreSQL)', () => {
  const UNRESTRICTED = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };

  it('a port loading created while its shipment is reversed: exactly one of them commits', async () => {
    for (let round = 0; round < 8; round += 1) {
      const shipment = await newShipment();
      const input = ZPortLoadingInput.parse(portLoadingBody(world, shipment, { quantity: '10' }));
      const [created, reversed] = await Promise.allSettled([
        inAgency(t.database.db, writer.agencyId, (tx) => createPortLoading(tx, { ...writer, scope: UNRESTRICTED, input })),
        inAgency(t.database.db, writer.agencyId, (tx) => reverseShipment(tx, { ...writer, scope: UNRESTRICTED }, shipment.shipmentId, 'Race')),
      ]);
      expect([created.status, reversed.status].sort()).toEqual(['fulfilled', 'rejected']);
      const live = await consumers({ kind: 'shipment', id: shipment.shipmentId });
      expect(live).toHaveLength(created.status === 'fulfilled' ? 1 : 0);
      if (reversed.status === 'rejected') expect((reversed.reason as Error).message).toBe(ShippingMessages.shipmentHasPortLoading);
    }
  });

  it('a consumer that locks a record while it is being reversed waits, then sees it Reversed', async () => {
    const shipment = await newShipment();
    const record = { kind: 'shipment', id: shipment.shipmentId } as const;
    let locked: () => void = () => undefined;
    const reversalHoldsLock = new Promise<void>((resolve) => (locked = resolve));
    const reversal = inAgency(t.database.db, writer.agencyId, async (tx) => {
      await assertNotConsumed(tx, { agencyId: writer.agencyId, record });
      locked();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.update(shipments).set({ status: 'Reversed', reversedAt: writer.now, reversedBy: writer.userId, reverseReason: 'Race' }).where(eq(shipments.id, shipment.shipmentId));
    });
    await reversalHoldsLock;
    const seen = await inAgency(t.database.db, writer.agencyId, (tx) => lockForConsumption(tx, { agencyId: writer.agencyId, record }));
    await reversal;
    expect(seen).toBe('Reversed');
  });
});
