import { Messages, SocketEvents, WeightDisplayMessages, type TResourceRow, type TWeightMachineRegistered, type WeightMachineEvent } from '@tonnage/contracts';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { realtimeRooms } from '../../platform/realtime/realtime';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * The live weight display's handshake and register call (spec 2.14, section 7): a real Socket.IO client joins a
 * weighbridge's room only with the permission, in its agency, at a location of its scope where the machine stands.
 */
let t: TestApp;
let url: string;
let agencyA: number;
let agencyB: number;
const tokens = { adminA: '', adminB: '', superAdmin: '', plainUser: '', weightUser: '', scopedUser: '' };
type Who = keyof typeof tokens;
/** Ids of the rows made below, by a readable name. */
const id = { yard: 0, otherYard: 0, wb1: 0, wb2: 0, wbRetired: 0, foreignYard: 0, foreignWb: 0 };
const open: ClientSocket[] = [];

async function create(token: string, key: string, payload: Record<string, unknown>): Promise<number> {
  const response = await t.app.inject({ method: 'POST', url: `/api/${key}`, headers: bearer(token), payload });
  if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(`POST /api/${key}: ${response.statusCode} ${response.body}`);
  return response.json<TResourceRow>().id;
}

function connect(query: Record<string, string>): Promise<ClientSocket> {
  const socket = connectClient(url, { reconnection: false, forceNew: true, query });
  open.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

/** The query of a display of `who` in agency A (or `agencyId`) watching a machine. */
function display(who: Who, locationId: number | string, serial: string, agencyId: number = agencyA): Record<string, string> {
  return { token: `Bearer ${tokens[who]}`, agencyId: String(agencyId), locationId: String(locationId), weightMachineId: serial };
}

async function refusal(query: Record<string, string>): Promise<{ message: string; data: unknown }> {
  try {
    await connect(query);
  } catch (error) {
    const e = error as Error & { data?: unknown };
    return { message: e.message, data: e.data };
  }
  throw new Error('the handshake was accepted');
}

const reading = (machineId: number, quantity: number): WeightMachineEvent => ({
  machineId,
  weightMachineId: 'WB-1',
  quantity,
  stable: true,
  online: true,
  overload: false,
  at: '2026-11-24T10:00:00.000Z',
});

function nextEvent<T>(socket: ClientSocket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, resolve));
}

beforeAll(async () => {
  t = await createTestApp({ realtime: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;

  const db = t.database.db;
  agencyA = (await makeAgency(db, { name: 'Display A' })).id;
  agencyB = (await makeAgency(db, { name: 'Display B' })).id;
  tokens.adminA = await loginAs(t.app, (await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyA })).username);
  tokens.adminB = await loginAs(t.app, (await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyB })).username);
  tokens.superAdmin = await loginAs(t.app, (await makeUser(db, { kind: 'superAdmin' })).username);
  const place = { latitude: 21.485811, longitude: 39.192505 };
  const tcp = { protocol: 'tcp', host: '10.0.0.5', port: 4001 };
  id.yard = await create(tokens.adminA, 'warehouse', { name: 'North Yard', storageType: 'openArea', ...place });
  id.otherYard = await create(tokens.adminA, 'warehouse', { name: 'South Yard', storageType: 'openArea', ...place });
  id.wb1 = await create(tokens.adminA, 'weightMachine', { weightMachineId: 'WB-1', name: 'Gate 1', locationId: id.yard, ...tcp });
  id.wb2 = await create(tokens.adminA, 'weightMachine', { weightMachineId: 'WB-2', locationId: id.otherYard, ...tcp });
  id.wbRetired = await create(tokens.adminA, 'weightMachine', { weightMachineId: 'WB-0', locationId: id.yard, ...tcp });
  await t.app.inject({ method: 'PUT', url: `/api/weightMachine/${id.wbRetired}/toggle-status`, headers: bearer(tokens.adminA) });
  id.foreignYard = await create(tokens.adminB, 'warehouse', { name: 'North Yard', storageType: 'openArea', ...place });
  id.foreignWb = await create(tokens.adminB, 'weightMachine', { weightMachineId: 'WB-1', locationId: id.foreignYard, ...tcp });

  const plain = await makeRole(db, { agencyId: agencyA, permissions: ['canViewDashboard', 'canViewWeightMachine'] });
  const weighing = await makeRole(db, { agencyId: agencyA, permissions: ['canViewWeightDisplay'] });
  tokens.plainUser = await loginAs(t.app, (await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: plain.id })).username);
  tokens.weightUser = await loginAs(t.app, (await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: weighing.id })).username);
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: weighing.id, locationIds: [id.otherYard] });
  tokens.scopedUser = await loginAs(t.app, scoped.username);
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await t.close();
});

