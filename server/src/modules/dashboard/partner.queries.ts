import { kgToTonnes, TRIP_LIST_LIMIT, vesselVoyageLabel, type PartnerMoveType, type TripListPosition, type TPartnerInQtyRow, type TPartnerLocationQty, type TPartnerOutQtyRow, type TPartnerStats } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../identity/data-scope';
import { agencyTimezone } from '../../identity/agency-time-zone';
import type { ReadActor } from '../../kit/actor';
import { isoMillis, jsonString, jsonTonnes } from '../../kit/json-sql';
import { JsonText } from '../../kit/route';
import { afterListPosition, latestPlaceTripsSql, notReversed, stockPositions, tripsIn, tripsOut, type DimensionFilter, type InTransitDimension, type Period, type PositionDimension } from '../../ledger/ledger.queries';
import { accountScope, idItems, type ScopeColumns } from '../../ledger/ledger.scope';
import { slipSourceSql } from '../../ledger/place-moves';
import { ledgerPlaceMoves } from '../../ledger/place-moves.schema';
import { ledgerPlaceDepartures } from '../../ledger/place-departures.schema';
import { typedDeparturesOf } from '../../ledger/place-departures';
import { inPlaceMoveType } from './move-types';
import { ledgerAccounts } from '../../ledger/ledger.schema';
import { queryRows, type Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';

/*
 * What the Consignee tab and the Customer tab share (spec 2.13, 3, 7; contracts `dashboard-partners.ts`): a partner
 * (the subject: a consignee or shipment manager, or a customer), its delivery locations, and the ledger's figures
 * there within the user's data scope.
 *
 * - Consignee tab: the partner's own stock (ON_HAND owner = the partner) at consignee delivery locations: its own
 *   sites (always listed) and any other consignee location where it holds stock or had trips. The cargo a consignee
 *   dispatched to a customer stays its own until the customer takes it over, so `customerLocationQty` shows it too.
 * - Customer tab: the stock at the customer's own delivery locations, whoever owns it (a customer-delivery port
 *   loading or a delivered sale puts it in the customer's name; a Consignee Out arrives in the consignee's name but
 *   at the customer's place), and the customer's own stock elsewhere (`consigneeLocationQty`).
 *
 * Current stock, trips and trucks in transit come from the ledger's read side (`stockPositions`, `tripsIn` /
 * `tripsOut`, `tripDetail`, `inTransitTotals`, all scoped); the quantity details net each transaction's entries on
 * the partner's accounts at one location (one query, scoped with the ledger's own `accountScope`). Business tables
 * are read only for what the ledger does not hold: a trip's slip (number, truck, ends) and names.
 */

export type PartnerKind = 'consignee' | 'customer';

/** The parsed query of either tab (contracts' `ZConsigneeDashboardQuery` / `ZCustomerDashboardQuery` and details). */
export interface PartnerQuery {
  voyageId?: number | undefined;
  bindingVoyageId?: number | undefined;
  consignmentId?: number | undefined;
  /** Customer tab: the BL consignee of the cargo (the Consignee tab's subject is `partnerId`). */
  consigneeId?: number | undefined;
  smIds?: readonly number[] | undefined;
  cargoId?: number | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  locationId?: number | undefined;
  siloId?: number | undefined;
  type?: PartnerMoveType | undefined;
  isShipmentManager?: boolean | undefined;
}

const COMPANY_TYPE = { consignee: 3, shipmentManager: 5, customer: 6 } as const;
const DELIVERY_LOCATION_KIND = 2;

interface Site {
  id: number;
  name: string;
  isActive: boolean;
  ownerType: string | null;
  ownerId: number | null;
}

/** A partner's query resolved once: its filters on the ledger's dimensions, the period, its own sites. */
interface Resolved {
  actor: ReadActor;
  kind: PartnerKind;
  partnerId: number;
  /** Consignee tab: the owner of the stock. */
  ownerId: number | undefined;
  /** The ON_HAND filter of every read: owner (consignee tab) or own sites (customer tab), and the cargo filters. */
  positions: DimensionFilter<PositionDimension>;
  /** The partner's own stock (whichever tab), with the cargo filters: the per-kind lists. */
  owned: DimensionFilter<PositionDimension>;
  /** IN_TRANSIT's filter (trucks carry no location, silo or attached voyage). */
  transit: DimensionFilter<InTransitDimension>;
  period: Period | undefined;
  ownSites: Site[];
  /** Only this location (the `locationId` filter). */
  locationId: number | undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Resolving the partner and the filters.

const ids = idItems;

/** The partner, or 404 when it is not a company of the tab's kind in the agency within the user's scope. */
async function checkPartner(tx: Db, scope: DataScope, kind: PartnerKind, partnerId: number, isShipmentManager: boolean | undefined): Promise<void> {
  const [row] = await queryRows<{ company_type_id: number; shipment_manager_id: number | null }>(
    tx,
    sql`select company_type_id, shipment_manager_id from companies where id = ${partnerId}::integer`,
  );
  if (!row) throw notFound();
  const type = Number(row.company_type_id);
  if (kind === 'customer') {
    if (type !== COMPANY_TYPE.customer) throw notFound();
    return;
  }
  const allowed = isShipmentManager === true ? [COMPANY_TYPE.shipmentManager] : isShipmentManager === false ? [COMPANY_TYPE.consignee] : [COMPANY_TYPE.consignee, COMPANY_TYPE.shipmentManager];
  if (!allowed.some((t) => t === type)) throw notFound();
  // The consignee picker's own scope (spec 6): a consignee by its id and its shipment manager; a shipment manager by its id.
  if (type === COMPANY_TYPE.consignee) {
    if (scope.consigneeIds && !scope.consigneeIds.includes(partnerId)) throw notFound();
    if (scope.shipmentManagerIds && (row.shipment_manager_id === null || !scope.shipmentManagerIds.includes(Number(row.shipment_manager_id)))) throw notFound();
  } else if (scope.shipmentManagerIds && !scope.shipmentManagerIds.includes(partnerId)) throw notFound();
}

/** The LC/POs the shipment-manager and BL-consignee filters leave, or undefined when they leave every one. */
async function consignmentChoice(tx: Db, kind: PartnerKind, partnerId: number, query: PartnerQuery): Promise<readonly number[] | undefined> {
  const conditions: SQL[] = [];
  if (query.smIds && query.smIds.length > 0) {
    let ownerUnder = false;
    if (kind === 'consignee') {
      // The partner's whole stock passes when it is one of the shipment managers or a consignee under one (spec 2.13).
      const [row] = await queryRows<{ passes: boolean }>(
        tx,
        sql`select (id in (${ids(query.smIds)}) or coalesce(shipment_manager_id in (${ids(query.smIds)}), false)) as passes from companies where id = ${partnerId}::integer`,
      );
      ownerUnder = row?.passes === true;
    }
    if (!ownerUnder) conditions.push(sql`shipment_manager_id in (${ids(query.smIds)})`);
  }
  if (kind === 'customer' && query.consigneeId !== undefined) conditions.push(sql`bl_consignee_id = ${query.consigneeId}::integer`);
  if (conditions.length === 0) return query.consignmentId === undefined ? undefined : [query.consignmentId];
  if (query.consignmentId !== undefined) conditions.push(sql`id = ${query.consignmentId}::integer`);
  const rows = await queryRows<{ id: number }>(tx, sql`select id from consignments where ${sql.join(conditions, sql` and `)}`);
  return rows.map((r) => Number(r.id));
}

/** The period's dates (inclusive, the agency's days) as the ledger's half-open [from, to). */
async function periodOf(tx: Db, agencyId: number, query: PartnerQuery): Promise<Period | undefined> {
  if (query.fromDate === undefined && query.toDate === undefined) return undefined;
  const zone = await agencyTimezone(tx, agencyId);
  const [row] = await queryRows<{ from: string | Date | null; to: string | Date | null; from_day: string | null; to_day: string | null }>(
    tx,
    sql`select ${query.fromDate ?? null}::date::timestamp at time zone ${zone} as "from", (${query.toDate ?? null}::date + 1)::timestamp at time zone ${zone} as "to",
               ${query.fromDate ?? null}::date::text as from_day, ${query.toDate ?? null}::date::text as to_day`,
  );
  // The same days, for the kept movement counters (ledger.queries `movementTotals`).
  const days = { ...(row?.from_day ? { from: row.from_day } : {}), ...(row?.to_day ? { to: row.to_day } : {}) };
  return { ...(row?.from ? { from: new Date(row.from) } : {}), ...(row?.to ? { to: new Date(row.to) } : {}), days };
}

/** The partner's own delivery locations of the tab's kind, within the user's locations. */
async function ownSitesOf(tx: Db, scope: DataScope, kind: PartnerKind, partnerId: number): Promise<Site[]> {
  if (scope.locationIds && scope.locationIds.length === 0) return [];
  const owner = kind === 'customer' ? sql`customer_id` : sql`consignee_id`;
  const rows = await queryRows<{ id: number; name: string; is_active: boolean; owner_type: string | null; owner_id: number | null }>(
    tx,
    sql`select id, name, is_active, owner_type, ${owner} as owner_id from locations
        where location_kind_id = ${DELIVERY_LOCATION_KIND}::integer and owner_type = ${kind} and ${owner} = ${partnerId}::integer
        ${scope.locationIds ? sql`and id in (${ids(scope.locationIds)})` : sql``}
        order by name, id`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, isActive: r.is_active, ownerType: r.owner_type, ownerId: r.owner_id === null ? null : Number(r.owner_id) }));
}

