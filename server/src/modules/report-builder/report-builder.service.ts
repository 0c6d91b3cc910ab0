import { ReportBuilderMessages, ZBuilderDefinition, type TBuilderSaveBody, type TBuilderSaved } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../kit/actor';
import { queryRows, type Db } from '../../platform/db/client';
import { uniqueViolation } from '../../platform/db/query-helpers';
import { badRequest, conflict, forbidden, notFound, runtimeMessage } from '../../platform/errors';

/*
 * Saved reports of the report builder (docs/decisions.md, "The report builder"): a user with the builder's view flag
 * saves a definition under a name and shares it with roles of the agency. Who sees a saved report (lists, opens and
 * runs it): its owner, the users whose role is one it is shared with, and the agency's admins. Anyone else gets 404
 * (its existence is not told). Only the owner changes or deletes it (403 for the others who see it). A definition
 * is checked again by the contracts' schema whenever it is read: a saved report never runs anything the whitelist
 * does not hold today.
 */

const BuilderMessages = ReportBuilderMessages;

interface Raw {
  id: number;
  name: string;
  definition: unknown;
  shared_role_ids: number[] | string;
  owner_id: number;
  owner_name: string | null;
  updated_at: Date | string;
}

/** `{1,2}` (PGlite may answer an array as its text) as numbers. */
function ids(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value
    .replace(/[{}]/g, '')
    .split(',')
    .filter((v) => v !== '')
    .map(Number);
}

/** Who sees saved reports: the owner, the users of a role it is shared with, an admin of the agency. */
function visibleTo(actor: Actor): SQL {
  if (actor.isAdmin) return sql`true`;
  return sql`(r.owner_id = ${actor.userId}::integer or r.shared_role_ids && array[(select u.role_id from users u where u.id = ${actor.userId}::integer)]::integer[])`;
}

function toSaved(actor: Actor, raw: Raw): TBuilderSaved {
  const definition = ZBuilderDefinition.safeParse(raw.definition);
  if (!definition.success) throw badRequest(runtimeMessage(BuilderMessages.outdated));
  return {
    id: Number(raw.id),
    name: raw.name,
    definition: definition.data,
    sharedRoleIds: ids(raw.shared_role_ids),
    ownerId: Number(raw.owner_id),
    ownerName: raw.owner_name ?? '',
    mine: Number(raw.owner_id) === actor.userId,
    updatedAt: new Date(raw.updated_at).toISOString(),
  };
}

const SELECT = sql`select r.id, r.name, r.definition, r.shared_role_ids, r.owner_id, r.updated_at, btrim(u.first_name || ' ' || coalesce(u.last_name, '')) as owner_name
  from report_builder_reports r left join users u on u.id = r.owner_id`;

/** The saved reports the actor sees, by name. */
export async function listSaved(tx: Db, actor: Actor): Promise<TBuilderSaved[]> {
  const raws = await queryRows<Raw>(tx, sql`${SELECT} where r.agency_id = ${actor.agencyId}::integer and ${visibleTo(actor)} order by lower(r.name), r.id`);
  const out: TBuilderSaved[] = [];
  for (const raw of raws) {
    // An outdated definition stays listed for its owner to fix; others do not see it.
    const parsed = ZBuilderDefinition.safeParse(raw.definition);
    if (parsed.success) out.push(toSaved(actor, raw));
  }
  return out;
}

/** One saved report the actor sees (404 otherwise). */
export async function getSaved(tx: Db, actor: Actor, id: number): Promise<TBuilderSaved> {
  const [raw] = await queryRows<Raw>(tx, sql`${SELECT} where r.agency_id = ${actor.agencyId}::integer and r.id = ${id}::integer and ${visibleTo(actor)}`);
  if (!raw) throw notFound(runtimeMessage(BuilderMessages.notFound));
  return toSaved(actor, raw);
}

async function checkRoles(tx: Db, actor: Actor, roleIds: readonly number[]): Promise<number[]> {
  const unique = [...new Set(roleIds)].sort((a, b) => a - b);
  if (unique.length === 0) return [];
  const found = await queryRows<{ n: string }>(
    tx,
    sql`select count(*)::text as n from roles where agency_id = ${actor.agencyId}::integer and id in (${sql.join(
      unique.map((r) => sql`${r}::integer`),
      sql`, `,
    )})`,
  );
  if (Number(found[0]?.n ?? 0) !== unique.length) throw badRequest(runtimeMessage(BuilderMessages.unknownRole), { sharedRoleIds: BuilderMessages.unknownRole });
  return unique;
}

function duplicate(error: unknown): never {
  if (uniqueViolation(error)?.constraint === 'report_builder_reports_owner_name_unique') throw conflict(runtimeMessage(BuilderMessages.duplicateName), { name: BuilderMessages.duplicateName });
  throw error;
}

const roleArray = (roles: readonly number[]) => sql`${`{${roles.join(',')}}`}::integer[]`;

/** Saves a new report of the actor. */
export async function createSaved(tx: Db, actor: Actor, body: TBuilderSaveBody & { sharedRoleIds: number[] }): Promise<TBuilderSaved> {
  const roles = await checkRoles(tx, actor, body.sharedRoleIds);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into report_builder_reports (agency_id, owner_id, name, definition, shared_role_ids, created_at, updated_at)
        values (${actor.agencyId}::integer, ${actor.userId}::integer, ${body.name}, ${JSON.stringify(body.definition)}::jsonb, ${roleArray(roles)}, ${actor.now}, ${actor.now})
        returning id`,
  ).catch(duplicate);
  return getSaved(tx, actor, Number(row?.id));
}

/** The owner's saved report for a change (404 when the actor does not see it, 403 when it is not theirs). */
async function ownedBy(tx: Db, actor: Actor, id: number): Promise<TBuilderSaved> {
  const [raw] = await queryRows<Raw>(tx, sql`${SELECT} where r.agency_id = ${actor.agencyId}::integer and r.id = ${id}::integer and ${visibleTo(actor)} for update of r`);
  if (!raw) throw notFound(runtimeMessage(BuilderMessages.notFound));
  if (Number(raw.owner_id) !== actor.userId) throw forbidden();
  return { id: Number(raw.id) } as TBuilderSaved;
}

export async function updateSaved(tx: Db, actor: Actor, id: number, body: TBuilderSaveBody & { sharedRoleIds: number[] }): Promise<TBuilderSaved> {
  await ownedBy(tx, actor, id);
  const roles = await checkRoles(tx, actor, body.sharedRoleIds);
  await queryRows(
    tx,
    sql`update report_builder_reports set name = ${body.name}, definition = ${JSON.stringify(body.definition)}::jsonb, shared_role_ids = ${roleArray(roles)}, updated_at = ${actor.now}
        where id = ${id}::integer and agency_id = ${actor.agencyId}::integer`,
  ).catch(duplicate);
  return getSaved(tx, actor, id);
}

export async function deleteSaved(tx: Db, actor: Actor, id: number): Promise<void> {
  await ownedBy(tx, actor, id);
  await queryRows(tx, sql`delete from report_builder_reports where id = ${id}::integer and agency_id = ${actor.agencyId}::integer`);
}

/** The agency's roles, to share a report with (id and name). */
export async function shareableRoles(tx: Db, actor: Actor): Promise<{ id: number; name: string }[]> {
  const rows = await queryRows<{ id: number; name: string }>(tx, sql`select id, name from roles where agency_id = ${actor.agencyId}::integer order by lower(name), id`);
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
