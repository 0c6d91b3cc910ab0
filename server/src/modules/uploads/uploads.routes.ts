import fastifyMultipart from '@fastify/multipart';
import { Messages, UPLOAD_DIRECTORIES, ZApiError, ZUploadResponse } from '@tonnage/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../module-context';
import { access, requireSession } from '../../identity/access';
import { badRequest } from '../../platform/errors';
import { refuseFileName } from '../../platform/input-guard';
import { inlineDisposition, openStoredFile, storeUpload } from './uploads.service';

const ZUploadQuery = z.object({ directory: z.enum(UPLOAD_DIRECTORIES, { error: 'Invalid upload directory.' }) });
const ZFileParams = z.object({ '*': z.string() });
const tags = ['files'];

/** The uploaded file of a multipart request (field `file`), read whole; `truncated` when it passed the limit. */
async function readUploadedFile(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fileName: string; bytes: Buffer; truncated: boolean }> {
  let part;
  try {
    // One byte over the largest allowed size: the reader stops there, and anything that long is refused.
    part = await request.file({ limits: { fileSize: maxBytes + 1 } });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw badRequest(Messages.uploadRequired, { file: Messages.uploadRequired });
    }
    throw error;
  }
  if (!part || part.fieldname !== 'file') throw badRequest(Messages.uploadRequired, { file: Messages.uploadRequired });
  const bytes = await part.toBuffer();
  refuseFileName(part.filename);
  return { fileName: part.filename, bytes, truncated: part.file.truncated };
}

const MB = 1024 * 1024;

/**
 * `POST /api/uploads/file?directory=` (multipart field `file`, spec section 7) and `GET /api/files/<key>`,
 * which serves a stored file to the users allowed to see it (also by session cookie, so it can be a link).
 * Both are `account` routes because a user without any permission keeps their profile picture; the service
 * refuses such a user everything else (agency folders and agency files).
 */
export function registerUploadRoutes(api: FastifyInstance, context: ModuleContext): void {
  const { config, storage } = context;
  const { db } = context.database;

  // Multipart parsing lives in this plugin only: no other route accepts multipart bodies.
  void api.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // The ceiling of any settings value; each request reads its own limit from the settings.
      limits: { fileSize: 100 * MB + 1, files: 1, fields: 10, parts: 20 },
      throwFileSizeLimit: false,
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/uploads/file',
      {
        config: { access: access.account() },
        schema: {
          tags,
          summary: 'Upload one file (multipart field `file`); its type is decided from its content',
          querystring: ZUploadQuery,
          response: { 200: ZUploadResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError, 413: ZApiError },
        },
      },
      async (request) => {
        const session = requireSession(request);
        // Limits come from the product settings, so a super admin's change applies without a restart.
        const settings = await context.settings.get();
        const limits = { imageMaxBytes: Math.round(settings.imageMaxMb * MB), documentMaxBytes: Math.round(settings.documentMaxMb * MB) };
        const upload = await readUploadedFile(request, Math.max(limits.imageMaxBytes, limits.documentMaxBytes));
        return storeUpload(db, {
          storage,
          config: { ...config, ...limits },
          session,
          directory: request.query.directory,
          agencyId: request.agencyId,
          ...upload,
          now: context.clock.now(),
        });
      },
    );

    r.get(
      '/files/*',
      {
        config: { access: access.account() },
        schema: {
          tags,
          summary: 'A stored file (super admins: all; others: files of their agency or of no agency)',
          // No response schema: the body is the file's bytes, streamed as is.
          params: ZFileParams,
        },
      },
      async (request, reply) => {
        const file = await openStoredFile(db, { storage, session: requireSession(request), key: request.params['*'], helpDir: config.helpDir });
        void reply
          .header('content-type', file.contentType)
          .header('cache-control', 'private, max-age=3600')
          .header('content-disposition', inlineDisposition(file.name))
          .header('x-content-type-options', 'nosniff');
        if (file.size !== undefined) void reply.header('content-length', file.size);
        return reply.send(file.body);
      },
    );
  });
}
