CREATE TABLE "consignee_outs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consignee_outs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"slip_number" integer NOT NULL,
	"location_id" integer NOT NULL,
	"owner_company_id" integer NOT NULL,
	"consignment_id" integer NOT NULL,
	"cargo_type_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"attached_voyage_id" integer NOT NULL,
	"to_location_id" integer NOT NULL,
	"trip_id" integer NOT NULL,
	"truck_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"wbt_number" text NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"out_at" timestamp with time zone NOT NULL,
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
	CONSTRAINT "consignee_outs_quantity_positive" CHECK ("consignee_outs"."quantity_kg" > 0),
	CONSTRAINT "consignee_outs_status_check" CHECK ("consignee_outs"."status" in ('Active', 'Reversed')),
	CONSTRAINT "consignee_outs_received_pair" CHECK (("consignee_outs"."received_table" is null) = ("consignee_outs"."received_id" is null)),
	CONSTRAINT "consignee_outs_received_kind" CHECK ("consignee_outs"."received_table" in ('customer_ins')),
	CONSTRAINT "consignee_outs_other_location" CHECK ("consignee_outs"."to_location_id" <> "consignee_outs"."location_id")
);
--> statement-breakpoint
ALTER TABLE "consignee_outs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "consignee_ins" DROP CONSTRAINT "consignee_ins_slip_kind";--> statement-breakpoint
ALTER TABLE "customer_ins" DROP CONSTRAINT "customer_ins_slip_kind";--> statement-breakpoint
ALTER TABLE "warehouse_pre_ins" DROP CONSTRAINT "warehouse_pre_ins_slip_kind";--> statement-breakpoint
ALTER TABLE "consignee_outs" ADD CONSTRAINT "consignee_outs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_outs" ADD CONSTRAINT "consignee_outs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_outs" ADD CONSTRAINT "consignee_outs_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_outs" ADD CONSTRAINT "consignee_outs_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_outs" ADD CONSTRAINT "consignee_outs_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_outs" ADD CONSTRAINT "consignee_outs_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_outs" ADD CONSTRAINT "consignee_outs_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_outs" ADD CONSTRAINT "consignee_outs_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_outs" ADD CONSTRAINT "consignee_outs_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_outs" ADD CONSTRAINT "consignee_outs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_outs" ADD CONSTRAINT "consignee_outs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_outs" ADD CONSTRAINT "consignee_outs_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consignee_outs_agency_slip_unique" ON "consignee_outs" USING btree ("agency_id","slip_number");--> statement-breakpoint
CREATE UNIQUE INDEX "consignee_outs_trip_unique" ON "consignee_outs" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "consignee_outs_agency_at_idx" ON "consignee_outs" USING btree ("agency_id","out_at","id");--> statement-breakpoint
CREATE INDEX "consignee_outs_location_idx" ON "consignee_outs" USING btree ("agency_id","location_id");--> statement-breakpoint
CREATE INDEX "consignee_outs_received_idx" ON "consignee_outs" USING btree ("received_table","received_id");--> statement-breakpoint
ALTER TABLE "consignee_ins" ADD CONSTRAINT "consignee_ins_slip_kind" CHECK ("consignee_ins"."slip_kind" in ('loadingSlip', 'warehouseLoadingSlip', 'consigneeLoadingSlip'));--> statement-breakpoint
ALTER TABLE "customer_ins" ADD CONSTRAINT "customer_ins_slip_kind" CHECK ("customer_ins"."slip_kind" in ('loadingSlip', 'warehouseLoadingSlip', 'consigneeLoadingSlip'));--> statement-breakpoint
ALTER TABLE "warehouse_pre_ins" ADD CONSTRAINT "warehouse_pre_ins_slip_kind" CHECK ("warehouse_pre_ins"."slip_kind" in ('loadingSlip', 'warehouseLoadingSlip', 'consigneeLoadingSlip'));--> statement-breakpoint
CREATE POLICY "consignee_outs_tenant_isolation" ON "consignee_outs" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);