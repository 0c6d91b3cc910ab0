import type { IndicatorFormat } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../../platform/db/client';
import type { IndicatorCodec } from '../weighing.types';
import { connectionKey, loadActiveWeighbridges, type WeighbridgeConfig } from '../weighbridges';
import { memoryReadingBus, postgresReadingBus, type ReadingBus } from './bus';
import { openBridgeConnection, type BridgeConnection, type ConnectionOptions, type OpenTransport } from './connection';
import type { ReadingHub } from './hub';
import { postgresOwnership, soleOwnership, type BridgeOwnership } from './ownership';

export interface GatewayOptions {
  database: Database;
  hub: ReadingHub;
  codecOf(format: IndicatorFormat): IndicatorCodec;
  /** How often the weighbridges are reread and free ones claimed (default 2 s). */
  refreshMs?: number;
  /** Defaults by the database: LISTEN/NOTIFY and advisory locks on PostgreSQL, in memory on PGlite. */
  bus?: ReadingBus;
  ownership?: BridgeOwnership;
  transport?: OpenTransport;
  backoff?: ConnectionOptions['backoff'];
  log?: (message: string) => void;
  load?: (db: Db) => Promise<WeighbridgeConfig[]>;
}

export interface WeighbridgeGateway {
  /** Rereads the weighbridges now: opens, restarts or stops links, claims free bridges. */
  refresh(): Promise<void>;
  /** Ids of the bridges this process reads. */
  owned(): number[];
  stop(): Promise<void>;
}

/** Whether a bridge says how to reach it (a form may leave the connection empty until the device is installed). */
function reachable(bridge: WeighbridgeConfig): boolean {
  if (bridge.protocol === 'tcp') return Boolean(bridge.host && bridge.port);
  if (bridge.protocol === 'serial') return Boolean(bridge.serialPath);
  return false;
}

/**
 * Reads every active weighbridge this process owns (exactly one process per bridge on PostgreSQL; this one for all
 * on PGlite) and publishes each reading on the bus; every process's hub receives the bus. Rereads the weighbridges
 * every refreshMs (added, changed, deactivated bridges; bridges freed by a process that died).
 */
export function startWeighbridgeGateway(options: GatewayOptions): WeighbridgeGateway {
  const { database, hub } = options;
  const log = options.log ?? (() => undefined);
  const poolConfig = database.pool?.options;
  const bus = options.bus ?? (poolConfig ? postgresReadingBus(poolConfig, (message) => log(message)) : memoryReadingBus());
  const ownership = options.ownership ?? (poolConfig ? postgresOwnership(poolConfig) : soleOwnership());
  const load = options.load ?? loadActiveWeighbridges;
  const links = new Map<number, { key: string; connection: BridgeConnection }>();
  let stopped = false;

  bus.subscribe((reading) => hub.receive(reading));
  ownership.onLost(() => {
    log('weighbridge gateway: the ownership connection dropped; every link stops until claimed again');
    for (const link of links.values()) link.connection.close();
    links.clear();
  });

  const stopLink = async (id: number, release: boolean) => {
    links.get(id)?.connection.close();
    links.delete(id);
    if (release) await ownership.release(id);
  };

  const codecFor = (bridge: WeighbridgeConfig): IndicatorCodec | null => {
    try {
      return options.codecOf(bridge.indicatorFormat);
    } catch {
      return null;
    }
  };

  const startLink = (bridge: WeighbridgeConfig, codec: IndicatorCodec) => {
    const connection = openBridgeConnection({
      bridge,
      codec,
      onReading: (reading) => bus.publish({ ...reading, machineId: bridge.id, agencyId: bridge.agencyId }),
      log,
      ...(options.transport ? { transport: options.transport } : {}),
      ...(options.backoff ? { backoff: options.backoff } : {}),
    });
    links.set(bridge.id, { key: connectionKey(bridge), connection });
  };

  const refreshOnce = async () => {
    const bridges = await load(database.db);
    if (stopped) return;
    hub.setBridges(bridges);
    const wanted = new Map(bridges.filter(reachable).map((bridge) => [bridge.id, bridge]));
    for (const [id, link] of [...links]) {
      const bridge = wanted.get(id);
      if (!bridge) await stopLink(id, true);
      else if (link.key !== connectionKey(bridge)) await stopLink(id, false);
    }
    for (const bridge of wanted.values()) {
      const codec = codecFor(bridge);
      if (stopped || links.has(bridge.id) || !codec) continue;
      if (await ownership.claim(bridge.id)) {
        if (stopped || links.has(bridge.id)) continue;
        startLink(bridge, codec);
        log(`weighbridge ${bridge.weightMachineId} (#${bridge.id}): reading ${bridge.protocol === 'tcp' ? `${bridge.host}:${bridge.port}` : bridge.serialPath} (${bridge.indicatorFormat})`);
      }
    }
  };

  // One refresh at a time; a request during one runs once more after it.
  let running: Promise<void> | null = null;
  let again = false;
  let lastFailure: string | null = null;
  const refresh = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await refreshOnce();
          lastFailure = null;
        } catch (error) {
          // Said once while the same failure repeats (a database down is retried every refresh).
          const message = error instanceof Error ? error.message : String(error);
          if (message !== lastFailure) log(`weighbridge gateway: refresh failed: ${message}`);
          lastFailure = message;
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => void refresh(), options.refreshMs ?? 2000);
  timer.unref();
  void refresh();

  return {
    refresh,
    owned: () => [...links.keys()],
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      for (const link of links.values()) link.connection.close();
      links.clear();
      await ownership.close();
      await bus.close();
    },
  };
}

/**
 * Wires a gateway to the app: a write to the weighbridges' master data (create, update, status, delete, import)
 * rereads them at once instead of at the next refresh, and closing the app stops the gateway.
 */
export function installWeighbridgeGateway(app: FastifyInstance, gateway: WeighbridgeGateway): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && /^\/api\/weightMachine(\/|$)/.test(request.routeOptions.url ?? '')) void gateway.refresh();
    done();
  });
  app.addHook('onClose', async () => {
    await gateway.stop();
  });
}
