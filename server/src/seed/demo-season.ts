import {
  COMPANY_TYPE_IDS,
  kgToTonnes,
  tonnesToKg,
  ZConsignmentInput,
  ZLoadingSlipInput,
  ZOnBoardLoanInput,
  ZPortLoadingInput,
  ZQuantityApprovalInput,
  ZSaleOrderInput,
  ZShipmentInput,
  ZVoyageApprovalInput,
  type TransportationType,
} from '@tonnage/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { DataScope } from '../identity/data-scope';
import type { Db } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';
import { berths, cargoTypes, columnOf, companies, drivers, locations, ports, trucks, vessels } from '../modules/master-data/master-data.schema';
import { checkTransportRules } from '../modules/master-data/transport-rules';
import { createLoadingSlip, localDay } from '../modules/port-loading/loading-slips.service';
import { agencyTimezone } from '../identity/agency-time-zone';
import { createPortLoading } from '../modules/port-loading/port-loading.service';
import { createOnBoardLoan } from '../modules/loans/loans.service';
import { createConsignment } from '../modules/procurement/consignments.service';
import { saleOrders } from '../modules/procurement/procurement.schema';
import { createSaleOrder } from '../modules/procurement/sale-orders.service';
import { shipments } from '../modules/shipping/shipping.schema';
import { createShipment } from '../modules/shipping/shipping.service';
import { users } from '../identity/users.schema';
import { createQuantityApproval, createVoyageApproval } from '../modules/vessel-approval/vessel-approval.service';
import { seedDemoHandling, type DemoHandling } from './demo-handling';
import { seedDemoInplace, type DemoInplace } from './demo-inplace';
import { seedDemoLoanDelivery, seedDemoLoans, type DemoLoanDelivery, type DemoLoans } from './demo-loans';
import { seedDemoSwaps, type DemoSwaps } from './demo-swaps';
import { seedDemoSales, type DemoSales } from './demo-sales';
import { seedDemoTransfers, type DemoTransfers } from './demo-transfers';
import { seedDemoWarehouseSeason, type DemoWarehouseSeason } from './demo-warehouse';

/*
 * The demo agency's cargo season, made through the same services the screens call (so every rule of the flows
 * and every ledger posting apply): sale orders, consignments under LCs and a PO, two vessels at Jeddah Islamic
 * Port with their BLs, an approved out-turn (a shortage, an excess, a nil difference), port loadings to a
 * warehouse, a consignee's mill and a customer's store, and the loading slips of the last days; then (demo-warehouse.ts)
 * their receipts at the warehouses and sites, and the terminal's dispatches.
 * Everything is dated relative to `now`, so a fixed clock gives the same season; it runs in one transaction, so a
 * refusal leaves no half season behind.
 */

/** The demo agency's zone (Asia/Riyadh, no daylight saving): local times of the slips are written with it. */
const LOCAL_OFFSET = '+03:00';
const MINUTE = 60_000;
const DAY = 86_400_000;
/**
 * The local time of day the season is written for: today's morning is done (the shuttle's three trips, the
 * transfers of the morning, the receipts of trucks that left yesterday afternoon), and it is 11:00, as in the tests.
 */
const SEASON_DAY_UNDER_WAY = 11 * 60;

/**
 * The moment the season is seeded as of. From 11:00 local time it is `now`; before, the last minute of yesterday,
 * the latest moment whose day is as far under way. Seeded as of `now` in the small hours, "250 minutes ago" falls
 * on yesterday, whose trips cap is full, and "this morning" has not come: the season would lose trucks, receipts
 * and transfers and hold other stock, depending on the hour the product first started.
 */
export function seasonMoment(now: Date, timezone: string): Date {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnightMs = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + now.getMilliseconds();
  if (sinceMidnightMs >= SEASON_DAY_UNDER_WAY * MINUTE) return now;
  return new Date(now.getTime() - sinceMidnightMs - MINUTE);
}

const UNRESTRICTED: DataScope = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };

