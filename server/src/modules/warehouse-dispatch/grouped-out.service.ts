import {
  ErrorCode,
  GroupedOutMessages,
  kgToTonnes,
  tonnesToKg,

  type DispatchDestination,
  type GroupStatus,
  type GroupTruckState,
  type TGroupTruck,
  type TWarehouseOutGroup,
  type TWarehouseOutGroupDetail,
  type TWarehouseOutGroupList,
  type TWarehouseOutGroupValues,
  ZWarehouseOutGroupEdit,
  ZWarehouseOutGroupListQuery,
  ZGroupDispatchInput,
  ZGroupTruckInput,
} from '@tonnage/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, CommandActor, ReadActor } from '../../kit/actor';
import { stockPositions } from '../../ledger/ledger.queries';
import type { DataScope } from '../../identity/data-scope';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { nextNumber } from '../../identity/counters/counters';
import { recordAudit } from '../../platform/audit/audit';
import { queryRows, type Db } from '../../platform/db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { cursorSource, rawStatement, type CursorSource } from '../../platform/db/cursor';
import { warehouseOutGroups } from './grouped-out.schema';
import { warehouseOuts, warehousePreOuts } from './warehouse-dispatch.schema';
import { checkDestination, checkSilo, checkWarehouse, createOut, createPreOut, dispatchableSecondWeights } from './warehouse-dispatch.service';

/*
 * Warehouse Out grouped (spec 2.3 `warehouse-out-grouped`; docs/decisions.md "A dispatch group is a plan over the
 * single flows"). A group fixes the position and the destination; its trucks are made by the single flows'
 * services (createPreOut, createOut) with every check and posting of theirs, and carry the group's id. The group
 * is read with its totals and its trucks' live state (committed, weighed first, weighed second, dispatched).
 */

type ListQuery = z.output<typeof ZWarehouseOutGroupListQuery>;
export type GroupFilters = Omit<ListQuery, 'page' | 'limit'>;

const closed = () => new AppError(409, ErrorCode.BUSINESS_RULE, GroupedOutMessages.groupClosed);

/** `(1, 2, 3)` for `in`; an empty list matches nothing. */
const idList = (ids: readonly number[]): SQL => (ids.length === 0 ? sql`(null)` : sql`(${sql.join(ids.map((id) => sql`${id}::integer`), sql`, `)})`);

/** The data scope of a group, as of its Pre Outs: the warehouse, the owner among the consignees or shipment managers. */
function groupScope(scope: DataScope): SQL {
  const conditions: SQL[] = [sql`true`];
  if (scope.locationIds) conditions.push(sql`g.warehouse_id in ${idList(scope.locationIds)}`);
  if (scope.consigneeIds) conditions.push(sql`g.owner_company_id in ${idList(scope.consigneeIds)}`);
  if (scope.shipmentManagerIds) {
    const managers = idList(scope.shipmentManagerIds);
    conditions.push(sql`(g.owner_company_id in ${managers} or g.owner_company_id in (select so.id from companies so where so.shipment_manager_id in ${managers}))`);
  }
  return sql.join(conditions, sql` and `);
}

interface GroupRow {
  id: number;
  number: number;
  warehouse_id: number;
  warehouse_name: string;
  silo_id: number | null;
  silo_name: string | null;
  owner_company_id: number;
  owner_name: string;
  consignment_id: number;
  lc_po: string;
  cargo_type_id: number;
  voyage_id: number;
  attached_voyage_id: number;
  destination_type: string;
  to_location_id: number;
  to_location_name: string;
  planned_trucks: number | null;
  planned_kg: string | null;
  remarks: string | null;
  status: string;
  created_at: Date | string;
  created_by: string | null;
  trucks: number;
  dispatched_trucks: number;
  committed_kg: string;
  dispatched_kg: string;
}

