import { COMPANY_TYPE_IDS, kgToTonnes, type ServerMessage } from '@tonnage/contracts';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { cargoTypes, columnOf, companies, type ResourceTable } from '../master-data/master-data.schema';

/*
 * Query pieces the sale order and consignment services share: joined names, the who/when trail, reference checks.
 */

export const sellers = alias(companies, 'seller') as unknown as ResourceTable;
export const buyers = alias(companies, 'buyer') as unknown as ResourceTable;
export const consignees = alias(companies, 'consignee') as unknown as ResourceTable;
export const shipmentManagers = alias(companies, 'shipment_manager') as unknown as ResourceTable;
export const nameOf = (table: ResourceTable): SQL<string> => sql<string>`${columnOf(table, 'name')}`;

export { createdUsers, reversedUsers, toTrail, trailColumns, updatedUsers, userName, type TrailRow } from '../../identity/record-trail';

/** A sum of bigint kilograms read exactly (as text), never through a float. */
export const kgText = (expression: SQL): SQL<string> => sql<string>`(${expression})::text`;
export const tonnes = (kg: string | bigint): string => kgToTonnes(typeof kg === 'bigint' ? kg : BigInt(kg));

type CompanyType = keyof typeof COMPANY_TYPE_IDS;

/** A company of the agency and its shipment manager (for a consignee), or null when unknown or of another type. */
export async function findCompany(tx: Db, params: { id: number; type: CompanyType }): Promise<{ id: number; isActive: boolean; shipmentManagerId: number | null } | null> {
  const [row] = await tx
    .select({ id: columnOf(companies, 'id'), isActive: columnOf(companies, 'isActive'), shipmentManagerId: columnOf(companies, 'shipmentManagerId') })
    .from(companies)
    .where(and(eq(columnOf(companies, 'id'), params.id), eq(columnOf(companies, 'companyTypeId'), COMPANY_TYPE_IDS[params.type])))
    .limit(1);
  if (!row) return null;
  return { id: Number(row.id), isActive: row.isActive === true, shipmentManagerId: row.shipmentManagerId === null ? null : Number(row.shipmentManagerId) };
}

/**
 * Checks a company reference of a form: of the agency (row-level security), of the right type, and active unless
 * the record already had it. Adds a field error to `details` otherwise.
 */
export async function checkCompany(
  tx: Db,
  details: Record<string, ServerMessage>,
  params: { field: string; id: number; type: CompanyType; unchangedId?: number | null; message: ServerMessage },
): Promise<{ shipmentManagerId: number | null } | null> {
  const company = await findCompany(tx, { id: params.id, type: params.type });
  if (!company || (!company.isActive && params.unchangedId !== params.id)) {
    details[params.field] = params.message;
    return null;
  }
  return company;
}

/** Checks a cargo type reference: of the agency and active unless unchanged. */
export async function checkCargoType(tx: Db, details: Record<string, ServerMessage>, params: { id: number; unchangedId?: number | null; message: ServerMessage }): Promise<void> {
  const [row] = await tx
    .select({ isActive: columnOf(cargoTypes, 'isActive') })
    .from(cargoTypes)
    .where(eq(columnOf(cargoTypes, 'id'), params.id))
    .limit(1);
  if (!row || (row.isActive !== true && params.unchangedId !== params.id)) details.cargoTypeId = params.message;
}

/** Throws the collected field errors as one 400 (the first message as the message). */
export function throwIfAny(details: Record<string, ServerMessage>): void {
  const first = Object.values(details)[0];
  if (first !== undefined) throw badRequest(first, details);
}
