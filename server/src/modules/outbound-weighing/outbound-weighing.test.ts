import { createWeighbridgeHub } from '../weighing/gateway/hub';
import { LinkMessages, Messages, OutboundWeighingMessages, permissionFlag, type TOpenFirstWeights, type TOutboundFirstWeightList, type TOutboundFirstWeightSaved, type TOutboundSecondWeightList, type TOutboundSecondWeightSaved, type TWeighbridgeLive, type WeighTicketView } from '@tonnage/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.schema';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { addResource, makeCargoWorld, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import type { TimedReading, WeighbridgeHub } from '../weighing/weighing.types';
import { FAKE_JPEG, startFakeCamera, type FakeCamera } from '../../test/fake-camera';
import { capturedImages } from '../cameras/cameras.schema';
import { outboundFirstWeights } from './outbound-weighing.schema';
import { pdfLines } from '../weighing/pdf-text.test-support';
import { renderTicketPdf } from '../weighing/ticket-pdf';
import { pictureKeys, withPictureBytes } from './outbound-weighing.ticket-pictures';
import { inAgency } from '../../platform/db/tenancy';

/*
 * Outbound weighing through its routes, with a hand-fed weighbridge hub on the app's context (the gateway's hub in
 * production) and the test clock: the capture rules, the manual weight, the ticket numbers, the reversal chain, the
 * data scope, the cameras.
 */

/** A weighbridge hub fed by the test: readings per bridge, when each was last below zero. */
class FedHub implements WeighbridgeHub {
  readonly readings = new Map<number, TimedReading[]>();
  readonly belowZero = new Map<number, number>();
  constructor(private readonly now: () => number) {}
  window(machineId: number, ms: number): TimedReading[] {
    const from = this.now() - ms;
    return (this.readings.get(machineId) ?? []).filter((reading) => reading.at >= from);
  }
  lastBelowZeroAt(machineId: number): number | null {
    return this.belowZero.get(machineId) ?? null;
  }
  status(machineId: number) {
    const last = this.readings.get(machineId)?.at(-1) ?? null;
    return { online: last !== null && this.now() - last.at <= 1500, last };
  }
}

let t: TestApp;
let hub: FedHub;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let clerkHeaders: Record<string, string>;
let scopedHeaders: Record<string, string>;
/** A clerk whose role also grants the manual weight. */
let manualHeaders: Record<string, string>;
let truckA: number;
let truckB: number;
let driverA: number;
let driverB: number;
let bridge1: number;
let bridge2: number;
let otherWarehouseId: number;
let otherBridge: number;
const cameraCalls: { machineId: number }[] = [];
/** The cameras module fails as a whole (not one camera: the module itself) while this is set. */
let camerasExplode = false;
let fakeCamera: FakeCamera;

async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  return { status: response.statusCode, body: response.json<T & { message: string; code: string; details?: Record<string, string> }>() };
}

const now = () => t.clock.now().getTime();

/** The bridge shows `kg` steadily for the last 3.5 s (a frame every 250 ms), after having been empty a minute ago. */
function steady(machineId: number, kg: number, options: { stable?: boolean | null; spread?: number; overload?: boolean } = {}) {
  const frames: TimedReading[] = [];
  for (let at = now() - 3500, i = 0; at <= now(); at += 250, i += 1) {
    frames.push({ kg: kg + (options.spread ? (i % 2) * options.spread : 0), stable: options.stable === undefined ? true : options.stable, overload: options.overload ?? false, at });
  }
  hub.readings.set(machineId, frames);
}

/** The truck drives off and the next one on: the deck was empty a moment ago; time moves on a minute. */
function nextTruck(machineId: number) {
  t.clock.advance(60_000);
  hub.belowZero.set(machineId, now() - 30_000);
}

const firstBody = (overrides: Record<string, unknown> = {}) => ({ truckId: truckA, driverId: driverA, warehouseId: world.warehouseId, machineId: bridge1, ...overrides });