const demoSaleOrders = [
  { number: 'SO-2026-0118', seller: 'Euxine Grain Export LLC', buyer: 'Hijaz Grain Trading Co.', cargo: 'Wheat', quantity: '50000.000', orderedDaysAgo: 96, remarks: 'Ukrainian milling wheat 12.5% protein, FOB Chornomorsk.' },
  { number: 'SO-2026-0124', seller: 'Euxine Grain Export LLC', buyer: 'Najd Feed Imports Co.', cargo: 'Barley', quantity: '30000.000', orderedDaysAgo: 89, remarks: 'Feed barley, 2 shipments.' },
  { number: 'SO-2026-0131', seller: 'Pampa Cereales SA', buyer: 'Najd Feed Imports Co.', cargo: 'Corn', quantity: '35000.000', orderedDaysAgo: 81, remarks: 'Argentine yellow corn, up-river loading Rosario.' },
  { number: 'SO-2026-0137', seller: 'Pampa Cereales SA', buyer: 'Najd Feed Imports Co.', cargo: 'Soybean meal', quantity: '10000.000', orderedDaysAgo: 75, remarks: 'Hi-pro soybean meal 47%.' },
] as const;

type DemoConsignment = { key: string; lcNumber?: string; poNumber?: string; refNumber: string; saleOrder: string; consignee: string; cargo: string; quantity: string; openedDaysAgo: number };

/** BL consignees under both shipment managers (RSGL: the mills; ABSS: Tihama Feed) and one without. */
const demoConsignments: DemoConsignment[] = [
  { key: 'amcWheat', lcNumber: 'LC-NCB-2026-0412', refNumber: 'AMC/IMP/26/031', saleOrder: 'SO-2026-0118', consignee: 'Arabian Milling Company', cargo: 'Wheat', quantity: '25000.000', openedDaysAgo: 70 },
  { key: 'hfmWheat', lcNumber: 'LC-SNB-2026-0377', refNumber: 'HFM/PUR/26/114', saleOrder: 'SO-2026-0118', consignee: 'Hejaz Flour Mills', cargo: 'Wheat', quantity: '20000.000', openedDaysAgo: 68 },
  { key: 'tfcBarley', lcNumber: 'LC-RJHI-2026-0529', refNumber: 'TFC-26-0087', saleOrder: 'SO-2026-0124', consignee: 'Tihama Feed Company', cargo: 'Barley', quantity: '18000.000', openedDaysAgo: 66 },
  { key: 'tfcCorn', lcNumber: 'LC-BSF-2026-0618', refNumber: 'TFC-26-0093', saleOrder: 'SO-2026-0131', consignee: 'Tihama Feed Company', cargo: 'Corn', quantity: '15000.000', openedDaysAgo: 60 },
  { key: 'ypfCorn', lcNumber: 'LC-ANB-2026-0233', refNumber: 'YPF-26-0012', saleOrder: 'SO-2026-0131', consignee: 'Yanbu Poultry Farms', cargo: 'Corn', quantity: '12000.000', openedDaysAgo: 58 },
  { key: 'tfcMeal', poNumber: 'PO-TFC-2026-0091', refNumber: 'TFC-26-0101', saleOrder: 'SO-2026-0137', consignee: 'Tihama Feed Company', cargo: 'Soybean meal', quantity: '6000.000', openedDaysAgo: 55 },
];

/** Two calls at Jeddah Islamic Port: one discharged and surveyed, one still at berth. */
const demoVoyages = [
  {
    key: 'falcon',
    vessel: 'MV Desert Falcon',
    voyageNumber: '2611W',
    berth: 'JIP Berth 5 (bulk grain)',
    arrivedDaysAgo: 12,
    completedDaysAgo: 5 as number | null,
    blIssuedDaysAgo: 31,
    bls: [
      { blNumber: 'MEDU4417286', consignment: 'amcWheat', quantity: '24500.000' },
      { blNumber: 'MEDU4417294', consignment: 'hfmWheat', quantity: '20000.000' },
      { blNumber: 'MEDU4417308', consignment: 'tfcBarley', quantity: '18000.000' },
    ],
  },
  {
    key: 'harvest',
    vessel: 'MV Nile Harvest',
    voyageNumber: '2614E',
    berth: 'JIP Berth 6 (bulk grain)',
    arrivedDaysAgo: 3,
    completedDaysAgo: null as number | null,
    blIssuedDaysAgo: 38,
    bls: [
      { blNumber: 'MSCU5520173', consignment: 'tfcCorn', quantity: '15000.000' },
      { blNumber: 'MSCU5520181', consignment: 'ypfCorn', quantity: '11750.000' },
      { blNumber: 'MSCU5520199', consignment: 'tfcMeal', quantity: '6000.000' },
    ],
  },
];

