import { DEFAULT_STABILITY, INDICATOR_FORMATS, type IndicatorFormat, type StabilitySettings } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client';

/** A weighbridge as the gateway and the hub need it: how to reach its indicator and its capture rules. */
export interface WeighbridgeConfig {
  /** weight_machines.id */
  id: number;
  agencyId: number;
  /** The device serial (weightMachineId). */
  weightMachineId: string;
  protocol: 'tcp' | 'serial' | null;
  host: string | null;
  port: number | null;
  serialPath: string | null;
  baudRate: number | null;
  dataBits: 7 | 8 | null;
  parity: 'none' | 'even' | 'odd' | null;
  stopBits: 1 | 2 | null;
  indicatorFormat: IndicatorFormat;
  settings: StabilitySettings;
}

type StabilityRow = Readonly<Record<string, unknown>>;

function numberOr<T extends number | null>(value: unknown, fallback: T): number | T {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return fallback;
}

/**
 * The capture rules of a weighbridge row (a weight_machines row or the API's row, same field names; numeric columns
 * may come as strings). A missing required setting takes its default; an empty limit stays null (not checked).
 */
export function stabilitySettingsOf(row: StabilityRow): StabilitySettings {
  const d = DEFAULT_STABILITY;
  const limit = (value: unknown) => (value === null || value === undefined ? null : numberOr(value, null));
  return {
    stableSeconds: numberOr(row.stableSeconds, d.stableSeconds),
    motionBand: numberOr(row.motionBand, d.motionBand),
    threshold: numberOr(row.threshold, d.threshold),
    zeroBand: numberOr(row.zeroBand, d.zeroBand),
    staleMs: numberOr(row.staleMs, d.staleMs),
    minGross: limit(row.minGross),
    maxGross: limit(row.maxGross),
    minNet: limit(row.minNet),
    maxNet: limit(row.maxNet),
    minDifference: numberOr(row.minDifference, d.minDifference),
  };
}

type WeighbridgeRow = StabilityRow & {
  id: number;
  agencyId: number;
  weightMachineId: string;
  protocol: string | null;
  host: string | null;
  port: number | null;
  serialPath: string | null;
  baudRate: string | null;
  dataBits: string | null;
  parity: string | null;
  stopBits: string | null;
  indicatorFormat: string;
};

function toConfig(row: WeighbridgeRow): WeighbridgeConfig {
  const format = (INDICATOR_FORMATS as readonly string[]).includes(row.indicatorFormat) ? (row.indicatorFormat as IndicatorFormat) : 'toledo';
  const parity = row.parity === 'none' || row.parity === 'even' || row.parity === 'odd' ? row.parity : null;
  return {
    id: row.id,
    agencyId: row.agencyId,
    weightMachineId: row.weightMachineId,
    protocol: row.protocol === 'tcp' || row.protocol === 'serial' ? row.protocol : null,
    host: row.host,
    port: row.port,
    serialPath: row.serialPath,
    baudRate: row.baudRate === null ? null : numberOr(row.baudRate, null),
    dataBits: row.dataBits === '7' ? 7 : row.dataBits === '8' ? 8 : null,
    parity,
    stopBits: row.stopBits === '1' ? 1 : row.stopBits === '2' ? 2 : null,
    indicatorFormat: format,
    settings: stabilitySettingsOf(row),
  };
}

/**
 * Every active weighbridge of every active agency (the gateway's work list; it runs as the owner, outside any
 * agency, as background work of the platform does). Ordered by id.
 */
export async function loadActiveWeighbridges(db: Db): Promise<WeighbridgeConfig[]> {
  const rows = await queryRows<WeighbridgeRow>(
    db,
    sql`select w.id, w.agency_id as "agencyId", w.weight_machine_id as "weightMachineId", w.protocol, w.host, w.port,
          w.serial_path as "serialPath", w.baud_rate as "baudRate", w.data_bits as "dataBits", w.parity, w.stop_bits as "stopBits",
          w.indicator_format as "indicatorFormat", w.stable_seconds::float8 as "stableSeconds", w.motion_band as "motionBand",
          w.threshold, w.zero_band as "zeroBand", w.stale_ms as "staleMs", w.min_gross as "minGross", w.max_gross as "maxGross",
          w.min_net as "minNet", w.max_net as "maxNet", w.min_difference as "minDifference"
        from weight_machines w join agencies a on a.id = w.agency_id
        where w.is_active and a.is_active
        order by w.id`,
  );
  return rows.map(toConfig);
}

/** What must match for a running connection to be kept: a change of address, line settings, format or staleMs (the watchdog) restarts it; the other rules are read by the hub at each reading. */
export function connectionKey(bridge: WeighbridgeConfig): string {
  return JSON.stringify([bridge.protocol, bridge.host, bridge.port, bridge.serialPath, bridge.baudRate, bridge.dataBits, bridge.parity, bridge.stopBits, bridge.indicatorFormat, bridge.settings.staleMs]);
}
