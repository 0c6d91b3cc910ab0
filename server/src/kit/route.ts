import { SocketEvents, ZApiError, hasPermission, permissionFlag, type PermissionRef, type PermissionRequirement, type StatsEvent, type StatsType } from '@tonnage/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import type { Realtime } from '../platform/realtime/realtime';
import { access, requireAgency, requireSession } from '../identity/access';
import type { Db } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';
import { collectingTouches, touchedTypes, type DashboardTouches } from '../ledger/dashboard-touch';
import { forbidden } from '../platform/errors';
import { actorOf, type Actor } from './actor';
import type { ExportKit } from './export';

/** What the kit needs of the app: the database, the clock, the realtime rooms and the exports (a module's context has them). */
export interface KitContext {
  database: Database;
  clock: Clock;
  realtime: Realtime;
  exports: ExportKit;
}

/*
 * The one route wrapper of the cargo flows: access declared at the route (permission flags, agency required), the
 * zod schemas of params, query and body, one agency transaction (`inAgency`, which retries on deadlock) with the
 * request's actor, and after the commit (never before: a retried transaction must not have announced anything)
 * the realtime event and any after-commit work of the command. Generated transaction routes and flow-specific
 * routes (voyage shipments, totals, pickers, the slip PDF, out-turn decisions) are all defined through it.
 */

/** Error answers every cargo route may give (the shape of `ZApiError`). */
export const ERROR_RESPONSES = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError } as const;

/** The comma-separated flags (any one suffices) of permission references. */
export function flagsOf(refs: readonly PermissionRef[]): string {
  return refs.map((ref) => permissionFlag(ref.module, ref.action)).join(',');
}

/** The flags a route declares for a requirement (the guard checks them before the handler runs). */
export function requirementFlags(requirement: PermissionRequirement): string {
  return flagsOf(requirement.anyOf);
}

/**
 * The result of a command that has more to do once its transaction committed than the route's event: mails,
 * other events, or no stats event because nothing moved (`statsChanged: false`). The route answers `body`.
 */
export class Committed<Body> {
  constructor(
    readonly body: Body,
    readonly options: { afterCommit?: () => Promise<void> | void; statsChanged?: boolean } = {},
  ) {}
}

/**
 * An answer the database wrote as JSON text (a long list, built in the statement that reads it: the dashboard's
 * level-1 truck lists, 1,000 rows and 375 KiB, whose rows Node.js spent 15 to 20 ms building, encoding and collecting
 * the garbage of): sent as it is, as `application/json`, never encoded through the route's `response` schema, which
 * still documents it; the work's tests parse its answers with the schema. Errors keep the app's encoding.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** What a route's work receives besides the transaction and the actor: the validated request parts. */
export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  request: FastifyRequest;
}

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** A cargo route: its HTTP shape and docs, its access, and its work in the agency transaction. */
export interface CargoRouteSpec<P extends Schema, Q extends Schema, B extends Schema, Result> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Who may call it: any one of `anyOf` (declared at the route), and any one of `alsoAnyOf` when given. */
  permission: PermissionRequirement;
  tags: readonly string[];
  summary: string;
  params?: P;
  querystring?: Q;
  body?: B;
  /** The success answer's schema (omitted for files). */
  response?: z.ZodType;
  /** Success status (200 unless the spec says 201). */
  status?: 200 | 201;
  /** Dashboard tab told after the commit (`{statsUpdated, type}` to the agency), for a write. */
  event?: StatsType;
  /** The command or query, in one agency transaction with the actor. */
  work: (tx: Db, actor: Actor, input: RouteInput<Out<P>, Out<Q>, Out<B>>) => Promise<Result | Committed<Result>>;
}

/** Refuses a session without one of `alsoAnyOf` (the part of a requirement the route's access does not declare). */
export function checkAlso(request: FastifyRequest, requirement: PermissionRequirement): void {
  if (requirement.alsoAnyOf && !hasPermission(requireSession(request), flagsOf(requirement.alsoAnyOf))) throw forbidden();
}

/** Tells the agency's screens that the figures of a dashboard tab changed (after a commit). */
export function announce(context: KitContext, agencyId: number, type: StatsType): void {
  const event: StatsEvent = { statsUpdated: true, type };
  context.realtime.emitToAgency(agencyId, SocketEvents.events, event);
}

