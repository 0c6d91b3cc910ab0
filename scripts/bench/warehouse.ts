// Warehouse In and Warehouse Out postings per second for `npm run bench` (issue 13), beside a bare single-row insert
// transaction on the same PostgreSQL server in the same run (as the loading slips of section 5).
//
// Each operation is the real services in `inAgency` transactions as the application role under row-level security,
// one transaction per screen save, as the routes run them:
// - Warehouse In: a Pre In (the loaded truck's weight, its ticket numbered) then a Warehouse In (the empty truck's
//   weight; received = pre in - in; the posting IN_TRANSIT -> ON_HAND of the open area, the slip marked received):
//   2 transactions. The loading slips they receive are created before the phase (not measured).
// - Warehouse Out: a Pre Out (a commitment of on-hand stock), the truck's first and second weights, then the
//   Warehouse Out (its quantity the second weight's net; the posting ON_HAND -> IN_TRANSIT, the commitment
//   released): 4 transactions. The stock comes from one posting ON_BOARD -> ON_HAND per warehouse before the phase.
// The weights are typed (manual, with a reason, as a user with the ManualWeight permission may): no weighbridge
// hub is in the path (nor its advisory lock per bridge, which only a captured weight takes). The workers spread over
// 8 warehouses, each with its own bridge; each worker has its own truck and driver. One In and one Out are traced
// alone first (their round trips on the console).
import { ZLoadingSlipInput, ZOutboundFirstWeightInput, ZOutboundSecondWeightInput, ZPortLoadingInput, ZWarehouseInInput, ZWarehouseOutInput, ZWarehousePreInInput, ZWarehousePreOutInput, tonnesToKg } from '@tonnage/contracts';
import { eq, sql } from 'drizzle-orm';
import { agencies } from '../../server/src/identity/agencies.schema';
import { UNRESTRICTED } from '../../server/src/identity/data-scope';
import { users } from '../../server/src/identity/users.schema';
import { onBoardAccount, onHandAccount } from '../../server/src/ledger/accounts';
import { findLedgerDifferences } from '../../server/src/ledger/ledger.check';
import { post } from '../../server/src/ledger/ledger.service';
import { createFirstWeight, createSecondWeight } from '../../server/src/modules/outbound-weighing/outbound-weighing.service';
import { createLoadingSlip } from '../../server/src/modules/port-loading/loading-slips.service';
import { addResource, makeCargoWorld, makeShipment } from '../../server/src/modules/port-loading/port-loading.fixtures';
import { createPortLoading } from '../../server/src/modules/port-loading/port-loading.service';
import { createIn, createPreIn } from '../../server/src/modules/receiving/receiving.service';
import { warehouseIns } from '../../server/src/modules/receiving/receiving.schema';
import { createOut, createPreOut } from '../../server/src/modules/warehouse-dispatch/warehouse-dispatch.service';
import { warehouseOuts } from '../../server/src/modules/warehouse-dispatch/warehouse-dispatch.schema';
import { loadConfig } from '../../server/src/platform/config';
import { openDatabase } from '../../server/src/platform/db/client';
import { inAgency } from '../../server/src/platform/db/tenancy';
import { measureCpuSplit } from './machine';
import { measureRate, type RateResult } from './rate';
import type { MeasuredRate } from './slips';
import { statementsText, traceStatements } from './statements';

export interface WarehousePhase {
  workers: number;
  warehouses: number;
  warehouseIn: MeasuredRate;
  warehouseOut: MeasuredRate;
  bare: MeasuredRate;
  /** Slips created for the In phase, and how many the phase had left (0: it ran out, its rate is low). */
  slipsPrepared: number;
  slipsLeft: number;
  insWritten: number;
  outsWritten: number;
  /** Round trips of one In (pre in + in) and one Out (pre out, both weights, out), traced alone before the phases. */
  inRoundTrips: number;
  outRoundTrips: number;
  ledgerClean: boolean;
}

const WORKERS = Number(process.env.BENCH_WAREHOUSE_WORKERS ?? 16);
const WAREHOUSES = 8;
const SLIP_TONNES = '25.000';
const TARE_KG = 14_000;

