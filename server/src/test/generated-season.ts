import {
  COMPANY_TYPE_IDS,
  kgToTonnes,
  ZConsigneeToSmInput,
  ZConsigneeTransferInput,
  ZConsignmentInput,
  ZDeliveryInInput,
  ZLoadingSlipInput,
  ZOutboundFirstWeightInput,
  ZOutboundSecondWeightInput,
  ZPortLoadingInput,
  ZQuantityApprovalInput,
  ZSaleOrderInput,
  ZShipmentInput,
  ZSmToConsigneeInput,
  ZVoyageApprovalInput,
  ZWarehouseInInput,
  ZWarehouseOutInput,
  ZWarehousePreInInput,
  ZWarehousePreOutInput,
  tonnesToKg,
  type DeliveryInKind,
  type SlipKind,
  type TransportationType,
} from '@tonnage/contracts';
import { asc, eq } from 'drizzle-orm';
import { agencies } from '../identity/agencies.schema';
import { agencyTimezone } from '../identity/agency-time-zone';
import type { DataScope } from '../identity/data-scope';
import { users } from '../identity/users.schema';
import type { Actor } from '../kit/actor';
import { createLoan, createLoanReturn, loanReturnSources } from '../modules/loans/loans.service';
import { cargoTypes, columnOf, companies, locations, silos, trucks, vessels, ports, weightMachines } from '../modules/master-data/master-data.schema';
import { createFirstWeight, createSecondWeight, type WeighingDeps } from '../modules/outbound-weighing/outbound-weighing.service';
import { consigneeTransferPositions, createConsigneeTransfer } from '../modules/ownership-transfer/ownership-transfer.service';
import { createLoadingSlip, localDay } from '../modules/port-loading/loading-slips.service';
import { createPortLoading } from '../modules/port-loading/port-loading.service';
import { createConsignment } from '../modules/procurement/consignments.service';
import { createSaleOrder } from '../modules/procurement/sale-orders.service';
import { createDeliveryIn } from '../modules/receiving/delivery-in.service';
import { createIn, createPreIn } from '../modules/receiving/receiving.service';
import { shipments } from '../modules/shipping/shipping.schema';
import { createShipment } from '../modules/shipping/shipping.service';
import { createQuantityApproval, createVoyageApproval } from '../modules/vessel-approval/vessel-approval.service';
import { createOut, createPreOut, warehousePositions } from '../modules/warehouse-dispatch/warehouse-dispatch.service';
import { AppError } from '../platform/errors';
import type { Db } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';
import { hashPassword } from '../platform/passwords';
import { seedDemoMasterData } from '../seed/demo-master-data';
import { crewPicker, type Crew } from '../seed/demo-season';
import { DemoDeck } from '../seed/demo-warehouse';

/*
 * A generated season (issue 15, "right answers"): a seeded random season on the demo agency's master data, made
 * through the flows' services as the screens would make it, so every rule and every posting applies. Where the demo
 * season is one hand-written story, this one is many voyages, BLs, port loadings to every kind of place, trucks
 * received with random transit losses or still on the road, out-turns with shortages and excesses, weighed warehouse
 * outs to consignees, customers and other warehouses, loans in place, and loans and their returns delivered by truck to
 * another warehouse: the shapes a dashboard or report must add up right whatever the numbers. The same seed and `now`
 * give the same season; a step the rules refuse (a full silo, a truck over its trips of the day, a quarantine) is
 * skipped and counted, as a desk clerk would be refused.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const UNRESTRICTED: DataScope = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };

/** A small, fast, seeded generator (mulberry32): the season depends on the seed alone. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('generated season: nothing to pick from');
      return item;
    },
    chance: (p: number) => next() < p,
  };
}

export interface GeneratedSeasonOptions {
  agencyId: number;
  userId: number;
  now: Date;
  seed: number;
  /** Vessel calls (each with 1 to 3 BLs). */
  voyages: number;
}

/** What the season made, and how many steps the rules refused. */
export interface GeneratedSeason {
  voyages: number;
  shipments: number;
  outTurns: number;
  portLoadings: number;
  loadingSlips: number;
  warehouseIns: number;
  deliveryIns: number;
  warehouseOuts: number;
  /** Loans in place and delivered by truck. */
  loans: number;
  /** Loans delivered by truck to another warehouse, and returns of them delivered by truck. */
  deliveredLoans: number;
  deliveredReturns: number;
  /** Consignee transfers delivered by truck from a consignee location to a warehouse (arrival owner: the new consignee). */
  deliveredConsigneeTransfers: number;
  onTheRoad: number;
  refused: number;
  /** The refused steps by their message (the rule that refused them, or the earlier refusal they depended on). */
  refusals: Record<string, number>;
}

