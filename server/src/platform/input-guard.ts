import { Headers, TEXT_NOT_ALLOWED, ZRecordIdText, hasCharactersNotAllowed } from '@tonnage/contracts';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { type AppError, badRequest } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route's input schemas (params, querystring, body) by "METHOD url", for the bad-input sweep. */
    routeInputs: Map<string, Pick<FastifySchema, 'params' | 'querystring' | 'body'>>;
  }
}

/** True when any string in a parsed JSON value (keys included) holds characters the text contract refuses. */
export function holdsTextNotAllowed(value: unknown): boolean {
  // A loop, not recursion: a deeply nested body must not overflow the stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (hasCharactersNotAllowed(item)) return true;
    } else if (Array.isArray(item)) {
      pending.push(...(item as unknown[]));
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, entry] of Object.entries(item)) {
        if (hasCharactersNotAllowed(key)) return true;
        pending.push(entry);
      }
    }
  }
  return false;
}

/** The refusal of a part of a request that holds text the contract refuses, keyed by where it was; else undefined. */
function textRefusal(part: string, value: unknown): AppError | undefined {
  return holdsTextNotAllowed(value) ? badRequest(TEXT_NOT_ALLOWED, { [part]: TEXT_NOT_ALLOWED }) : undefined;
}

/**
 * The backstop of the text and id contracts at the edge, whatever a route's own schema says: a NUL or an unpaired
 * surrogate anywhere in the path, query string or JSON body, and an agency header that is not an id, are refused
 * with a 400 before the session lookup and before any handler, so they can never reach the database.
 * Install it before the access control, whose lookups read the query string and the agency header.
 */
export function installInputGuard(app: FastifyInstance): void {
  const inputs: FastifyInstance['routeInputs'] = new Map();
  app.decorate('routeInputs', inputs);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path ?? '';
    if (!url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const { params, querystring, body } = route.schema ?? {};
    for (const method of methods) inputs.set(`${method} ${url}`, { params, querystring, body });
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api')) return done();
    const raw = request.headers[Headers.agencyId];
    const agencyHeader = Array.isArray(raw) ? raw[0] : raw;
    const badAgency = agencyHeader !== undefined && agencyHeader !== '' && agencyHeader !== 'null' && !ZRecordIdText.safeParse(agencyHeader).success;
    done(textRefusal('params', request.params) ?? textRefusal('query', request.query) ?? (badAgency ? badRequest('Invalid agency id.') : undefined));
  });
  // Multipart bodies are read by their handlers, which check the file name (`refuseFileName`).
  app.addHook('preValidation', (request, _reply, done) => {
    done(textRefusal('body', request.body));
  });
}

/** An uploaded file's name is text too: refused like any other, before it is stored. */
export function refuseFileName(fileName: string): void {
  if (hasCharactersNotAllowed(fileName)) throw badRequest(TEXT_NOT_ALLOWED, { file: TEXT_NOT_ALLOWED });
}
