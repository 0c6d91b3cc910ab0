import { rebuildMovementTotals } from '../../ledger/movement-totals';
import { rebuildPlaceMoves } from '../../ledger/place-moves';
import {
  COMPANY_TYPE_IDS,
  Messages,
  type TAgency,
  type TAgencyCompany,
  type TAgencyData,
  type TAgencyList,
  type TAgencyToggleResponse,
  type ZAgencyInput,
  type ZAgencyListQuery,
} from '@tonnage/contracts';
import { and, asc, eq, ilike, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionContext } from '../../identity/sessions.service';
import { recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { agencies } from '../../identity/agencies.schema';
import { escapeLike, isUniqueViolation } from '../../platform/db/query-helpers';
import { scopeCondition, type DataScope } from '../../identity/data-scope';
import type { ReadActor } from '../../kit/actor';
import { listAgencyLocations } from '../locations/locations.service';
import { COMPANY_TYPES } from '../lookups/lookups.data';
import { cargoTypes, columnOf, companies } from '../master-data/master-data.schema';
import { users } from '../../identity/users.schema';

/** Columns of the registry's tables by field name. */
const column = columnOf;

type AgencyRow = typeof agencies.$inferSelect;
/** A validated agency form (ZAgencyInput after parsing). */
export type AgencyInput = z.output<typeof ZAgencyInput>;
/** A validated list query (ZAgencyListQuery after parsing: defaults applied). */
export type AgencyListQuery = z.output<typeof ZAgencyListQuery>;

const DUPLICATE_NAME = 'An agency with this name already exists.';
const AGENCY_NOT_FOUND = 'Agency not found';

/** The API shape of an agency row. */
export function toApiAgency(row: AgencyRow): TAgency {
  return {
    id: row.id,
    name: row.name,
    logo: row.logo,
    timezone: row.timezone,
    countryCode: row.countryCode,
    address: row.address,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Refuses (403) a user who may not see this agency: super admins see all, everyone else only their own. */
export function assertCanViewAgency(session: SessionContext, params: { agencyId: number }): void {
  if (!session.isSuperAdmin && session.user.agencyId !== params.agencyId) throw forbidden();
}

/** Refuses (403) a user who may not edit this agency: super admins, or the agency admin of that agency. */
export function assertCanEditAgency(session: SessionContext, params: { agencyId: number }): void {
  if (session.isSuperAdmin) return;
  if (session.user.kind === 'agencyAdmin' && session.user.agencyId === params.agencyId) return;
  throw forbidden();
}

/** One page of agencies ordered by name, with the total count; search matches any part of the name, any case. */
export async function listAgencies(db: Db, params: AgencyListQuery): Promise<TAgencyList> {
  const conditions: SQL[] = [];
  if (params.search) conditions.push(ilike(agencies.name, `%${escapeLike(params.search)}%`));
  if (params.status !== 'all') conditions.push(eq(agencies.isActive, params.status === 'active'));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(agencies)
    .where(where)
    .orderBy(asc(sql`lower(${agencies.name})`), asc(agencies.id))
    .limit(params.limit)
    .offset((params.page - 1) * params.limit);
  const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(agencies).where(where);
  return { rows: rows.map(toApiAgency), count: total?.count ?? 0 };
}

async function findAgencyRow(db: Db, params: { agencyId: number; forUpdate?: boolean }): Promise<AgencyRow | undefined> {
  const query = db.select().from(agencies).where(eq(agencies.id, params.agencyId)).limit(1);
  const [row] = params.forUpdate ? await query.for('update') : await query;
  return row;
}

/** One agency; 404 when unknown. */
export async function getAgency(db: Db, params: { agencyId: number }): Promise<TAgency> {
  const row = await findAgencyRow(db, params);
  if (!row) throw notFound(AGENCY_NOT_FOUND);
  return toApiAgency(row);
}

const companyTypeNames = new Map<number, string>(COMPANY_TYPES.map((type) => [type.id, type.name]));

/**
 * The companies a user may see (spec 6): consignees within the assigned consignees and under the assigned shipment
 * managers, shipment managers among the assigned ones; companies of other types are not scoped.
 */
function visibleCompanies(scope: DataScope): SQL {
  const id = column(companies, 'id');
  const type = column(companies, 'companyTypeId');
  const consignees = scopeCondition(scope, { consignee: id, shipmentManager: column(companies, 'shipmentManagerId') });
  const shipmentManagers = scopeCondition(scope, { shipmentManager: id });
  const scoped =
    or(
      and(eq(type, COMPANY_TYPE_IDS.consignee), consignees),
      and(eq(type, COMPANY_TYPE_IDS.shipmentManager), shipmentManagers),
      notInArray(type, [COMPANY_TYPE_IDS.consignee, COMPANY_TYPE_IDS.shipmentManager]),
    ) ?? sql`true`;
  return and(eq(column(companies, 'isActive'), true), scoped) ?? scoped;
}

/** Active companies the user may see, by name, each with its type, its first active company admin and its SM. */
async function agencyCompanies(tx: Db, scope: DataScope): Promise<TAgencyCompany[]> {
  const name = column(companies, 'name');
  const id = column(companies, 'id');
  // A company's admin is its first active company-admin user (lowest id); one grouped join, not a query per row.
  const admins = tx
    .select({ companyId: users.companyId, adminId: sql<number>`min(${users.id})`.as('admin_id') })
    .from(users)
    .where(and(eq(users.kind, 'companyAdmin'), eq(users.isActive, true)))
    .groupBy(users.companyId)
    .as('admins');
  const rows = await tx
    .select({
      id: sql<number>`${id}`,
      name: sql<string>`${name}`,
      companyTypeId: sql<number>`${column(companies, 'companyTypeId')}`,
      shipmentManagerId: sql<number | null>`${column(companies, 'shipmentManagerId')}`,
      adminId: sql<number | null>`${admins.adminId}`,
    })
    .from(companies)
    .leftJoin(admins, eq(admins.companyId, id))
    .where(visibleCompanies(scope))
    .orderBy(asc(sql`lower(${name})`), asc(id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    companyTypeId: row.companyTypeId,
    CompanyType: { id: row.companyTypeId, name: companyTypeNames.get(row.companyTypeId) ?? String(row.companyTypeId) },
    adminId: row.adminId,
    ShipmentManagerId: row.companyTypeId === COMPANY_TYPE_IDS.consignee ? row.shipmentManagerId : null,
  }));
}

/** Active cargo types by name. */
async function agencyCargo(tx: Db): Promise<TAgencyData['Cargo']> {
  const name = column(cargoTypes, 'name');
  const id = column(cargoTypes, 'id');
  return tx
    .select({ id: sql<number>`${id}`, name: sql<string>`${name}` })
    .from(cargoTypes)
    .where(eq(column(cargoTypes, 'isActive'), true))
    .orderBy(asc(sql`lower(${name})`), asc(id));
}

/**
 * What the web loads when an agency is selected (spec section 3, agency data): the active locations (with silos),
 * cargo types and companies the user may see under their data scope (spec 6), each list by name in one round of
 * queries, in the agency's transaction with the user's actor. The caller has checked that the user may see the agency.
 */
export async function getAgencyData(tx: Db, params: Pick<ReadActor, 'scope'> & { agency: TAgency }): Promise<TAgencyData> {
  const { agency, scope } = params;
  const Locations = await listAgencyLocations(tx, { scope });
  const Cargo = await agencyCargo(tx);
  const Companies = await agencyCompanies(tx, scope);
  return { agency, Locations, Cargo, Companies, Timezone: [agency.timezone] };
}

async function assertNameFree(db: Db, params: { name: string; exceptId?: number }): Promise<void> {
  const conditions = [eq(sql`lower(${agencies.name})`, params.name.toLowerCase())];
  if (params.exceptId !== undefined) conditions.push(ne(agencies.id, params.exceptId));
  const [taken] = await db.select({ id: agencies.id }).from(agencies).where(and(...conditions)).limit(1);
  if (taken) throw conflict(DUPLICATE_NAME, { name: DUPLICATE_NAME });
}

/** Runs a write that may hit the unique name index, turning a lost race into the same 409 as the pre-check. */
async function withNameConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_NAME, { name: DUPLICATE_NAME });
    throw error;
  }
}

