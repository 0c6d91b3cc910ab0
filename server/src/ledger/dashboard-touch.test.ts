import { Headers, SocketEvents, type LedgerAccountKind, type StatsType } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { queryRows } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';
import { findDemoAgency } from '../seed/first-run';
import { bearer, loginAs, makeAgency, makeUser } from '../test/fixtures';
import { createSession } from '../identity/sessions.service';
import { createDemoTestApp, createTestApp, testEngine, type TestApp } from '../test/harness';
import { DashboardTouches, touchedTypes } from './dashboard-touch';
import { POSTING_TYPES, type PostingType } from './posting-types';

/*
 * The dashboard events follow from what a transaction posted (`dashboard-touch`): over the demo season, which posts
 * every kind of posting, each posting resolves to its tabs; through the app, real commands announce exactly the
 * tabs of their postings after the commit, and a refused or rolled-back command announces nothing.
 */

let t: TestApp;
let agencyId: number;
let headers: Record<string, string>;
let emit: MockInstance<TestApp['context']['realtime']['emitToAgency']>;

beforeAll(async () => {
  t = await createDemoTestApp({ realtime: true });
  agencyId = (await findDemoAgency(t.database.db)) ?? 0;
  headers = { ...bearer(await loginAs(t.app, 'demo.admin', 'Demo#Pass1')), [Headers.agencyId]: String(agencyId) };
  emit = vi.spyOn(t.context.realtime, 'emitToAgency');
});
afterEach(() => emit.mockClear());
afterAll(async () => {
  emit.mockRestore();
  await t.close();
});

function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return inAgency(t.database.db, agencyId, (tx) => queryRows<T>(tx, query));
}

/** The dashboard types emitted since the last clear, to this agency, in emit order. */
function emitted(): StatsType[] {
  return emit.mock.calls.map(([to, event, payload]) => {
    expect(to).toBe(agencyId);
    expect(event).toBe(SocketEvents.events);
    expect((payload as { statsUpdated: boolean }).statsUpdated).toBe(true);
    return (payload as { type: StatsType }).type;
  });
}

/** The tabs a ledger transaction's accounts resolve to. */
async function typesOfPosting(transactionId: number): Promise<StatsType[]> {
  return inAgency(t.database.db, agencyId, async (tx) => {
    const accounts = await queryRows<{ kind: LedgerAccountKind; location_id: number | null; trip_id: number | null }>(
      tx,
      sql`select a.kind, a.location_id, a.trip_id from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.transaction_id = ${transactionId}`,
    );
    const touches = new DashboardTouches();
    for (const a of accounts) touches.note({ kind: a.kind, locationId: a.location_id, tripId: a.trip_id });
    return touchedTypes(tx, touches);
  });
}

type Tab = Exclude<StatsType, 'stats'>;
/**
 * Per posting type: the tabs every posting of the type touches, and the place tabs it may touch besides (its trip's
 * other end or place, which varies). A new posting type fails the sweep (and the type check) until it is given here.
 */
const EXPECTED: Record<PostingType, { always: StatsType[]; oneOf?: Tab[] }> = {
  shipping: { always: ['vessel'] },
  vesselQuantityApproval: { always: ['vessel'] },
  portLoading: { always: ['vessel', 'stats'], oneOf: ['warehouse', 'consignee', 'customer'] },
  warehouseIn: { always: ['warehouse', 'stats'], oneOf: ['vessel', 'warehouse'] },
  consigneeIn: { always: ['consignee', 'stats'], oneOf: ['vessel', 'warehouse'] },
  customerIn: { always: ['customer', 'stats'], oneOf: ['vessel', 'warehouse', 'consignee'] },
  warehousePreOut: { always: ['warehouse'] },
  warehouseOut: { always: ['warehouse', 'stats'], oneOf: ['warehouse', 'consignee', 'customer'] },
  consigneeOut: { always: ['consignee', 'customer', 'stats'] },
  transferSlip: { always: ['stats'], oneOf: ['warehouse', 'consignee', 'customer'] },
  ownershipTransfer: { always: [], oneOf: ['warehouse', 'consignee'] },
  consigneeTransfer: { always: ['consignee'] },
  siloTransfer: { always: ['warehouse'] },
  swapCargo: { always: [], oneOf: ['warehouse', 'consignee'] },
  consigneeToShipmentManagerLoan: { always: [], oneOf: ['warehouse', 'consignee'] },
  loanReturn: { always: [], oneOf: ['warehouse', 'consignee'] },
  sale: { always: [], oneOf: ['warehouse', 'consignee'] },
  handlingLoss: { always: ['warehouse'] },
  handlingExcess: { always: ['warehouse'] },
};