async function takeFirst(kg: number, overrides: Record<string, unknown> = {}) {
  const machineId = (overrides.machineId as number | undefined) ?? bridge1;
  nextTruck(machineId);
  steady(machineId, kg);
  const created = await call<TOutboundFirstWeightSaved>('POST', '/api/outboundFirstWeight', firstBody(overrides));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.record;
}

async function takeSecond(firstWeightId: number, kg: number, overrides: Record<string, unknown> = {}) {
  nextTruck(bridge1);
  steady(bridge1, kg);
  return call<TOutboundSecondWeightSaved>('POST', '/api/outboundSecondWeight', { firstWeightId, truckId: truckA, machineId: bridge1, ...overrides });
}

beforeAll(async () => {
  t = await createTestApp();
  hub = new FedHub(() => t.clock.now().getTime());
  t.context.weighbridges = hub;
  // The real cameras module against a fake ISAPI camera on loopback; calls are counted on the way.
  fakeCamera = await startFakeCamera();
  const realCameras = t.context.cameras;
  t.context.cameras = {
    atCapture: (params) => {
      cameraCalls.push({ machineId: params.machineId });
      return camerasExplode ? Promise.reject(new Error('camera exploded')) : realCameras.atCapture(params);
    },
  };
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Weigh agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Wafa', lastName: 'Weigher' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  truckA = await world.truck('WGH A');
  truckB = await world.truck('WGH B');
  driverA = await world.driver('Hamad');
  driverB = await world.driver('Saeed');
  const machine = (serial: string, locationId: number) => addResource(db, writer, 'weightMachine', { weightMachineId: serial, name: `Bridge ${serial}`, locationId, protocol: 'tcp', host: '10.1.1.1', port: 4001, maxGross: 80_000 });
  bridge1 = await machine('WB-OUT-1', world.warehouseId);
  bridge2 = await machine('WB-OUT-2', world.warehouseId);
  await addResource(db, writer, 'hikConnect', { name: 'Gate cam', locationId: world.warehouseId, machineId: bridge1, address: fakeCamera.address, channel: 1, username: 'admin', password: 'Cam#Pass 1' });
  otherWarehouseId = await addResource(db, writer, 'warehouse', { name: 'Second yard', storageType: 'openArea', latitude: 21.4, longitude: 39.1 });
  otherBridge = await machine('WB-OUT-3', otherWarehouseId);
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
  const weighFlags = ['OutboundFirstWeight', 'OutboundSecondWeight'].flatMap((module) => ['view', 'add', 'edit', 'reverse'].map((action) => permissionFlag(module, action as 'view')));
  const clerkRole = await makeRole(db, { agencyId: agency.id, permissions: weighFlags, name: 'Weighbridge clerk' });
  const clerk = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: clerkRole.id });
  clerkHeaders = { ...bearer(await loginAs(t.app, clerk.username)), 'x-agency-id': String(agency.id) };
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: clerkRole.id, locationIds: [otherWarehouseId] });
  scopedHeaders = { ...bearer(await loginAs(t.app, scoped.username)), 'x-agency-id': String(agency.id) };
  const manualRole = await makeRole(db, { agencyId: agency.id, permissions: [...weighFlags, permissionFlag('ManualWeight', 'add')], name: 'Manual weigher' });
  const manualClerk = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: manualRole.id });
  manualHeaders = { ...bearer(await loginAs(t.app, manualClerk.username)), 'x-agency-id': String(agency.id) };
});
afterAll(async () => {
  await t.close();
  await fakeCamera.close();
});
beforeEach(() => {
  camerasExplode = false;
  fakeCamera.set({ answer: 'jpeg' });
});

