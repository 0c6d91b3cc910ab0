import path from 'node:path';
import { buildApp } from './app';
import { systemClock } from './platform/clock';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db/client';
import { EmbeddedDatabaseInUseError } from './platform/db/embedded-lock';
import { seedFirstRun } from './seed/first-run';
import { codecOf } from './modules/weighing/indicators';
import { startDemoSimulators } from './modules/weighing/gateway/demo-simulators';
import { installWeighbridgeGateway, startWeighbridgeGateway } from './modules/weighing/gateway/gateway';
import { loadActiveWeighbridges } from './modules/weighing/weighbridges';

/** Starts the product: configuration, database, migrations, first-run seed, the weighbridge gateway (and the demo's simulated indicators), then the HTTP server. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  await database.migrate();
  await seedFirstRun(database.db, { config, clock: systemClock, log: (line) => console.info(line) });
  const { app, weighbridges } = await buildApp({ config, database });
  // The demo's simulated indicators first, so the gateway finds them at its first refresh.
  const simulators = config.demoWeighbridges ? await startDemoSimulators(await loadActiveWeighbridges(database.db), (line) => console.info(line)) : null;
  const gateway = startWeighbridgeGateway({ database, hub: weighbridges, codecOf, log: (line) => app.log.info(line) });
  installWeighbridgeGateway(app, gateway);
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await simulators?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  console.info(`Tonnage ${config.appVersion} is running on http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
}

main().catch((error: unknown) => {
  // A refusal the user can act on is said in one line; anything else with its stack.
  console.error(error instanceof EmbeddedDatabaseInUseError ? error.message : error);
  process.exit(1);
});