/** Creates an agency (active) and records it in the audit log. 409 when the name is taken, in any case. */
export async function createAgency(db: Db, params: { input: AgencyInput; actorId: number; now: Date }): Promise<TAgency> {
  return withNameConflict(() =>
    db.transaction(async (tx) => {
      await assertNameFree(tx, { name: params.input.name });
      const [row] = await tx
        .insert(agencies)
        .values({ ...params.input, isActive: true, createdAt: params.now, updatedAt: params.now })
        .returning();
      if (!row) throw new Error('agency insert returned no row');
      const agency = toApiAgency(row);
      await recordAudit(tx, { agencyId: row.id, userId: params.actorId, action: 'create', entity: 'agency', entityId: row.id, after: agency, at: params.now });
      return agency;
    }),
  );
}

/** Replaces an agency's form fields and records before and after. 404 when unknown, 409 when the name is taken. */
export async function updateAgency(db: Db, params: { agencyId: number; input: AgencyInput; actorId: number; now: Date }): Promise<TAgency> {
  return withNameConflict(() =>
    db.transaction(async (tx) => {
      const before = await findAgencyRow(tx, { agencyId: params.agencyId, forUpdate: true });
      if (!before) throw notFound(AGENCY_NOT_FOUND);
      await assertNameFree(tx, { name: params.input.name, exceptId: params.agencyId });
      const [row] = await tx
        .update(agencies)
        .set({ ...params.input, updatedAt: params.now })
        .where(eq(agencies.id, params.agencyId))
        .returning();
      if (!row) throw notFound(AGENCY_NOT_FOUND);
      // The movement counters and the place moves are kept by the agency's business day: a new time zone moves their days.
      if (row.timezone !== before.timezone) {
        await rebuildMovementTotals(tx, row.id);
        await rebuildPlaceMoves(tx, row.id);
      }
      const agency = toApiAgency(row);
      await recordAudit(tx, {
        agencyId: row.id,
        userId: params.actorId,
        action: 'update',
        entity: 'agency',
        entityId: row.id,
        before: toApiAgency(before),
        after: agency,
        at: params.now,
      });
      return agency;
    }),
  );
}

/**
 * Activates an inactive agency or deactivates an active one, with the spec's message. The sessions of a
 * deactivated agency's users stop working at once (the session lookup refuses them) and work again on reactivation.
 */
export async function toggleAgencyStatus(db: Db, params: { agencyId: number; actorId: number; now: Date }): Promise<TAgencyToggleResponse> {
  return db.transaction(async (tx) => {
    const before = await findAgencyRow(tx, { agencyId: params.agencyId, forUpdate: true });
    if (!before) throw notFound(AGENCY_NOT_FOUND);
    const [row] = await tx
      .update(agencies)
      .set({ isActive: !before.isActive, updatedAt: params.now })
      .where(eq(agencies.id, params.agencyId))
      .returning();
    if (!row) throw notFound(AGENCY_NOT_FOUND);
    const agency = toApiAgency(row);
    await recordAudit(tx, {
      agencyId: row.id,
      userId: params.actorId,
      action: row.isActive ? 'activate' : 'deactivate',
      entity: 'agency',
      entityId: row.id,
      before: { isActive: before.isActive },
      after: { isActive: row.isActive },
      at: params.now,
    });
    return { agency, message: row.isActive ? Messages.agencyActivated : Messages.agencyDeactivated };
  });
}