describe('the tabs of each kind of posting (the demo season posts every kind)', () => {
  it('resolves every posting of every type to its tabs, a reversal to its original’s', async () => {
    const postings = await rows<{ id: number; type: string; reverses_id: number | null }>(sql`select id, type, reverses_id from ledger_transactions order by id`);
    const byId = new Map<number, StatsType[]>();
    for (const type of POSTING_TYPES) {
      const ofType = postings.filter((p) => p.type === type);
      expect(ofType.length, `the demo season posts ${type}`).toBeGreaterThan(0);
      for (const posting of ofType) {
        const types = await typesOfPosting(posting.id);
        byId.set(posting.id, types);
        const { always, oneOf = [] } = EXPECTED[type];
        for (const tab of always) expect(types, `${type} #${posting.id}`).toContain(tab);
        for (const tab of types) expect([...always, ...oneOf], `${type} #${posting.id}`).toContain(tab);
        if (oneOf.length > 0 && always.length === 0) expect(types.length, `${type} #${posting.id}`).toBeGreaterThan(0);
        if (posting.reverses_id !== null) expect(types).toEqual(byId.get(posting.reverses_id));
      }
    }
    expect(postings.every((p) => (POSTING_TYPES as readonly string[]).includes(p.type))).toBe(true);
  });
});

// Before the reversals below: the one demo shipment without an out-turn keeps its loading slip.
describe('through the app: a rolled-back transaction announces nothing', () => {
  it('announces nothing when the transaction rolls back after a posting (a shipment edit whose old BL cargo has left)', async () => {
    // The edit posts the new BL quantity, then reverses the old posting: below what the trucks already took, the
    // reversal is refused (409) and the whole transaction, with its first posting, rolls back.
    const [shipment] = await rows<{ id: number; voyage_id: number; consignment_id: number; bl_number: string }>(
      sql`select s.id, s.voyage_id, s.consignment_id, s.bl_number from shipments s
          where s.status = 'Active' and not exists (select 1 from quantity_approvals q where q.shipment_id = s.id and q.status <> 'Reversed')
            and exists (select 1 from port_loadings p join loading_slips ls on ls.port_loading_id = p.id where p.shipment_id = s.id and ls.status = 'Active')
          order by s.id limit 1`,
    );
    expect(shipment).toBeDefined();
    if (!shipment) return;
    const before = await rows<{ n: string }>(sql`select count(*)::text as n from ledger_transactions`);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/shipments/${shipment.id}`,
      headers,
      payload: { voyageId: shipment.voyage_id, consignmentId: shipment.consignment_id, blNumber: shipment.bl_number, blQuantity: '0.001' },
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(await rows<{ n: string }>(sql`select count(*)::text as n from ledger_transactions`)).toEqual(before);
    expect(emitted()).toEqual([]);
  });
});

/** A flow's records to reverse through its kit route: `DELETE /api/<api>/:id/reverse` with a reason. */
const REVERSALS: { type: PostingType; api: string; table: string }[] = [
  { type: 'portLoading', api: '/loadingSlips', table: 'loading_slips' },
  { type: 'warehouseIn', api: '/warehouseIn', table: 'warehouse_ins' },
  { type: 'consigneeIn', api: '/consigneeIn', table: 'consignee_ins' },
  { type: 'customerIn', api: '/customerIn', table: 'customer_ins' },
  { type: 'warehouseOut', api: '/warehouseOut', table: 'warehouse_outs' },
  { type: 'ownershipTransfer', api: '/ownershipTransfer', table: 'ownership_transfers' },
  { type: 'consigneeTransfer', api: '/consigneeTransfer', table: 'ownership_transfers' },
  { type: 'siloTransfer', api: '/siloTransfer', table: 'silo_transfers' },
  { type: 'swapCargo', api: '/swapCargo', table: 'cargo_swaps' },
  { type: 'handlingLoss', api: '/handlingLoss', table: 'handling_records' },
];

describe('through the app: a committed command announces the tabs of its postings, once each', () => {
  it.each(REVERSALS)('a $type reversal announces its original’s tabs; a refused one nothing', async ({ type, api, table }) => {
    const candidates = await rows<{ source_id: number; id: number }>(
      sql`select l.source_id, l.id from ledger_transactions l where l.type = ${type} and l.source_table = ${table} and l.reverses_id is null
            and not exists (select 1 from ledger_transactions r where r.reverses_id = l.id) order by l.id desc`,
    );
    let reversed = false;
    for (const { source_id: id, id: transactionId } of candidates) {
      const expected = await typesOfPosting(transactionId);
      const response = await t.app.inject({ method: 'DELETE', url: `/api${api}/${id}/reverse`, headers, payload: { reason: 'live events test' } });
      if (response.statusCode !== 200) {
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(emitted()).toEqual([]);
        continue;
      }
      const types = emitted();
      expect(types.length).toBeGreaterThan(0);
      expect(types).toEqual(expected);
      for (const tab of EXPECTED[type].always) expect(types).toContain(tab);
      reversed = true;
      break;
    }
    expect(reversed, `one demo ${type} could be reversed`).toBe(true);
  });

  it('announces nothing for a command refused before it posts (no reason)', async () => {
    const [record] = await rows<{ id: number }>(sql`select id from silo_transfers where status = 'Active' order by id limit 1`);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/siloTransfer/${record?.id ?? 1}/reverse`, headers, payload: { reason: ' ' } });
    expect(response.statusCode).toBe(400);
    expect(emitted()).toEqual([]);
  });

});

