import fastifyMultipart from '@fastify/multipart';
import {
  ErrorCode,
  Messages,
  ZApiError,
  ZImportError,
  ZImportResult,
  ZImportTemplateQuery,
  permissionFlag,
  resourceRegistry,
  type ResourceDef,
} from '@tonnage/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../module-context';
import { access } from '../../identity/access';
import { runCommand } from '../../kit/route';
import { AppError, badRequest } from '../../platform/errors';
import { refuseFileName } from '../../platform/input-guard';
import { IMPORT_MAX_BYTES, importMessages, importResource, importTemplate, readImportSheet } from './master-data.import';

/** The uploaded file (multipart field `file`), read whole; 413 when it passes the import limit. */
async function readImportFile(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  let part;
  try {
    // One byte over the limit: the reader stops there, and anything that long is refused.
    part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES + 1 } });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw badRequest(Messages.uploadRequired, { file: Messages.uploadRequired });
    }
    throw error;
  }
  if (!part || part.fieldname !== 'file') throw badRequest(Messages.uploadRequired, { file: Messages.uploadRequired });
  const bytes = await part.toBuffer();
  refuseFileName(part.filename);
  if (part.file.truncated || bytes.length > IMPORT_MAX_BYTES) {
    throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, importMessages.tooLarge, { file: importMessages.tooLarge });
  }
  return { fileName: part.filename, bytes };
}

/**
 * `POST /api/<key>/import` (multipart field `file`: .xlsx or CSV) and `GET /api/<key>/import-template.xlsx?lang=`
 * of one resource, guarded by its add flag. The import is all or nothing (see `ZImportError`).
 */
function registerResourceImportRoutes(scope: FastifyInstance, context: ModuleContext, resource: ResourceDef): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const tags = [resource.key];
  const canAdd = access.permission(permissionFlag(resource.permissionModule, 'add'), { agency: 'required' });
  const many = resource.labels.many.en.toLowerCase();

  api.post(
    `/${resource.key}/import`,
    {
      config: { access: canAdd },
      schema: {
        tags,
        summary: `Import ${many} from an Excel (.xlsx) or CSV file (multipart field \`file\`, at most 5MB and 5,000 rows); all rows or none`,
        description:
          'The first non-empty row names the columns (English or Arabic labels, or field names; letter case and spaces ignored). References are given by the referenced row’s name in the agency. When any row is wrong nothing is imported and the 400 lists every wrong row by its spreadsheet row number: `{message, code, details: {"<row>.<field>": message}, rows: [{row, errors: {field: message}}]}`.',
        consumes: ['multipart/form-data'],
        response: { 200: ZImportResult, 400: ZImportError, 401: ZApiError, 403: ZApiError, 409: ZApiError, 413: ZApiError },
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await readImportFile(request);
      const sheet = await readImportSheet(resource, bytes);
      const outcome = await runCommand(context, request, (tx, actor) => importResource(tx, { ...actor, config: context.config, resource, sheet, fileName }));
      if (!outcome.ok) return reply.status(400).send(outcome.error);
      return { imported: outcome.imported, message: outcome.message };
    },
  );

  api.get(
    `/${resource.key}/import-template.xlsx`,
    {
      config: { access: canAdd },
      schema: { tags, summary: `An empty Excel file with the import columns of ${many}, headers in the requested language`, querystring: ZImportTemplateQuery },
    },
    async (request, reply) => {
      const bytes = await importTemplate(resource, request.query.lang);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${resource.key}-import-template.xlsx"`)
        .send(bytes);
    },
  );
}

/** The import routes of every resource, in a scope of their own that accepts multipart bodies. */
export function registerMasterDataImportRoutes(api: FastifyInstance, context: ModuleContext): void {
  void api.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1, fields: 10, parts: 20 }, throwFileSizeLimit: false });
    for (const resource of resourceRegistry) registerResourceImportRoutes(scope, context, resource);
  });
}
