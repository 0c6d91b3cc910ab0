// Weighbridge frame to display latency for `npm run bench` (issue 12): 5 simulated indicators (toledo, TCP) feed
// the real server's gateway; 50 Socket.IO clients, 10 per bridge, are open as live weight displays (the handshake
// of spec section 7 with locationId and weightMachineId). Every frame carries a weight of its own, so each display's
// `weightMachine` event is matched to the instant its frame left the simulator: latency = event received - frame
// written, both measured in this process. The path measured is the whole of it: TCP to the owning process, parser,
// hub, NOTIFY on PostgreSQL, LISTEN in every process, the hub's window test, Socket.IO to the browser's socket.
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { codecOf } from '../../server/src/modules/weighing/indicators';
import { startWeighbridgeSimulator, type WeighbridgeSimulator } from '../../server/src/modules/weighing/simulator';
import { percentileOfSorted, SampleBuffer } from './stats';

export const LATENCY_BRIDGES = 5;
export const DISPLAYS_PER_BRIDGE = 10;
/** The aim of issue 12. */
export const LATENCY_TARGET_P99_MS = 100;
/** A frame every 143 ms per bridge: a Mettler Toledo indicator's ~7 a second. */
const FRAME_INTERVAL_MS = 143;

export interface WeighbridgeLatencyPhase {
  bridges: number;
  displays: number;
  seconds: number;
  /** Frames written by the simulators while measuring. */
  frames: number;
  /** Events the displays received for those frames (frames x displays when nothing is lost). */
  received: number;
  expected: number;
  p50: number;
  p99: number;
  max: number;
}

interface Bridge {
  id: number;
  serial: string;
  locationId: number;
  simulator: WeighbridgeSimulator;
}

/** Points the agency's first bridges at fresh simulators (toledo), adding bridges until there are `count`. */
async function prepareBridges(client: pg.Client, agencyId: number, count: number): Promise<Bridge[]> {
  const existing = await client.query<{ id: number; weight_machine_id: string; location_id: number }>(
    'select id, weight_machine_id, location_id from weight_machines where agency_id = $1 order by id',
    [agencyId],
  );
  const template = existing.rows[0];
  if (!template) throw new Error('the demo agency has no weighbridge');
  const columns = (
    await client.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_schema = 'public' and table_name = 'weight_machines' and column_name <> 'id' and is_generated = 'NEVER'",
    )
  ).rows.map((row) => `"${row.column_name}"`);
  const rows = existing.rows.slice(0, count);
  for (let n = rows.length; n < count; n++) {
    const serial = `WB-BENCH-${n + 1}`;
    const values = columns.map((column) => (column === '"weight_machine_id"' ? `'${serial}'` : column));
    const inserted = await client.query<{ id: number; weight_machine_id: string; location_id: number }>(
      `insert into weight_machines (${columns.join(', ')}) select ${values.join(', ')} from weight_machines where id = $1 returning id, weight_machine_id, location_id`,
      [template.id],
    );
    const row = inserted.rows[0];
    if (!row) throw new Error('could not add a bench weighbridge');
    rows.push(row);
  }
  const bridges: Bridge[] = [];
  for (const row of rows) {
    const simulator = await startWeighbridgeSimulator({ format: 'toledo', port: 0, scenario: 'static' });
    // The bench writes the frames itself (sendRaw), each with its own weight; the scenario's stream stays off.
    simulator.silence(true);
    bridges.push({ id: row.id, serial: row.weight_machine_id, locationId: row.location_id, simulator });
    await client.query(
      "update weight_machines set protocol = 'tcp', host = '127.0.0.1', port = $2, indicator_format = 'toledo', is_active = true where id = $1",
      [row.id, simulator.port],
    );
  }
  return bridges;
}

async function waitFor(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function openDisplay(baseUrl: string, params: { token: string; agencyId: number; bridge: Bridge }): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectSocket(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      query: { token: `Bearer ${params.token}`, agencyId: String(params.agencyId), locationId: String(params.bridge.locationId), weightMachineId: params.bridge.serial },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(new Error(`display handshake refused: ${error.message}`));
    });
  });
}

