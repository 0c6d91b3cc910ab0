import { kgToTonnes, tonnesToKg, ZConsigneeOutInput, ZDeliveryInInput, ZOutboundFirstWeightInput, ZOutboundSecondWeightInput, ZWarehouseInInput, ZWarehouseOutInput, ZWarehousePreInInput, ZWarehousePreOutInput, type DeliveryInKind } from '@tonnage/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Actor } from '../kit/actor';
import type { DataScope } from '../identity/data-scope';
import type { Db } from '../platform/db/client';
import { columnOf, drivers, locations, silos, trucks, weightMachines } from '../modules/master-data/master-data.schema';
import { consigneePositions, createConsigneeOut } from '../modules/consignee-dispatch/consignee-dispatch.service';
import { createFirstWeight, createSecondWeight, type WeighingDeps } from '../modules/outbound-weighing/outbound-weighing.service';
import { loadingSlips, portLoadings } from '../modules/port-loading/port-loading.schema';
import { createDeliveryIn } from '../modules/receiving/delivery-in.service';
import { createIn, createPreIn } from '../modules/receiving/receiving.service';
import { createOut, createPreOut, warehousePositions } from '../modules/warehouse-dispatch/warehouse-dispatch.service';
import type { TimedReading, WeighbridgeHub } from '../modules/weighing/weighing.types';

/*
 * The demo season after the port (issue 13): the trucks that left the port are weighed in at the warehouses and
 * received into silos or the open area with their small transit losses, direct and customer deliveries are received
 * at their sites, and the terminal sends wheat on: trucks committed, weighed empty and loaded, dispatched to a
 * consignee's mill, a customer's store and another warehouse, one still waiting at the bridge; a mill sells on to a
 * customer's store (a consignee out). Every step goes through
 * the flows' services at its own moment (so tickets and slip numbers follow the clock); the weighbridge weights come
 * from `DemoDeck`, a recorded deck that shows the truck standing still at the capture, as the capture rules ask. The
 * latest slips stay on the road.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const UNRESTRICTED: DataScope = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };

/**
 * A weighbridge deck replayed for the demo's past weighings: for each capture the truck stands still for 4 s up to
 * the capture's moment, and the deck was empty a minute before (the return to zero between two trucks).
 */
export class DemoDeck implements WeighbridgeHub {
  private readonly frames = new Map<number, TimedReading[]>();
  private readonly zeroAt = new Map<number, number>();

  /** The truck of the next capture on `machineId`: `kg` steady up to `at`. */
  place(machineId: number, kg: number, at: Date): void {
    const end = at.getTime();
    this.zeroAt.set(machineId, end - MINUTE);
    const frames: TimedReading[] = [];
    for (let time = end - 4000; time <= end; time += 250) frames.push({ kg, stable: true, overload: false, at: time });
    this.frames.set(machineId, frames);
  }

  window(machineId: number): TimedReading[] {
    return this.frames.get(machineId) ?? [];
  }

  lastBelowZeroAt(machineId: number): number | null {
    return this.zeroAt.get(machineId) ?? null;
  }

  status(machineId: number) {
    const last = this.frames.get(machineId)?.at(-1) ?? null;
    return { online: last !== null, last };
  }
}

/** What was done, for the first run's log line and the tests. */
export interface DemoWarehouseSeason {
  warehouseIns: number;
  consigneeIns: number;
  customerIns: number;
  preOuts: number;
  warehouseOuts: number;
  consigneeOuts: number;
  /** Slips still on the road (not received). */
  onTheRoad: number;
}

/** Transit losses (kg) of the received slips in turn: small losses, one exact, one small gain on the bridge. */
const LOSSES_KG = [60, 0, 110, 40, -20, 85, 30, 150];

/** How long a truck takes from the port to each demo site, and whether it is a warehouse. */
const TRAVEL: Record<string, number> = {
  'Jeddah Grain Terminal': 40 * MINUTE,
  'Yanbu Open Yard': 4 * HOUR,
  'AMC Riyadh Mill': 10 * HOUR,
  'HFM Madinah Mill': 5 * HOUR,
  // Through Makkah's city checkpoints: today's two bakery trucks are still on the road.
  'Makkah Central Bakery Store': 150 * MINUTE,
};