describe('the weight display socket', () => {
  it("joins the weighbridge's room and receives its readings, and only those", async () => {
    const socket = await connect(display('weightUser', id.yard, 'WB-1'));
    const other = await connect(display('weightUser', id.otherYard, 'WB-2'));
    const plain = await connect({ token: `Bearer ${tokens.weightUser}`, agencyId: String(agencyA) });
    const seenOther: WeightMachineEvent[] = [];
    const seenPlain: WeightMachineEvent[] = [];
    other.on(SocketEvents.weightMachine, (payload: WeightMachineEvent) => seenOther.push(payload));
    plain.on(SocketEvents.weightMachine, (payload: WeightMachineEvent) => seenPlain.push(payload));

    const first = nextEvent<WeightMachineEvent>(socket, SocketEvents.weightMachine);
    t.context.realtime.emitLocal(realtimeRooms.weighbridge(id.wb1), SocketEvents.weightMachine, reading(id.wb1, 42.315));
    expect(await first).toEqual(reading(id.wb1, 42.315));

    // Events on one connection arrive in order: once WB-2's own reading arrived, WB-1's would have come before it.
    const own = nextEvent<WeightMachineEvent>(other, SocketEvents.weightMachine);
    t.context.realtime.emitLocal(realtimeRooms.weighbridge(id.wb2), SocketEvents.weightMachine, reading(id.wb2, 1));
    await own;
    expect(seenOther.map((event) => event.machineId)).toEqual([id.wb2]);
    // The plain socket of the same user is in the agency's rooms but not in any weighbridge's.
    const stats = nextEvent(plain, SocketEvents.events);
    t.context.realtime.emitToAgency(agencyA, SocketEvents.events, { statsUpdated: true, type: 'warehouse' });
    await stats;
    expect(seenPlain).toEqual([]);
  });

  it('accepts an agency admin, a super admin in the chosen agency, and the serial in any letter case', async () => {
    await expect(connect(display('adminA', id.yard, 'WB-1'))).resolves.toBeDefined();
    await expect(connect(display('superAdmin', id.yard, 'wb-1'))).resolves.toBeDefined();
  });

  it('refuses a user without canViewWeightDisplay (the weight machine screen is not the display)', async () => {
    expect(await refusal(display('plainUser', id.yard, 'WB-1'))).toEqual({ message: Messages.forbidden, data: { code: 'FORBIDDEN' } });
  });

  it("refuses another agency's machine, and another agency altogether", async () => {
    // Agency B's WB-1 at its own yard: not a row agency A's transaction can see.
    expect(await refusal(display('weightUser', id.foreignYard, 'WB-1'))).toEqual({ message: WeightDisplayMessages.machineNotAvailable, data: { code: 'NOT_FOUND' } });
    expect((await refusal(display('weightUser', id.foreignYard, 'WB-1', agencyB))).data).toEqual({ code: 'FORBIDDEN' });
    // A super admin listening to agency B cannot name agency A's location through it.
    expect((await refusal(display('superAdmin', id.yard, 'WB-1', agencyB))).data).toEqual({ code: 'NOT_FOUND' });
  });

  it('refuses a location outside the data scope, a machine of another location, and an inactive machine', async () => {
    expect((await refusal(display('scopedUser', id.yard, 'WB-1'))).data).toEqual({ code: 'NOT_FOUND' });
    await expect(connect(display('scopedUser', id.otherYard, 'WB-2'))).resolves.toBeDefined();
    expect((await refusal(display('weightUser', id.otherYard, 'WB-1'))).data).toEqual({ code: 'NOT_FOUND' });
    expect((await refusal(display('weightUser', id.yard, 'WB-0'))).message).toBe(WeightDisplayMessages.machineNotAvailable);
  });

  it('refuses half a display query and malformed values, with a clear message', async () => {
    const base = { token: `Bearer ${tokens.weightUser}`, agencyId: String(agencyA) };
    expect(await refusal({ ...base, locationId: String(id.yard) })).toEqual({ message: WeightDisplayMessages.bothRequired, data: { code: 'VALIDATION' } });
    expect((await refusal({ ...base, weightMachineId: 'WB-1' })).message).toBe(WeightDisplayMessages.bothRequired);
    expect((await refusal({ ...base, locationId: 'abc', weightMachineId: 'WB-1' })).message).toBe(WeightDisplayMessages.locationRequired);
    expect((await refusal({ ...base, locationId: '99999999999', weightMachineId: 'WB-1' })).data).toEqual({ code: 'VALIDATION' });
    expect((await refusal({ ...base, locationId: String(id.yard), weightMachineId: 'W\u0000B' })).message).toBe(WeightDisplayMessages.machineRequired);
    expect((await refusal({ locationId: String(id.yard), weightMachineId: 'WB-1' })).data).toEqual({ code: 'UNAUTHENTICATED' });
  });

  it("is disconnected when the session logs out", async () => {
    const db = t.database.db;
    const role = await makeRole(db, { agencyId: agencyA, permissions: ['canViewWeightDisplay'] });
    const token = await loginAs(t.app, (await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: role.id })).username);
    const socket = await connect({ token: `Bearer ${token}`, agencyId: String(agencyA), locationId: String(id.yard), weightMachineId: 'WB-1' });
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });
});

