import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { ErrorCode, Headers, Messages } from '@tonnage/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerAgencyRoutes } from './modules/agencies/agencies.routes';
import { registerApprovalRoutes } from './modules/approvals/approvals.routes';
import { registerEmailSettingsRoutes } from './modules/email-settings/email-settings.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerUploadRoutes } from './modules/uploads/uploads.routes';
import { registerUserRoutes } from './modules/users/users.routes';
import { registerRoleRoutes } from './modules/roles/roles.routes';
import { registerLookupRoutes } from './modules/lookups/lookups.routes';
import { registerLocationRoutes } from './modules/locations/locations.routes';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerMasterDataRoutes } from './modules/master-data/master-data.routes';
import { registerCargoModules } from './modules/cargo-modules';
import { registerWeightDisplayRoutes } from './modules/weighing/display.routes';
import { withWeightDisplay } from './modules/weighing/display';
import { createCameraSnapshots } from './modules/cameras/cameras.service';
import { registerSettingsRoutes } from './modules/settings/settings.routes';
import { registerExportJobRoutes } from './modules/exports/export-jobs.routes';
import { createExportJobs } from './modules/exports/export-runner';
import { ExportRegistry } from './kit/export';
import { createSettingsService } from './modules/settings/settings.service';
import type { ModuleContext } from './modules/module-context';
import { createWeighbridgeHub, type ReadingHub } from './modules/weighing/gateway/hub';
import { access, installAccessControl } from './identity/access';
import { authenticateHandshake } from './identity/realtime-handshake';
import { systemClock, type Clock } from './platform/clock';
import type { AppConfig } from './platform/config';
import type { Database } from './platform/db/client';
import { installErrorHandling } from './platform/errors';
import { installInputGuard } from './platform/input-guard';
import { logSerializers } from './platform/log-redaction';
import { securityHeaders } from './platform/security-headers';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { attachRealtime, noRealtime } from './platform/realtime/realtime';
import { createStorage, type FileStorage } from './platform/storage/storage';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  storage?: FileStorage;
  /** false: no Socket.IO (unit tests that do not need it). */
  realtime?: boolean;
  /** false: no log at all. */
  logger?: boolean;
  /** Where log lines go (one JSON object per line) instead of stdout; tests read what would be logged. */
  logStream?: { write(line: string): void };
  /** The weighbridge hub; default a new one emitting through this app's realtime (fed by a gateway, or by hand). */
  weighbridges?: ReadingHub;
}

/** What every module's routes receive (declared in modules/, the layer of its users). */
export type { ModuleContext };

export type App = FastifyInstance;

/** Builds the whole server with its dependencies given as arguments, so tests build it the same way. */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; context: ModuleContext; weighbridges: ReadingHub }> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { level: config.logLevel, serializers: logSerializers, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = deps.clock ?? systemClock;
  const realtime = deps.realtime === false ? noRealtime : attachRealtime(app, { database, clock, authenticate: withWeightDisplay(authenticateHandshake) });
  // The hub emits each reading to this app's sockets of the weighbridge's room.
  const weighbridges = deps.weighbridges ?? createWeighbridgeHub({ realtime, clock });
  const storage = deps.storage ?? createStorage(config);
  const datasets = new ExportRegistry();
  const exportJobs = createExportJobs({
    database,
    clock,
    config,
    datasets,
    log: { info: (message) => app.log.info(message), error: (error, message) => app.log.error({ err: error }, message) },
  });
  const context: ModuleContext = {
    config,
    database,
    clock,
    mailer: deps.mailer ?? createMailer(config),
    storage,
    cameras: createCameraSnapshots({ database, clock, storage, config }),
    settings: createSettingsService({ db: database.db, config, clock }),
    realtime,
    weighbridges,
    exports: { datasets, jobs: exportJobs, settings: { jobThreshold: config.exportJobRows, sheetRowLimit: config.exportSheetRows, batchSize: config.exportBatchRows } },
  };

  const headers = { ...securityHeaders(config), [Headers.appVersion]: config.appVersion };
  app.addHook('onSend', async (_request, reply) => {
    void reply.headers(headers);
  });
  // The background exports run in this process from the moment it serves (queued jobs and those a restart left).
  app.addHook('onReady', (done) => {
    exportJobs.start(context);
    done();
  });
  app.addHook('onClose', async () => {
    await exportJobs.stop();
    weighbridges.close();
    await context.realtime.close();
  });

  installErrorHandling(app);
  installInputGuard(app);
  installAccessControl(app, { db: database.db, clock });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Tonnage API', version: config.appVersion } },
    transform: jsonSchemaTransform,
  });

  app.get(
    '/api/health',
    {
      config: { access: access.public() },
      schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.string(), version: z.string() }) } },
    },
    async () => {
      await database.ping();
      return { status: 'ok' as const, database: database.kind, version: config.appVersion };
    },
  );
  app.get('/api/openapi.json', { config: { access: access.public() }, schema: { hide: true } }, () => app.swagger());

  await app.register(
    (api, _options, done) => {
      registerAuthRoutes(api, context);
      registerUserRoutes(api, context);
      registerRoleRoutes(api, context);
      registerLookupRoutes(api, context);
      registerAgencyRoutes(api, context);
      registerUploadRoutes(api, context);
      registerSettingsRoutes(api, context);
      registerApprovalRoutes(api, context);
      registerEmailSettingsRoutes(api, context);
      registerMasterDataRoutes(api, context);
      registerLocationRoutes(api, context);
      registerDashboardRoutes(api, context);
      registerWeightDisplayRoutes(api, context);
      registerCargoModules(api, context);
      registerExportJobRoutes(api, context, exportJobs);
      done();
    },
    { prefix: '/api' },
  );

  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    // The build writes .br and .gz copies beside each file (web/precompress.ts): sent to a browser that accepts them.
    await app.register(fastifyStatic, { root: config.webDistDir, wildcard: false, index: false, maxAge: '1h', preCompressed: true });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send({ message: Messages.notFound, code: ErrorCode.NOT_FOUND });
    }
    // Every other path is a page of the single-page app.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return { app, context, weighbridges };
}
