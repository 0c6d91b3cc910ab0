import { hasPermission, permissionFlag, type PermissionAction, type UserKind } from '@tonnage/contracts';
import type { FastifyRequest } from 'fastify';
import { requireAgency, requireSession } from '../identity/access';
import type { Clock } from '../platform/clock';
import { dataScopeOfSession, type DataScope } from '../identity/data-scope';
import type { Db } from '../platform/db/client';
import type { UserAuthority } from '../identity/sessions.service';

/** The language of rule messages and exports: English or Arabic. */
export type Lang = 'en' | 'ar';

/**
 * Who does a cargo command, the one actor type of every service: the agency (always), the signed-in user, the time
 * of the request, the user's data scope (always given: its `null` lists mean unrestricted only because the user
 * is), whether the user administers the agency (an admin may stand in for a blocked approver), the language
 * of the request's messages, who the user is (kind, and the company of a company admin: what managing users may
 * reach), and `can(module, action)` or `can(flag)`: whether the user holds a permission (the session's flags; super
 * admins and agency admins hold every one, as the access guard decides) for a rule that asks more than the route's
 * permission (a manual weight, a role given to another user).
 */
export interface Actor {
  agencyId: number;
  userId: number;
  now: Date;
  scope: DataScope;
  isAdmin: boolean;
  lang: Lang;
  userKind: UserKind;
  /** The company of a company admin (null for every other kind). */
  userCompanyId: number | null;
  can: {
    (module: string, action: PermissionAction): boolean;
    (flag: string): boolean;
  };
}

/** The language of a request: `?lang=` (en or ar), else the Accept-Language header, else English. */
export function requestLang(request: FastifyRequest): Lang {
  const query: unknown = request.query;
  const explicit = typeof query === 'object' && query !== null && 'lang' in query ? query.lang : undefined;
  if (explicit === 'en' || explicit === 'ar') return explicit;
  const header = request.headers['accept-language'];
  return typeof header === 'string' && header.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

/**
 * Builds the actor of a request inside its agency transaction (the data scope reads the user's company there):
 * the session and agency the access guard checked (or the agency a route names and checked itself), the clock's
 * time, the data scope, the request's language.
 */
export async function actorOf(tx: Db, request: FastifyRequest, clock: Clock, agencyId: number = requireAgency(request)): Promise<Actor> {
  return actorOfAuthority(tx, { authority: requireSession(request), agencyId, clock, lang: requestLang(request) });
}

/**
 * The actor of a user's authority (a request's session, or the user as the database has them now for work that
 * outlives the request, such as a background export) in an agency, inside its agency transaction.
 */
export async function actorOfAuthority(tx: Db, params: { authority: UserAuthority; agencyId: number; clock: Clock; lang: Lang }): Promise<Actor> {
  const { authority } = params;
  return {
    agencyId: params.agencyId,
    userId: authority.user.id,
    now: params.clock.now(),
    scope: await dataScopeOfSession(tx, authority),
    isAdmin: authority.isSuperAdmin || authority.isAgencyAdmin,
    lang: params.lang,
    userKind: authority.user.kind,
    userCompanyId: authority.user.kind === 'companyAdmin' ? authority.user.companyId : null,
    can: (moduleOrFlag: string, action?: PermissionAction) => hasPermission(authority, action === undefined ? moduleOrFlag : permissionFlag(moduleOrFlag, action)),
  };
}

/** What a service command needs of the actor (no request details): a service takes this, a route passes its `Actor`. */
export type CommandActor = Pick<Actor, 'agencyId' | 'userId' | 'now' | 'scope'>;

/** What a scoped read needs of the actor. */
export type ReadActor = Pick<Actor, 'agencyId' | 'scope'>;