/** A registry quantity column (MT as text) in kg, or undefined when empty. */
function tonnesOrNull(value: unknown): number | undefined {
  return typeof value === 'string' || typeof value === 'number' ? Number(tonnesToKg(value)) : undefined;
}

/** A step that cannot run because an earlier one was refused (its slip, pre in or out does not exist). */
class Skipped extends Error {}

interface Step {
  at: Date;
  order: number;
  run: (tx: Db, at: Date) => Promise<void>;
}

/**
 * A new agency (`Generated Agency <label>`, the label the seed by default) with the demo's master data, its admin
 * (`generated.admin.<label>`, password `password`) and the generated season on it. Answers the agency and its admin.
 */
export async function createGeneratedAgency(
  db: Db,
  params: { now: Date; seed: number; voyages: number; password: string; label?: string },
): Promise<{ agencyId: number; adminId: number; username: string; season: GeneratedSeason }> {
  const label = params.label ?? String(params.seed);
  const username = `generated.admin.${label}`;
  const created = await db.transaction(async (tx) => {
    const [agency] = await tx.insert(agencies).values({ name: `Generated Agency ${label}`, timezone: 'Asia/Riyadh', countryCode: 'SA' }).returning({ id: agencies.id });
    if (!agency) throw new Error('generated season: no agency');
    const [admin] = await tx
      .insert(users)
      .values({
        agencyId: agency.id,
        kind: 'agencyAdmin',
        username,
        email: `${username}@generated.example`,
        passwordHash: await hashPassword(params.password),
        firstName: 'Generated',
        lastName: 'Admin',
        passwordResetAt: new Date(params.now.getTime() + 30 * DAY),
      })
      .returning({ id: users.id });
    if (!admin) throw new Error('generated season: no admin');
    await seedDemoMasterData(tx, { agencyId: agency.id, now: params.now });
    return { agencyId: agency.id, adminId: admin.id };
  });
  const season = await seedGeneratedSeason(db, { agencyId: created.agencyId, userId: created.adminId, now: params.now, seed: params.seed, voyages: params.voyages });
  return { ...created, username, season };
}

