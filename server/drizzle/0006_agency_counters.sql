CREATE TABLE "agency_counters" (
	"agency_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "agency_counters_agency_id_name_pk" PRIMARY KEY("agency_id","name")
);
--> statement-breakpoint
ALTER TABLE "agency_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "agency_counters" ADD CONSTRAINT "agency_counters_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "agency_counters_tenant_isolation" ON "agency_counters" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
-- Loading slips numbered before the counters existed: the counter continues after the highest number.
INSERT INTO "agency_counters" ("agency_id", "name", "value") SELECT "agency_id", 'loadingSlip', max("slip_number") FROM "loading_slips" WHERE "slip_number" > 0 GROUP BY "agency_id";