describe('first weight: the capture rules through the route', () => {
  it('captures the stable weight from the bridge, never from the client, with its evidence, and audits it', async () => {
    nextTruck(bridge1);
    steady(bridge1, 15_240);
    const { status, body } = await call<TOutboundFirstWeightSaved>('POST', '/api/outboundFirstWeight', { ...firstBody(), kg: 99_999, quantity: '99' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe(OutboundWeighingMessages.firstWeightCreated);
    expect(body.record).toMatchObject({ kg: 15_240, quantity: '15.240', manual: false, manualReason: null, closed: false, truckId: truckA, warehouseId: world.warehouseId, machineId: bridge1, status: 'Active', createdBy: 'Wafa Weigher' });
    expect(body.record.evidence.length).toBeGreaterThanOrEqual(5);
    expect(body.record.evidence.every((r) => r.kg === 15_240 && r.at >= now() - 3000)).toBe(true);
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'outboundFirstWeight'), eq(auditLog.entityId, String(body.record.id))));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  const refused = async (prepare: () => void, refusal: string, message: string, body: Record<string, unknown> = firstBody()) => {
    const before = (await t.database.db.select({ id: outboundFirstWeights.id }).from(outboundFirstWeights)).length;
    prepare();
    const answer = await call('POST', '/api/outboundFirstWeight', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.message).toBe(message);
    expect(answer.body.details?.refusal).toBe(refusal);
    expect((await t.database.db.select({ id: outboundFirstWeights.id }).from(outboundFirstWeights)).length).toBe(before);
  };

  it('refuses a moving weight (indicator flag, or the window spreading over the motion band)', async () => {
    await refused(() => {
      nextTruck(bridge1);
      steady(bridge1, 20_000, { stable: false });
    }, 'motion', OutboundWeighingMessages.motion);
    await refused(() => steady(bridge1, 20_000, { stable: null, spread: 60 }), 'motion', OutboundWeighingMessages.motion);
  });

  it('refuses when the bridge is silent (stale readings) or has no hub reading at all', async () => {
    await refused(() => {
      nextTruck(bridge1);
      steady(bridge1, 20_000);
      t.clock.advance(2000);
    }, 'offline', OutboundWeighingMessages.offline);
    await refused(() => hub.readings.delete(bridge2), 'offline', OutboundWeighingMessages.offline, firstBody({ machineId: bridge2 }));
  });

  it('refuses below the threshold (no truck on the deck) and above the maximum gross', async () => {
    await refused(() => {
      nextTruck(bridge1);
      steady(bridge1, 600);
    }, 'belowThreshold', OutboundWeighingMessages.belowThreshold);
    await refused(() => steady(bridge1, 85_000), 'aboveMaxGross', OutboundWeighingMessages.aboveMaxGross);
  });

  it('refuses a second capture while the truck stayed on the deck (no return to zero)', async () => {
    await takeFirst(18_000);
    await refused(() => {
      t.clock.advance(60_000);
      steady(bridge1, 18_000);
    }, 'noReturnToZero', OutboundWeighingMessages.noReturnToZero);
    // Once the deck was empty after that capture, the next truck can be weighed.
    hub.belowZero.set(bridge1, now() - 10_000);
    const { status } = await call('POST', '/api/outboundFirstWeight', firstBody());
    expect(status).toBe(200);
  });

  it('refuses a weighbridge of another warehouse, and checks truck and driver', async () => {
    nextTruck(otherBridge);
    steady(otherBridge, 20_000);
    const wrongBridge = await call('POST', '/api/outboundFirstWeight', firstBody({ machineId: otherBridge }));
    expect(wrongBridge.status).toBe(400);
    expect(wrongBridge.body.details?.machineId).toBe(OutboundWeighingMessages.weighbridgeNotAtWarehouse);
    const noTruck = await call('POST', '/api/outboundFirstWeight', firstBody({ truckId: 999_999 }));
    expect(noTruck.status).toBe(400);
    expect(noTruck.body.message).toBe(Messages.truckRequired);
  });
});

describe('manual weight', () => {
  it('needs the manual weight permission (403) and a reason (400), and is marked MANUAL', async () => {
    hub.readings.delete(bridge2);
    const withoutReason = await call('POST', '/api/outboundFirstWeight', firstBody({ machineId: bridge2, manual: true, manualKg: 21_000 }));
    expect(withoutReason.status).toBe(400);
    expect(withoutReason.body.details?.manualReason).toBe(OutboundWeighingMessages.manualReasonRequired);
    const withoutWeight = await call('POST', '/api/outboundFirstWeight', firstBody({ machineId: bridge2, manual: true, manualReason: 'Indicator broken' }));
    expect(withoutWeight.status).toBe(400);
    expect(withoutWeight.body.details?.manualKg).toBe(OutboundWeighingMessages.manualWeightRequired);
    const clerk = await call('POST', '/api/outboundFirstWeight', firstBody({ machineId: bridge2, manual: true, manualKg: 21_000, manualReason: 'Indicator broken' }), clerkHeaders);
    expect(clerk.status).toBe(403);
    const admin = await call<TOutboundFirstWeightSaved>('POST', '/api/outboundFirstWeight', firstBody({ machineId: bridge2, manual: true, manualKg: 21_000, manualReason: 'Indicator broken' }));
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    expect(admin.body.record).toMatchObject({ kg: 21_000, manual: true, manualReason: 'Indicator broken', evidence: [] });
    const list = await call<TOutboundFirstWeightList>('GET', `/api/outboundFirstWeight?search=${admin.body.record.ticketNumber}&warehouseId=${world.warehouseId}`);
    expect(list.body.rows.find((row) => row.id === admin.body.record.id)?.manual).toBe(true);
    // No camera is asked for a typed weight.
    expect(cameraCalls.filter((c) => c.machineId === bridge2)).toHaveLength(0);
    // The export marks it MANUAL (English and Arabic).
    for (const [lang, tag] of [['en', 'MANUAL'], ['ar', 'يدوي']] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/outboundFirstWeight/export.xlsx?lang=${lang}&search=${admin.body.record.ticketNumber}&warehouseId=${world.warehouseId}`, headers });
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const cells: string[] = [];
      sheet?.eachRow((row) => row.eachCell((cell) => cells.push(cell.text)));
      expect(cells).toContain(tag);
      expect(cells).toContain('Indicator broken');
    }
  });

  it('is taken by a user whose role grants the manual weight permission (no admin needed)', async () => {
    const typed = await call<TOutboundFirstWeightSaved>('POST', '/api/outboundFirstWeight', firstBody({ machineId: bridge2, manual: true, manualKg: 22_000, manualReason: 'Indicator broken' }), manualHeaders);
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(typed.body.record).toMatchObject({ kg: 22_000, manual: true });
  });

  it('keeps a typed weight within the bridge’s gross limits', async () => {
    const above = await call('POST', '/api/outboundFirstWeight', firstBody({ machineId: bridge2, manual: true, manualKg: 90_000, manualReason: 'Indicator broken' }));
    expect(above.status).toBe(422);
    expect(above.body.message).toBe(OutboundWeighingMessages.aboveMaxGross);
  });

  it('the clerk without the manual permission captures normally', async () => {
    nextTruck(bridge1);
    steady(bridge1, 17_500);
    const { status, body } = await call<TOutboundFirstWeightSaved>('POST', '/api/outboundFirstWeight', firstBody(), clerkHeaders);
    expect(status).toBe(200);
    expect(body.record.manual).toBe(false);
  });
});

describe('ticket numbers', () => {
  it('are gap-free per warehouse: refused captures take no number, each warehouse counts on its own', async () => {
    const a = await takeFirst(16_000);
    await call('POST', '/api/outboundFirstWeight', firstBody({ truckId: 999_999 }));
    t.clock.advance(60_000);
    steady(bridge1, 16_000, { stable: false });
    expect((await call('POST', '/api/outboundFirstWeight', firstBody())).status).toBe(422);
    const b = await takeFirst(16_500);
    expect(Number(b.ticketNumber)).toBe(Number(a.ticketNumber) + 1);
    const yard1 = await takeFirst(19_000, { warehouseId: otherWarehouseId, machineId: otherBridge });
    const yard2 = await takeFirst(19_500, { warehouseId: otherWarehouseId, machineId: otherBridge });
    expect(yard1.ticketNumber).toBe('1');
    expect(yard2.ticketNumber).toBe('2');
  });

  it('two captures at once on two bridges of one warehouse take consecutive numbers', async () => {
    nextTruck(bridge1);
    nextTruck(bridge2);
    steady(bridge1, 22_000);
    steady(bridge2, 23_000);
    const answers = await Promise.all([
      call<TOutboundFirstWeightSaved>('POST', '/api/outboundFirstWeight', firstBody({ machineId: bridge1 })),
      call<TOutboundFirstWeightSaved>('POST', '/api/outboundFirstWeight', firstBody({ machineId: bridge2, truckId: truckB })),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const numbers = answers.map((answer) => Number(answer.body.record.ticketNumber)).sort((a, b) => a - b);
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
  });
});

describe('second weight', () => {
  it('refuses another truck, a difference below the minimum, and a closed first weight', async () => {
    const first = await takeFirst(15_000);
    const otherTruck = await takeSecond(first.id, 40_000, { truckId: truckB });
    expect(otherTruck.status).toBe(422);
    expect(otherTruck.body.message).toBe(OutboundWeighingMessages.sameTruck);
    const tooClose = await takeSecond(first.id, 15_050);
    expect(tooClose.status).toBe(422);
    expect(tooClose.body.message).toBe(OutboundWeighingMessages.minDifference);
    const unstable = await (async () => {
      nextTruck(bridge1);
      steady(bridge1, 40_000, { stable: false });
      return call('POST', '/api/outboundSecondWeight', { firstWeightId: first.id, truckId: truckA, machineId: bridge1 });
    })();
    expect(unstable.status).toBe(422);
    expect(unstable.body.message).toBe(OutboundWeighingMessages.motion);
    const ok = await takeSecond(first.id, 42_350);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toBe(OutboundWeighingMessages.secondWeightCreated);
    expect(ok.body.record).toMatchObject({ firstWeightId: first.id, ticketNumber: first.ticketNumber, firstKg: 15_000, kg: 42_350, netKg: 27_350, netQuantity: '27.350', truckPlate: first.truckPlate });
    const again = await takeSecond(first.id, 41_000);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(OutboundWeighingMessages.firstWeightClosed);
    const list = await call<TOutboundSecondWeightList>('GET', '/api/outboundSecondWeight');
    expect(list.body.rows.find((row) => row.id === ok.body.record.id)).toMatchObject({ netKg: 27_350, manual: false });
  });

  it('two second weights of one first weight at once: one is taken, the other refused', async () => {
    const first = await takeFirst(14_500);
    nextTruck(bridge1);
    nextTruck(bridge2);
    steady(bridge1, 31_000);
    steady(bridge2, 31_500);
    const answers = await Promise.all([
      call('POST', '/api/outboundSecondWeight', { firstWeightId: first.id, truckId: truckA, machineId: bridge1 }),
      call('POST', '/api/outboundSecondWeight', { firstWeightId: first.id, truckId: truckA, machineId: bridge2 }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(OutboundWeighingMessages.firstWeightClosed);
  });

  it('the open first weights picker lists only open ones; the first becomes closed', async () => {
    const first = await takeFirst(14_000);
    let open = await call<TOpenFirstWeights>('GET', '/api/outboundFirstWeight/open');
    expect(open.body.rows.map((row) => row.id)).toContain(first.id);
    expect((await takeSecond(first.id, 30_000)).status).toBe(200);
    open = await call<TOpenFirstWeights>('GET', '/api/outboundFirstWeight/open');
    expect(open.body.rows.map((row) => row.id)).not.toContain(first.id);
    const closed = await call<TOutboundFirstWeightList>('GET', '/api/outboundFirstWeight?open=closed&limit=100');
    expect(closed.body.rows.find((row) => row.id === first.id)?.closed).toBe(true);
  });
});

describe('reversal chain', () => {
  it('a first weight with a live second weight cannot be reversed until the second is; then it can', async () => {
    const first = await takeFirst(13_000);
    const second = await takeSecond(first.id, 33_000);
    expect(second.status).toBe(200);
    const refused = await call('DELETE', `/api/outboundFirstWeight/${first.id}/reverse`, { reason: 'Wrong truck' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(LinkMessages.firstWeightHasSecond);
    const noReason = await call('DELETE', `/api/outboundSecondWeight/${second.body.record.id}/reverse`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    const reversedSecond = await call('DELETE', `/api/outboundSecondWeight/${second.body.record.id}/reverse`, { reason: 'Wrong truck' });
    expect(reversedSecond.status).toBe(200);
    expect(reversedSecond.body.message).toBe(OutboundWeighingMessages.secondWeightReversedOk);
    const open = await call<TOpenFirstWeights>('GET', '/api/outboundFirstWeight/open');
    expect(open.body.rows.map((row) => row.id)).toContain(first.id);
    const reversedFirst = await call('DELETE', `/api/outboundFirstWeight/${first.id}/reverse`, { reason: 'Wrong truck' });
    expect(reversedFirst.status).toBe(200);
    expect(reversedFirst.body.message).toBe(OutboundWeighingMessages.firstWeightReversedOk);
    const late = await takeSecond(first.id, 35_000);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(OutboundWeighingMessages.firstWeightReversed);
  });

  it('edits change only the driver and remarks', async () => {
    const first = await takeFirst(12_500);
    const edited = await call<TOutboundFirstWeightSaved>('PUT', `/api/outboundFirstWeight/${first.id}`, { driverId: driverB, remarks: 'Driver swapped', kg: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(OutboundWeighingMessages.firstWeightUpdated);
    expect(edited.body.record).toMatchObject({ driverId: driverB, remarks: 'Driver swapped', kg: 12_500 });
  });
});

describe('data scope', () => {
  it('a user of another warehouse sees none of this one’s weighings, bridges or tickets', async () => {
    const first = await takeFirst(11_000);
    const list = await call<TOutboundFirstWeightList>('GET', '/api/outboundFirstWeight?status=all&limit=100', undefined, scopedHeaders);
    expect(list.status).toBe(200);
    expect(list.body.rows.every((row) => row.warehouseId === otherWarehouseId)).toBe(true);
    expect((await call('GET', `/api/outboundFirstWeight/${first.id}`, undefined, scopedHeaders)).status).toBe(404);
    expect((await call('GET', `/api/outboundFirstWeight/${first.id}/ticket`, undefined, scopedHeaders)).status).toBe(404);
    expect((await call('GET', `/api/weighbridge/${bridge1}/live`, undefined, scopedHeaders)).status).toBe(404);
    const open = await call<TOpenFirstWeights>('GET', '/api/outboundFirstWeight/open', undefined, scopedHeaders);
    expect(open.body.rows.map((row) => row.id)).not.toContain(first.id);
    nextTruck(bridge1);
    steady(bridge1, 20_000);
    const outside = await call('POST', '/api/outboundFirstWeight', firstBody(), scopedHeaders);
    expect(outside.status).toBe(400);
    expect(outside.body.details?.warehouseId).toBe(Messages.warehouseRequired);
  });
});

describe('live weight and ticket', () => {
  it('answers the live weight with the capture rules’ verdict and reason', async () => {
    nextTruck(bridge1);
    steady(bridge1, 20_480);
    const live = await call<TWeighbridgeLive>('GET', `/api/weighbridge/${bridge1}/live`);
    expect(live.body).toEqual({ machineId: bridge1, quantity: 20.48, kg: 20_480, stable: true, online: true, capturable: true, refusal: null, reason: null });
    steady(bridge1, 20_480, { stable: false });
    const moving = await call<TWeighbridgeLive>('GET', `/api/weighbridge/${bridge1}/live`);
    expect(moving.body).toMatchObject({ capturable: false, stable: false, refusal: 'motion', reason: OutboundWeighingMessages.motion });
    t.clock.advance(5000);
    const silent = await call<TWeighbridgeLive>('GET', `/api/weighbridge/${bridge1}/live`);
    expect(silent.body).toMatchObject({ online: false, capturable: false, reason: OutboundWeighingMessages.offline });
    // A hub that heard nothing (no gateway reaches the bridge): it is offline, and nothing can be captured.
    t.context.weighbridges = createWeighbridgeHub();
    try {
      nextTruck(bridge1);
      steady(bridge1, 20_480);
      const noHub = await call<TWeighbridgeLive>('GET', `/api/weighbridge/${bridge1}/live`);
      expect(noHub.body).toMatchObject({ online: false, capturable: false, refusal: 'offline' });
      expect((await call('POST', '/api/outboundFirstWeight', firstBody())).status).toBe(422);
    } finally {
      t.context.weighbridges = hub;
    }
  });

  it('records camera shots after the commit (a failing camera never fails the weighing) and prints the ticket', async () => {
    fakeCamera.set({ answer: 'html' });
    const first = await takeFirst(16_100);
    const shots = await t.database.db.select().from(capturedImages).where(and(eq(capturedImages.weighingKind, 'outboundFirstWeight'), eq(capturedImages.weighingId, first.id)));
    expect(shots).toEqual([expect.objectContaining({ source: 'weighing', cameraName: 'Gate cam', machineId: bridge1, fileId: null, failure: expect.any(String) as string })]);
    camerasExplode = true;
    const second = await takeSecond(first.id, 36_100);
    expect(second.status).toBe(200);
    const ticket = await call<WeighTicketView>('GET', `/api/outboundSecondWeight/${second.body.record.id}/ticket`);
    expect(ticket.status).toBe(200);
    expect(ticket.body).toMatchObject({ ticketNumber: first.ticketNumber, agencyName: 'Weigh agency', truckPlate: first.truckPlate, first: { kg: 16_100, manual: false }, second: { kg: 36_100, manual: false }, net: 20_000, timeZone: 'Asia/Riyadh', reversed: null, pictures: [] });
  });

  it('prints the ticket with the camera pictures: the print view URLs serve them, the PDF embeds them', async () => {
    const first = await takeFirst(15_240);
    const second = await takeSecond(first.id, 38_760);
    expect(second.status).toBe(200);
    const view = await call<WeighTicketView>('GET', `/api/outboundSecondWeight/${second.body.record.id}/ticket`);
    expect(view.body.pictures).toEqual([
      { caption: 'First weight: Gate cam', url: expect.stringMatching(/^\/api\/captureImage\/\d+\/picture$/) as string },
      { caption: 'Second weight: Gate cam', url: expect.stringMatching(/^\/api\/captureImage\/\d+\/picture$/) as string },
    ]);
    // A weighbridge clerk (outbound weighing flags, no capture image flag) sees the ticket's pictures.
    const picture = await t.app.inject({ method: 'GET', url: view.body.pictures[0]?.url ?? '', headers: clerkHeaders });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(FAKE_JPEG)).toBe(true);

    const response = await t.app.inject({ method: 'GET', url: `/api/outboundSecondWeight/${second.body.record.id}/ticket.pdf`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The pictures are in the PDF as images (DCT-encoded: the JPEGs themselves), not only their captions.
    expect(response.rawPayload.toString('latin1').match(/\/DCTDecode/g)).toHaveLength(2);
    // The route sends it compressed: read the same ticket's text from the view it renders, uncompressed.
    const keys = await inAgency(t.database.db, writer.agencyId, (tx) => pictureKeys(tx, view.body));
    const withBytes = await withPictureBytes(t.context.storage, view.body, keys);
    expect(withBytes.pictures.map((p) => p.jpegBase64)).toEqual([FAKE_JPEG.toString('base64'), FAKE_JPEG.toString('base64')]);
    const text = pdfLines(await renderTicketPdf(withBytes, { compress: false })).join('\n');
    expect(text).toContain(first.ticketNumber);
    expect(text).toContain(first.truckPlate);
    expect(text).toContain('23,520');
    expect(text).toMatch(/[\u0600-\u06ff]/);
    // Out of the reader's scope or unknown: not found, no PDF.
    const scoped = await t.app.inject({ method: 'GET', url: `/api/outboundSecondWeight/${second.body.record.id}/ticket.pdf`, headers: scopedHeaders });
    expect(scoped.statusCode).toBe(404);
    const other = await t.app.inject({ method: 'GET', url: `/api/outboundSecondWeight/${second.body.record.id + 999}/ticket.pdf`, headers });
    expect(other.statusCode).toBe(404);
  });
});
