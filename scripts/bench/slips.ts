// Loading slips posted per second for `npm run bench`, beside a bare single-row insert transaction on the same
// PostgreSQL server in the same run.
//
// A slip goes through the real service (`createLoadingSlip`): the port loading row locked, truck, driver and their
// rules checked, the WBT number checked, the trip and the numbered slip inserted, the ledger posting ON_BOARD ->
// IN_TRANSIT with its CHECK constraints and deferred zero-sum trigger, the audit row, all in one `inAgency`
// transaction as the application role under row-level security. Two shapes are measured:
// - spread: the workers load the 8 BLs of one vessel, 8 port loadings in parallel (a busy port);
// - one BL: every worker loads the same port loading, so every slip waits for the same ON_BOARD account and port
//   loading rows (the worst case: one vessel hold, many trucks).
// The baseline is the same number of workers each committing `insert into bench_bare (n) values ($1)`.
import { ZLoadingSlipInput, ZPortLoadingInput } from '@tonnage/contracts';
import { eq, sql } from 'drizzle-orm';
import { agencies } from '../../server/src/identity/agencies.schema';
import { createLoadingSlip } from '../../server/src/modules/port-loading/loading-slips.service';
import { makeCargoWorld, makeShipment } from '../../server/src/modules/port-loading/port-loading.fixtures';
import { createPortLoading } from '../../server/src/modules/port-loading/port-loading.service';
import { loadingSlips } from '../../server/src/modules/port-loading/port-loading.schema';
import { users } from '../../server/src/identity/users.schema';
import { findLedgerDifferences } from '../../server/src/ledger/ledger.check';
import { loadConfig } from '../../server/src/platform/config';
import { openDatabase } from '../../server/src/platform/db/client';
import { inAgency } from '../../server/src/platform/db/tenancy';
import { measureCpuSplit, type CpuSplit } from './machine';
import { measureRate, type RateResult } from './rate';
import { statementsText, traceStatements, withCpuProfile, type TracedStatement } from './statements';
import { UNRESTRICTED } from '../../server/src/identity/data-scope';

export interface MeasuredRate extends RateResult {
  /** CPU use during the phase (warm-up included). */
  cpu: CpuSplit | null;
}

export interface SlipPhase {
  workers: number;
  portLoadings: number;
  spread: MeasuredRate;
  oneBl: MeasuredRate;
  bare: MeasuredRate;
  /** Slips in the database after the run, and whether the kept balances still equal the ledger. */
  slipsWritten: number;
  ledgerClean: boolean;
  /** The statements (round trips) of one slip, traced alone before the load. */
  statements: TracedStatement[];
}

const WORKERS = Number(process.env.BENCH_SLIP_WORKERS ?? 16);
const PORT_LOADINGS = 8;
const TRUCKS = 64;

