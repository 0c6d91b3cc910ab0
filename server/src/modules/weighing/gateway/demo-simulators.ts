import type { WeighbridgeConfig } from '../weighbridges';
import { startWeighbridgeSimulator, type WeighbridgeSimulator } from '../simulator';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * The demo's indicators: a simulator (trucks driving on, settling, weighed, driving off) for each TCP weighbridge
 * pointing at this machine, in the bridge's format, so a newcomer sees live weights at once. A port already taken
 * (a simulator run by hand, another server) is left alone.
 */
export async function startDemoSimulators(bridges: readonly WeighbridgeConfig[], log: (message: string) => void): Promise<{ close(): Promise<void> }> {
  const started: WeighbridgeSimulator[] = [];
  const ports = new Set<number>();
  for (const bridge of bridges) {
    if (bridge.protocol !== 'tcp' || !bridge.host || !bridge.port || !LOCAL_HOSTS.has(bridge.host) || ports.has(bridge.port)) continue;
    ports.add(bridge.port);
    try {
      started.push(await startWeighbridgeSimulator({ format: bridge.indicatorFormat, port: bridge.port, host: '127.0.0.1', seed: bridge.id }));
      log(`Demo weighbridge ${bridge.weightMachineId}: simulated ${bridge.indicatorFormat} indicator on 127.0.0.1:${bridge.port}`);
    } catch (error) {
      log(`Demo weighbridge ${bridge.weightMachineId}: no simulator on port ${bridge.port} (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return {
    async close() {
      // eslint-disable-next-line no-restricted-syntax -- closes TCP servers, no database query
      await Promise.all(started.map((simulator) => simulator.close()));
    },
  };
}