describe('POST /api/weightMachine/register', () => {
  const register = (who: Who, payload: unknown, agencyId: number = agencyA) =>
    t.app.inject({ method: 'POST', url: '/api/weightMachine/register', headers: { ...bearer(tokens[who]), 'x-agency-id': String(agencyId) }, payload: payload as Record<string, unknown> });

  it('accepts an active machine of a location in scope, answering its id', async () => {
    const response = await register('weightUser', { locationId: id.yard, weightMachineId: 'WB-1' });
    expect(response.statusCode).toBe(200);
    expect(response.json<TWeightMachineRegistered>()).toEqual({ accepted: true, machineId: id.wb1, message: null });
    expect((await register('superAdmin', { locationId: id.yard, weightMachineId: ' wb-1 ' })).json<TWeightMachineRegistered>().machineId).toBe(id.wb1);
  });

  it('answers accepted false with the reason for a machine the display may not watch', async () => {
    const refused = { accepted: false, machineId: null, message: WeightDisplayMessages.machineNotAvailable };
    for (const [who, body] of [
      ['weightUser', { locationId: id.otherYard, weightMachineId: 'WB-1' }],
      ['weightUser', { locationId: id.yard, weightMachineId: 'WB-0' }],
      ['weightUser', { locationId: id.foreignYard, weightMachineId: 'WB-1' }],
      ['scopedUser', { locationId: id.yard, weightMachineId: 'WB-1' }],
    ] as const) {
      const response = await register(who, body);
      expect(response.statusCode).toBe(200);
      expect(response.json<TWeightMachineRegistered>()).toEqual(refused);
    }
  });

  it('needs canViewWeightDisplay and the own agency; bad bodies are 400 with the field', async () => {
    expect((await register('plainUser', { locationId: id.yard, weightMachineId: 'WB-1' })).statusCode).toBe(403);
    expect((await register('weightUser', { locationId: id.yard, weightMachineId: 'WB-1' }, agencyB)).statusCode).toBe(403);
    const bad = await register('weightUser', { locationId: 'x', weightMachineId: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: Record<string, string> }>().details).toMatchObject({
      locationId: WeightDisplayMessages.locationRequired,
      weightMachineId: WeightDisplayMessages.machineRequired,
    });
  });
});

describe('OpenAPI', () => {
  it('documents the register call with its body and answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    type Operation = { summary?: string; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }; responses: Record<string, unknown> };
    const register = response.json<{ paths: Record<string, { post?: Operation }> }>().paths['/api/weightMachine/register']?.post;
    expect(register?.summary).toMatch(/weight display/i);
    expect(Object.keys(register?.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual(['locationId', 'weightMachineId']);
    expect(Object.keys(register?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '403']));
  });
});
