-- A trip's business time in an index with its tenant (drizzle's index builder has no INCLUDE, so the columns are added
-- here; trip-cards.schema.ts names them): the Consignee and Customer tabs date the trucks on the road to a place by
-- their cards, thousands of trucks for a busy customer store; the probe of each card reads the index alone (the
-- tenant policy filters on agency_id, so it is included) instead of one heap page per truck.
CREATE INDEX "trip_cards_time_idx" ON "trip_cards" USING btree ("trip_id") INCLUDE ("agency_id","slipped_at");