/** The surveyed out-turn of MV Desert Falcon: a shortage, an excess and an exact BL. */
const desertFalconOutTurn = {
  surveyRemarks: 'Draft survey by Gulf Marine Surveyors at completion of discharge.',
  bls: [
    { blNumber: 'MEDU4417286', discharged: '24431.250', remarks: 'Shortage 68.750 MT (0.28%): within the LC tolerance.' },
    { blNumber: 'MEDU4417294', discharged: '20046.400', remarks: 'Excess 46.400 MT on the draft survey.' },
    { blNumber: 'MEDU4417308', discharged: '18000.000', remarks: null },
  ],
};

/** When a slip left: days before today at a local time, or (today) minutes before now. */
type SlipTime = { daysAgo: number; at: string } | { minutesAgo: number };

interface DemoPortLoading {
  bl: string;
  transportationType: TransportationType;
  to: string;
  /** A transporter company, or 'self' with the fleet whose trucks the agency hires directly. */
  transporter: { company: string } | { self: string };
  quantity: string;
  loadingDaysAgo: number;
  remarks: string | null;
  slips: { time: SlipTime; quantity: string }[];
  /**
   * A port loading of quantity type `loan`: the BL consignee first lends this much of the BL on board to its shipment
   * manager (Consignee to SM on board), and the port loading loads it to the shipment manager.
   */
  loan?: { quantity: string; remarks: string };
}

/**
 * Port loadings off MV Desert Falcon and their truck trips. Najd Haulage shuttles to the terminal at its cap of
 * 3 trips a day (so today it is full); the blocked Yanbu truck and expired licences are left out by the rules.
 */
const demoPortLoadings: DemoPortLoading[] = [
  {
    bl: 'MEDU4417286',
    transportationType: 'warehouse',
    to: 'Jeddah Grain Terminal',
    transporter: { company: 'Najd Haulage Company' },
    quantity: '1200.000',
    loadingDaysAgo: 2,
    remarks: 'Port shuttle into the JGT silos.',
    slips: [
      { time: { daysAgo: 2, at: '07:10' }, quantity: '36.840' },
      { time: { daysAgo: 2, at: '13:35' }, quantity: '37.120' },
      { time: { daysAgo: 1, at: '06:40' }, quantity: '36.510' },
      { time: { daysAgo: 1, at: '11:05' }, quantity: '37.460' },
      { time: { daysAgo: 1, at: '15:50' }, quantity: '36.980' },
      { time: { minutesAgo: 250 }, quantity: '37.240' },
      { time: { minutesAgo: 160 }, quantity: '36.770' },
      { time: { minutesAgo: 70 }, quantity: '37.050' },
    ],
  },
  {
    bl: 'MEDU4417286',
    transportationType: 'directDelivery',
    to: 'AMC Riyadh Mill',
    transporter: { company: 'Al Safwa Transport' },
    quantity: '900.000',
    loadingDaysAgo: 3,
    remarks: 'Direct to the Riyadh mill, 2nd Industrial City.',
    slips: [
      { time: { daysAgo: 3, at: '08:00' }, quantity: '34.620' },
      { time: { daysAgo: 3, at: '09:25' }, quantity: '33.980' },
      { time: { daysAgo: 1, at: '07:45' }, quantity: '34.310' },
    ],
  },
  {
    bl: 'MEDU4417294',
    transportationType: 'directDelivery',
    to: 'HFM Madinah Mill',
    transporter: { self: 'Yanbu Coastal Carriers' },
    quantity: '600.000',
    loadingDaysAgo: 2,
    remarks: 'Agency-arranged trucks to Madinah.',
    slips: [
      { time: { daysAgo: 2, at: '09:00' }, quantity: '33.450' },
      { time: { daysAgo: 1, at: '10:20' }, quantity: '33.890' },
    ],
  },
  {
    bl: 'MEDU4417308',
    transportationType: 'warehouse',
    to: 'Yanbu Open Yard',
    transporter: { company: 'Al Safwa Transport' },
    quantity: '500.000',
    loadingDaysAgo: 4,
    remarks: 'Tihama barley into the Yanbu yard for the Jizan plant.',
    slips: [
      { time: { daysAgo: 4, at: '07:30' }, quantity: '35.280' },
      { time: { daysAgo: 4, at: '12:10' }, quantity: '34.940' },
      { time: { daysAgo: 3, at: '14:00' }, quantity: '35.610' },
    ],
  },
  {
    bl: 'MEDU4417294',
    transportationType: 'customerDelivery',
    to: 'Makkah Central Bakery Store',
    transporter: { company: 'Al Safwa Transport' },
    quantity: '300.000',
    loadingDaysAgo: 0,
    remarks: 'Sold on to the Makkah bakeries from the HFM lot.',
    slips: [
      { time: { minutesAgo: 185 }, quantity: '32.760' },
      { time: { minutesAgo: 75 }, quantity: '33.140' },
    ],
  },
  {
    // Al Bahr borrowed Tihama's corn still on board of MV Nile Harvest and trucks it to the Yanbu yard: the owner at
    // the destination is the shipment manager, through the loan (a `bl` port loading may no longer name it). Its
    // first truck left a quarter of an hour ago, the last slip of the season, still on the road.
    bl: 'MSCU5520173',
    transportationType: 'warehouse',
    to: 'Yanbu Open Yard',
    transporter: { self: 'Yanbu Coastal Carriers' },
    quantity: '300.000',
    loadingDaysAgo: 0,
    remarks: 'Corn Al Bahr borrowed on board from Tihama, to the Yanbu yard.',
    loan: { quantity: '500.000', remarks: 'Al Bahr short of corn for a buyer: Tihama lends from its BL at berth.' },
    slips: [{ time: { minutesAgo: 15 }, quantity: '33.420' }],
  },
];