/** From the terminal (Jeddah) to where its outs go. */
const TRAVEL_FROM_TERMINAL: Record<string, number> = {
  'AMC Riyadh Mill': 10 * HOUR,
  'Makkah Central Bakery Store': 2 * HOUR,
  'KAP Silo Complex': 90 * MINUTE,
};

interface Step {
  at: Date;
  run: (at: Date) => Promise<void>;
}

/**
 * Seeds the warehouse and delivery part of the demo season in the season's transaction, as the demo admin, after
 * the port's slips exist. Steps run in time order; a step after `now` is not run (its truck is still on the road).
 */
export async function seedDemoWarehouseSeason(tx: Db, params: { agencyId: number; userId: number; now: Date }): Promise<DemoWarehouseSeason> {
  const { agencyId, userId, now } = params;
  const deck = new DemoDeck();
  const deps: WeighingDeps = { weighbridges: deck };
  const can = (() => true) as Actor['can'];
  const actorAt = (at: Date) => ({ agencyId, userId, scope: UNRESTRICTED, now: at, can });
  const done: DemoWarehouseSeason = { warehouseIns: 0, consigneeIns: 0, customerIns: 0, preOuts: 0, warehouseOuts: 0, consigneeOuts: 0, onTheRoad: 0 };

  const places = new Map((await tx.select({ id: columnOf(locations, 'id'), name: columnOf(locations, 'name'), kind: columnOf(locations, 'locationKindId') }).from(locations)).map((l) => [String(l.name), { id: Number(l.id), kind: Number(l.kind) }]));
  const placeId = (name: string) => {
    const place = places.get(name);
    if (!place) throw new Error(`demo warehouse season: no ${name}`);
    return place.id;
  };
  const bridges = new Map((await tx.select({ id: columnOf(weightMachines, 'id'), serial: columnOf(weightMachines, 'weightMachineId') }).from(weightMachines)).map((m) => [String(m.serial), Number(m.id)]));
  const bridge = (serial: string) => {
    const id = bridges.get(serial);
    if (id === undefined) throw new Error(`demo warehouse season: no weighbridge ${serial}`);
    return id;
  };
  const siloIds = new Map((await tx.select({ id: columnOf(silos, 'id'), name: columnOf(silos, 'name'), warehouseId: columnOf(silos, 'warehouseId') }).from(silos)).map((s) => [`${Number(s.warehouseId)}:${String(s.name)}`, Number(s.id)]));
  const silo = (warehouse: string, name: string) => {
    const id = siloIds.get(`${placeId(warehouse)}:${name}`);
    if (id === undefined) throw new Error(`demo warehouse season: no ${name} at ${warehouse}`);
    return id;
  };
  const tares = new Map((await tx.select({ id: columnOf(trucks, 'id'), plate: columnOf(trucks, 'plateNumber'), tare: columnOf(trucks, 'tareWeight') }).from(trucks)).map((t) => [Number(t.id), { plate: String(t.plate), kg: Number(tonnesToKg(String(t.tare))) }]));
  const tareOf = (truckId: number) => tares.get(truckId)?.kg ?? 15_000;
  const truckId = (plate: string) => {
    for (const [id, truck] of tares) if (truck.plate === plate) return id;
    throw new Error(`demo warehouse season: no truck ${plate}`);
  };
  const driverId = async (name: string) => {
    const [row] = await tx.select({ id: columnOf(drivers, 'id') }).from(drivers).where(eq(columnOf(drivers, 'name'), name));
    if (!row) throw new Error(`demo warehouse season: no driver ${name}`);
    return Number(row.id);
  };

  const slips = await tx
    .select({ id: loadingSlips.id, truckId: loadingSlips.truckId, driverId: loadingSlips.driverId, kg: loadingSlips.quantityKg, loadedAt: loadingSlips.loadedAt, to: portLoadings.toLocationId, type: portLoadings.transportationType })
    .from(loadingSlips)
    .innerJoin(portLoadings, eq(portLoadings.id, loadingSlips.portLoadingId))
    .where(and(eq(loadingSlips.agencyId, agencyId), eq(loadingSlips.status, 'Active')))
    .orderBy(asc(loadingSlips.loadedAt), asc(loadingSlips.id));
  const nameOf = new Map([...places].map(([name, place]) => [place.id, name]));

  const steps: Step[] = [];
  let received = 0;
  slips.forEach((slip) => {
    const site = nameOf.get(slip.to) ?? '';
    const arrival = new Date(slip.loadedAt.getTime() + (TRAVEL[site] ?? 3 * HOUR));
    const lossKg = LOSSES_KG[received % LOSSES_KG.length] ?? 0;
    // A truck is received once it has arrived and its unloading is done (an hour) before now; the rest is on the road.
    if (arrival.getTime() + HOUR > now.getTime()) {
      done.onTheRoad += 1;
      return;
    }
    const turn = received;
    received += 1;
    const receivedKg = Number(slip.kg) - lossKg;
    if (slip.type === 'warehouse') {
      const serial = site === 'Yanbu Open Yard' ? 'WB-YNB-01' : 'WB-JGT-01';
      const tare = tareOf(slip.truckId) + ((turn * 7) % 30) - 15;
      let preInId = 0;
      steps.push({
        at: arrival,
        run: async (at) => {
          deck.place(bridge(serial), tare + receivedKg, at);
          const preIn = await createPreIn(tx, deps, { ...actorAt(at), input: ZWarehousePreInInput.parse({ slipId: slip.id, truckId: slip.truckId, driverId: slip.driverId, warehouseId: slip.to, machineId: bridge(serial) }) });
          preInId = preIn.id;
        },
      });
      steps.push({
        at: new Date(arrival.getTime() + 35 * MINUTE),
        run: async (at) => {
          deck.place(bridge(serial), tare, at);
          await createIn(tx, deps, { ...actorAt(at), input: ZWarehouseInInput.parse({ preInId, machineId: bridge(serial), ...storageOf(site, turn, receivedKg, silo) }) });
          done.warehouseIns += 1;
        },
      });
      return;
    }
    const kind: DeliveryInKind = slip.type === 'directDelivery' ? 'consigneeIn' : 'customerIn';
    steps.push({
      at: new Date(arrival.getTime() + 20 * MINUTE),
      run: async (at) => {
        const input = ZDeliveryInInput.parse({ slipId: slip.id, wbtNumber: `${site.split(' ')[0]?.toUpperCase() ?? 'WBT'}-${4100 + turn}`, quantity: kgToTonnes(BigInt(receivedKg)) });
        await createDeliveryIn(tx, kind, actorAt(at), input);
        if (kind === 'consigneeIn') done.consigneeIns += 1;
        else done.customerIns += 1;
      },
    });
  });

  // ---- the terminal sends wheat on: commit, weigh empty, weigh loaded, dispatch (the Gate 3 outbound bridge)
  const terminal = placeId('Jeddah Grain Terminal');
  const outBridge = bridge('WB-JGT-02');
  const dispatches = [
    { hoursAgo: 26, plate: 'MED 5502', driver: 'Ahmed Al-Johani', tonnes: '34.000', extraKg: 140, to: 'AMC Riyadh Mill', type: 'consignee' as const },
    { hoursAgo: 23, plate: 'JED 7310', driver: 'Imran Khan', tonnes: '30.000', extraKg: 60, to: 'Makkah Central Bakery Store', type: 'customer' as const },
    { hoursAgo: 3, plate: 'MED 5502', driver: 'Ahmed Al-Johani', tonnes: '33.000', extraKg: 90, to: 'KAP Silo Complex', type: 'warehouse' as const },
    { hoursAgo: 0.6, plate: 'JED 4821', driver: 'Mohammed Al-Sulami', tonnes: '32.000', extraKg: 0, to: null, type: null },
  ];
  for (const plan of dispatches) {
    const start = new Date(now.getTime() - plan.hoursAgo * HOUR);
    const truck = truckId(plan.plate);
    const driver = await driverId(plan.driver);
    const tare = tareOf(truck) + 10;
    let preOutId = 0;
    let loadKg = 0;
    let firstWeightId = 0;
    let secondWeightId = 0;
    let outId = 0;
    steps.push({
      at: start,
      run: async (at) => {
        // The terminal's largest usable position (silo or open yard); a smaller load when less is left, none under 5 MT.
        const positions = await warehousePositions(tx, { agencyId, scope: UNRESTRICTED, warehouseId: terminal });
        positions.sort((a, b) => Number(tonnesToKg(b.usable) - tonnesToKg(a.usable)));
        const position = positions[0];
        const usableKg = position ? tonnesToKg(position.usable) : 0n;
        if (!position || usableKg < 5_000n) return;
        const quantity = usableKg >= tonnesToKg(plan.tonnes) ? plan.tonnes : kgToTonnes((usableKg / 1000n) * 1000n);
        loadKg = Number(tonnesToKg(quantity));
        const { warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId } = position;
        const preOut = await createPreOut(tx, { ...actorAt(at), input: ZWarehousePreOutInput.parse({ warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId, truckId: truck, driverId: driver, quantity, remarks: plan.to === null ? 'Truck queued at Gate 3.' : null }) });
        preOutId = preOut.id;
        done.preOuts += 1;
      },
    });
    steps.push({
      at: new Date(start.getTime() + 10 * MINUTE),
      run: async (at) => {
        if (preOutId === 0) return;
        deck.place(outBridge, tare, at);
        const first = await createFirstWeight(tx, deps, { ...actorAt(at), input: ZOutboundFirstWeightInput.parse({ truckId: truck, driverId: driver, warehouseId: terminal, machineId: outBridge }) });
        firstWeightId = first.id;
      },
    });
    if (plan.to === null || plan.type === null) continue;
    const destination = plan.to;
    const destinationType = plan.type;
    steps.push({
      at: new Date(start.getTime() + 40 * MINUTE),
      run: async (at) => {
        if (firstWeightId === 0) return;
        deck.place(outBridge, tare + loadKg + plan.extraKg, at);
        const second = await createSecondWeight(tx, deps, { ...actorAt(at), input: ZOutboundSecondWeightInput.parse({ firstWeightId, truckId: truck, machineId: outBridge }) });
        secondWeightId = second.id;
      },
    });
    steps.push({
      at: new Date(start.getTime() + 45 * MINUTE),
      run: async (at) => {
        if (secondWeightId === 0) return;
        const out = await createOut(tx, { ...actorAt(at), input: ZWarehouseOutInput.parse({ preOutId, secondWeightId, destinationType, toLocationId: placeId(destination), remarks: null }) });
        outId = out.id;
        done.warehouseOuts += 1;
      },
    });
    // The warehouse loading slip received where it went, once the truck is there and unloaded.
    const arrival = new Date(start.getTime() + 45 * MINUTE + (TRAVEL_FROM_TERMINAL[destination] ?? 3 * HOUR));
    if (arrival.getTime() + HOUR > now.getTime()) continue;
    const lossKg = plan.extraKg % 50;
    if (destinationType === 'warehouse') {
      const serial = 'WB-KAP-01';
      let preInId = 0;
      steps.push({
        at: arrival,
        run: async (at) => {
          if (outId === 0) return;
          deck.place(bridge(serial), tare + loadKg + plan.extraKg - lossKg, at);
          preInId = (await createPreIn(tx, deps, { ...actorAt(at), input: ZWarehousePreInInput.parse({ slipKind: 'warehouseLoadingSlip', slipId: outId, truckId: truck, driverId: driver, warehouseId: placeId(destination), machineId: bridge(serial) }) })).id;
        },
      });
      steps.push({
        at: new Date(arrival.getTime() + 30 * MINUTE),
        run: async (at) => {
          if (preInId === 0) return;
          deck.place(bridge(serial), tare, at);
          await createIn(tx, deps, { ...actorAt(at), input: ZWarehouseInInput.parse({ preInId, machineId: bridge(serial), storage: 'silo', silos: [{ siloId: silo(destination, 'Silo 1'), quantity: kgToTonnes(BigInt(loadKg + plan.extraKg - lossKg)) }] }) });
          done.warehouseIns += 1;
        },
      });
      continue;
    }
    steps.push({
      at: new Date(arrival.getTime() + 20 * MINUTE),
      run: async (at) => {
        if (outId === 0) return;
        const kind: DeliveryInKind = destinationType === 'consignee' ? 'consigneeIn' : 'customerIn';
        const input = ZDeliveryInInput.parse({ slipKind: 'warehouseLoadingSlip', slipId: outId, wbtNumber: `${destination.split(' ')[0]?.toUpperCase() ?? 'WBT'}-${5200 + done.warehouseOuts}`, quantity: kgToTonnes(BigInt(loadKg + plan.extraKg - lossKg)) });
        await createDeliveryIn(tx, kind, actorAt(at), input);
        if (kind === 'consigneeIn') done.consigneeIns += 1;
        else done.customerIns += 1;
      },
    });
  }

  // ---- the Madinah mill sells part of its wheat on to the Makkah bakeries: a consignee out, received at the store
  const mill = placeId('HFM Madinah Mill');
  const store = placeId('Makkah Central Bakery Store');
  const millOut = new Date(now.getTime() - 9 * HOUR);
  let consigneeOutId = 0;
  let consigneeOutKg = 0;
  const millTruck = truckId('JED 4821');
  const millDriver = await driverId('Mohammed Al-Sulami');
  steps.push({
    at: millOut,
    run: async (at) => {
      const positions = await consigneePositions(tx, { agencyId, scope: UNRESTRICTED, locationId: mill });
      positions.sort((a, b) => Number(tonnesToKg(b.usable) - tonnesToKg(a.usable)));
      const position = positions[0];
      if (!position || tonnesToKg(position.usable) < 30_000n) return;
      const { ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId } = position;
      const out = await createConsigneeOut(tx, {
        ...actorAt(at),
        lang: 'en',
        input: ZConsigneeOutInput.parse({ locationId: mill, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId, toLocationId: store, truckId: millTruck, driverId: millDriver, wbtNumber: 'HFM-MED-0771', quantity: '30.000', remarks: 'Flour wheat for the Makkah bakeries.' }),
      });
      consigneeOutId = out.id;
      consigneeOutKg = 30_000;
      done.consigneeOuts += 1;
    },
  });
  steps.push({
    at: new Date(millOut.getTime() + 5 * HOUR),
    run: async (at) => {
      if (consigneeOutId === 0) return;
      await createDeliveryIn(tx, 'customerIn', actorAt(at), ZDeliveryInInput.parse({ slipKind: 'consigneeLoadingSlip', slipId: consigneeOutId, wbtNumber: 'MAKKAH-5310', quantity: kgToTonnes(BigInt(consigneeOutKg - 35)) }));
      done.customerIns += 1;
    },
  });

  steps.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const step of steps) {
    if (step.at.getTime() > now.getTime()) continue;
    await step.run(step.at);
  }
  return done;
}

/** Where a received truck goes: the terminal's silos in turn (two silos split half and half, one silo, the open yard); Yanbu's open area. */
function storageOf(site: string, turn: number, receivedKg: number, silo: (warehouse: string, name: string) => number) {
  if (site !== 'Jeddah Grain Terminal') return { storage: 'openArea' as const };
  const choice = turn % 3;
  if (choice === 2) return { storage: 'openArea' as const };
  if (choice === 1) return { storage: 'silo' as const, silos: [{ siloId: silo(site, 'Silo B1'), quantity: kgToTonnes(BigInt(receivedKg)) }] };
  const half = Math.floor(receivedKg / 2);
  return {
    storage: 'silo' as const,
    silos: [
      { siloId: silo(site, 'Silo A1'), quantity: kgToTonnes(BigInt(half)) },
      { siloId: silo(site, 'Silo A2'), quantity: kgToTonnes(BigInt(receivedKg - half)) },
    ],
  };
}