export async function benchSlips(params: {
  databaseUrl: string;
  phase: { warmup: number; measure: number };
  cpuScope: { serverPid: number | undefined; databaseName: string };
  log: (line: string) => void;
}): Promise<SlipPhase> {
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
    const [agency] = await db.insert(agencies).values({ name: `Bench Slips ${now.getTime()}`, timezone: 'Asia/Riyadh' }).returning();
    if (!agency) throw new Error('agency insert returned no row');
    const [user] = await db
      .insert(users)
      .values({ agencyId: agency.id, kind: 'agencyAdmin', username: `bench.slips.${now.getTime()}`, email: `slips.${now.getTime()}@bench.example`, passwordHash: 'x', firstName: 'Bench' })
      .returning();
    if (!user) throw new Error('user insert returned no row');
    const writer = { agencyId: agency.id, userId: user.id, now, config: loadConfig() };
    const actor = { agencyId: agency.id, userId: user.id, now, scope: UNRESTRICTED };

    log(`slips: a vessel with ${PORT_LOADINGS} BLs of 5,000,000 MT, ${PORT_LOADINGS} port loadings, ${TRUCKS} trucks and drivers`);
    const world = await makeCargoWorld(db, writer);
    const fleet: { truckId: number; driverId: number }[] = [];
    for (let i = 0; i < TRUCKS; i += 1) {
      fleet.push({ truckId: await world.truck(`BT ${1000 + i}`), driverId: await world.driver(`Bench${i}`) });
    }
    const first = await makeShipment(db, writer, world, { blTonnes: '5000000.000' });
    const shipments = [first];
    for (let i = 1; i < PORT_LOADINGS; i += 1) shipments.push(await makeShipment(db, writer, world, { blTonnes: '5000000.000', voyageId: first.voyageId }));
    const portLoadingIds: number[] = [];
    for (const shipment of shipments) {
      const input = ZPortLoadingInput.parse({
        voyageId: shipment.voyageId,
        shipmentId: shipment.shipmentId,
        transportationType: 'warehouse',
        toLocationId: world.warehouseId,
        transporterKind: 'company',
        transporterId: world.transporterId,
        quantity: '5000000.000',
        loadingDate: now.toISOString().slice(0, 10),
      });
      const created = await inAgency(db, agency.id, (tx) => createPortLoading(tx, { ...actor, input }));
      portLoadingIds.push(created.id);
    }

    const slip = (portLoadingId: number, worker: number, sequence: number) => {
      const vehicle = fleet[(worker * 7 + sequence) % fleet.length] ?? fleet[0];
      if (!vehicle) throw new Error('no trucks');
      const input = ZLoadingSlipInput.parse({ truckId: vehicle.truckId, driverId: vehicle.driverId, wbtNumber: `WBT-${sequence}-${worker}`, quantity: '25.000' });
      return inAgency(db, agency.id, (tx) => createLoadingSlip(tx, { agencyId: agency.id, userId: user.id, now: new Date(), scope: UNRESTRICTED, portLoadingId, input }));
    };
    let wbt = 0;
    const unique = () => (wbt += 1);

    // Two slips first (the first warms the connection's caches), then one traced alone: its round trips.
    await slip(portLoadingIds[0] ?? 0, 0, unique());
    await slip(portLoadingIds[1] ?? 0, 1, unique());
    const statements = await traceStatements(() => slip(portLoadingIds[0] ?? 0, 2, unique()));
    log(`slips: one slip is ${statements.length} round trips:\n${statementsText(statements)}`);

    log(`slips: ${WORKERS} workers over ${PORT_LOADINGS} port loadings, ${params.phase.warmup} s warm-up then ${params.phase.measure} s`);
    const spreadRun = () => measureRate({
      workers: WORKERS,
      warmupSeconds: params.phase.warmup,
      measureSeconds: params.phase.measure,
      operation: async (worker) => {
        await slip(portLoadingIds[worker % PORT_LOADINGS] ?? 0, worker, unique());
      },
    });
    // BENCH_SLIP_CPU_PROFILE=<file>: the bench process's CPU profile of this phase (what the slips cost in Node).
    const profileFile = process.env.BENCH_SLIP_CPU_PROFILE;
    const spread = await measured(profileFile ? () => withCpuProfile(profileFile, spreadRun) : spreadRun);
    log(`slips: ${spread.perSecond.toFixed(0)}/s spread; now ${WORKERS} workers on one port loading`);
    const oneBl = await measured(() => measureRate({
      workers: WORKERS,
      warmupSeconds: params.phase.warmup,
      measureSeconds: params.phase.measure,
      operation: async (worker) => {
        await slip(portLoadingIds[0] ?? 0, worker, unique());
      },
    }));
    log(`slips: ${oneBl.perSecond.toFixed(0)}/s on one BL; now the bare insert baseline`);

    await db.execute(sql`create table if not exists bench_bare (id integer generated always as identity primary key, n integer not null, at timestamptz not null default now())`);
    const bare = await measured(() => measureRate({
      workers: WORKERS,
      warmupSeconds: params.phase.warmup,
      measureSeconds: params.phase.measure,
      operation: async (_worker, sequence) => {
        await db.transaction(async (tx) => {
          await tx.execute(sql`insert into bench_bare (n) values (${sequence})`);
        });
      },
    }));
    log(`slips: bare insert ${bare.perSecond.toFixed(0)}/s`);

    const [written] = await db.select({ n: sql<number>`count(*)::int` }).from(loadingSlips).where(eq(loadingSlips.agencyId, agency.id));
    const differences = await findLedgerDifferences(db);
    return { workers: WORKERS, portLoadings: PORT_LOADINGS, spread, oneBl, bare, slipsWritten: written?.n ?? 0, ledgerClean: differences.length === 0, statements };
  } finally {
    await database.close();
  }
}