export interface DemoSeason {
  saleOrders: number;
  consignments: number;
  shipments: number;
  approvals: number;
  portLoadings: number;
  loadingSlips: number;
  /** Planned slips no allowed truck and driver could take (the rules of the day refused every pair). */
  skippedSlips: number;
  /** The moment the season was seeded as of (`seasonMoment`): `now`, or before 11:00 local time the end of yesterday. */
  asOf: Date;
  /** After the port: receipts, commitments and dispatches (demo-warehouse.ts). */
  warehouse: DemoWarehouseSeason;
  /** Loans, transfers in place, handling loss and excess, warehouse transfers, sales and consignee transfers, a cargo swap (demo-loans.ts, demo-inplace.ts, demo-handling.ts, demo-transfers.ts, demo-sales.ts, demo-swaps.ts). */
  adjustments: DemoLoans & DemoInplace & DemoHandling & DemoTransfers & DemoSales & DemoSwaps & DemoLoanDelivery;
}

const col = columnOf;

/** Ids of a registry table's rows by name (all rows of the agency; the transaction is the agency's). */
async function idsByName(tx: Db, table: Parameters<typeof columnOf>[0], nameField = 'name', where?: ReturnType<typeof eq>): Promise<(name: string) => number> {
  const rows = await tx.select({ id: col(table, 'id'), name: col(table, nameField) }).from(table).where(where);
  const ids = new Map(rows.map((r) => [String(r.name), Number(r.id)]));
  return (name: string) => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`demo season: no ${name}`);
    return id;
  };
}

/**
 * Seeds the demo agency's season through the services, as `userId` (the demo agency admin), dated relative to
 * `now`. Does nothing when the agency already has a sale order.
 */
