import { createReadStream } from 'node:fs';
import { access as fileAccess, rm } from 'node:fs/promises';
import { ExportMessages, ZApiError, ZExportJob, ZExportJobList, ZExportJobRemoved, ZIdParams } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, requireAgency, requireSession } from '../../identity/access';
import { mayExport } from '../../kit';
import { inAgency } from '../../platform/db/tenancy';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { ModuleContext } from '../module-context';
import { cancelOrRemoveExportJob, findExportJob, listExportJobs, toApiJob } from './export-jobs.service';
import type { ExportJobs } from './export-runner';

/*
 * The user's background exports (issue 16): the list the top bar shows, one job (its progress), the download, and
 * cancel / remove. Any signed-in user of the agency may call them; each answers only the asking user's own jobs in
 * the request's agency (404 for any other), and the download also needs the export's permission still.
 */

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError } as const;
const tags = ['exports'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Registers `/api/export-jobs` (see the file's comment). */
export function registerExportJobRoutes(instance: FastifyInstance, context: ModuleContext, jobs: ExportJobs): void {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.signedIn({ agency: 'required' }) };
  const { database, clock } = context;
  const owner = (request: Parameters<typeof requireSession>[0]) => ({ agencyId: requireAgency(request), userId: requireSession(request).user.id });

  api.get(
    '/export-jobs',
    { config, schema: { tags, summary: 'The signed-in user’s latest background exports in the agency, newest first', response: { 200: ZExportJobList, ...errors } } },
    async (request) => {
      const who = owner(request);
      return { rows: await inAgency(database.db, who.agencyId, (tx) => listExportJobs(tx, who)) };
    },
  );

  api.get(
    '/export-jobs/:id',
    { config, schema: { tags, summary: 'One of the user’s background exports (its progress)', params: ZIdParams, response: { 200: ZExportJob, ...errors } } },
    async (request) => {
      const who = { ...owner(request), id: request.params.id };
      return toApiJob(await inAgency(database.db, who.agencyId, (tx) => findExportJob(tx, who)));
    },
  );

  api.get(
    '/export-jobs/:id/download',
    { config, schema: { tags, summary: 'The .xlsx of a finished background export (its user only, with the export’s permission)', params: ZIdParams } },
    async (request, reply) => {
      const who = { ...owner(request), id: request.params.id };
      const job = await inAgency(database.db, who.agencyId, (tx) => findExportJob(tx, who));
      if (job.status !== 'done' || !job.filePath) throw conflict(ExportMessages.notReady);
      const dataset = context.exports.datasets.get(job.dataset);
      if (!dataset || !mayExport(requireSession(request), dataset.permission)) throw forbidden();
      const file = jobs.fileOf(job.filePath);
      try {
        await fileAccess(file);
      } catch {
        throw notFound(ExportMessages.fileMissing);
      }
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${job.fileName}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(file));
    },
  );

  api.delete(
    '/export-jobs/:id',
    {
      config,
      schema: { tags, summary: 'Cancels a background export under way, or removes a finished one and its file', params: ZIdParams, response: { 200: ZExportJobRemoved, ...errors } },
    },
    async (request) => {
      const who = { ...owner(request), id: request.params.id, now: clock.now(), keepSeconds: context.config.exportKeepSeconds };
      const outcome = await inAgency(database.db, who.agencyId, (tx) => cancelOrRemoveExportJob(tx, who));
      if (outcome.filePath) await rm(jobs.fileOf(outcome.filePath), { force: true });
      if (outcome.job) jobs.announce(who.userId, outcome.job);
      return { message: outcome.message, job: outcome.job };
    },
  );
}