export async function resolvePartner(tx: Db, actor: ReadActor, kind: PartnerKind, partnerId: number, query: PartnerQuery): Promise<Resolved> {
  await checkPartner(tx, actor.scope, kind, partnerId, query.isShipmentManager);
  const consignments = await consignmentChoice(tx, kind, partnerId, query);
  const ownSites = await ownSitesOf(tx, actor.scope, kind, partnerId);
  const cargo = {
    ...(consignments === undefined ? {} : { consignmentId: consignments }),
    ...(query.voyageId === undefined ? {} : { voyageId: query.voyageId }),
    ...(query.cargoId === undefined ? {} : { cargoTypeId: query.cargoId }),
  };
  const place = {
    ...cargo,
    ...(query.bindingVoyageId === undefined ? {} : { attachedVoyageId: query.bindingVoyageId }),
    ...(query.siloId === undefined ? {} : { siloId: query.siloId }),
  };
  const ownerId = kind === 'consignee' ? partnerId : undefined;
  const siteIds = ownSites.map((s) => s.id);
  const locations = kind === 'customer' ? (query.locationId === undefined ? siteIds : siteIds.filter((id) => id === query.locationId)) : query.locationId;
  return {
    actor,
    kind,
    partnerId,
    ownerId,
    positions: { ...place, ...(ownerId === undefined ? {} : { ownerCompanyId: ownerId }), ...(locations === undefined ? {} : { locationId: locations }) },
    owned: { ...place, ownerCompanyId: partnerId, ...(query.locationId === undefined ? {} : { locationId: query.locationId }) },
    transit: { ...cargo, ...(ownerId === undefined ? {} : { ownerCompanyId: ownerId }) },
    period: await periodOf(tx, actor.agencyId, query),
    ownSites,
    locationId: query.locationId,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Trips' slips and names.

const TRANSFER_TYPES = new Set<string>(['warehouseTransfer', 'loan', 'loanReturn', 'sale', 'consigneeTransfer']);

/** Names of the records the rows mention, read once per kind. */
interface Names {
  consignment: (id: number) => { LCPONumber: string; refNumber: string };
  voyage: (id: number) => string;
  cargo: (id: number) => string;
  company: (id: number) => string;
  location: (id: number) => { name: string; kind: number; ownerType: string | null; ownerId: number | null };
}

async function namesOf(tx: Db, wanted: { consignments?: number[]; voyages?: number[]; cargos?: number[]; companies?: number[]; locations?: number[] }): Promise<Names> {
  const list = (values: number[] | undefined) => [...new Set(values ?? [])];
  const read = async <T>(values: number[] | undefined, query: (w: SQL) => SQL): Promise<T[]> => {
    const distinct = list(values);
    return distinct.length === 0 ? [] : queryRows<T>(tx, query(ids(distinct)));
  };
  const consignments = await read<{ id: number; lc: string | null; po: string | null; ref: string | null }>(
    wanted.consignments,
    (w) => sql`select id, lc_number as lc, po_number as po, ref_number as ref from consignments where id in (${w})`,
  );
  const voyages = await read<{ id: number; vessel: string; voyage: string }>(
    wanted.voyages,
    (w) => sql`select v.id, ve.name as vessel, v.voyage_number as voyage from voyages v join vessels ve on ve.id = v.vessel_id where v.id in (${w})`,
  );
  const cargos = await read<{ id: number; name: string }>(wanted.cargos, (w) => sql`select id, name from cargo_types where id in (${w})`);
  const companies = await read<{ id: number; name: string }>(wanted.companies, (w) => sql`select id, name from companies where id in (${w})`);
  const locations = await read<{ id: number; name: string; kind: number; owner_type: string | null; owner_id: number | null }>(
    wanted.locations,
    (w) => sql`select id, name, location_kind_id as kind, owner_type, coalesce(consignee_id, customer_id) as owner_id from locations where id in (${w})`,
  );
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [Number(r.id), r]));
  const c = byId(consignments);
  const v = byId(voyages);
  const g = byId(cargos);
  const p = byId(companies);
  const l = byId(locations);
  return {
    consignment: (id) => {
      const row = c.get(id);
      return { LCPONumber: row?.lc ?? row?.po ?? '', refNumber: row?.ref ?? '' };
    },
    voyage: (id) => {
      const row = v.get(id);
      return row ? vesselVoyageLabel({ vesselName: row.vessel, voyageNumber: row.voyage }) : '';
    },
    cargo: (id) => g.get(id)?.name ?? '',
    company: (id) => p.get(id)?.name ?? '',
    location: (id) => {
      const row = l.get(id);
      return { name: row?.name ?? '', kind: Number(row?.kind ?? 0), ownerType: row?.owner_type ?? null, ownerId: row?.owner_id === null || row?.owner_id === undefined ? null : Number(row.owner_id) };
    },
  };
}

/**
 * The trucks on the road now with the partner's cargo (consignee tab) or any cargo (customer tab): `trip_id`,
 * `to_location_id` (the destination kept on the truck's account, road.ts) and `kg` (the kept IN_TRANSIT balances);
 * only those going to `to` (a location or a list) when given, one range of `ledger_accounts_road_idx` each.
 */
