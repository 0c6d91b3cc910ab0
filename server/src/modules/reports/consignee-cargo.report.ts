import { LOCATION_KIND_IDS, type ConsigneeCargoFilters } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { consignmentCondition } from '../../identity/data-scope';
import type { Actor, ReportFilters, ReportSource } from '../../kit';
import { agencyZone, endOfDate } from './report-sql';

type Filters = ReportFilters<ConsigneeCargoFilters>;

/**
 * The consignments still in the agency's care: cargo on board, on a truck or in one of its warehouses (a kept
 * balance). A consignment with none of these and with cargo once (an account) is of a closed season
 * (docs/decisions.md, "Reports": what the consignee cargo report's "-old" route shows).
 */
function openConsignments(actor: Actor): SQL {
  return sql`(select oa.consignment_id from ledger_accounts oa left join locations ol on ol.id = oa.location_id
              where oa.agency_id = ${actor.agencyId}::integer and oa.consignment_id is not null and oa.balance_kg <> 0
                and (oa.kind in ('ON_BOARD', 'IN_TRANSIT') or (oa.kind = 'ON_HAND' and ol.location_kind_id = ${LOCATION_KIND_IDS.warehouse}::integer)))`;
}

/**
 * Consignee Cargo Report (docs/decisions.md, "Reports"): the consignments of one BL consignee within the user's scope
 * (the consignment rule: its shipment manager and BL consignee), open ones or (`closed`) those of closed seasons;
 * every ledger transaction with an entry of their accounts is a line per consignment: its business date in the
 * agency's zone, the posting's type, its record (`#<id>`, ↺ for a reversal), the places of its positions, and what it
 * changed on board (ON_BOARD), on trucks (IN_TRANSIT), at places (ON_HAND, any owner), of the consignee's own
 * (ON_HAND owned by the consignee) and in losses (TRANSIT_LOSS, HANDLING_LOSS, HANDLING_EXCESS); the consignment's
 * cargo after it (on board + on trucks + at places, a running sum over all its movements, before the period and voyage
 * filters apply). A pre-out (a commitment only) is not a movement.
 */
function consigneeCargoRows(closed: boolean) {
  return (actor: Actor, filters: Filters): SQL => {
    const agency = sql`${actor.agencyId}::integer`;
    const conditions: SQL[] = [sql`c.agency_id = ${agency}`, sql`c.bl_consignee_id = ${filters.consigneeId}::integer`];
    const scoped = consignmentCondition(actor.scope, { shipmentManager: sql`c.shipment_manager_id`, blConsignee: sql`c.bl_consignee_id` });
    if (scoped) conditions.push(scoped);
    if (filters.consignmentId !== undefined) conditions.push(sql`c.id = ${filters.consignmentId}::integer`);
    conditions.push(
      closed
        ? sql`c.id not in ${openConsignments(actor)} and exists (select 1 from ledger_accounts ca where ca.agency_id = ${agency} and ca.consignment_id = c.id)`
        : sql`c.id in ${openConsignments(actor)}`,
    );
    const lines: SQL[] = [];
    if (filters.voyageId !== undefined) lines.push(sql`m.voyage_id = ${filters.voyageId}::integer`);
    if (filters.fromDate) lines.push(sql`m.at >= ((${filters.fromDate}::date)::timestamp at time zone ${agencyZone(actor)})`);
    if (filters.toDate) lines.push(sql`m.at < ${endOfDate(actor, sql`${filters.toDate}::date`)}`);
    return sql`with cs as (select c.id, coalesce(c.lc_number, c.po_number) as lc_po from consignments c where ${sql.join(conditions, sql` and `)}),
               moves as (
                 select e.transaction_id, a.consignment_id, min(x.created_at) as at, min(x.type) as type, min(x.source_id) as source_id,
                        bool_or(x.reverses_id is not null) as reversal, min(a.voyage_id) as voyage_id,
                        string_agg(distinct l.name, ', ') as place,
                        coalesce(sum(e.quantity_kg) filter (where a.kind = 'ON_BOARD'), 0) as on_board,
                        coalesce(sum(e.quantity_kg) filter (where a.kind = 'IN_TRANSIT'), 0) as in_transit,
                        coalesce(sum(e.quantity_kg) filter (where a.kind = 'ON_HAND'), 0) as at_places,
                        coalesce(sum(e.quantity_kg) filter (where a.kind = 'ON_HAND' and a.owner_company_id = ${filters.consigneeId}::integer), 0) as own,
                        coalesce(sum(e.quantity_kg) filter (where a.kind in ('TRANSIT_LOSS', 'HANDLING_LOSS', 'HANDLING_EXCESS')), 0) as lost
                 from ledger_accounts a
                 join ledger_entries e on e.account_id = a.id
                 join ledger_transactions x on x.id = e.transaction_id
                 left join locations l on l.id = a.location_id
                 where a.agency_id = ${agency} and a.consignment_id in (select id from cs)
                 group by 1, 2
                 having bool_or(e.quantity_kg <> 0)),
               m as (
                 select moves.*, sum(on_board + in_transit + at_places) over (partition by consignment_id order by at, transaction_id) as balance
                 from moves)
               select m.transaction_id as "transactionId", m.consignment_id as "consignmentId", m.at as "__at",
                      to_char((m.at at time zone ${agencyZone(actor)})::date, 'YYYY-MM-DD') as "date", cs.lc_po as "lcPo",
                      ve.name || ' / ' || v.voyage_number as "voyage", m.type as "movement",
                      '#' || m.source_id || case when m.reversal then ' ↺' else '' end as "record", m.place as "place",
                      m.on_board as "onBoard", m.in_transit as "inTransit", m.at_places as "atPlaces", m.own as "own", m.lost as "lost", m.balance as "balance"
               from m join cs on cs.id = m.consignment_id
               left join voyages v on v.id = m.voyage_id
               left join vessels ve on ve.id = v.vessel_id
               ${lines.length > 0 ? sql`where ${sql.join(lines, sql` and `)}` : sql``}`;
  };
}

export const consigneeCargoSource: ReportSource<ConsigneeCargoFilters> = { rows: consigneeCargoRows(false), tieBreak: ['__at', 'transactionId', 'consignmentId'] };
export const consigneeCargoOldSource: ReportSource<ConsigneeCargoFilters> = { rows: consigneeCargoRows(true), tieBreak: ['__at', 'transactionId', 'consignmentId'] };
