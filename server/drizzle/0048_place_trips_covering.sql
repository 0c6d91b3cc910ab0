-- The trips lists' two read paths of the kept truck postings become covering (drizzle's index builder has no INCLUDE,
-- so the columns are added here; place-trips.schema.ts names them): what a list reads of a row (its kilograms and
-- trucks, and the owner the place's path filters and scopes on) is in the index, so the newest 1,000 postings of a
-- place come from a few index pages in time order instead of one heap page each (rows are written in time order over
-- every place, so a place's rows lie one to a page: 2,580 heap blocks, 516 of them off shared buffers, for one list).
DROP INDEX IF EXISTS "ledger_place_trips_owner_idx";--> statement-breakpoint
CREATE INDEX "ledger_place_trips_owner_idx" ON "ledger_place_trips" USING btree ("agency_id","location_id","direction","owner_company_id","at","transaction_id") INCLUDE ("quantity_kg","trip_ids");--> statement-breakpoint
DROP INDEX IF EXISTS "ledger_place_trips_place_idx";--> statement-breakpoint
CREATE INDEX "ledger_place_trips_place_idx" ON "ledger_place_trips" USING btree ("agency_id","location_id","direction","at","transaction_id") INCLUDE ("owner_company_id","quantity_kg","trip_ids");--> statement-breakpoint
-- An index-only scan skips the heap only on pages the visibility map marks all-visible, which only a vacuum does; the
-- lists read the newest rows, which the default (a vacuum after inserts of a fifth of the table) would leave unmarked
-- for weeks in a large ledger. A vacuum of appended pages is cheap.
ALTER TABLE "ledger_place_trips" SET (autovacuum_vacuum_insert_scale_factor = 0.01);
