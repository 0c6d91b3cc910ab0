CREATE TABLE "transfer_slips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_slips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"slip_number" integer NOT NULL,
	"source_kind" text NOT NULL,
	"from_location_id" integer NOT NULL,
	"silo_id" integer,
	"owner_company_id" integer NOT NULL,
	"to_owner_company_id" integer NOT NULL,
	"consignment_id" integer NOT NULL,
	"cargo_type_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"attached_voyage_id" integer NOT NULL,
	"destination" text NOT NULL,
	"to_location_id" integer NOT NULL,
	"trip_id" integer NOT NULL,
	"truck_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"wbt_number" text NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"slipped_at" timestamp with time zone NOT NULL,
	"remarks" text,
	"ledger_transaction_id" integer,
	"received_table" text,
	"received_id" integer,
	"received_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	"status" text DEFAULT 'Active' NOT NULL,
	"reversed_by" integer,
	"reversed_at" timestamp with time zone,
	"reverse_reason" text,
	CONSTRAINT "transfer_slips_quantity_positive" CHECK ("transfer_slips"."quantity_kg" > 0),
	CONSTRAINT "transfer_slips_status_check" CHECK ("transfer_slips"."status" in ('Active', 'Reversed')),
	CONSTRAINT "transfer_slips_source_kind" CHECK ("transfer_slips"."source_kind" in ('warehouseTransfer')),
	CONSTRAINT "transfer_slips_destination" CHECK ("transfer_slips"."destination" in ('warehouse', 'consignee', 'customer')),
	CONSTRAINT "transfer_slips_received_pair" CHECK (("transfer_slips"."received_table" is null) = ("transfer_slips"."received_id" is null)),
	CONSTRAINT "transfer_slips_received_kind" CHECK ("transfer_slips"."received_table" in ('warehouse_ins', 'consignee_ins', 'customer_ins')),
	CONSTRAINT "transfer_slips_other_location" CHECK ("transfer_slips"."to_location_id" <> "transfer_slips"."from_location_id")
);
--> statement-breakpoint
ALTER TABLE "transfer_slips" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "consignee_ins" DROP CONSTRAINT "consignee_ins_slip_kind";--> statement-breakpoint
ALTER TABLE "customer_ins" DROP CONSTRAINT "customer_ins_slip_kind";--> statement-breakpoint
ALTER TABLE "warehouse_pre_ins" DROP CONSTRAINT "warehouse_pre_ins_slip_kind";--> statement-breakpoint
ALTER TABLE "transfer_slips" ADD CONSTRAINT "transfer_slips_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_slips" ADD CONSTRAINT "transfer_slips_from_location_id_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_slips" ADD CONSTRAINT "transfer_slips_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_slips" ADD CONSTRAINT "transfer_slips_to_owner_company_id_companies_id_fk" FOREIGN KEY ("to_owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_slips" ADD CONSTRAINT "transfer_slips_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_slips" ADD CONSTRAINT "transfer_slips_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_slips" ADD CONSTRAINT "transfer_slips_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_slips" ADD CONSTRAINT "transfer_slips_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_slips" ADD CONSTRAINT "transfer_slips_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_slips" ADD CONSTRAINT "transfer_slips_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_slips" ADD CONSTRAINT "transfer_slips_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_slips" ADD CONSTRAINT "transfer_slips_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_slips" ADD CONSTRAINT "transfer_slips_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_slips_agency_slip_unique" ON "transfer_slips" USING btree ("agency_id","slip_number");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_slips_trip_unique" ON "transfer_slips" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "transfer_slips_agency_at_idx" ON "transfer_slips" USING btree ("agency_id","slipped_at","id");--> statement-breakpoint
CREATE INDEX "transfer_slips_from_idx" ON "transfer_slips" USING btree ("agency_id","from_location_id");--> statement-breakpoint
CREATE INDEX "transfer_slips_received_idx" ON "transfer_slips" USING btree ("received_table","received_id");--> statement-breakpoint
ALTER TABLE "consignee_ins" ADD CONSTRAINT "consignee_ins_slip_kind" CHECK ("consignee_ins"."slip_kind" in ('loadingSlip', 'warehouseLoadingSlip', 'consigneeLoadingSlip', 'transferSlip'));--> statement-breakpoint
ALTER TABLE "customer_ins" ADD CONSTRAINT "customer_ins_slip_kind" CHECK ("customer_ins"."slip_kind" in ('loadingSlip', 'warehouseLoadingSlip', 'consigneeLoadingSlip', 'transferSlip'));--> statement-breakpoint
ALTER TABLE "warehouse_pre_ins" ADD CONSTRAINT "warehouse_pre_ins_slip_kind" CHECK ("warehouse_pre_ins"."slip_kind" in ('loadingSlip', 'warehouseLoadingSlip', 'consigneeLoadingSlip', 'transferSlip'));--> statement-breakpoint
CREATE POLICY "transfer_slips_tenant_isolation" ON "transfer_slips" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);