export async function seedDemoSeason(db: Db, params: { agencyId: number; userId: number; now: Date }): Promise<DemoSeason | null> {
  const { agencyId, userId } = params;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.agencyId !== agencyId) throw new Error('demo season: the user is not of the agency');

  return inAgency(db, agencyId, async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(saleOrders);
    if ((existing?.n ?? 0) > 0) return null;

    const timezone = await agencyTimezone(tx, agencyId);
    const now = seasonMoment(params.now, timezone);
    const dayOf = (at: Date) => localDay(at, timezone);
    /** The local date `days` before today (negative: after). */
    const date = (days: number) => dayOf(new Date(now.getTime() - days * DAY));
    /** A moment `days` before today at a local time, never after now. */
    const moment = (days: number, time: string) => {
      const at = new Date(`${date(days)}T${time}:00${LOCAL_OFFSET}`);
      return at.getTime() > now.getTime() ? now : at;
    };
    const actorAt = (at: Date) => ({ agencyId, userId, isAdmin: true, scope: UNRESTRICTED, now: at });

    const cargoId = await idsByName(tx, cargoTypes);
    const companyOf = async (type: keyof typeof COMPANY_TYPE_IDS) => idsByName(tx, companies, 'name', eq(col(companies, 'companyTypeId'), COMPANY_TYPE_IDS[type]));
    const sellerId = await companyOf('seller');
    const buyerId = await companyOf('buyer');
    const consigneeId = await companyOf('consignee');
    const transporterId = await companyOf('transporter');
    const vesselId = await idsByName(tx, vessels);
    const portId = await idsByName(tx, ports);
    const berthId = await idsByName(tx, berths);
    const locationId = await idsByName(tx, locations);

    // ---- sale orders and consignments (the procurement services open their own savepoints in this transaction)
    const saleOrderIds = new Map<string, number>();
    for (const so of demoSaleOrders) {
      const input = ZSaleOrderInput.parse({
        number: so.number,
        sellerId: sellerId(so.seller),
        buyerId: buyerId(so.buyer),
        cargoTypeId: cargoId(so.cargo),
        quantity: so.quantity,
        orderDate: date(so.orderedDaysAgo),
        deliveryFrom: date(so.orderedDaysAgo - 30),
        deliveryTo: date(so.orderedDaysAgo - 120),
        remarks: so.remarks,
      });
      const created = await createSaleOrder(tx, { ...actorAt(moment(so.orderedDaysAgo, '10:30')), input });
      saleOrderIds.set(so.number, created.id);
    }
    const consignmentIds = new Map<string, number>();
    for (const c of demoConsignments) {
      const saleOrderId = saleOrderIds.get(c.saleOrder);
      if (saleOrderId === undefined) throw new Error(`demo season: no sale order ${c.saleOrder}`);
      const input = ZConsignmentInput.parse({
        lcNumber: c.lcNumber ?? null,
        poNumber: c.poNumber ?? null,
        refNumber: c.refNumber,
        saleOrderId,
        blConsigneeId: consigneeId(c.consignee),
        cargoTypeId: cargoId(c.cargo),
        quantity: c.quantity,
      });
      const created = await createConsignment(tx, { ...actorAt(moment(c.openedDaysAgo, '11:15')), input });
      consignmentIds.set(c.key, created.id);
    }

    // ---- voyages and BLs: VESSEL -> ON_BOARD
    const shipmentIds = new Map<string, { id: number; voyageId: number }>();
    const voyageIds = new Map<string, number>();
    let voyageId: number | undefined;
    for (const v of demoVoyages) {
      voyageId = undefined;
      for (const bl of v.bls) {
        const consignmentId = consignmentIds.get(bl.consignment);
        if (consignmentId === undefined) throw new Error(`demo season: no consignment ${bl.consignment}`);
        const voyage =
          voyageId === undefined
            ? {
                voyage: {
                  vesselId: vesselId(v.vessel),
                  voyageNumber: v.voyageNumber,
                  portId: portId('Jeddah Islamic Port'),
                  berthId: berthId(v.berth),
                  arrivalDate: date(v.arrivedDaysAgo),
                  completionDate: v.completedDaysAgo === null ? null : date(v.completedDaysAgo),
                },
              }
            : { voyageId };
        const input = ZShipmentInput.parse({ ...voyage, consignmentId, blNumber: bl.blNumber, blQuantity: bl.quantity, blDate: date(v.blIssuedDaysAgo) });
        const { id } = await createShipment(tx, actorAt(moment(v.arrivedDaysAgo + 1, '09:00')), input);
        if (voyageId === undefined) {
          const [row] = await tx.select({ voyageId: shipments.voyageId }).from(shipments).where(eq(shipments.id, id));
          if (!row) throw new Error('demo season: the shipment has no voyage');
          voyageId = row.voyageId;
          voyageIds.set(v.key, voyageId);
        }
        shipmentIds.set(bl.blNumber, { id, voyageId });
      }
    }

    // ---- the out-turn of MV Desert Falcon; the demo agency has no approval rule, so it is approved and posted at once
    let approvals = 0;
    const falcon = voyageIds.get('falcon');
    const falconVoyage = demoVoyages[0];
    if (falcon === undefined || !falconVoyage || falconVoyage.completedDaysAgo === null) throw new Error('demo season: no Desert Falcon voyage');
    const surveyedAt = moment(falconVoyage.completedDaysAgo, '16:00');
    const voyageOutTurn = kgToTonnes(desertFalconOutTurn.bls.reduce((sum, bl) => sum + tonnesToKg(bl.discharged), 0n));
    await createVoyageApproval(tx, {
      ...actorAt(surveyedAt),
      input: ZVoyageApprovalInput.parse({ voyageId: falcon, dischargedQuantity: voyageOutTurn, surveyDate: date(falconVoyage.completedDaysAgo), remarks: desertFalconOutTurn.surveyRemarks }),
    });
    approvals += 1;
    for (const bl of desertFalconOutTurn.bls) {
      const shipment = shipmentIds.get(bl.blNumber);
      if (!shipment) throw new Error(`demo season: no BL ${bl.blNumber}`);
      await createQuantityApproval(tx, { ...actorAt(surveyedAt), input: ZQuantityApprovalInput.parse({ shipmentId: shipment.id, dischargedQuantity: bl.discharged, remarks: bl.remarks }) });
      approvals += 1;
    }

    // ---- port loadings (no stock moves), then their slips in the order the trucks left: ON_BOARD -> IN_TRANSIT
    const slipAt = (time: SlipTime) => ('minutesAgo' in time ? new Date(now.getTime() - time.minutesAgo * MINUTE) : moment(time.daysAgo, time.at));
    const trips: { portLoadingId: number; fleet: number; loadedAt: Date; quantity: string }[] = [];
    for (const pl of demoPortLoadings) {
      const shipment = shipmentIds.get(pl.bl);
      if (!shipment) throw new Error(`demo season: no BL ${pl.bl}`);
      const company = 'company' in pl.transporter ? pl.transporter.company : null;
      const fleet = transporterId('company' in pl.transporter ? pl.transporter.company : pl.transporter.self);
      const loads = pl.slips.map((slip) => ({ loadedAt: slipAt(slip.time), quantity: slip.quantity }));
      // Recorded on its loading day before its first truck left (early in the morning, the night shift's trucks).
      const firstTruck = Math.min(...loads.map((l) => l.loadedAt.getTime()));
      const recordedAt = new Date(Math.min(moment(pl.loadingDaysAgo, '06:15').getTime(), firstTruck - 30 * MINUTE));
      // A loan port loading draws on a loan of the BL's cargo on board, made just before it.
      const loan = pl.loan
        ? await createOnBoardLoan(tx, { ...actorAt(new Date(recordedAt.getTime() - 10 * MINUTE)), input: ZOnBoardLoanInput.parse({ shipmentId: shipment.id, quantity: pl.loan.quantity, remarks: pl.loan.remarks }) })
        : null;
      const created = await createPortLoading(tx, {
        ...actorAt(recordedAt),
        input: ZPortLoadingInput.parse({
          voyageId: shipment.voyageId,
          shipmentId: shipment.id,
          quantityType: loan === null ? 'bl' : 'loan',
          loanId: loan?.id ?? null,
          transportationType: pl.transportationType,
          toLocationId: locationId(pl.to),
          transporterKind: company === null ? 'self' : 'company',
          transporterId: company === null ? null : fleet,
          quantity: pl.quantity,
          loadingDate: dayOf(recordedAt),
          remarks: pl.remarks,
        }),
      });
      trips.push(...loads.map((load) => ({ portLoadingId: created.id, fleet, ...load })));
    }
    trips.sort((x, y) => x.loadedAt.getTime() - y.loadedAt.getTime());
    const crews = await crewPicker(tx, { agencyId, dayOf });
    let slipCount = 0;
    let skippedSlips = 0;
    for (const trip of trips) {
      const crew = await crews.pick(trip.fleet, trip.loadedAt);
      if (!crew) {
        skippedSlips += 1;
        continue;
      }
      await createLoadingSlip(tx, {
        ...actorAt(new Date(Math.min(now.getTime(), trip.loadedAt.getTime() + 12 * MINUTE))),
        portLoadingId: trip.portLoadingId,
        input: ZLoadingSlipInput.parse({
          truckId: crew.truckId,
          driverId: crew.driverId,
          // The port weighbridge's ticket: day and running number.
          wbtNumber: `JIP-${dayOf(trip.loadedAt).replaceAll('-', '').slice(2)}-${1208 + slipCount}`,
          quantity: trip.quantity,
          loadedAt: trip.loadedAt.toISOString(),
        }),
      });
      crews.record(crew, trip.loadedAt);
      slipCount += 1;
    }

    // ---- after the port: warehouse and delivery receipts, commitments, dispatches
    const warehouse = await seedDemoWarehouseSeason(tx, { agencyId, userId, now });
    // ---- who owns it and who borrowed it: a loan and its partial return, transfers in place, handling loss and excess
    const season = { agencyId, userId, now };
    const adjustments = { ...(await seedDemoLoans(tx, season)), ...(await seedDemoInplace(tx, season)), ...(await seedDemoHandling(tx, season)), ...(await seedDemoSales(tx, season)), ...(await seedDemoSwaps(tx, season)), ...(await seedDemoTransfers(tx, season)) };
    // A loan delivered by truck and received at the lender's mill, after the others so that their picks stay as they were.
    const loanDelivery = await seedDemoLoanDelivery(tx, season);

    return {
      asOf: now,
      saleOrders: demoSaleOrders.length,
      consignments: demoConsignments.length,
      shipments: shipmentIds.size,
      approvals,
      portLoadings: demoPortLoadings.length,
      loadingSlips: slipCount,
      skippedSlips,
      warehouse,
      adjustments: { ...adjustments, ...loanDelivery },
    };
  });
}