const SELECT_GROUPS = sql`
  select g.id, g.number, g.warehouse_id, w.name as warehouse_name, g.silo_id, s.name as silo_name, g.owner_company_id, o.name as owner_name,
         g.consignment_id, coalesce(k.lc_number, k.po_number, '') as lc_po, g.cargo_type_id, g.voyage_id, g.attached_voyage_id,
         g.destination_type, g.to_location_id, d.name as to_location_name, g.planned_trucks, g.planned_kg::text as planned_kg, g.remarks, g.status,
         g.created_at, nullif(concat_ws(' ', u.first_name, u.last_name), '') as created_by,
         (select count(*) from warehouse_pre_outs p where p.group_id = g.id and p.status = 'Active')::int as trucks,
         (select count(*) from warehouse_outs x where x.group_id = g.id and x.status = 'Active')::int as dispatched_trucks,
         (select coalesce(sum(p.quantity_kg), 0) from warehouse_pre_outs p where p.group_id = g.id and p.status = 'Active'
            and not exists (select 1 from warehouse_outs x where x.pre_out_id = p.id and x.status = 'Active'))::text as committed_kg,
         (select coalesce(sum(x.quantity_kg), 0) from warehouse_outs x where x.group_id = g.id and x.status = 'Active')::text as dispatched_kg
  from warehouse_out_groups g
  join locations w on w.id = g.warehouse_id
  left join silos s on s.id = g.silo_id
  join companies o on o.id = g.owner_company_id
  join consignments k on k.id = g.consignment_id
  join locations d on d.id = g.to_location_id
  join users u on u.id = g.created_by`;

function toGroup(row: GroupRow): TWarehouseOutGroup {
  const committed = BigInt(row.committed_kg);
  const dispatched = BigInt(row.dispatched_kg);
  const remaining = row.planned_kg === null ? null : BigInt(row.planned_kg) - committed - dispatched;
  return {
    id: Number(row.id),
    number: Number(row.number),
    warehouseId: Number(row.warehouse_id),
    warehouseName: row.warehouse_name,
    siloId: row.silo_id === null ? null : Number(row.silo_id),
    siloName: row.silo_name,
    ownerCompanyId: Number(row.owner_company_id),
    ownerName: row.owner_name,
    consignmentId: Number(row.consignment_id),
    lcPoNumber: row.lc_po,
    cargoTypeId: Number(row.cargo_type_id),
    voyageId: Number(row.voyage_id),
    attachedVoyageId: Number(row.attached_voyage_id),
    destinationType: row.destination_type as DispatchDestination,
    toLocationId: Number(row.to_location_id),
    toLocationName: row.to_location_name,
    plannedTrucks: row.planned_trucks === null ? null : Number(row.planned_trucks),
    plannedQuantity: row.planned_kg === null ? null : kgToTonnes(BigInt(row.planned_kg)),
    remarks: row.remarks,
    status: row.status as GroupStatus,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by ?? '',
    trucks: Number(row.trucks),
    dispatchedTrucks: Number(row.dispatched_trucks),
    committed: kgToTonnes(committed),
    dispatched: kgToTonnes(dispatched),
    remaining: remaining === null ? null : kgToTonnes(remaining < 0n ? 0n : remaining),
  };
}

const SORTS: Record<ListQuery['sortBy'], SQL> = {
  createdAt: sql`g.created_at`,
  number: sql`g.number`,
  warehouseName: sql`lower(w.name)`,
  toLocationName: sql`lower(d.name)`,
};

async function conditions(tx: Db, actor: ReadActor, q: GroupFilters): Promise<SQL> {
  const timeZone = q.fromDate !== undefined || q.toDate !== undefined ? await agencyTimezone(tx, actor.agencyId) : 'UTC';
  const parts: SQL[] = [sql`g.agency_id = ${actor.agencyId}`, groupScope(actor.scope)];
  if (q.warehouseId !== undefined) parts.push(sql`g.warehouse_id = ${q.warehouseId}`);
  if (q.toLocationId !== undefined) parts.push(sql`g.to_location_id = ${q.toLocationId}`);
  if (q.consignmentId !== undefined) parts.push(sql`g.consignment_id = ${q.consignmentId}`);
  if (q.destinationType !== undefined) parts.push(sql`g.destination_type = ${q.destinationType}`);
  if (q.groupStatus !== undefined) parts.push(sql`g.status = ${q.groupStatus}`);
  if (q.fromDate !== undefined) parts.push(sql`g.created_at >= (${q.fromDate}::date::timestamp at time zone ${timeZone})`);
  if (q.toDate !== undefined) parts.push(sql`g.created_at < ((${q.toDate}::date + 1)::timestamp at time zone ${timeZone})`);
  if (q.search !== undefined) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      /^\d{1,9}$/.test(q.search)
        ? sql`(g.number = ${Number(q.search)} or coalesce(k.lc_number, k.po_number) ilike ${like})`
        : sql`(coalesce(k.lc_number, k.po_number) ilike ${like} or exists (select 1 from warehouse_pre_outs p join trucks t on t.id = p.truck_id where p.group_id = g.id and t.plate_number ilike ${like}))`,
    );
  }
  return sql.join(parts, sql` and `);
}

