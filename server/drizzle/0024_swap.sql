CREATE TABLE "cargo_swaps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cargo_swaps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"a_location_id" integer NOT NULL,
	"a_silo_id" integer,
	"a_owner_company_id" integer NOT NULL,
	"a_consignment_id" integer NOT NULL,
	"a_voyage_id" integer NOT NULL,
	"a_attached_voyage_id" integer NOT NULL,
	"b_location_id" integer NOT NULL,
	"b_silo_id" integer,
	"b_owner_company_id" integer NOT NULL,
	"b_consignment_id" integer NOT NULL,
	"b_voyage_id" integer NOT NULL,
	"b_attached_voyage_id" integer NOT NULL,
	"cargo_type_id" integer NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"swap_at" timestamp with time zone NOT NULL,
	"remarks" text,
	"ledger_transaction_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	"status" text DEFAULT 'Active' NOT NULL,
	"reversed_by" integer,
	"reversed_at" timestamp with time zone,
	"reverse_reason" text,
	CONSTRAINT "cargo_swaps_quantity_positive" CHECK ("cargo_swaps"."quantity_kg" > 0),
	CONSTRAINT "cargo_swaps_owners_differ" CHECK ("cargo_swaps"."a_owner_company_id" <> "cargo_swaps"."b_owner_company_id"),
	CONSTRAINT "cargo_swaps_status_check" CHECK ("cargo_swaps"."status" in ('Active', 'Reversed'))
);
--> statement-breakpoint
ALTER TABLE "cargo_swaps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "cargo_swaps" ADD CONSTRAINT "cargo_swaps_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_swaps" ADD CONSTRAINT "cargo_swaps_a_location_id_locations_id_fk" FOREIGN KEY ("a_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_swaps" ADD CONSTRAINT "cargo_swaps_a_silo_id_silos_id_fk" FOREIGN KEY ("a_silo_id") REFERENCES "public"."silos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_swaps" ADD CONSTRAINT "cargo_swaps_a_owner_company_id_companies_id_fk" FOREIGN KEY ("a_owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_swaps" ADD CONSTRAINT "cargo_swaps_a_consignment_id_consignments_id_fk" FOREIGN KEY ("a_consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_swaps" ADD CONSTRAINT "cargo_swaps_b_location_id_locations_id_fk" FOREIGN KEY ("b_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_swaps" ADD CONSTRAINT "cargo_swaps_b_silo_id_silos_id_fk" FOREIGN KEY ("b_silo_id") REFERENCES "public"."silos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_swaps" ADD CONSTRAINT "cargo_swaps_b_owner_company_id_companies_id_fk" FOREIGN KEY ("b_owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_swaps" ADD CONSTRAINT "cargo_swaps_b_consignment_id_consignments_id_fk" FOREIGN KEY ("b_consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_swaps" ADD CONSTRAINT "cargo_swaps_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_swaps" ADD CONSTRAINT "cargo_swaps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_swaps" ADD CONSTRAINT "cargo_swaps_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_swaps" ADD CONSTRAINT "cargo_swaps_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cargo_swaps_agency_at_idx" ON "cargo_swaps" USING btree ("agency_id","swap_at","id");--> statement-breakpoint
CREATE INDEX "cargo_swaps_a_location_idx" ON "cargo_swaps" USING btree ("agency_id","a_location_id");--> statement-breakpoint
CREATE INDEX "cargo_swaps_b_location_idx" ON "cargo_swaps" USING btree ("agency_id","b_location_id");--> statement-breakpoint
CREATE POLICY "cargo_swaps_tenant_isolation" ON "cargo_swaps" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);