export interface Crew {
  truckId: number;
  driverId: number;
}

/**
 * Picks the truck and driver of a trip from a transporter's fleet: a pair the transporter's rules allow on the
 * trip's local day (not blocked, under the trips cap counting the trips already given out, a valid licence), the
 * least used that day first. `createLoadingSlip` checks the same rules again.
 */
export async function crewPicker(tx: Db, params: { agencyId: number; dayOf: (at: Date) => string }) {
  const fleet = await tx
    .select({ id: col(trucks, 'id'), transporterId: col(trucks, 'transporterId') })
    .from(trucks)
    .where(eq(col(trucks, 'isActive'), true))
    .orderBy(asc(col(trucks, 'id')));
  const staff = await tx
    .select({ id: col(drivers, 'id'), transporterId: col(drivers, 'transporterId') })
    .from(drivers)
    .where(eq(col(drivers, 'isActive'), true))
    .orderBy(asc(col(drivers, 'id')));
  const trips = new Map<string, number>();
  const tripsOf = (kind: 'truck' | 'driver', id: number, day: string) => trips.get(`${kind}:${id}:${day}`) ?? 0;
  return {
    /** `reader`: the transaction to check the rules in, when it is not the one the picker was made in. */
    async pick(transporterId: number, at: Date, reader: Db = tx): Promise<Crew | null> {
      const day = params.dayOf(at);
      const ownTrucks = fleet.filter((t) => Number(t.transporterId) === transporterId).map((t) => Number(t.id));
      const ownDrivers = staff.filter((d) => Number(d.transporterId) === transporterId).map((d) => Number(d.id));
      // Truck i goes with driver i first (a driver keeps his truck), then with the others.
      const pairs = ownTrucks.flatMap((truckId, i) => ownDrivers.map((driverId, j) => ({ truckId, driverId, order: ((j - i + ownDrivers.length) % ownDrivers.length) * 100 + i })));
      const load = (p: Crew) => tripsOf('truck', p.truckId, day) + tripsOf('driver', p.driverId, day);
      pairs.sort((a, b) => load(a) - load(b) || a.order - b.order);
      for (const pair of pairs) {
        const violations = await checkTransportRules(reader, {
          agencyId: params.agencyId,
          transporterId,
          truckId: pair.truckId,
          driverId: pair.driverId,
          date: day,
          tripsToday: { truck: tripsOf('truck', pair.truckId, day), driver: tripsOf('driver', pair.driverId, day) },
        });
        if (violations.length === 0) return { truckId: pair.truckId, driverId: pair.driverId };
      }
      return null;
    },
    record(crew: Crew, at: Date): void {
      const day = params.dayOf(at);
      trips.set(`truck:${crew.truckId}:${day}`, tripsOf('truck', crew.truckId, day) + 1);
      trips.set(`driver:${crew.driverId}:${day}`, tripsOf('driver', crew.driverId, day) + 1);
    },
  };
}