function roadSql(r: Resolved, to?: number | readonly number[]): SQL {
  const towards = to === undefined ? sql`` : sql` and ${typeof to === 'number' ? sql`ledger_accounts.destination_location_id = ${to}::integer` : sql`ledger_accounts.destination_location_id in (${ids(to)})`}`;
  return sql`select ledger_accounts.trip_id, ledger_accounts.destination_location_id as to_location_id, sum(ledger_accounts.balance_kg) as kg from ledger_accounts
    where ${accountWhere(r, 'IN_TRANSIT', r.transit)} and ledger_accounts.balance_kg <> 0 and ledger_accounts.destination_location_id is not null${towards}
    group by ledger_accounts.trip_id, ledger_accounts.destination_location_id having sum(ledger_accounts.balance_kg) <> 0`;
}

/** A card's kind as a list's move type (`TRANSFER_TYPES` for a transfer slip; one of another kind is a 'correction'). */
function cardTypeSql(): SQL {
  const kinds = ['port', 'warehouseOut', 'consigneeOut', ...TRANSFER_TYPES].map((k) => sql`${k}`);
  return sql`case when tc.kind in (${sql.join(kinds, sql`, `)}) then tc.kind else 'correction' end`;
}

/**
 * The slips of the trips a condition on `tc.trip_id` selects, from their kept cards (`trip_cards`, one per trip that
 * has a slip, whatever flow wrote it: trip-cards.ts): `trip_id`, `type`, `slipped_at`, `to_location_id`, LC/PO, voyage
 * and cargo type; with `full` (the trips lists' rows) also `slip_number` (text), `plate`, `from_name` (the port or
 * place it loaded at), `from_owner_id`, `to_owner_id` (the owner on arrival), `received_table`, `status` and `silo_id`.
 */
function cardsWhere(where: SQL, full = false): SQL {
  const fullColumns = sql`, tc.slip_number::text as slip_number, tr.plate_number as plate, coalesce(pt.name, l.name) as from_name, tc.from_owner_id,
                          tc.to_owner_id, tc.received_table, tc.status, tc.silo_id`;
  const fullJoins = sql` join trucks tr on tr.id = tc.truck_id left join ports pt on pt.id = tc.from_port_id left join locations l on l.id = tc.from_location_id`;
  return sql`select tc.trip_id, ${cardTypeSql()} as type, tc.slipped_at, tc.to_location_id, tc.consignment_id, tc.voyage_id, tc.cargo_type_id${full ? fullColumns : sql``}
      from trip_cards tc${full ? fullJoins : sql``} where ${where}`;
}

/**
 * The kilograms on the road now towards each location. On the Customer tab only the customer's own sites are
 * listed (`onTab`), so only the trucks going there are read (every live truck of the agency is on its road: 15,000
 * in the benchmark's big agency).
 */
async function comingByLocation(tx: Db, r: Resolved): Promise<Map<number, bigint>> {
  const to = r.kind === 'customer' ? r.ownSites.map((s) => s.id).filter((id) => r.locationId === undefined || id === r.locationId) : undefined;
  if (to?.length === 0) return new Map();
  const rows = await queryRows<{ to_location_id: number; kg: string }>(tx, sql`select road.to_location_id, sum(road.kg)::text as kg from (${roadSql(r, to)}) road group by road.to_location_id`);
  return new Map(rows.map((row) => [Number(row.to_location_id), BigInt(row.kg)]));
}

/** The kilograms on the road now towards one location, by the slips' move type, LC/PO, voyage and cargo type (summed in the database: the Customer tab's place may have thousands of trucks coming). */
async function roadGroupsTowards(tx: Db, r: Resolved, to: number): Promise<{ type: PartnerMoveType; consignmentId: number; voyageId: number; cargoTypeId: number; kg: bigint }[]> {
  const rows = await queryRows<{ type: PartnerMoveType; consignment_id: number; voyage_id: number; cargo_type_id: number; kg: string }>(
    tx,
    // Each truck's card by its trip (the key of `trip_cards`); a truck with no slip is left out.
    sql`with road as (${roadSql(r, to)})
        select ${cardTypeSql()} as type, tc.consignment_id, tc.voyage_id, tc.cargo_type_id, sum(road.kg)::text as kg
        from road join trip_cards tc on tc.trip_id = road.trip_id
        group by 1, tc.consignment_id, tc.voyage_id, tc.cargo_type_id`,
  );
  return rows.map((row) => ({ type: row.type, consignmentId: Number(row.consignment_id), voyageId: Number(row.voyage_id), cargoTypeId: Number(row.cargo_type_id), kg: BigInt(row.kg) }));
}

/** Whether a location belongs on the tab's table: a delivery location of the tab's kind (the customer's own, on its tab). */
function onTab(r: Resolved, location: { kind: number; ownerType: string | null }, locationId: number): boolean {
  if (r.locationId !== undefined && locationId !== r.locationId) return false;
  if (r.kind === 'customer') return r.ownSites.some((s) => s.id === locationId);
  return location.kind === DELIVERY_LOCATION_KIND && location.ownerType === 'consignee';
}

const add = (map: Map<number, bigint>, key: number, kg: bigint) => map.set(key, (map.get(key) ?? 0n) + kg);
const sumOf = (values: Iterable<bigint>) => [...values].reduce((a, b) => a + b, 0n);

// ---------------------------------------------------------------------------------------------------------------
// The stats (the table, the chart and the per-kind lists).

