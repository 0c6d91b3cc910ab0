import { Headers, SESSION_COOKIE, hasAnyPermission, hasPermission } from '@tonnage/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { agencies } from './agencies.schema';
import { resolveSession, type SessionContext } from './sessions.service';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { AppError, badRequest, forbidden, unauthenticated } from '../platform/errors';
import { ErrorCode } from '@tonnage/contracts';

/**
 * What a route needs, declared where the route is defined (`config: { access: ... }`).
 * - public: anyone.
 * - account: any valid session, also one whose role grants no permission: the user's own account (user
 *   context, logout, password flows, profile) and the fixed lookups. Nothing of an agency may be answered here.
 *   `bearerOnly`: the token must come in the Authorization header, never from the cookie or the query, so a
 *   cross-site link or image cannot call it (logout).
 * - signedIn: a valid session holding at least one permission (spec 2.1: a user with none gets nothing of the
 *   agency). The default for anything that reads agency data, so a new route cannot forget the check.
 * - permission: a valid session holding one of the comma-separated flags (spec section 6 check).
 * `agency: 'required'` also needs a selected agency the user may use (header x-agency-id, or the user's own).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'account'; bearerOnly?: true }
  | { kind: 'signedIn'; agency?: 'required' }
  | { kind: 'permission'; permission: string; agency?: 'required' };

export const access = {
  public: (): Access => ({ kind: 'public' }),
  account: (options: { bearerOnly?: true } = {}): Access => ({ kind: 'account', ...options }),
  signedIn: (options: { agency?: 'required' } = {}): Access => ({ kind: 'signedIn', ...options }),
  permission: (permission: string, options: { agency?: 'required' } = {}): Access => ({ kind: 'permission', permission, ...options }),
  superAdmin: (): Access => ({ kind: 'permission', permission: 'canViewAgencies' }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route with the access it declared, for the route audit test and the OpenAPI notes. */
    routeAccess: { method: string; url: string; access: Access }[];
  }
  interface FastifyRequest {
    /** The signed-in session, or null on public routes without one. */
    session: SessionContext | null;
    /** The agency this request works in: the x-agency-id header (checked), else the user's own agency. */
    agencyId: number | null;
  }
}

/** The session of a route that declared signedIn or permission access (never null there). */
export function requireSession(request: FastifyRequest): SessionContext {
  if (!request.session) throw unauthenticated();
  return request.session;
}

/** The agency of a route that declared `agency: 'required'`. */
export function requireAgency(request: FastifyRequest): number {
  if (request.agencyId === null) throw badRequest('Please select an agency.');
  return request.agencyId;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    // A malformed escape is no token of ours: the request is simply not signed in (never a 500).
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The request's token: the bearer header, else (for GET and HEAD only, which change nothing, and not on
 * `bearerOnly` routes) the `token` query parameter or the session cookie, so that images, file downloads and
 * Excel exports can be plain links. A cross-site page can make the browser send the cookie but cannot set the
 * header, so nothing that changes state accepts anything but the header.
 */
export function readToken(request: FastifyRequest, options: { bearerOnly?: boolean } = {}): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  if (options.bearerOnly) return undefined;
  if (request.method === 'GET' || request.method === 'HEAD') {
    const query = request.query as Record<string, unknown> | undefined;
    if (typeof query?.token === 'string' && query.token) return query.token.replace(/^Bearer\s+/, '');
    return readCookie(request.headers.cookie, SESSION_COOKIE);
  }
  return undefined;
}

/** Decides the agency a signed-in user works in for this request, or refuses one they may not use. */
async function resolveAgency(db: Db, request: FastifyRequest, session: SessionContext): Promise<number | null> {
  const raw = request.headers[Headers.agencyId];
  const headerValue = Array.isArray(raw) ? raw[0] : raw;
  if (headerValue === undefined || headerValue === '' || headerValue === 'null') {
    return session.isSuperAdmin ? null : session.user.agencyId;
  }
  const agencyId = Number(headerValue);
  if (!Number.isInteger(agencyId) || agencyId <= 0) throw badRequest('Invalid agency id.');
  if (session.isSuperAdmin) {
    const [found] = await db.select({ id: agencies.id }).from(agencies).where(and(eq(agencies.id, agencyId))).limit(1);
    if (!found) throw new AppError(404, ErrorCode.NOT_FOUND, 'Agency not found');
    return agencyId;
  }
  if (agencyId !== session.user.agencyId) throw forbidden();
  return agencyId;
}

/**
 * Installs the guard: every /api route must declare its access (the app refuses to start otherwise), and
 * every request is checked against it before its handler runs.
 */
export function installAccessControl(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  app.decorateRequest('session', null);
  app.decorateRequest('agencyId', null);
  const registry: FastifyInstance['routeAccess'] = [];
  app.decorate('routeAccess', registry);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path ?? '';
    if (!url.startsWith('/api')) return;
    const config = route.config;
    if (!config?.access) throw new Error(`Route ${String(route.method)} ${url} declares no access; add config.access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') registry.push({ method, url, access: config.access });
  });

  app.addHook('onRequest', async (request) => {
    const declared = request.routeOptions.config.access;
    if (!declared) return; // not an API route (static files, 404s): nothing to guard
    const token = readToken(request, { bearerOnly: declared.kind === 'account' && declared.bearerOnly === true });
    const session = token ? await resolveSession(deps.db, { token, now: deps.clock.now() }) : null;
    request.session = session;
    if (declared.kind === 'public') {
      if (session) request.agencyId = await resolveAgency(deps.db, request, session).catch(() => null);
      return;
    }
    if (!session) throw unauthenticated();
    request.agencyId = await resolveAgency(deps.db, request, session);
    if (declared.kind === 'account') return;
    if (declared.kind === 'signedIn' && !hasAnyPermission(session)) throw forbidden();
    if (declared.kind === 'permission' && !hasPermission(session, declared.permission)) throw forbidden();
    if (declared.agency === 'required' && request.agencyId === null) throw badRequest('Please select an agency.');
  });
}