/** Runs the generated season on an agency that has the demo's master data (see the file's comment). */
export async function seedGeneratedSeason(db: Db, options: GeneratedSeasonOptions): Promise<GeneratedSeason> {
  const { agencyId, userId, now } = options;
  const random = seededRandom(options.seed);
  const done: GeneratedSeason = { voyages: 0, shipments: 0, outTurns: 0, portLoadings: 0, loadingSlips: 0, warehouseIns: 0, deliveryIns: 0, warehouseOuts: 0, loans: 0, deliveredLoans: 0, deliveredReturns: 0, deliveredConsigneeTransfers: 0, onTheRoad: 0, refused: 0, refusals: {} };
  const deck = new DemoDeck();
  const deps: WeighingDeps = { weighbridges: deck };
  const can = (() => true) as Actor['can'];
  const actorAt = (at: Date) => ({ agencyId, userId, isAdmin: true, scope: UNRESTRICTED, now: at, can });
  const serial = `G${options.seed}`;

  // ---- what the master data offers
  const world = await inAgency(db, agencyId, async (tx) => {
    const col = columnOf;
    const companyRows = await tx
      .select({ id: col(companies, 'id'), name: col(companies, 'name'), type: col(companies, 'companyTypeId'), sm: col(companies, 'shipmentManagerId') })
      .from(companies)
      .orderBy(asc(col(companies, 'id')));
    const ofType = (type: keyof typeof COMPANY_TYPE_IDS) => companyRows.filter((c) => Number(c.type) === COMPANY_TYPE_IDS[type]).map((c) => ({ id: Number(c.id), sm: c.sm === null ? null : Number(c.sm) }));
    const placeRows = await tx
      .select({ id: col(locations, 'id'), kind: col(locations, 'locationKindId'), storage: col(locations, 'storageType'), consigneeId: col(locations, 'consigneeId'), customerId: col(locations, 'customerId') })
      .from(locations)
      .where(eq(col(locations, 'isActive'), true))
      .orderBy(asc(col(locations, 'id')));
    const siloRows = await tx.select({ id: col(silos, 'id'), warehouseId: col(silos, 'warehouseId') }).from(silos).orderBy(asc(col(silos, 'id')));
    const bridgeRows = await tx.select({ id: col(weightMachines, 'id'), locationId: col(weightMachines, 'locationId') }).from(weightMachines).orderBy(asc(col(weightMachines, 'id')));
    const truckRows = await tx.select({ id: col(trucks, 'id'), tare: col(trucks, 'tareWeight'), capacity: col(trucks, 'capacity'), transporterId: col(trucks, 'transporterId') }).from(trucks).orderBy(asc(col(trucks, 'id')));
    const warehouses = placeRows
      .filter((p) => Number(p.kind) === 1)
      .map((p) => ({
        id: Number(p.id),
        storage: String(p.storage),
        silos: siloRows.filter((s) => Number(s.warehouseId) === Number(p.id)).map((s) => Number(s.id)),
        bridges: bridgeRows.filter((b) => Number(b.locationId) === Number(p.id)).map((b) => Number(b.id)),
      }))
      .filter((w) => w.bridges.length > 0);
    return {
      cargo: (await tx.select({ id: col(cargoTypes, 'id') }).from(cargoTypes).orderBy(asc(col(cargoTypes, 'id')))).map((c) => Number(c.id)),
      sellers: ofType('seller'),
      buyers: ofType('buyer'),
      consignees: ofType('consignee'),
      transporters: [...new Set(truckRows.map((t) => Number(t.transporterId)))],
      vessels: (await tx.select({ id: col(vessels, 'id') }).from(vessels).orderBy(asc(col(vessels, 'id')))).map((v) => Number(v.id)),
      port: Number((await tx.select({ id: col(ports, 'id') }).from(ports).orderBy(asc(col(ports, 'id'))).limit(1))[0]?.id ?? 0),
      warehouses,
      consigneeSites: placeRows.filter((p) => p.consigneeId !== null).map((p) => ({ id: Number(p.id), owner: Number(p.consigneeId) })),
      customerSites: placeRows.filter((p) => p.customerId !== null).map((p) => ({ id: Number(p.id), owner: Number(p.customerId) })),
      tares: new Map(truckRows.map((t) => [Number(t.id), tonnesOrNull(t.tare)])),
      capacities: new Map(truckRows.map((t) => [Number(t.id), tonnesOrNull(t.capacity)])),
      timezone: await agencyTimezone(tx, agencyId),
    };
  });
  const crews = await inAgency(db, agencyId, (tx) => crewPicker(tx, { agencyId, dayOf: (at) => localDay(at, world.timezone) }));
  if (world.port === 0 || world.consignees.length === 0 || world.warehouses.length === 0) throw new Error('generated season: the agency lacks the demo master data');
  const dayOf = (at: Date) => localDay(at, world.timezone);
  const tareOf = (truckId: number) => world.tares.get(truckId) ?? 15_000;
  const capacityOf = (truckId: number, otherwise: number) => world.capacities.get(truckId) ?? otherwise;

  /** A crew of the transporter free at `when` (the truck's trips of the day allow one more), booked for it; refused (skipped) when none is. */
  const takeCrew = async (transporterId: number, when: Date, tx: Db): Promise<Crew> => {
    const crew = await crews.pick(transporterId, when, tx);
    if (!crew) throw new Skipped('no crew');
    crews.record(crew, when);
    return crew;
  };
  /** The consignees that may lend: those under a shipment manager (the borrower). */
  const lenders = new Set(world.consignees.filter((c) => c.sm !== null).map((c) => c.id));

  const steps: Step[] = [];
  let order = 0;
  const at = (when: Date, run: Step['run']) => steps.push({ at: when, order: order++, run });

  /**
   * A truck received at a warehouse: Warehouse Pre In on one of its bridges at `arrival`, then In half an hour later to
   * one of its silos or its open area (both drawn now from `draw`). `truck` says, when the truck arrives, what it
   * carries (its slip, crew and the net kilograms delivered), or null when the step that sent it was refused.
   */
  const receiveAtWarehouse = (draw: ReturnType<typeof seededRandom>, target: (typeof world.warehouses)[number], arrival: Date, truck: () => { kind: SlipKind; id: number; crew: Crew; kg: number } | null, missing: string) => {
    const bridge = draw.pick(target.bridges);
    const preIn = { id: 0 };
    at(arrival, async (tx, when) => {
      const load = truck();
      if (!load) throw new Skipped(missing);
      deck.place(bridge, tareOf(load.crew.truckId) + load.kg, when);
      preIn.id = (await createPreIn(tx, deps, { ...actorAt(when), input: ZWarehousePreInInput.parse({ slipKind: load.kind, slipId: load.id, truckId: load.crew.truckId, driverId: load.crew.driverId, warehouseId: target.id, machineId: bridge }) })).id;
    });
    const silo = target.storage === 'silo' ? draw.pick(target.silos) : null;
    at(new Date(arrival.getTime() + 30 * MINUTE), async (tx, when) => {
      const load = truck();
      if (preIn.id === 0 || !load) throw new Skipped('no pre in');
      deck.place(bridge, tareOf(load.crew.truckId), when);
      const storage = silo === null ? { storage: 'openArea' } : { storage: 'silo', silos: [{ siloId: silo, quantity: kgToTonnes(BigInt(load.kg)) }] };
      await createIn(tx, deps, { ...actorAt(when), input: ZWarehouseInInput.parse({ preInId: preIn.id, machineId: bridge, ...storage }) });
      done.warehouseIns += 1;
    });
  };

  // ---- the commercial side and the port, one vessel call after another
  let wbt = 0;
  for (let v = 0; v < options.voyages; v += 1) {
    const arrived = new Date(now.getTime() - random.int(3, 80) * DAY - random.int(0, 12) * HOUR);
    const vesselId = random.pick(world.vessels);
    const cargoTypeId = random.pick(world.cargo);
    const bls = random.int(1, 3);
    let voyageId = 0;
    const voyageShipments: { id: number; blKg: number }[] = [];
    for (let b = 0; b < bls; b += 1) {
      const consignee = random.pick(world.consignees);
      const blKg = random.int(1_500, 6_000) * 1000 + random.int(0, 999);
      const isPo = random.chance(0.2);
      const opened = new Date(arrived.getTime() - random.int(20, 60) * DAY);
      const key = `${serial}-${v}-${b}`;
      const shipment = { id: 0, blKg };
      voyageShipments.push(shipment);
      at(opened, async (tx, when) => {
        const saleOrder = await createSaleOrder(tx, {
          ...actorAt(when),
          input: ZSaleOrderInput.parse({ number: `SO-${key}`, sellerId: random.pick(world.sellers).id, buyerId: random.pick(world.buyers).id, cargoTypeId, quantity: kgToTonnes(BigInt(blKg) * 2n), orderDate: dayOf(when), remarks: null }),
        });
        const consignment = await createConsignment(tx, {
          ...actorAt(when),
          input: ZConsignmentInput.parse({
            lcNumber: isPo ? null : `LC-${key}`,
            poNumber: isPo ? `PO-${key}` : null,
            refNumber: `REF-${key}`,
            saleOrderId: saleOrder.id,
            blConsigneeId: consignee.id,
            cargoTypeId,
            quantity: kgToTonnes(BigInt(blKg) + BigInt(random.int(0, 200) * 1000)),
          }),
        });
        const voyage = voyageId === 0 ? { voyage: { vesselId, voyageNumber: `${serial}V${v}`, portId: world.port, arrivalDate: dayOf(arrived), completionDate: null } } : { voyageId };
        const { id } = await createShipment(tx, actorAt(when), ZShipmentInput.parse({ ...voyage, consignmentId: consignment.id, blNumber: `BL-${key}`, blQuantity: kgToTonnes(BigInt(blKg)), blDate: dayOf(when) }));
        shipment.id = id;
        if (voyageId === 0) {
          const [row] = await tx.select({ voyageId: shipments.voyageId }).from(shipments).where(eq(shipments.id, id));
          voyageId = row?.voyageId ?? 0;
          done.voyages += 1;
        }
        done.shipments += 1;
      });

      // Port loadings of this BL: to a warehouse, the BL consignee's own site (direct delivery) or a customer's site.
      const plans = random.int(1, 3);
      for (let p = 0; p < plans; p += 1) {
        const ownSites = world.consigneeSites.filter((s) => s.owner === consignee.id);
        const kinds: TransportationType[] = ['warehouse', 'warehouse', ...(ownSites.length > 0 ? (['directDelivery'] as const) : []), ...(world.customerSites.length > 0 ? (['customerDelivery'] as const) : [])];
        const type = random.pick(kinds);
        const warehouse = random.pick(world.warehouses);
        const toLocationId = type === 'warehouse' ? warehouse.id : type === 'directDelivery' ? random.pick(ownSites).id : random.pick(world.customerSites).id;
        const transporterId = random.pick(world.transporters);
        const slips = Array.from({ length: random.int(2, 6) }, () => random.int(28_000, 37_999));
        const planned = new Date(arrived.getTime() + random.int(2, 30) * HOUR);
        const portLoading = { id: 0 };
        at(planned, async (tx, when) => {
          if (shipment.id === 0) throw new Skipped('no BL');
          const created = await createPortLoading(tx, {
            ...actorAt(when),
            input: ZPortLoadingInput.parse({
              voyageId,
              shipmentId: shipment.id,
              quantityType: 'bl',
              loanId: null,
              transportationType: type,
              toLocationId,
              transporterKind: 'company',
              transporterId,
              quantity: kgToTonnes(BigInt(slips.reduce((sum, kg) => sum + kg, 0))),
              loadingDate: dayOf(when),
              remarks: null,
            }),
          });
          portLoading.id = created.id;
          done.portLoadings += 1;
        });
        let loadedAt = planned.getTime();
        for (const slipKg of slips) {
          loadedAt += random.int(20, 300) * MINUTE;
          if (loadedAt > now.getTime()) break;
          const loaded = new Date(loadedAt);
          const slip = { id: 0, crew: null as Crew | null };
          const load = { kg: slipKg };
          at(loaded, async (tx, when) => {
            if (portLoading.id === 0) throw new Skipped('no port loading');
            const crew = await crews.pick(transporterId, when, tx);
            if (!crew) throw new Skipped('no crew');
            wbt += 1;
            // A truck loads at most its capacity: the planned load is trimmed to it (the port loading keeps its plan).
            load.kg = Math.min(slipKg, capacityOf(crew.truckId, slipKg));
            const created = await createLoadingSlip(tx, {
              ...actorAt(when),
              portLoadingId: portLoading.id,
              input: ZLoadingSlipInput.parse({ truckId: crew.truckId, driverId: crew.driverId, wbtNumber: `${serial}-P${wbt}`, quantity: kgToTonnes(BigInt(load.kg)), loadedAt: when.toISOString() }),
            });
            slip.id = created.id;
            slip.crew = crew;
            crews.record(crew, when);
            done.loadingSlips += 1;
          });
          // Received after the road, with a small transit loss (now and then a small gain on the bridge), or still on the road.
          const arrival = new Date(loadedAt + random.int(1, 10) * HOUR);
          const lossKg = random.int(-20, 150);
          if (arrival.getTime() + 2 * HOUR > now.getTime() || random.chance(0.1)) {
            done.onTheRoad += 1;
            continue;
          }
          if (type === 'warehouse') {
            const bridge = random.pick(warehouse.bridges);
            const preIn = { id: 0 };
            at(arrival, async (tx, when) => {
              const crew = slip.crew;
              if (slip.id === 0 || !crew) throw new Skipped('no slip');
              deck.place(bridge, tareOf(crew.truckId) + load.kg - lossKg, when);
              preIn.id = (await createPreIn(tx, deps, { ...actorAt(when), input: ZWarehousePreInInput.parse({ slipId: slip.id, truckId: crew.truckId, driverId: crew.driverId, warehouseId: warehouse.id, machineId: bridge }) })).id;
            });
            const unloaded = new Date(arrival.getTime() + random.int(20, 50) * MINUTE);
            const silo = warehouse.silos.length > 0 && (warehouse.storage === 'silo' || random.chance(0.5)) ? random.pick(warehouse.silos) : null;
            at(unloaded, async (tx, when) => {
              const crew = slip.crew;
              if (preIn.id === 0 || !crew) throw new Skipped('no pre in');
              deck.place(bridge, tareOf(crew.truckId), when);
              const storage = silo === null ? { storage: 'openArea' } : { storage: 'silo', silos: [{ siloId: silo, quantity: kgToTonnes(BigInt(load.kg - lossKg)) }] };
              await createIn(tx, deps, { ...actorAt(when), input: ZWarehouseInInput.parse({ preInId: preIn.id, machineId: bridge, ...storage }) });
              done.warehouseIns += 1;
            });
          } else {
            const kind: DeliveryInKind = type === 'directDelivery' ? 'consigneeIn' : 'customerIn';
            at(arrival, async (tx, when) => {
              if (slip.id === 0) throw new Skipped('no slip');
              wbt += 1;
              await createDeliveryIn(tx, kind, actorAt(when), ZDeliveryInInput.parse({ slipId: slip.id, wbtNumber: `${serial}-D${wbt}`, quantity: kgToTonnes(BigInt(load.kg - lossKg)) }));
              done.deliveryIns += 1;
            });
          }
        }
      }
    }

    // The out-turn of some calls, a few days after arrival: each BL's discharged quantity within half a percent.
    if (random.chance(0.5)) {
      const surveyed = new Date(arrived.getTime() + random.int(2, 5) * DAY);
      if (surveyed.getTime() < now.getTime()) {
        const differences = voyageShipments.map(() => random.int(-5, 5) / 1000);
        at(surveyed, async (tx, when) => {
          if (voyageId === 0) throw new Skipped('no voyage');
          const discharged = voyageShipments.map((s, i) => BigInt(Math.round(s.blKg * (1 + (differences[i] ?? 0)))));
          await createVoyageApproval(tx, { ...actorAt(when), input: ZVoyageApprovalInput.parse({ voyageId, dischargedQuantity: kgToTonnes(discharged.reduce((a, b) => a + b, 0n)), surveyDate: dayOf(when), remarks: null }) });
          for (const [i, s] of voyageShipments.entries()) {
            if (s.id === 0) continue;
            await createQuantityApproval(tx, { ...actorAt(when), input: ZQuantityApprovalInput.parse({ shipmentId: s.id, dischargedQuantity: kgToTonnes(discharged[i] ?? 0n), remarks: null }) });
          }
          done.outTurns += 1;
        });
      }
    }
  }

  // ---- the warehouses send cargo on (weighed out to a consignee's site, a customer's site or another warehouse), and lend in place
  const sendings = options.voyages * 2;
  for (let s = 0; s < sendings; s += 1) {
    const warehouse = random.pick(world.warehouses);
    const started = new Date(now.getTime() - random.int(1, 40) * DAY - random.int(0, 20) * HOUR);
    const bridge = random.pick(warehouse.bridges);
    const wantKg = random.int(20, 34) * 1000;
    const extraKg = random.int(0, 200);
    const transporterId = random.pick(world.transporters);
    const destinationKind = random.pick(['consignee', 'customer', 'warehouse'] as const);
    const otherWarehouses = world.warehouses.filter((w) => w.id !== warehouse.id);
    const sent = { outId: 0, crew: null as Crew | null, kg: 0, destination: 0 };
    const pre = { preOutId: 0, firstId: 0, secondId: 0 };
    at(started, async (tx, when) => {
      const positions = (await warehousePositions(tx, { agencyId, scope: UNRESTRICTED, warehouseId: warehouse.id })).filter((p) => tonnesToKg(p.usable) >= BigInt(wantKg));
      if (positions.length === 0) throw new Skipped('nothing to send');
      const position = random.pick(positions);
      const destination =
        destinationKind === 'consignee'
          ? world.consigneeSites.find((site) => site.owner === position.ownerCompanyId)?.id
          : destinationKind === 'customer'
            ? world.customerSites[0]?.id
            : otherWarehouses[0]?.id;
      if (destination === undefined) throw new Skipped('no destination');
      const crew = await takeCrew(transporterId, when, tx);
      const { warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId } = position;
      pre.preOutId = (await createPreOut(tx, { ...actorAt(when), input: ZWarehousePreOutInput.parse({ warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId, truckId: crew.truckId, driverId: crew.driverId, quantity: kgToTonnes(BigInt(wantKg)), remarks: null }) })).id;
      sent.crew = crew;
      sent.destination = destination;
    });
    at(new Date(started.getTime() + 10 * MINUTE), async (tx, when) => {
      const crew = sent.crew;
      if (pre.preOutId === 0 || !crew) throw new Skipped('no pre out');
      deck.place(bridge, tareOf(crew.truckId), when);
      pre.firstId = (await createFirstWeight(tx, deps, { ...actorAt(when), input: ZOutboundFirstWeightInput.parse({ truckId: crew.truckId, driverId: crew.driverId, warehouseId: warehouse.id, machineId: bridge }) })).id;
    });
    at(new Date(started.getTime() + 35 * MINUTE), async (tx, when) => {
      const crew = sent.crew;
      if (pre.firstId === 0 || !crew) throw new Skipped('no first weight');
      deck.place(bridge, tareOf(crew.truckId) + wantKg + extraKg, when);
      pre.secondId = (await createSecondWeight(tx, deps, { ...actorAt(when), input: ZOutboundSecondWeightInput.parse({ firstWeightId: pre.firstId, truckId: crew.truckId, machineId: bridge }) })).id;
    });
    at(new Date(started.getTime() + 40 * MINUTE), async (tx, when) => {
      if (pre.secondId === 0) throw new Skipped('no second weight');
      sent.outId = (await createOut(tx, { ...actorAt(when), input: ZWarehouseOutInput.parse({ preOutId: pre.preOutId, secondWeightId: pre.secondId, destinationType: destinationKind, toLocationId: sent.destination, remarks: null }) })).id;
      sent.kg = wantKg + extraKg;
      done.warehouseOuts += 1;
    });
    const arrival = new Date(started.getTime() + 40 * MINUTE + random.int(1, 8) * HOUR);
    if (arrival.getTime() + 2 * HOUR > now.getTime() || random.chance(0.15)) continue;
    const lossKg = random.int(0, 120);
    if (destinationKind === 'warehouse') {
      const target = otherWarehouses[0];
      if (!target) continue;
      receiveAtWarehouse(random, target, arrival, () => (sent.outId === 0 || !sent.crew ? null : { kind: 'warehouseLoadingSlip', id: sent.outId, crew: sent.crew, kg: sent.kg - lossKg }), 'no out');
    } else {
      const kind: DeliveryInKind = destinationKind === 'consignee' ? 'consigneeIn' : 'customerIn';
      at(arrival, async (tx, when) => {
        if (sent.outId === 0) throw new Skipped('no out');
        wbt += 1;
        await createDeliveryIn(tx, kind, actorAt(when), ZDeliveryInInput.parse({ slipKind: 'warehouseLoadingSlip', slipId: sent.outId, wbtNumber: `${serial}-W${wbt}`, quantity: kgToTonnes(BigInt(sent.kg - lossKg)) }));
        done.deliveryIns += 1;
      });
    }
  }

  // Loans in place: a consignee under a shipment manager lends part of a warehouse position to it.
  for (let l = 0; l < Math.max(1, Math.floor(options.voyages / 2)); l += 1) {
    const warehouse = random.pick(world.warehouses);
    const lentAt = new Date(now.getTime() - random.int(1, 20) * DAY);
    const share = random.int(10, 40) / 100;
    at(lentAt, async (tx, when) => {
      const positions = (await warehousePositions(tx, { agencyId, scope: UNRESTRICTED, warehouseId: warehouse.id })).filter((p) => lenders.has(p.ownerCompanyId) && tonnesToKg(p.usable) >= 10_000n);
      if (positions.length === 0) throw new Skipped('nothing to lend');
      const position = random.pick(positions);
      const lentKg = (tonnesToKg(position.usable) * BigInt(Math.round(share * 100))) / 100n;
      const { warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId } = position;
      await createLoan(tx, { ...actorAt(when), lang: 'en', input: ZConsigneeToSmInput.parse({ warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId, quantity: kgToTonnes(lentKg), movement: null, remarks: null }) });
      done.loans += 1;
    });
  }

  // ---- loans delivered by truck (a transfer slip) to another warehouse and received there, and part of each returned
  // by truck to the lender's warehouse: warehouses receive a loan and a loan return. Drawn from their own generator, so
  // the rest of the season draws what it drew before.
  const delivery = seededRandom(options.seed + 0x5eed);
  for (let l = 0; l < Math.max(1, Math.floor(options.voyages / 3)); l += 1) {
    const warehouse = delivery.pick(world.warehouses);
    const others = world.warehouses.filter((w) => w.id !== warehouse.id);
    if (others.length === 0) break;
    const target = delivery.pick(others);
    const lentAt = new Date(now.getTime() - delivery.int(4, 20) * DAY - delivery.int(0, 12) * HOUR);
    const share = delivery.int(10, 30) / 100;
    const transporterId = delivery.pick(world.transporters);
    const lent = { loanId: 0, slipId: 0, crew: null as Crew | null, kg: 0 };
    at(lentAt, async (tx, when) => {
      const positions = (await warehousePositions(tx, { agencyId, scope: UNRESTRICTED, warehouseId: warehouse.id })).filter((p) => lenders.has(p.ownerCompanyId) && tonnesToKg(p.usable) >= 10_000n);
      if (positions.length === 0) throw new Skipped('nothing to lend');
      const position = delivery.pick(positions);
      const crew = await takeCrew(transporterId, when, tx);
      const lentKg = Math.min(Math.floor(Number(tonnesToKg(position.usable)) * share), capacityOf(crew.truckId, 30_000));
      const { warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId } = position;
      const movement = { toLocationId: target.id, truckId: crew.truckId, driverId: crew.driverId, wbtNumber: `${serial}-L${l}` };
      const loan = await createLoan(tx, { ...actorAt(when), lang: 'en', input: ZConsigneeToSmInput.parse({ warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId, quantity: kgToTonnes(BigInt(lentKg)), movement, remarks: null }) });
      Object.assign(lent, { loanId: loan.id, slipId: loan.delivery?.slipId ?? 0, crew, kg: lentKg });
      done.loans += 1;
      done.deliveredLoans += 1;
    });
    const arrival = new Date(lentAt.getTime() + delivery.int(2, 8) * HOUR);
    const lossKg = delivery.int(0, 80);
    receiveAtWarehouse(delivery, target, arrival, () => (lent.slipId === 0 || !lent.crew ? null : { kind: 'transferSlip', id: lent.slipId, crew: lent.crew, kg: lent.kg - lossKg }), 'no loan slip');

    const returnedAt = new Date(arrival.getTime() + delivery.int(1, 3) * DAY);
    const back = { slipId: 0, crew: null as Crew | null, kg: 0 };
    at(returnedAt, async (tx, when) => {
      if (lent.loanId === 0) throw new Skipped('no loan');
      const source = (await loanReturnSources(tx, { agencyId, scope: UNRESTRICTED, loanId: lent.loanId })).find((p) => p.warehouseId === target.id);
      if (!source) throw new Skipped('nothing to return');
      const crew = await takeCrew(transporterId, when, tx);
      const returnedKg = Math.min(Math.floor(lent.kg / 2), Number(tonnesToKg(source.usable)));
      const from = { locationId: source.warehouseId, siloId: source.siloId, consignmentId: source.consignmentId, voyageId: source.voyageId, attachedVoyageId: source.attachedVoyageId };
      const movement = { toLocationId: warehouse.id, truckId: crew.truckId, driverId: crew.driverId, wbtNumber: `${serial}-R${l}` };
      const returned = await createLoanReturn(tx, { ...actorAt(when), lang: 'en', input: ZSmToConsigneeInput.parse({ loanId: lent.loanId, quantity: kgToTonnes(BigInt(returnedKg)), source: from, movement, remarks: null }) });
      Object.assign(back, { slipId: returned.delivery?.slipId ?? 0, crew, kg: returnedKg });
      done.deliveredReturns += 1;
    });
    const returnArrival = new Date(returnedAt.getTime() + delivery.int(2, 8) * HOUR);
    const returnLossKg = delivery.int(0, 80);
    receiveAtWarehouse(delivery, warehouse, returnArrival, () => (back.slipId === 0 || !back.crew ? null : { kind: 'transferSlip', id: back.slipId, crew: back.crew, kg: back.kg - returnLossKg }), 'no return slip');
  }

  // ---- consignee transfers delivered by truck (a transfer slip) from a consignee's delivery location to a warehouse,
  // the new consignee's on arrival, received there: warehouses receive a consignee transfer. Their own generator, as the
  // loans' above.
  const handover = seededRandom(options.seed + 0xc0de);
  for (let c = 0; c < Math.max(1, Math.floor(options.voyages / 4)); c += 1) {
    const target = handover.pick(world.warehouses);
    const movedAt = new Date(now.getTime() - handover.int(3, 20) * DAY - handover.int(0, 12) * HOUR);
    const share = handover.int(10, 40) / 100;
    const transporterId = handover.pick(world.transporters);
    const moved = { slipId: 0, crew: null as Crew | null, kg: 0 };
    at(movedAt, async (tx, when) => {
      const positions = (await consigneeTransferPositions(tx, { agencyId, scope: UNRESTRICTED })).filter((p) => tonnesToKg(p.usable) >= 5_000n);
      if (positions.length === 0) throw new Skipped('nothing at a consignee location');
      const position = handover.pick(positions);
      const others = world.consignees.filter((k) => k.id !== position.ownerCompanyId);
      if (others.length === 0) throw new Skipped('no other consignee');
      const toOwnerCompanyId = handover.pick(others).id;
      const crew = await takeCrew(transporterId, when, tx);
      const kg = Math.min(Math.floor(Number(tonnesToKg(position.usable)) * share), capacityOf(crew.truckId, 30_000));
      // A stock position names its place `warehouseId` whatever its kind: here the consignee location.
      const { warehouseId: locationId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId } = position;
      const movement = { toLocationId: target.id, truckId: crew.truckId, driverId: crew.driverId, wbtNumber: `${serial}-T${c}` };
      const transfer = await createConsigneeTransfer(tx, {
        ...actorAt(when),
        lang: 'en',
        input: ZConsigneeTransferInput.parse({ locationId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId, toOwnerCompanyId, quantity: kgToTonnes(BigInt(kg)), movement, remarks: null }),
      });
      Object.assign(moved, { slipId: transfer.delivery?.slipId ?? 0, crew, kg });
      done.deliveredConsigneeTransfers += 1;
    });
    const arrival = new Date(movedAt.getTime() + handover.int(2, 8) * HOUR);
    const lossKg = handover.int(0, 80);
    receiveAtWarehouse(handover, target, arrival, () => (moved.slipId === 0 || !moved.crew ? null : { kind: 'transferSlip', id: moved.slipId, crew: moved.crew, kg: moved.kg - lossKg }), 'no consignee transfer slip');
  }

  // ---- in time order, each step its own transaction (as each screen's command is); a refused step is skipped
  steps.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  for (const step of steps) {
    if (step.at.getTime() > now.getTime()) continue;
    try {
      await inAgency(db, agencyId, (tx) => step.run(tx, step.at));
    } catch (error) {
      if (!(error instanceof AppError) && !(error instanceof Skipped)) throw error;
      done.refused += 1;
      done.refusals[error.message] = (done.refusals[error.message] ?? 0) + 1;
    }
  }
  return done;
}
