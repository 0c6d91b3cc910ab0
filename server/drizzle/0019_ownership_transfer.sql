CREATE TABLE "ownership_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ownership_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"silo_id" integer,
	"from_owner_company_id" integer NOT NULL,
	"to_owner_company_id" integer NOT NULL,
	"consignment_id" integer NOT NULL,
	"cargo_type_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"attached_voyage_id" integer NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"transfer_at" timestamp with time zone NOT NULL,
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
	CONSTRAINT "ownership_transfers_quantity_positive" CHECK ("ownership_transfers"."quantity_kg" > 0),
	CONSTRAINT "ownership_transfers_owners_differ" CHECK ("ownership_transfers"."from_owner_company_id" <> "ownership_transfers"."to_owner_company_id"),
	CONSTRAINT "ownership_transfers_status_check" CHECK ("ownership_transfers"."status" in ('Active', 'Reversed'))
);
--> statement-breakpoint
ALTER TABLE "ownership_transfers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_silo_id_silos_id_fk" FOREIGN KEY ("silo_id") REFERENCES "public"."silos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_from_owner_company_id_companies_id_fk" FOREIGN KEY ("from_owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_to_owner_company_id_companies_id_fk" FOREIGN KEY ("to_owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ownership_transfers_agency_at_idx" ON "ownership_transfers" USING btree ("agency_id","transfer_at","id");--> statement-breakpoint
CREATE INDEX "ownership_transfers_location_idx" ON "ownership_transfers" USING btree ("agency_id","location_id");--> statement-breakpoint
CREATE POLICY "ownership_transfers_tenant_isolation" ON "ownership_transfers" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);