/** Resolves with a connected socket of the given session (and agency), or rejects with the connect error. */
function connect(target: string, token: string, agency: number): Promise<ClientSocket> {
  const socket = connectClient(target, { reconnection: false, forceNew: true, query: { token: `Bearer ${token}`, agencyId: String(agency) } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe.runIf(testEngine === 'postgres')('across server processes (the PostgreSQL adapter)', () => {
  it('a socket of the agency on a second server receives the tabs of a command committed on the first; another agency’s nothing', async () => {
    const second = await createTestApp({ realtime: true, database: t.database });
    const sockets: ClientSocket[] = [];
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const address = second.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const target = `http://127.0.0.1:${address.port}`;
      const demoToken = (headers.authorization ?? '').replace(/^Bearer /, '');
      const other = await makeAgency(t.database.db);
      const otherAdmin = await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId: other.id });
      const otherToken = (await createSession(t.database.db, { userId: otherAdmin.id, rememberMe: false, lifetimeSeconds: 3600, now: t.clock.now() })).token;
      const socketA = await connect(target, demoToken, agencyId);
      const socketB = await connect(target, otherToken, other.id);
      sockets.push(socketA, socketB);
      // The second server LISTENs in the background: repeat a marker until it is heard, then record.
      let heard = false;
      socketA.once(SocketEvents.events, () => (heard = true));
      while (!heard) {
        t.context.realtime.emitToAgency(agencyId, SocketEvents.events, { statsUpdated: true, type: 'stats' });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const seenA: StatsType[] = [];
      const seenB: StatsType[] = [];
      socketA.on(SocketEvents.events, (event: { type: StatsType }) => seenA.push(event.type));
      socketB.on(SocketEvents.events, (event: { type: StatsType }) => seenB.push(event.type));

      const [handling] = await rows<{ source_id: number; id: number }>(
        sql`select l.source_id, l.id from ledger_transactions l where l.type = 'handlingExcess' and l.reverses_id is null
              and not exists (select 1 from ledger_transactions r where r.reverses_id = l.id) order by l.id desc limit 1`,
      );
      expect(handling).toBeDefined();
      const arrived = new Promise((resolve) => socketA.on(SocketEvents.events, (event: { type: StatsType }) => event.type === 'warehouse' && resolve(event)));
      const response = await t.app.inject({ method: 'DELETE', url: `/api/handlingExcess/${handling?.source_id}/reverse`, headers, payload: { reason: 'across servers' } });
      expect(response.statusCode, response.body).toBe(200);
      await arrived;
      // Events travel in order: once a later marker for B arrived, an earlier event for B would have too.
      const markerB = new Promise((resolve) => socketB.once(SocketEvents.events, resolve));
      t.context.realtime.emitToAgency(other.id, SocketEvents.events, { statsUpdated: true, type: 'customer' });
      await markerB;
      expect(seenA).toEqual(['warehouse']);
      expect(seenB).toEqual(['customer']);
    } finally {
      for (const socket of sockets) socket.disconnect();
      await second.close();
    }
  });
});