export async function benchWeighbridgeLatency(params: {
  baseUrl: string;
  databaseUrl: string;
  agencyName: string;
  /** A session of a user holding canViewWeightDisplay over every location (the demo agency's admin). */
  token: string;
  warmupSeconds: number;
  measureSeconds: number;
  log: (line: string) => void;
}): Promise<WeighbridgeLatencyPhase> {
  const client = new pg.Client({ connectionString: params.databaseUrl });
  await client.connect();
  const sockets: Socket[] = [];
  let bridges: Bridge[] = [];
  let pump: NodeJS.Timeout | undefined;
  try {
    const agency = await client.query<{ id: number }>('select id from agencies where name = $1', [params.agencyName]);
    const agencyId = agency.rows[0]?.id;
    if (agencyId === undefined) throw new Error(`no agency "${params.agencyName}"`);
    bridges = await prepareBridges(client, agencyId, LATENCY_BRIDGES);
    const codec = codecOf('toledo');

    // Frames go out from the start (an indicator streams whether anyone listens): the gateway's watchdog would
    // drop a silent link. Each frame's weight is unique within the run, so an event names its frame.
    const sentAt = new Map<string, number>();
    /** Frames written during the measured window: only their events count. */
    const measured = new Set<string>();
    let sequence = 0;
    let measuring = false;
    let frames = 0;
    pump = setInterval(() => {
      sequence++;
      const kg = 10_000 + (sequence % 3000) * 20;
      for (const bridge of bridges) {
        const key = `${bridge.id}:${kg}`;
        sentAt.set(key, performance.now());
        if (measuring) {
          measured.add(key);
          frames++;
        } else measured.delete(key);
        bridge.simulator.sendRaw(codec.encode({ kg, stable: true, overload: false }));
      }
    }, FRAME_INTERVAL_MS);

    params.log(`waiting for the gateway to connect to ${bridges.length} simulated weighbridges`);
    await waitFor('the gateway to connect to every simulator', () => bridges.every((b) => b.simulator.clientCount() > 0), 30_000);

    const latencies = new SampleBuffer(1_000_000);
    let received = 0;
    for (const bridge of bridges) {
      for (let n = 0; n < DISPLAYS_PER_BRIDGE; n++) {
        const socket = await openDisplay(params.baseUrl, { token: params.token, agencyId, bridge });
        socket.on('weightMachine', (payload: { machineId: number; quantity: number }) => {
          const at = performance.now();
          const key = `${payload.machineId}:${Math.round(payload.quantity * 1000)}`;
          const sent = sentAt.get(key);
          if (sent === undefined || !measured.has(key)) return;
          received++;
          latencies.push(at - sent);
        });
        sockets.push(socket);
      }
    }
    params.log(`${sockets.length} displays open; ${params.warmupSeconds} s warm-up, then ${params.measureSeconds} s measured`);
    await new Promise((resolve) => setTimeout(resolve, params.warmupSeconds * 1000));
    measuring = true;
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, params.measureSeconds * 1000));
    measuring = false;
    const seconds = (performance.now() - started) / 1000;
    const framesMeasured = frames;
    // The events of the window's last frames still on their way count.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const sorted = latencies.sorted();
    return {
      bridges: bridges.length,
      displays: sockets.length,
      seconds,
      frames: framesMeasured,
      received,
      expected: framesMeasured * DISPLAYS_PER_BRIDGE,
      p50: percentileOfSorted(sorted, 50),
      p99: percentileOfSorted(sorted, 99),
      max: sorted.length > 0 ? (sorted[sorted.length - 1] ?? Number.NaN) : Number.NaN,
    };
  } finally {
    if (pump) clearInterval(pump);
    for (const socket of sockets) socket.close();
    await Promise.all(bridges.map((bridge) => bridge.simulator.close()));
    await client.end();
  }
}