export async function partnerStats(tx: Db, r: Resolved): Promise<TPartnerStats> {
  const { agencyId, scope } = r.actor;
  const here = { agencyId, scope, filter: r.positions, groupBy: ['locationId'] as const };
  const onHand = await stockPositions(tx, here);
  const owned = r.kind === 'customer' ? await stockPositions(tx, { agencyId, scope, filter: r.owned, groupBy: ['locationId'] }) : undefined;
  const arrived = await tripsIn(tx, { ...here, period: r.period ?? {} });
  const left = await tripsOut(tx, { ...here, place: 'ON_HAND', period: r.period ?? {} });
  const coming = await comingByLocation(tx, r);
  const stock = new Map<number, bigint>();
  for (const p of onHand) add(stock, Number(p.locationId), p.onHandKg);
  const ownStock = new Map<number, bigint>();
  for (const p of owned ?? onHand) add(ownStock, Number(p.locationId), p.onHandKg);
  const inBy = new Map(arrived.map((t) => [Number(t.locationId), t]));
  const outBy = new Map(left.map((t) => [Number(t.locationId), t]));

  const candidates = [...new Set([...r.ownSites.filter((s) => s.isActive).map((s) => s.id), ...stock.keys(), ...ownStock.keys(), ...coming.keys(), ...inBy.keys(), ...outBy.keys()])];
  const names = await namesOf(tx, { locations: candidates });
  const tableIds = candidates.filter((id) => onTab(r, names.location(id), id) && (r.ownSites.some((s) => s.id === id && s.isActive) || stock.has(id) || coming.has(id) || inBy.has(id) || outBy.has(id)));
  const byName = (a: number, b: number) => names.location(a).name.localeCompare(names.location(b).name, 'en', { sensitivity: 'base' }) || a - b;
  tableIds.sort(byName);

  const tableRows = tableIds.map((id) => ({
    locationId: id,
    name: names.location(id).name,
    quantity: kgToTonnes(stock.get(id) ?? 0n),
    tripsIn: inBy.get(id)?.trips ?? 0,
    tripsInQty: kgToTonnes(inBy.get(id)?.quantityKg ?? 0n),
    tripsOut: outBy.get(id)?.trips ?? 0,
    tripsOutQty: kgToTonnes(outBy.get(id)?.quantityKg ?? 0n),
    inTransitQty: kgToTonnes(coming.get(id) ?? 0n),
  }));
  const qtyList = (source: Map<number, bigint>, ownerType: 'consignee' | 'customer'): { list: TPartnerLocationQty[]; total: bigint } => {
    const chosen = [...source.entries()].filter(([id, kg]) => kg !== 0n && names.location(id).kind === DELIVERY_LOCATION_KIND && names.location(id).ownerType === ownerType);
    chosen.sort(([a], [b]) => byName(a, b));
    return { list: chosen.map(([id, kg]) => ({ locationId: id, name: names.location(id).name, quantity: kgToTonnes(kg) })), total: sumOf(chosen.map(([, kg]) => kg)) };
  };
  // Consignee tab: the partner's stock by kind of place. Customer tab: the stock at its own places, and its own elsewhere.
  const atConsignees = qtyList(ownStock, 'consignee');
  const atCustomers = r.kind === 'customer' ? qtyList(new Map(tableIds.map((id) => [id, stock.get(id) ?? 0n])), 'customer') : qtyList(ownStock, 'customer');
  return {
    tableRows,
    chartData: tableRows.map((row) => ({ locationId: row.locationId, name: row.name, quantity: row.quantity })),
    overAllQuantityInConsigneeLocs: kgToTonnes(atConsignees.total),
    overAllQuantityInCustomerLocs: kgToTonnes(atCustomers.total),
    consigneeLocationQty: atConsignees.list,
    customerLocationQty: atCustomers.list,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Level 1: the trucks in or out of one location.

/** The partner's filter at one location (the detail's `locationId`, required by the query schema). */
function atLocation(r: Resolved, locationId: number): DimensionFilter<PositionDimension> {
  if (r.kind === 'customer' && !r.ownSites.some((s) => s.id === locationId)) return { ...r.positions, locationId: [] };
  return { ...r.positions, locationId };
}

/**
 * A page of the trucks of the period in or out of the partner's positions (`latestPlaceTripsSql`: newest first, the
 * first `limit` after `before`) as arrays in that order written as text (`trips`, `ats` and `kgs`, the place's
 * kilograms of each truck's posting), from the kept truck postings: the list's second statement takes them back as
 * constants, so its planner knows how many rows it joins (read in one statement, their joins were planned for ten rows).
 */
function latestTripsArraysSql(r: Resolved, direction: 'in' | 'out', filter: DimensionFilter<PositionDimension>, page: TripPage): SQL {
  const { agencyId, scope } = r.actor;
  const order = sql`order by date_trunc('milliseconds', d.at) desc, d.trip_id desc, d.at desc, d.transaction_id desc`;
  return sql`select coalesce(array_agg(d.trip_id ${order}), '{}')::text as trips, coalesce(array_agg(d.at ${order}), '{}')::text as ats,
                    coalesce(array_agg(d.place_kg ${order}), '{}')::text as kgs
      from (${latestPlaceTripsSql({ agencyId, scope, direction, filter, period: r.period ?? {}, limit: page.limit, before: page.before })}) d`;
}

/** The listed trucks (`latestTripsArraysSql`'s arrays) as a relation: `trip_id`, `at`, `place_kg`, `ord` (1, 2, ... newest first). */
const listedTrips = (a: TripArrays) =>
  sql`select * from unnest(${a.trips}::integer[], ${a.ats}::timestamptz[], ${a.kgs}::bigint[]) with ordinality as t(trip_id, at, place_kg, ord)`;

/** `latestTripsArraysSql`'s row. */
interface TripArrays {
  trips: string;
  ats: string;
  kgs: string;
}

/**
 * The answer of a trips list, written by the database: the JSON array of `ZPartnerTripRow`s in the schema's field
 * order, newest first (the date to the millisecond, then the trip, then `ord`), from `listed` (a CTE with `trip_id`,
 * `type`, `slip_number`, `date`, `truck`, `source`, `destination`, `to_consignee`, `consignment_id`, `voyage_id`,
 * `cargo_type_id`, `silo_id`, `quantity_kg`, `in_transit_kg`, `pending`, `ord`); the names joined once here.
 */
function tripListJsonSql(listed: SQL): SQL {
  const row = sql.join(
    [
      sql`'{"tripId":' || l.trip_id`,
      sql`',"type":' || ${jsonString(sql`l.type`)}`,
      sql`',"slipNumber":' || ${jsonString(sql`l.slip_number`)}`,
      sql`',"date":"' || ${isoMillis(sql`l.date`)} || '"'`,
      sql`',"truck":' || ${jsonString(sql`l.truck`)}`,
      sql`',"source":' || ${jsonString(sql`l.source`)}`,
      sql`',"destination":' || ${jsonString(sql`l.destination`)}`,
      sql`',"toConsignee":' || coalesce(${jsonString(sql`l.to_consignee`)}, 'null')`,
      sql`',"consignmentId":' || l.consignment_id`,
      sql`',"LCPONumber":' || ${jsonString(sql`coalesce(c.lc_number, c.po_number, '')`)}`,
      sql`',"refNumber":' || ${jsonString(sql`coalesce(c.ref_number, '')`)}`,
      sql`',"vesselVoyage":' || ${jsonString(sql`coalesce(ve.name || ' / ' || v.voyage_number, '')`)}`,
      sql`',"cargo":' || ${jsonString(sql`coalesce(g.name, '')`)}`,
      sql`',"siloId":' || coalesce(l.silo_id::text, 'null')`,
      sql`',"quantity":' || ${jsonTonnes(sql`l.quantity_kg`)}`,
      sql`',"inTransitQty":' || ${jsonTonnes(sql`l.in_transit_kg`)}`,
      sql`',"pending":' || case when l.pending then 'true' else 'false' end || '}'`,
    ],
    sql` || `,
  );
  return sql`select '[' || coalesce(string_agg(${row}, ',' order by date_trunc('milliseconds', l.date) desc, l.trip_id desc, l.ord), '') || ']' as json
      from ${listed} l
      left join consignments c on c.id = l.consignment_id
      left join voyages v on v.id = l.voyage_id left join vessels ve on ve.id = v.vessel_id
      left join cargo_types g on g.id = l.cargo_type_id`;
}

/** The list's JSON text, read. */
async function tripListJson(tx: Db, statement: SQL): Promise<JsonText> {
  const [row] = await queryRows<{ json: string }>(tx, statement);
  return new JsonText(row?.json ?? '[]');
}

/** The list's type filter (`type`, when asked) on its rows (`x`). */
const typeIs = (type: PartnerMoveType | undefined) => (type === undefined ? sql`` : sql` where x.type = ${type}`);

/**
 * The columns of a listed row from its trip's full slip (`s`, null without one: a 'correction' with no slip number,
 * truck or LC/PO).
 */
const slipColumns = sql`coalesce(s.type, 'correction') as type, coalesce(s.slip_number, '') as slip_number, coalesce(s.plate, '') as truck,
                        coalesce(s.consignment_id, 0) as consignment_id, s.voyage_id, s.cargo_type_id, s.silo_id`;

/** The full slips of the trips of arrays (text) of trip ids, from their cards. */
const slipsOfTrips = (...trips: string[]) =>
  cardsWhere(sql`tc.trip_id in (${sql.join(trips.map((t) => sql`select unnest(${t}::integer[])`), sql` union all `)})`, true);

/**
 * A page of a trucks list: at most `limit` rows (more only when the last row's millisecond and trip repeat), after
 * `before` (the last row the client holds) when given. The spec's client asks for none: the newest
 * TRIP_LIST_LIMIT.
 */
export interface TripPage {
  limit: number;
  before?: TripListPosition | undefined;
}

/** The page a trips list's query asks for. */
export function tripPageOf(query: { limit?: number | undefined; before?: TripListPosition | undefined }): TripPage {
  return { limit: query.limit ?? TRIP_LIST_LIMIT, before: query.before };
}

/**
 * Trips-in detail of a location: the trucks received there (what the place took in) and those still coming (pending),
 * a page of them together, newest first (by date to the millisecond, then trip). Two statements: the page's received
 * trucks (`latestPlaceTripsSql`) and the page's trucks on the road (every truck coming there, dated by its slip), as
 * arrays; then the answer written by the database (`tripListJsonSql`) from their slips, the two merged and cut to the
 * page.
 */
export async function partnerTripsIn(tx: Db, r: Resolved, locationId: number, type: PartnerMoveType | undefined, page: TripPage = { limit: TRIP_LIST_LIMIT }): Promise<JsonText> {
  const filter = atLocation(r, locationId);
  const siteListed = r.kind === 'consignee' || r.ownSites.some((s) => s.id === locationId);
  const onRoad = siteListed && r.positions.siloId === undefined && r.positions.attachedVoyageId === undefined;
  const limit = page.limit;
  // The page's trucks on the road towards the place, by their slips' dates.
  const road = onRoad
    ? sql`select coalesce(array_agg(road.trip_id order by road.ms desc, road.trip_id desc), '{}')::text as road_trips,
                 coalesce(array_agg(road.kg::bigint order by road.ms desc, road.trip_id desc), '{}')::text as road_kg
          from (select road.trip_id, road.kg, date_trunc('milliseconds', tc.slipped_at) as ms
                  from (${roadSql(r, locationId)}) road join trip_cards tc on tc.trip_id = road.trip_id
                 where ${afterListPosition(sql`tc.slipped_at`, sql`road.trip_id`, page.before)}
                 order by date_trunc('milliseconds', tc.slipped_at) desc, road.trip_id desc fetch first (${limit}::integer) rows with ties) road`
    : sql`select '{}'::text as road_trips, '{}'::text as road_kg`;
  const [lists] = await queryRows<TripArrays & { road_trips: string; road_kg: string }>(
    tx,
    sql`select received.*, road.* from (${latestTripsArraysSql(r, 'in', filter, page)}) received cross join (${road}) road`,
  );
  if (!lists) return new JsonText('[]');
  return tripListJson(
    tx,
    sql`with received as (${listedTrips(lists)}),
             road as (select * from unnest(${lists.road_trips}::integer[], ${lists.road_kg}::bigint[]) with ordinality as road(trip_id, kg, ord)),
             slips as materialized (${slipsOfTrips(lists.trips, lists.road_trips)}),
             candidates as (
               select r.trip_id, r.at as date, r.place_kg, null::bigint as kg, r.ord from received r
               union all
               select road.trip_id, s.slipped_at, null, road.kg, ${limit}::integer + road.ord from road join slips s on s.trip_id = road.trip_id),
             chosen as materialized (
               select ch.*, ${slipColumns}, coalesce(s.from_name, '') as source from candidates ch left join slips s on s.trip_id = ch.trip_id),
             listed as (
               select x.trip_id, x.type, x.slip_number, x.truck, x.consignment_id, x.voyage_id, x.cargo_type_id, x.silo_id, x.date, x.source, '' as destination,
                      null::text as to_consignee, coalesce(x.kg, x.place_kg, 0) as quantity_kg, coalesce(x.kg, 0) as in_transit_kg, x.kg is not null as pending, x.ord
                 from chosen x${typeIs(type)} order by date_trunc('milliseconds', x.date) desc, x.trip_id desc fetch first (${limit}::integer) rows with ties)
        ${tripListJsonSql(sql`listed`)}`,
  );
}

/**
 * Trips-out detail of a location: a page of the trucks that left it (newest first) with the partner's cargo, pending while not
 * received at their destination; the cargo's party on arrival when another (`toConsignee`). Two statements: the
 * trucks (arrays), then the answer written by the database (`tripListJsonSql`).
 */
export async function partnerTripsOut(tx: Db, r: Resolved, locationId: number, type: PartnerMoveType | undefined, page: TripPage = { limit: TRIP_LIST_LIMIT }): Promise<JsonText> {
  const filter = atLocation(r, locationId);
  const [lists] = await queryRows<TripArrays>(tx, latestTripsArraysSql(r, 'out', filter, page));
  if (!lists) return new JsonText('[]');
  return tripListJson(
    tx,
    sql`with departed as (${listedTrips(lists)}),
             slips as (${slipsOfTrips(lists.trips)}),
             on_trucks as (
               select ledger_accounts.trip_id, sum(ledger_accounts.balance_kg)::bigint as kg from ledger_accounts
                where ${accountWhere(r, 'IN_TRANSIT', {})} and ledger_accounts.balance_kg <> 0 and ledger_accounts.trip_id = any(${lists.trips}::integer[])
                group by ledger_accounts.trip_id),
             candidates as (
               select d.trip_id, ${slipColumns}, d.at as date, '' as source, coalesce(dl.name, '') as destination,
                      -- The party the cargo goes to: the owner on arrival when it changes, else the destination's owner when another's.
                      case when s.to_owner_id is distinct from s.from_owner_id then coalesce(tc.name, '')
                           when coalesce(dl.consignee_id, dl.customer_id) is distinct from s.from_owner_id and coalesce(dl.consignee_id, dl.customer_id) is not null
                           then coalesce(dc.name, '') end as to_consignee,
                      d.place_kg as quantity_kg, coalesce(ot.kg, 0) as in_transit_kg, coalesce(s.status = 'Active' and s.received_table is null, false) as pending, d.ord
                 from departed d
                 left join slips s on s.trip_id = d.trip_id
                 left join on_trucks ot on ot.trip_id = d.trip_id
                 left join locations dl on dl.id = s.to_location_id
                 left join companies tc on tc.id = s.to_owner_id
                 left join companies dc on dc.id = coalesce(dl.consignee_id, dl.customer_id)),
             listed as (select * from candidates x${typeIs(type)})
        ${tripListJsonSql(sql`listed`)}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Level 2: in-quantity and out-quantity of one location, by type.

/** The condition of `ledger_accounts` (by table name) for the partner's positions matching a filter, within scope. */
function positionWhere(r: Resolved, filter: DimensionFilter<PositionDimension>): SQL {
  return accountWhere(r, 'ON_HAND', filter);
}

/** The condition of `ledger_accounts` (by table name) for accounts of a kind matching a filter, within the user's scope. */
function accountWhere(r: Resolved, kind: 'ON_HAND' | 'IN_TRANSIT', filter: DimensionFilter<PositionDimension> | DimensionFilter<InTransitDimension>): SQL {
  return sql.join([sql`${ledgerAccounts.kind} = ${kind}`, ...filterWhere(r, ledgerAccounts, kind, filter)], sql` and `);
}

/** The columns `filterWhere` reads: an account's, or a kept table's copies of the dimensions it has. */
type FilterColumns = ScopeColumns & { agencyId: AnyPgColumn } & Partial<Record<PositionDimension | InTransitDimension, AnyPgColumn>>;

/** The agency, a filter's dimensions and the user's scope (`accountScope`, the ledger's own rule) on the columns of a table (by table name). */
function filterWhere(r: Resolved, columns: FilterColumns, kind: 'ON_HAND' | 'IN_TRANSIT', filter: DimensionFilter<PositionDimension> | DimensionFilter<InTransitDimension>): SQL[] {
  const conditions: SQL[] = [sql`${columns.agencyId} = ${r.actor.agencyId}::integer`];
  for (const [dimension, value] of Object.entries(filter) as [PositionDimension | InTransitDimension, number | null | readonly (number | null)[] | undefined][]) {
    if (value === undefined) continue;
    const column = columns[dimension];
    if (!column) throw new Error(`filterWhere: no column for ${dimension}`);
    const values = Array.isArray(value) ? value : [value];
    const present = values.filter((v): v is number => v !== null);
    const options: SQL[] = [];
    if (present.length > 0) options.push(sql`${column} in (${ids(present)})`);
    if (values.includes(null)) options.push(sql`${column} is null`);
    conditions.push(options.length === 0 ? sql`false` : sql`(${sql.join(options, sql` or `)})`);
  }
  const scoped = accountScope(columns, kind, r.actor.scope);
  if (scoped) conditions.push(scoped);
  return conditions;
}

/**
 * The select of the partner's moves at one location over the period (`transaction_id`, `type`, `owner_id`,
 * `consignment_id`, `voyage_id`, `cargo_type_id`, `net_kg`): each transaction's net change of the partner's positions
 * there per owner, LC/PO, voyage and cargo type (so a silo transfer nets to nothing and a swap shows as an LC/PO
 * leaving and another arriving), reversed transactions and reversals left out; only arrivals (`in`, net > 0) or
 * departures (`out`, net < 0).
 */
function movesSql(r: Resolved, locationId: number, direction: 'in' | 'out'): SQL {
  const filter = atLocation(r, locationId);
  const period: SQL[] = [];
  if (r.period?.from) period.push(sql`and t.created_at >= ${r.period.from.toISOString()}::timestamptz`);
  if (r.period?.to) period.push(sql`and t.created_at < ${r.period.to.toISOString()}::timestamptz`);
  return sql`select e.transaction_id, t.type, ledger_accounts.owner_company_id as owner_id, ledger_accounts.consignment_id, ledger_accounts.voyage_id, ledger_accounts.cargo_type_id,
               sum(e.quantity_kg) as net_kg
        from ledger_entries e
        join ledger_accounts on ledger_accounts.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id
        where e.agency_id = ${r.actor.agencyId}::integer and ${positionWhere(r, filter)}
          and t.reverses_id is null and ${notReversed(sql`t.id`, r.actor.agencyId)}
          ${sql.join(period, sql` `)}
        group by e.transaction_id, t.type, ledger_accounts.owner_company_id, ledger_accounts.consignment_id, ledger_accounts.voyage_id, ledger_accounts.cargo_type_id
        having sum(e.quantity_kg) ${direction === 'in' ? sql`> 0` : sql`< 0`}`;
}

/** A group of arrivals of the in-quantity detail: by truck (`source`, the slip type of the first truck) or in place (`posting_type`). */
interface ArrivalGroup {
  source: string | null;
  posting_type: string | null;
  consignment_id: number;
  voyage_id: number;
  cargo_type_id: number;
  trips: number | string;
  quantity_kg: string;
  in_kg: string;
}

/**
 * Whether the in-quantity detail reads the kept arrivals (`ledger_place_moves`): they net each transaction over all
 * of the partner's accounts at the place of one owner, LC/PO, voyage and cargo type, so a silo or attached-voyage
 * filter (which nets over the filtered accounts only: part of a silo transfer is then an arrival) is read live; so
 * is a period that is not whole business days (the rows are kept by day).
 */
function keptArrivalsRead(r: Resolved): boolean {
  const wholeDays = r.period === undefined || r.period.days !== undefined;
  return wholeDays && r.positions.siloId === undefined && r.positions.attachedVoyageId === undefined;
}

/**
 * The arrivals' groups from the kept rows: the same filter and scope on the rows' copies of the accounts' dimensions,
 * the period by business day; a group of reversed arrivals only (`moves` summing to 0) is none. The trips add up
 * per group: a trip is in at most one live arrival of a group (ledger:check proves it).
 */
async function keptArrivals(tx: Db, r: Resolved, locationId: number): Promise<ArrivalGroup[]> {
  const k = ledgerPlaceMoves;
  const conditions = filterWhere(r, k, 'ON_HAND', atLocation(r, locationId));
  if (r.period?.days?.from !== undefined) conditions.push(sql`${k.day} >= ${r.period.days.from}::date`);
  if (r.period?.days?.to !== undefined) conditions.push(sql`${k.day} <= ${r.period.days.to}::date`);
  return queryRows<ArrivalGroup>(
    tx,
    sql`select nullif(${k.source}, '') as source, case when ${k.source} = '' then ${k.postingType} end as posting_type, ${k.consignmentId} as consignment_id,
               ${k.voyageId} as voyage_id, ${k.cargoTypeId} as cargo_type_id, sum(${k.trips})::integer as trips, sum(${k.quantityKg})::text as quantity_kg, sum(${k.kg})::text as in_kg
        from ${k}
        where ${sql.join(conditions, sql` and `)}
        group by 1, 2, 3, 4, 5
        having sum(${k.moves}) > 0`,
  );
}

/**
 * The arrivals' groups from the entries (a silo or attached-voyage filter): each arrival (`movesSql`) with the trucks
 * of its transaction carrying the same LC/PO (IN_TRANSIT entries taken down); by truck, typed by the slip of its
 * first truck (lowest trip id), `quantity` what the trucks gave and `trips` the distinct trucks of the group; in
 * place, typed by the posting type, `quantity` the net kilograms.
 */
async function liveArrivals(tx: Db, r: Resolved, locationId: number): Promise<ArrivalGroup[]> {
  return queryRows<ArrivalGroup>(
    tx,
    // Each arrival's trucks in a lateral aggregate, and the two totals over the same rows (no join of the arrivals with
    // the trucks: the planner cannot size them, and a nested loop of one over the other is quadratic; the trip counts
    // materialized, so the join of the few groups does not count them again for each).
    sql`with moves as (${movesSql(r, locationId, 'in')}),
        sourced as (
          select m.type, m.consignment_id, m.voyage_id, m.cargo_type_id, m.net_kg, tr.kg as truck_kg, tr.trips,
                 nullif(${slipSourceSql(sql`tr.first_trip`, sql`${r.actor.agencyId}::integer`)}, '') as source
          from moves m
          cross join lateral (
            select sum(-te.quantity_kg) as kg, min(ta.trip_id) as first_trip, array_agg(ta.trip_id) as trips
            from ledger_entries te join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT' and ta.consignment_id = m.consignment_id
            where te.transaction_id = m.transaction_id and te.agency_id = ${r.actor.agencyId}::integer and te.quantity_kg < 0) tr),
        totals as (
          select s.source, case when s.source is null then s.type end as posting_type, s.consignment_id, s.voyage_id, s.cargo_type_id,
                 sum(coalesce(s.truck_kg, s.net_kg)) as quantity_kg, sum(s.net_kg) as in_kg
          from sourced s
          group by s.source, case when s.source is null then s.type end, s.consignment_id, s.voyage_id, s.cargo_type_id),
        trip_counts as materialized (
          select s.source, s.consignment_id, s.voyage_id, s.cargo_type_id, count(distinct trip.id) as trips
          from sourced s cross join lateral unnest(s.trips) as trip(id)
          where s.source is not null
          group by s.source, s.consignment_id, s.voyage_id, s.cargo_type_id)
        select g.source, g.posting_type, g.consignment_id, g.voyage_id, g.cargo_type_id, coalesce(c.trips, 0)::integer as trips, g.quantity_kg::text as quantity_kg, g.in_kg::text as in_kg
        from totals g
        left join trip_counts c on c.source = g.source and c.consignment_id = g.consignment_id and c.voyage_id = g.voyage_id and c.cargo_type_id = g.cargo_type_id`,
  );
}

/**
 * In-quantity detail of a location: what reached the partner's stock there, by source, LC/PO and voyage; plus what is
 * on the road there. The arrivals' groups come from the kept arrivals by place and day (`keptArrivals`), or from the
 * entries with a silo or attached-voyage filter (`liveArrivals`); the trucks on the road are read live, only those
 * on the road now. Only the groups come back, not every receipt and truck.
 */
export async function partnerInQty(tx: Db, r: Resolved, locationId: number, type: PartnerMoveType | undefined): Promise<TPartnerInQtyRow[]> {
  const arrivalRows = keptArrivalsRead(r) ? await keptArrivals(tx, r, locationId) : await liveArrivals(tx, r, locationId);
  const siteListed = r.kind === 'consignee' || r.ownSites.some((s) => s.id === locationId);
  const coming = siteListed && r.positions.siloId === undefined && r.positions.attachedVoyageId === undefined ? await roadGroupsTowards(tx, r, locationId) : [];

  interface Group {
    source: PartnerMoveType;
    consignmentId: number;
    voyageId: number;
    cargoTypeId: number;
    trips: number;
    quantityKg: bigint;
    inKg: bigint;
    inTransitKg: bigint;
  }
  const groups = new Map<string, Group>();
  const groupOf = (source: PartnerMoveType, consignmentId: number, voyageId: number, cargoTypeId: number): Group => {
    const key = `${source}|${consignmentId}|${voyageId}|${cargoTypeId}`;
    let group = groups.get(key);
    if (!group) {
      group = { source, consignmentId, voyageId, cargoTypeId, trips: 0, quantityKg: 0n, inKg: 0n, inTransitKg: 0n };
      groups.set(key, group);
    }
    return group;
  };
  // A by-truck group is one row (its trips distinct in SQL); in-place rows of posting types named alike add no trips.
  for (const row of arrivalRows) {
    const source = row.source === null ? inPlaceMoveType(row.posting_type ?? '') : (row.source as PartnerMoveType);
    const group = groupOf(source, Number(row.consignment_id), Number(row.voyage_id), Number(row.cargo_type_id));
    group.trips += Number(row.trips);
    group.quantityKg += BigInt(row.quantity_kg);
    group.inKg += BigInt(row.in_kg);
  }
  for (const c of coming) groupOf(c.type, c.consignmentId, c.voyageId, c.cargoTypeId).inTransitKg += c.kg;

  const list = [...groups.values()].filter((g) => type === undefined || g.source === type);
  const names = await namesOf(tx, { consignments: list.map((g) => g.consignmentId), voyages: list.map((g) => g.voyageId), cargos: list.map((g) => g.cargoTypeId) });
  const rows = list.map((g) => ({
    source: g.source,
    consignmentId: g.consignmentId,
    ...names.consignment(g.consignmentId),
    vesselVoyage: names.voyage(g.voyageId),
    cargo: names.cargo(g.cargoTypeId),
    trips: g.trips,
    quantity: kgToTonnes(g.quantityKg),
    inQty: kgToTonnes(g.inKg),
    transitLossQty: kgToTonnes(g.quantityKg - g.inKg),
    inTransitQty: kgToTonnes(g.inTransitKg),
  }));
  return rows.sort((a, b) => a.source.localeCompare(b.source) || a.LCPONumber.localeCompare(b.LCPONumber) || a.vesselVoyage.localeCompare(b.vesselVoyage) || a.cargo.localeCompare(b.cargo));
}

/** A group of departures of the out-quantity detail, as the database sums it (`departureGroups`). */
interface DepartureGroup {
  /** The move type of departures by truck (the slip of the first truck); null for those in place. */
  slip_type: string | null;
  /** The posting type of departures in place (typed by `inPlaceMoveType`); null for those by truck. */
  posting_type: string | null;
  consignment_id: number;
  voyage_id: number;
  cargo_type_id: number;
  to_owner_id: number | null;
  to_consignment_id: number | null;
  trips: number | string;
  out_kg: string;
  in_transit_kg: string;
}

/**
 * The partner's departures at one location over the period (moves with a net < 0), grouped in one statement, so only
 * the groups come back (not every departure's entries, slips and trucks: a mill's years of Consignee Outs). The
 * departures are the kept ones (`read` 'kept', place-departures.ts) or typed from the entries by the same rule:
 *
 * - **By truck** (the transaction's IN_TRANSIT entries taking up the same LC/PO): typed by the slip of the first truck
 *   (lowest entry id; 'correction' without a slip); the receiving party is the truck's owner when it is another, else
 *   the owner of the slip's destination when another; `trips` the distinct trucks of the group; `in_transit_kg` what
 *   each departure's trucks still carry now (the kept IN_TRANSIT balances within the user's scope).
 * - **In place** (no truck): typed by its posting type; the receiving party and LC/PO from the counter-position (the
 *   transaction's first ON_HAND entry going up for another owner or another LC/PO).
 */
async function departureGroups(tx: Db, r: Resolved, locationId: number, read: DeparturesRead): Promise<DepartureGroup[]> {
  return groupDepartures(tx, r, read === 'kept' ? keptDeparturesSql(r, locationId) : liveDeparturesSql(r, locationId));
}

/** Where the out-quantity detail finds a place's departures: the kept rows, or the entries. */
export type DeparturesRead = 'kept' | 'live';

/**
 * Whether the out-quantity detail reads the kept departures (`ledger_place_departures`, place-departures.ts): a
 * departure is a move of the place netted over its silos and attached voyages, so a silo or an attached voyage
 * filter reads the entries (`liveDeparturesSql`), where a silo transfer is a move of the silo.
 */
function keptDeparturesRead(r: Resolved): boolean {
  return r.positions.siloId === undefined && r.positions.attachedVoyageId === undefined;
}

/** The place's kept departures of the period, filtered and scoped on the rows' copies of their first account's key (the columns `groupDepartures` reads). */
function keptDeparturesSql(r: Resolved, locationId: number): SQL {
  const k = ledgerPlaceDepartures;
  const conditions = filterWhere(r, k, 'ON_HAND', atLocation(r, locationId));
  if (r.period?.from) conditions.push(sql`${k.at} >= ${r.period.from.toISOString()}::timestamptz`);
  if (r.period?.to) conditions.push(sql`${k.at} < ${r.period.to.toISOString()}::timestamptz`);
  return sql`select ${k.postingType} as type, ${k.consignmentId} as consignment_id, ${k.voyageId} as voyage_id, ${k.cargoTypeId} as cargo_type_id, ${k.netKg} as net_kg,
               ${k.trips} as trips, ${k.slipType} as slip_type, ${k.toOwnerId} as to_owner_id, ${k.toConsignmentId} as to_consignment_id
        from ${k} where ${sql.join(conditions, sql` and `)}`;
}

/** The place's departures of the period on the filtered positions, from the entries, typed by the kept departures' rule (place-departures.ts; the columns `groupDepartures` reads). */
function liveDeparturesSql(r: Resolved, locationId: number): SQL {
  const moves = sql`select ${r.actor.agencyId}::integer as agency_id, m.transaction_id, 0 as account_id, null::timestamptz as at, m.type as posting_type,
                    null::integer as location_id, m.owner_id as owner_company_id, m.consignment_id, m.voyage_id, m.cargo_type_id, m.net_kg
               from (${movesSql(r, locationId, 'out')}) m`;
  return sql`select d.posting_type as type, d.consignment_id, d.voyage_id, d.cargo_type_id, d.net_kg, d.trips, d.slip_type, d.to_owner_id, d.to_consignment_id
      from (${typedDeparturesOf(moves)}) d`;
}

/**
 * The groups of the out-quantity detail from a place's departures (`departures`: each with its posting `type`, LC/PO,
 * voyage, cargo type, `net_kg`, `trips`, `slip_type`, `to_owner_id`, `to_consignment_id`): per group the distinct
 * trips, what left (each departure once) and what of its trucks is still on the road (their live balances in scope).
 */
async function groupDepartures(tx: Db, r: Resolved, departures: SQL): Promise<DepartureGroup[]> {
  return queryRows<DepartureGroup>(
    tx,
    // The road in one select for all the departures' trips, once, as one map of trip to kilograms read per trip: the
    // scope's subqueries are planned and hashed once (a lateral per trip rebuilt the shipment manager's LC/PO list
    // 1,840 times: 27 of 38 ms), and no join with the departures can be planned per departure (they are estimated at
    // one row: the road inlined and joined by trip was computed again for each of 488 departures, 670 ms; materialized,
    // it was scanned for each, 80 ms).
    sql`with departures as (${departures}),
        road as materialized (
          select coalesce(jsonb_object_agg(r.trip_id::text, r.kg), '{}'::jsonb) as kg_by_trip
          from (select ledger_accounts.trip_id, sum(ledger_accounts.balance_kg) as kg from ledger_accounts
                where ${accountWhere(r, 'IN_TRANSIT', {})} and ledger_accounts.balance_kg <> 0
                  and ledger_accounts.trip_id in (select unnest(d.trips) from departures d)
                group by ledger_accounts.trip_id) r)
        select d.slip_type, case when d.slip_type is null then d.type end as posting_type, d.consignment_id, d.voyage_id, d.cargo_type_id, d.to_owner_id, d.to_consignment_id,
               count(distinct trip.id)::integer as trips,
               sum(case when trip.n is null or trip.n = 1 then -d.net_kg else 0 end)::text as out_kg,
               coalesce(sum(leg.road_kg), 0)::text as in_transit_kg
        from departures d
        left join lateral unnest(d.trips) with ordinality as trip(id, n) on true
        -- The map is read inside a lateral select kept apart (offset 0): joined, it would travel with every row into the grouping's sort.
        cross join lateral (select (road.kg_by_trip ->> trip.id::text)::numeric as road_kg from road offset 0) leg
        group by 1, 2, 3, 4, 5, 6, 7`,
  );
}

/** Out-quantity detail of a location: what left the partner's stock there, by type, LC/PO, receiving party and its LC/PO. */
export async function partnerOutQty(
  tx: Db,
  r: Resolved,
  locationId: number,
  type: PartnerMoveType | undefined,
  read: DeparturesRead = keptDeparturesRead(r) ? 'kept' : 'live',
): Promise<TPartnerOutQtyRow[]> {
  interface Group {
    type: PartnerMoveType;
    consignmentId: number;
    voyageId: number;
    cargoTypeId: number;
    toOwnerId: number | null;
    toConsignmentId: number | null;
    trips: number;
    outKg: bigint;
    inTransitKg: bigint;
  }
  // Posting types named alike in place fall in one group (they add no trips).
  const groups = new Map<string, Group>();
  for (const row of await departureGroups(tx, r, locationId, read)) {
    const moveType = row.slip_type === null ? inPlaceMoveType(row.posting_type ?? '') : (row.slip_type as PartnerMoveType);
    const toOwnerId = row.to_owner_id === null ? null : Number(row.to_owner_id);
    const toConsignmentId = row.to_consignment_id === null ? null : Number(row.to_consignment_id);
    const key = `${moveType}|${row.consignment_id}|${row.voyage_id}|${row.cargo_type_id}|${toOwnerId ?? ''}|${toConsignmentId ?? ''}`;
    const group = groups.get(key) ?? {
      type: moveType,
      consignmentId: Number(row.consignment_id),
      voyageId: Number(row.voyage_id),
      cargoTypeId: Number(row.cargo_type_id),
      toOwnerId,
      toConsignmentId,
      trips: 0,
      outKg: 0n,
      inTransitKg: 0n,
    };
    group.trips += Number(row.trips);
    group.outKg += BigInt(row.out_kg);
    group.inTransitKg += BigInt(row.in_transit_kg);
    groups.set(key, group);
  }
  const list = [...groups.values()].filter((g) => type === undefined || g.type === type);
  const names = await namesOf(tx, {
    consignments: list.flatMap((g) => (g.toConsignmentId === null ? [g.consignmentId] : [g.consignmentId, g.toConsignmentId])),
    voyages: list.map((g) => g.voyageId),
    cargos: list.map((g) => g.cargoTypeId),
    companies: list.flatMap((g) => (g.toOwnerId === null ? [] : [g.toOwnerId])),
  });
  const rows = list.map((g) => {
    const to = g.toConsignmentId === null ? null : names.consignment(g.toConsignmentId);
    return {
      type: g.type,
      consignmentId: g.consignmentId,
      ...names.consignment(g.consignmentId),
      vesselVoyage: names.voyage(g.voyageId),
      cargo: names.cargo(g.cargoTypeId),
      toConsignee: g.toOwnerId === null ? null : names.company(g.toOwnerId),
      To_LCPONumber: to?.LCPONumber ?? null,
      To_refNumber: to?.refNumber ?? null,
      trips: g.trips,
      outQty: kgToTonnes(g.outKg),
      inTransitQty: kgToTonnes(g.inTransitKg),
    };
  });
  return rows.sort((a, b) => a.type.localeCompare(b.type) || a.LCPONumber.localeCompare(b.LCPONumber) || (a.toConsignee ?? '').localeCompare(b.toConsignee ?? ''));
}
