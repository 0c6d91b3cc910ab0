import { ErrorCode, Messages, type ServerMessage, type TApiError } from '@tonnage/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

declare const runtimeBrand: unique symbol;

/**
 * A message composed at run time (a row number of an imported file, an SMTP server's answer, a master-data
 * resource's own words that carry their Arabic in `details`). Only `runtimeMessage` makes one, so a plain literal
 * never passes for it: every other message is a declared `ServerMessage` with its Arabic in the web.
 */
export type RuntimeMessage = string & { readonly [runtimeBrand]: true };
export const runtimeMessage = (text: string): RuntimeMessage => text as RuntimeMessage;

/** What the error helpers accept: a declared message of the contracts, or one marked as composed at run time. */
export type ErrorMessage = ServerMessage | RuntimeMessage;

/** A domain error with a code; one handler maps it to HTTP. Services throw these, never raw HTTP errors. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: ErrorMessage,
    readonly details?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: ErrorMessage, details?: Record<string, string>) =>
  new AppError(400, ErrorCode.VALIDATION, message, details);
export const unauthenticated = (message: ErrorMessage = Messages.tokenExpired) => new AppError(401, ErrorCode.UNAUTHENTICATED, message);
export const forbidden = () => new AppError(403, ErrorCode.FORBIDDEN, Messages.forbidden);
export const notFound = (message: ErrorMessage = Messages.notFound) => new AppError(404, ErrorCode.NOT_FOUND, message);
/** A 409; `code` tells the client which conflict (a duplicate by default, `RECORD_IN_USE` for a refused delete). */
export const conflict = (message: ErrorMessage, details?: Record<string, string>, code: ErrorCode = ErrorCode.CONFLICT) =>
  new AppError(409, code, message, details);

function fieldPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.') || '_';
}

/** Installs the one error shape `{message, code, details?}` for every failure, including 404s of unknown API paths. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const body: TApiError = { message: error.message, code: error.code, ...(error.details ? { details: error.details } : {}) };
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldPath(issue.instancePath.split('/').filter(Boolean));
        details[key] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(details)[0] ?? 'Invalid request';
      return reply.status(400).send({ message: first, code: ErrorCode.VALIDATION, details } satisfies TApiError);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: Messages.internal, code: ErrorCode.INTERNAL } satisfies TApiError);
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_PARTS_LIMIT') {
      return reply.status(413).send({ message: error.message, code: ErrorCode.PAYLOAD_TOO_LARGE } satisfies TApiError);
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message, code: status === 404 ? ErrorCode.NOT_FOUND : ErrorCode.VALIDATION } satisfies TApiError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: Messages.internal, code: ErrorCode.INTERNAL } satisfies TApiError);
  });
}
