import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { agencies } from '../identity/agencies.schema';
import { tenantPolicy } from '../platform/db/tenancy';
import { ledgerAccounts } from './ledger.schema';

/*
 * The kept arrivals of the partner tabs' in-quantity detail (server/src/modules/dashboard/partner.queries.ts
 * `partnerInQty`; the rule, its writers and its check: place-moves.ts). Per agency business day, the posting's
 * first ON_HAND account of a move (the lowest id among the accounts a live transaction moved at one place for one
 * owner, LC/PO, voyage and cargo type, whatever the silo or attached voyage), posting type and source: what the
 * arrivals (net change > 0) of that grain brought, so a place's detail reads a few rows per day instead of every
 * entry of the place. Written by the posting function in the posting's statement (a reversal subtracts its
 * original's contribution on its original's day), rebuilt from the entries by `rebuildPlaceMoves` and re-checked by
 * `npm run ledger:check`.
 *
 * - `source`: the slip type of the move's first truck (lowest trip id) of the same LC/PO, or '' for an in-place
 *   move (no truck with a trip): the reader then types it by `posting_type`.
 * - `moves`: how many live arrivals the row holds (0 once every one of them was reversed: the row is then left out).
 * - `kg`: their net kilograms at the place; `quantity_kg`: what their trucks gave (before the transit loss), or the
 *   net kilograms of an arrival without trucks; `trips`: the distinct trucks of each arrival, summed (a trip arrives
 *   in at most one live arrival of a place, LC/PO, voyage, cargo type and source: the check proves it).
 * - The account's place, owner, LC/PO, voyage and cargo type are copied (an account's key never changes), so the
 *   reader filters and scopes on the row itself.
 */
export const ledgerPlaceMoves = pgTable(
  'ledger_place_moves',
  {
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    day: date('day', { mode: 'string' }).notNull(),
    postingType: text('posting_type').notNull(),
    source: text('source').notNull(),
    locationId: integer('location_id'),
    ownerCompanyId: integer('owner_company_id'),
    consignmentId: integer('consignment_id'),
    voyageId: integer('voyage_id'),
    cargoTypeId: integer('cargo_type_id'),
    moves: integer('moves').notNull(),
    trips: integer('trips').notNull(),
    kg: bigint('kg', { mode: 'bigint' }).notNull(),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'ledger_place_moves_pkey', columns: [t.accountId, t.day, t.postingType, t.source] }),
    // The read path: one place's rows over a period.
    index('ledger_place_moves_place_idx').on(t.agencyId, t.locationId, t.day),
    tenantPolicy('ledger_place_moves'),
  ],
);
