CREATE TABLE "silo_transfer_shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "silo_transfer_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"silo_transfer_id" integer NOT NULL,
	"silo_id" integer,
	"quantity_kg" bigint NOT NULL,
	CONSTRAINT "silo_transfer_shares_positive" CHECK ("silo_transfer_shares"."quantity_kg" > 0)
);
--> statement-breakpoint
ALTER TABLE "silo_transfer_shares" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "silo_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "silo_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"from_silo_id" integer,
	"owner_company_id" integer NOT NULL,
	"consignment_id" integer NOT NULL,
	"cargo_type_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"attached_voyage_id" integer NOT NULL,
	"storage" text NOT NULL,
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
	CONSTRAINT "silo_transfers_quantity_positive" CHECK ("silo_transfers"."quantity_kg" > 0),
	CONSTRAINT "silo_transfers_storage_check" CHECK ("silo_transfers"."storage" in ('silo', 'openArea')),
	CONSTRAINT "silo_transfers_not_open_to_open" CHECK ("silo_transfers"."from_silo_id" is not null or "silo_transfers"."storage" = 'silo'),
	CONSTRAINT "silo_transfers_status_check" CHECK ("silo_transfers"."status" in ('Active', 'Reversed'))
);
--> statement-breakpoint
ALTER TABLE "silo_transfers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "silo_transfer_shares" ADD CONSTRAINT "silo_transfer_shares_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_transfer_shares" ADD CONSTRAINT "silo_transfer_shares_silo_transfer_id_silo_transfers_id_fk" FOREIGN KEY ("silo_transfer_id") REFERENCES "public"."silo_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_transfer_shares" ADD CONSTRAINT "silo_transfer_shares_silo_id_silos_id_fk" FOREIGN KEY ("silo_id") REFERENCES "public"."silos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_transfers" ADD CONSTRAINT "silo_transfers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_transfers" ADD CONSTRAINT "silo_transfers_warehouse_id_locations_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_transfers" ADD CONSTRAINT "silo_transfers_from_silo_id_silos_id_fk" FOREIGN KEY ("from_silo_id") REFERENCES "public"."silos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_transfers" ADD CONSTRAINT "silo_transfers_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_transfers" ADD CONSTRAINT "silo_transfers_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_transfers" ADD CONSTRAINT "silo_transfers_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_transfers" ADD CONSTRAINT "silo_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_transfers" ADD CONSTRAINT "silo_transfers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_transfers" ADD CONSTRAINT "silo_transfers_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "silo_transfer_shares_transfer_idx" ON "silo_transfer_shares" USING btree ("silo_transfer_id");--> statement-breakpoint
CREATE INDEX "silo_transfers_agency_at_idx" ON "silo_transfers" USING btree ("agency_id","transfer_at","id");--> statement-breakpoint
CREATE INDEX "silo_transfers_warehouse_idx" ON "silo_transfers" USING btree ("agency_id","warehouse_id");--> statement-breakpoint
CREATE POLICY "silo_transfer_shares_tenant_isolation" ON "silo_transfer_shares" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "silo_transfers_tenant_isolation" ON "silo_transfers" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);