const orderOf = (q: GroupFilters) => sql`${SORTS[q.sortBy]} ${q.sortOrder === 'asc' ? sql`asc` : sql`desc`}, g.id ${q.sortOrder === 'asc' ? sql`asc` : sql`desc`}`;

export async function listGroups(tx: Db, actor: ReadActor & { query: ListQuery }): Promise<TWarehouseOutGroupList> {
  const q = actor.query;
  const where = await conditions(tx, actor, q);
  const rows = await queryRows<GroupRow>(tx, sql`${SELECT_GROUPS} where ${where} order by ${orderOf(q)} limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  const [total] = await queryRows<{ count: number }>(
    tx,
    sql`select count(*)::int as count from warehouse_out_groups g join locations w on w.id = g.warehouse_id join consignments k on k.id = g.consignment_id join locations d on d.id = g.to_location_id where ${where}`,
  );
  return { rows: rows.map(toGroup), count: Number(total?.count ?? 0) };
}

export async function groupExportSource(tx: Db, actor: ReadActor & { query: GroupFilters }): Promise<CursorSource<TWarehouseOutGroup>> {
  const where = await conditions(tx, actor, actor.query);
  return cursorSource(rawStatement<GroupRow>(sql`${SELECT_GROUPS} where ${where} order by ${orderOf(actor.query)}`), (_tx, rows) => rows.map(toGroup));
}

interface TruckRow {
  pre_out_id: number;
  truck_id: number;
  plate: string;
  driver_id: number;
  driver: string;
  quantity_kg: string;
  status: string;
  pre_out_at: Date | string;
  out_id: number | null;
  slip_number: number | null;
  out_kg: string | null;
  received: boolean | null;
  second_id: number | null;
  second_net_kg: string | null;
  open_first: boolean;
}

/**
 * The group's trucks with their live state: the live Out (dispatched), else the truck's newest second weight at the
 * warehouse not on a live Out (weighed second: what "Dispatch" takes), else an open first weight (weighed first).
 */
async function groupTrucks(tx: Db, agencyId: number, groupId: number, warehouseId: number): Promise<TGroupTruck[]> {
  const rows = await queryRows<TruckRow>(
    tx,
    sql`select p.id as pre_out_id, p.truck_id, t.plate_number as plate, p.driver_id, dr.name as driver, p.quantity_kg::text as quantity_kg, p.status, p.pre_out_at,
               o.id as out_id, o.slip_number, o.quantity_kg::text as out_kg, (o.received_table is not null) as received,
               sw.id as second_id, sw.net_kg::text as second_net_kg,
               exists (select 1 from outbound_first_weights f where f.agency_id = ${agencyId} and f.truck_id = p.truck_id and f.warehouse_id = ${warehouseId} and f.status = 'Active'
                         and not exists (select 1 from outbound_second_weights s2 where s2.first_weight_id = f.id and s2.status = 'Active')) as open_first
        from warehouse_pre_outs p
        join trucks t on t.id = p.truck_id
        join drivers dr on dr.id = p.driver_id
        left join warehouse_outs o on o.pre_out_id = p.id and o.status = 'Active'
        left join lateral (
          select s.id, s.net_kg from outbound_second_weights s join outbound_first_weights f on f.id = s.first_weight_id
          where s.agency_id = ${agencyId} and s.status = 'Active' and f.truck_id = p.truck_id and f.warehouse_id = ${warehouseId}
            and not exists (select 1 from warehouse_outs u where u.second_weight_id = s.id and u.status = 'Active')
          order by s.captured_at desc, s.id desc limit 1
        ) sw on true
        where p.agency_id = ${agencyId} and p.group_id = ${groupId}
        order by p.pre_out_at, p.id`,
  );
  return rows.map((row) => {
    const state: GroupTruckState =
      row.status !== 'Active' ? 'reversed' : row.out_id !== null ? 'dispatched' : row.second_id !== null ? 'secondWeight' : row.open_first ? 'firstWeight' : 'committed';
    const waiting = state === 'secondWeight';
    return {
      preOutId: Number(row.pre_out_id),
      truckId: Number(row.truck_id),
      truckPlate: row.plate,
      driverId: Number(row.driver_id),
      driverName: row.driver,
      quantity: kgToTonnes(BigInt(row.quantity_kg)),
      state,
      secondWeightId: waiting && row.second_id !== null ? Number(row.second_id) : null,
      secondWeightNet: waiting && row.second_net_kg !== null ? kgToTonnes(BigInt(row.second_net_kg)) : null,
      warehouseOutId: row.out_id === null ? null : Number(row.out_id),
      slipNumber: row.slip_number === null ? null : Number(row.slip_number),
      outQuantity: row.out_kg === null ? null : kgToTonnes(BigInt(row.out_kg)),
      received: Boolean(row.received),
      preOutAt: new Date(row.pre_out_at).toISOString(),
    };
  });
}

export async function getGroup(tx: Db, actor: ReadActor & { id: number }): Promise<TWarehouseOutGroupDetail> {
  const [row] = await queryRows<GroupRow>(tx, sql`${SELECT_GROUPS} where g.agency_id = ${actor.agencyId} and g.id = ${actor.id} and ${groupScope(actor.scope)}`);
  if (!row) throw notFound(GroupedOutMessages.groupNotFound);
  const group = toGroup(row);
  const [position] = await stockPositions(tx, {
    agencyId: actor.agencyId,
    scope: actor.scope,
    filter: {
      locationId: group.warehouseId,
      siloId: group.siloId,
      ownerCompanyId: group.ownerCompanyId,
      consignmentId: group.consignmentId,
      cargoTypeId: group.cargoTypeId,
      voyageId: group.voyageId,
      attachedVoyageId: group.attachedVoyageId,
    },
    groupBy: [],
  });
  const usable = position ? (position.usableKg < 0n ? 0n : position.usableKg) : 0n;
  return { ...group, usable: kgToTonnes(usable), truckRows: await groupTrucks(tx, actor.agencyId, group.id, group.warehouseId) };
}

/** Opens a group: the warehouse in scope, the silo of the warehouse, the destination of its type and not the warehouse. */
export async function createGroup(tx: Db, actor: CommandActor & { input: TWarehouseOutGroupValues }): Promise<TWarehouseOutGroupDetail> {
  const input = actor.input;
  await checkWarehouse(tx, actor, input.warehouseId);
  await checkSilo(tx, actor, input.warehouseId, input.siloId);
  await checkDestination(tx, actor, input, input.warehouseId);
  const number = await nextNumber(tx, { agencyId: actor.agencyId, name: 'warehouseOutGroup' });
  const [row] = await tx
    .insert(warehouseOutGroups)
    .values({
      agencyId: actor.agencyId,
      number,
      warehouseId: input.warehouseId,
      siloId: input.siloId,
      ownerCompanyId: input.ownerCompanyId,
      consignmentId: input.consignmentId,
      cargoTypeId: input.cargoTypeId,
      voyageId: input.voyageId,
      attachedVoyageId: input.attachedVoyageId,
      destinationType: input.destinationType,
      toLocationId: input.toLocationId,
      plannedTrucks: input.plannedTrucks,
      plannedKg: input.plannedQuantity === null ? null : tonnesToKg(input.plannedQuantity),
      remarks: input.remarks,
      createdBy: actor.userId,
      createdAt: actor.now,
    })
    .returning();
  if (!row) throw new Error('dispatch group not written');
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'warehouseOutGroup', entityId: row.id, after: { ...row, plannedKg: row.plannedKg?.toString() ?? null }, at: actor.now });
  return getGroup(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
}

/** Locks a group of the agency in the writer's scope (FOR UPDATE: trucks are added and dispatched one at a time). */
async function lockGroup(tx: Db, actor: ReadActor & { id: number }) {
  const [found] = await queryRows<{ id: number }>(tx, sql`select g.id from warehouse_out_groups g where g.agency_id = ${actor.agencyId} and g.id = ${actor.id} and ${groupScope(actor.scope)} for update`);
  if (!found) throw notFound(GroupedOutMessages.groupNotFound);
  const [row] = await tx.select().from(warehouseOutGroups).where(eq(warehouseOutGroups.id, actor.id));
  if (!row) throw notFound(GroupedOutMessages.groupNotFound);
  return row;
}

export async function updateGroup(tx: Db, actor: CommandActor & { id: number; input: z.output<typeof ZWarehouseOutGroupEdit> }): Promise<TWarehouseOutGroupDetail> {
  const before = await lockGroup(tx, actor);
  const input = actor.input;
  const [after] = await tx
    .update(warehouseOutGroups)
    .set({ plannedTrucks: input.plannedTrucks, plannedKg: input.plannedQuantity === null ? null : tonnesToKg(input.plannedQuantity), remarks: input.remarks, status: input.status, updatedBy: actor.userId, updatedAt: actor.now })
    .where(eq(warehouseOutGroups.id, before.id))
    .returning();
  const plain = (row: typeof before | undefined) => row && { ...row, plannedKg: row.plannedKg?.toString() ?? null };
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'update', entity: 'warehouseOutGroup', entityId: before.id, before: plain(before), after: plain(after), at: actor.now });
  return getGroup(tx, { agencyId: actor.agencyId, scope: actor.scope, id: before.id });
}

/** Adds a truck to an open group: a Pre Out of the group's position (createPreOut: its checks, its commitment). */
export async function addGroupTruck(tx: Db, actor: CommandActor & { id: number; input: z.output<typeof ZGroupTruckInput> }): Promise<TWarehouseOutGroupDetail> {
  const group = await lockGroup(tx, actor);
  if (group.status !== 'open') throw closed();
  const preOut = await createPreOut(tx, {
    ...actor,
    input: {
      warehouseId: group.warehouseId,
      siloId: group.siloId,
      ownerCompanyId: group.ownerCompanyId,
      consignmentId: group.consignmentId,
      cargoTypeId: group.cargoTypeId,
      voyageId: group.voyageId,
      attachedVoyageId: group.attachedVoyageId,
      truckId: actor.input.truckId,
      driverId: actor.input.driverId,
      quantity: actor.input.quantity,
      remarks: actor.input.remarks,
    },
  });
  await tx.update(warehousePreOuts).set({ groupId: group.id }).where(eq(warehousePreOuts.id, preOut.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'addTruck', entity: 'warehouseOutGroup', entityId: group.id, after: { preOutId: preOut.id }, at: actor.now });
  return getGroup(tx, { agencyId: actor.agencyId, scope: actor.scope, id: group.id });
}

/**
 * Dispatches a truck of the group: the Warehouse Out of its Pre Out (createOut: the WBQ rule, the second weight of
 * the same truck at the warehouse, the posting, the slip) to the group's destination. The second weight is the one
 * given, else the truck's newest free one.
 */
export async function dispatchGroupTruck(tx: Db, actor: CommandActor & Pick<Actor, 'can'> & { id: number; preOutId: number; input: z.output<typeof ZGroupDispatchInput> }): Promise<TWarehouseOutGroupDetail> {
  const group = await lockGroup(tx, actor);
  const [preOut] = await tx.select({ id: warehousePreOuts.id, groupId: warehousePreOuts.groupId }).from(warehousePreOuts).where(eq(warehousePreOuts.id, actor.preOutId));
  if (!preOut || preOut.groupId !== group.id) throw notFound(GroupedOutMessages.truckNotInGroup);
  let secondWeightId = actor.input.secondWeightId;
  if (secondWeightId === undefined) {
    const [newest] = await dispatchableSecondWeights(tx, { agencyId: actor.agencyId, scope: actor.scope, preOutId: preOut.id });
    if (!newest) throw badRequest(GroupedOutMessages.noSecondWeight, { secondWeightId: GroupedOutMessages.noSecondWeight });
    secondWeightId = newest.id;
  }
  const out = await createOut(tx, {
    ...actor,
    input: { preOutId: preOut.id, secondWeightId, destinationType: group.destinationType as DispatchDestination, toLocationId: group.toLocationId, remarks: actor.input.remarks },
  });
  await tx.update(warehouseOuts).set({ groupId: group.id }).where(eq(warehouseOuts.id, out.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'dispatchTruck', entity: 'warehouseOutGroup', entityId: group.id, after: { preOutId: preOut.id, warehouseOutId: out.id }, at: actor.now });
  return getGroup(tx, { agencyId: actor.agencyId, scope: actor.scope, id: group.id });
}