/** Every dashboard tab, announced when the tabs a commit touched cannot be read (the commit stands; screens reload). */
const ALL_TABS: readonly StatsType[] = ['vessel', 'warehouse', 'consignee', 'customer', 'stats'];

/**
 * Announces, after a commit, the tabs its postings touched (`touchedTypes`: derived from the accounts the ledger
 * moved) and the route's own `event` (a change of figures without a posting), each type once.
 */
async function announceCommitted(context: KitContext, agencyId: number, touches: DashboardTouches, event: StatsType | undefined): Promise<void> {
  let types: StatsType[] = [];
  if (!touches.empty) {
    try {
      types = await inAgency(context.database.db, agencyId, (tx) => touchedTypes(tx, touches));
    } catch {
      types = [...ALL_TABS];
    }
  }
  for (const type of new Set([...types, ...(event ? [event] : [])])) announce(context, agencyId, type);
}

/**
 * Runs `work` for a request in its agency's transaction with its actor; after the commit runs the result's
 * after-commit work and announces the dashboard tabs its postings touched and `event` (unless the result says
 * nothing moved). Each attempt of the transaction collects its own touches, so a retried or rolled-back attempt
 * announces nothing. Answers the result's body.
 */
export async function runCommand<Result>(
  context: KitContext,
  request: FastifyRequest,
  work: (tx: Db, actor: Actor) => Promise<Result | Committed<Result>>,
  event?: StatsType,
): Promise<Result> {
  const agencyId = requireAgency(request);
  const { result: outcome, touches } = await inAgency(context.database.db, agencyId, async (tx) => {
    const actor = await actorOf(tx, request, context.clock);
    return collectingTouches(() => work(tx, actor));
  });
  if (!(outcome instanceof Committed)) {
    await announceCommitted(context, agencyId, touches, event);
    return outcome;
  }
  await outcome.options.afterCommit?.();
  await announceCommitted(context, agencyId, touches, outcome.options.statsChanged === false ? undefined : event);
  return outcome.body;
}

/** Defines a cargo route on `api` (see the file's comment). */
export function cargoRoute<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined, Result = unknown>(
  api: FastifyInstance,
  context: KitContext,
  spec: CargoRouteSpec<P, Q, B, Result>,
): void {
  const status = spec.status ?? 200;
  api.withTypeProvider<ZodTypeProvider>().route({
    method: spec.method,
    url: spec.url,
    config: { access: access.permission(requirementFlags(spec.permission), { agency: 'required' }) },
    schema: {
      tags: [...spec.tags],
      summary: spec.summary,
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.querystring ? { querystring: spec.querystring } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.response ? { response: { [status]: spec.response, ...ERROR_RESPONSES } } : {}),
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      checkAlso(request, spec.permission);
      // Fastify validated each part against its schema before the handler runs: these are the parsed values.
      const input = { params: request.params, query: request.query, body: request.body, request } as RouteInput<Out<P>, Out<Q>, Out<B>>;
      const result = await runCommand(context, request, (tx, actor) => spec.work(tx, actor, input), spec.event);
      if (result instanceof JsonText) return reply.status(status).type('application/json; charset=utf-8').send(result.text);
      return reply.status(status).send(result);
    },
  });
}

/** Defines a route that streams a file (an Excel export, a PDF): access as `cargoRoute`, the handler owns the reply. */
export function fileRoute<P extends Schema = undefined, Q extends Schema = undefined>(
  api: FastifyInstance,
  spec: {
    url: string;
    permission: PermissionRequirement;
    tags: readonly string[];
    summary: string;
    params?: P;
    querystring?: Q;
    send: (request: FastifyRequest, reply: FastifyReply, input: { params: Out<P>; query: Out<Q> }) => FastifyReply | Promise<FastifyReply>;
  },
): void {
  api.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: spec.url,
    config: { access: access.permission(requirementFlags(spec.permission), { agency: 'required' }) },
    schema: {
      tags: [...spec.tags],
      summary: spec.summary,
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.querystring ? { querystring: spec.querystring } : {}),
    },
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      checkAlso(request, spec.permission);
      return spec.send(request, reply, { params: request.params, query: request.query } as { params: Out<P>; query: Out<Q> });
    },
  });
}