export async function benchWarehouse(params: {
  databaseUrl: string;
  phase: { warmup: number; measure: number };
  /** Loading slips to prepare per worker for the In phase. */
  slipsPerWorker: number;
  cpuScope: { serverPid: number | undefined; databaseName: string };
  log: (line: string) => void;
}): Promise<WarehousePhase> {
  const { log } = params;
  const measured = async (run: () => Promise<RateResult>): Promise<MeasuredRate> => {
    const cpu = measureCpuSplit(params.cpuScope);
    const result = await run();
    return { ...result, cpu: cpu() };
  };
  const database = await openDatabase({ url: params.databaseUrl, poolSize: WORKERS + 4 });
  try {
    const { db } = database;
    const now = new Date();
    const [agency] = await db.insert(agencies).values({ name: `Bench Warehouse ${now.getTime()}`, timezone: 'Asia/Riyadh' }).returning();
    if (!agency) throw new Error('agency insert returned no row');
    const [user] = await db
      .insert(users)
      .values({ agencyId: agency.id, kind: 'agencyAdmin', username: `bench.warehouse.${now.getTime()}`, email: `warehouse.${now.getTime()}@bench.example`, passwordHash: 'x', firstName: 'Bench' })
      .returning();
    if (!user) throw new Error('user insert returned no row');
    const agencyId = agency.id;
    const writer = { agencyId, userId: user.id, now, config: loadConfig() };
    const actor = () => ({ agencyId, userId: user.id, now: new Date(), scope: UNRESTRICTED, can: () => true });
    const run = <T>(work: Parameters<typeof inAgency<T>>[2]) => inAgency(db, agencyId, work);

    log(`warehouse: ${WAREHOUSES} warehouses with a bridge each, ${WORKERS} trucks and drivers, a BL of 5,000,000 MT per warehouse`);
    const world = await makeCargoWorld(db, writer);
    const fleet: { truckId: number; driverId: number }[] = [];
    for (let i = 0; i < WORKERS; i += 1) fleet.push({ truckId: await world.truck(`BW ${1000 + i}`), driverId: await world.driver(`BenchW${i}`) });
    const sites: { warehouseId: number; machineId: number; portLoadingId: number; voyageId: number; consignmentId: number }[] = [];
    let voyageId: number | undefined;
    for (let i = 0; i < WAREHOUSES; i += 1) {
      const warehouseId = await addResource(db, writer, 'warehouse', { name: `Bench yard ${i + 1}`, storageType: 'openArea', latitude: 21.5, longitude: 39.2 });
      const machineId = await addResource(db, writer, 'weightMachine', { weightMachineId: `WB-BENCH-${i + 1}`, name: `Bench bridge ${i + 1}`, locationId: warehouseId, protocol: 'tcp', host: '10.1.1.1', port: 4001, maxGross: 80_000 });
      const shipment = await makeShipment(db, writer, world, { blTonnes: '5000000.000', ...(voyageId === undefined ? {} : { voyageId }) });
      voyageId = shipment.voyageId;
      const input = ZPortLoadingInput.parse({
        voyageId: shipment.voyageId,
        shipmentId: shipment.shipmentId,
        transportationType: 'warehouse',
        toLocationId: warehouseId,
        transporterKind: 'company',
        transporterId: world.transporterId,
        quantity: '1000000.000',
        loadingDate: now.toISOString().slice(0, 10),
      });
      const portLoading = await run((tx) => createPortLoading(tx, { ...actor(), input }));
      sites.push({ warehouseId, machineId, portLoadingId: portLoading.id, voyageId: shipment.voyageId, consignmentId: shipment.consignmentId });
    }
    const siteOf = (worker: number) => {
      const site = sites[worker % WAREHOUSES];
      if (!site) throw new Error('no warehouse');
      return site;
    };
    const vehicleOf = (worker: number) => {
      const vehicle = fleet[worker];
      if (!vehicle) throw new Error('no truck');
      return vehicle;
    };

    // ---- Warehouse In: slips in transit first, per worker (its truck), to its warehouse.
    const pools: number[][] = Array.from({ length: WORKERS }, () => []);
    let wbt = 0;
    log(`warehouse: creating ${(WORKERS * params.slipsPerWorker).toLocaleString('en-US')} loading slips in transit (not measured)`);
    await Promise.all(
      pools.map(async (pool, worker) => {
        const { truckId, driverId } = vehicleOf(worker);
        for (let i = 0; i < params.slipsPerWorker; i += 1) {
          wbt += 1;
          const input = ZLoadingSlipInput.parse({ truckId, driverId, wbtNumber: `BWI-${wbt}`, quantity: SLIP_TONNES });
          const result = await run((tx) => createLoadingSlip(tx, { ...actor(), portLoadingId: siteOf(worker).portLoadingId, input }));
          pool.push(result.id);
        }
      }),
    );
    const slipsPrepared = WORKERS * params.slipsPerWorker;
    const loadedKg = TARE_KG + Number(tonnesToKg(SLIP_TONNES));
    const receive = async (worker: number) => {
      const slipId = pools[worker]?.pop();
      if (slipId === undefined) throw new Error('no loading slip left for this worker');
      const { truckId, driverId } = vehicleOf(worker);
      const { warehouseId, machineId } = siteOf(worker);
      const preIn = await run((tx) =>
        createPreIn(tx, { weighbridges: undefined }, { ...actor(), input: ZWarehousePreInInput.parse({ slipId, truckId, driverId, warehouseId, machineId, manual: true, manualKg: loadedKg, manualReason: 'Bench' }) }),
      );
      await run((tx) => createIn(tx, { weighbridges: undefined }, { ...actor(), input: ZWarehouseInInput.parse({ preInId: preIn.id, machineId, manual: true, manualKg: TARE_KG, manualReason: 'Bench', storage: 'openArea' }) }));
    };
    // One In traced alone first: its round trips, with their times, on the console.
    const inTrace = await traceStatements(() => receive(0));
    log(`warehouse: one Warehouse In (pre in + in) is ${inTrace.length} round trips:\n${statementsText(inTrace)}`);
    log(`warehouse: Warehouse In (pre in + in), ${WORKERS} workers over ${WAREHOUSES} warehouses, ${params.phase.warmup} s warm-up then ${params.phase.measure} s`);
    const warehouseIn = await measured(() => measureRate({ workers: WORKERS, warmupSeconds: params.phase.warmup, measureSeconds: params.phase.measure, operation: (worker) => receive(worker) }));
    const slipsLeft = pools.reduce((n, pool) => n + pool.length, 0);
    log(`warehouse: ${warehouseIn.perSecond.toFixed(1)} ins/s (${warehouseIn.failed} failed${warehouseIn.firstFailure ? `: ${warehouseIn.firstFailure}` : ''}); ${slipsLeft} slips left`);

    // ---- Warehouse Out: stock on hand in each warehouse's open area (one posting, as receipts would leave it).
    for (const site of sites) {
      const position = { locationId: site.warehouseId, siloId: null, ownerCompanyId: world.consigneeId, consignmentId: site.consignmentId, cargoTypeId: world.cargoTypeId, voyageId: site.voyageId, attachedVoyageId: site.voyageId };
      const kg = tonnesToKg('1000000.000');
      await run((tx) =>
        post(tx, { agencyId, type: 'benchStock', source: { table: 'bench', id: site.warehouseId }, userId: user.id, at: now, lines: [{ account: onBoardAccount(site), quantityKg: -kg }, { account: onHandAccount(position), quantityKg: kg }] }),
      );
    }
    const dispatch = async (worker: number) => {
      const { truckId, driverId } = vehicleOf(worker);
      const site = siteOf(worker);
      const preOut = await run((tx) =>
        createPreOut(tx, {
          ...actor(),
          input: ZWarehousePreOutInput.parse({ warehouseId: site.warehouseId, siloId: null, ownerCompanyId: world.consigneeId, consignmentId: site.consignmentId, cargoTypeId: world.cargoTypeId, voyageId: site.voyageId, attachedVoyageId: site.voyageId, truckId, driverId, quantity: SLIP_TONNES }),
        }),
      );
      const first = await run((tx) => createFirstWeight(tx, { weighbridges: undefined }, { ...actor(), input: ZOutboundFirstWeightInput.parse({ truckId, driverId, warehouseId: site.warehouseId, machineId: site.machineId, manual: true, manualKg: TARE_KG, manualReason: 'Bench' }) }));
      const second = await run((tx) => createSecondWeight(tx, { weighbridges: undefined }, { ...actor(), input: ZOutboundSecondWeightInput.parse({ firstWeightId: first.id, truckId, machineId: site.machineId, manual: true, manualKg: loadedKg, manualReason: 'Bench' }) }));
      await run((tx) => createOut(tx, { ...actor(), input: ZWarehouseOutInput.parse({ preOutId: preOut.id, secondWeightId: second.id, destinationType: 'consignee', toLocationId: world.consigneeLocationId }) }));
    };
    const outTrace = await traceStatements(() => dispatch(0));
    log(`warehouse: one Warehouse Out (pre out + weights + out) is ${outTrace.length} round trips:\n${statementsText(outTrace)}`);
    log(`warehouse: Warehouse Out (pre out + first and second weight + out), ${WORKERS} workers, ${params.phase.warmup} s warm-up then ${params.phase.measure} s`);
    const warehouseOut = await measured(() => measureRate({ workers: WORKERS, warmupSeconds: params.phase.warmup, measureSeconds: params.phase.measure, operation: (worker) => dispatch(worker) }));
    log(`warehouse: ${warehouseOut.perSecond.toFixed(1)} outs/s (${warehouseOut.failed} failed${warehouseOut.firstFailure ? `: ${warehouseOut.firstFailure}` : ''}); now the bare insert baseline`);

    await db.execute(sql`create table if not exists bench_bare (id integer generated always as identity primary key, n integer not null, at timestamptz not null default now())`);
    const bare = await measured(() =>
      measureRate({
        workers: WORKERS,
        warmupSeconds: params.phase.warmup,
        measureSeconds: params.phase.measure,
        operation: async (_worker, sequence) => {
          await db.transaction(async (tx) => {
            await tx.execute(sql`insert into bench_bare (n) values (${sequence})`);
          });
        },
      }),
    );
    log(`warehouse: bare insert ${bare.perSecond.toFixed(0)}/s`);
    const [ins] = await db.select({ n: sql<number>`count(*)::int` }).from(warehouseIns).where(eq(warehouseIns.agencyId, agencyId));
    const [outs] = await db.select({ n: sql<number>`count(*)::int` }).from(warehouseOuts).where(eq(warehouseOuts.agencyId, agencyId));
    const differences = await findLedgerDifferences(db);
    return { workers: WORKERS, warehouses: WAREHOUSES, warehouseIn, warehouseOut, bare, slipsPrepared, slipsLeft, insWritten: ins?.n ?? 0, outsWritten: outs?.n ?? 0, inRoundTrips: inTrace.length, outRoundTrips: outTrace.length, ledgerClean: differences.length === 0 };
  } finally {
    await database.close();
  }
}
