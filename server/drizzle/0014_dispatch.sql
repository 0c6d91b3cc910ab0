CREATE TABLE "warehouse_outs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_outs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"slip_number" integer NOT NULL,
	"pre_out_id" integer NOT NULL,
	"second_weight_id" integer NOT NULL,
	"trip_id" integer NOT NULL,
	"destination_type" text NOT NULL,
	"to_location_id" integer NOT NULL,
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
	CONSTRAINT "warehouse_outs_quantity_positive" CHECK ("warehouse_outs"."quantity_kg" > 0),
	CONSTRAINT "warehouse_outs_status_check" CHECK ("warehouse_outs"."status" in ('Active', 'Reversed')),
	CONSTRAINT "warehouse_outs_destination_check" CHECK ("warehouse_outs"."destination_type" in ('warehouse', 'consignee', 'customer')),
	CONSTRAINT "warehouse_outs_received_pair" CHECK (("warehouse_outs"."received_table" is null) = ("warehouse_outs"."received_id" is null)),
	CONSTRAINT "warehouse_outs_received_kind" CHECK ("warehouse_outs"."received_table" in ('warehouse_ins'))
);
--> statement-breakpoint
ALTER TABLE "warehouse_outs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "warehouse_pre_outs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_pre_outs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"silo_id" integer,
	"owner_company_id" integer NOT NULL,
	"consignment_id" integer NOT NULL,
	"cargo_type_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"attached_voyage_id" integer NOT NULL,
	"truck_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"pre_out_at" timestamp with time zone NOT NULL,
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
	CONSTRAINT "warehouse_pre_outs_quantity_positive" CHECK ("warehouse_pre_outs"."quantity_kg" > 0),
	CONSTRAINT "warehouse_pre_outs_status_check" CHECK ("warehouse_pre_outs"."status" in ('Active', 'Reversed'))
);
--> statement-breakpoint
ALTER TABLE "warehouse_pre_outs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "warehouse_outs" ADD CONSTRAINT "warehouse_outs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_outs" ADD CONSTRAINT "warehouse_outs_pre_out_id_warehouse_pre_outs_id_fk" FOREIGN KEY ("pre_out_id") REFERENCES "public"."warehouse_pre_outs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_outs" ADD CONSTRAINT "warehouse_outs_second_weight_id_outbound_second_weights_id_fk" FOREIGN KEY ("second_weight_id") REFERENCES "public"."outbound_second_weights"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_outs" ADD CONSTRAINT "warehouse_outs_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_outs" ADD CONSTRAINT "warehouse_outs_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_outs" ADD CONSTRAINT "warehouse_outs_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_outs" ADD CONSTRAINT "warehouse_outs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_outs" ADD CONSTRAINT "warehouse_outs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_outs" ADD CONSTRAINT "warehouse_outs_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_outs" ADD CONSTRAINT "warehouse_pre_outs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_outs" ADD CONSTRAINT "warehouse_pre_outs_warehouse_id_locations_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_outs" ADD CONSTRAINT "warehouse_pre_outs_silo_id_silos_id_fk" FOREIGN KEY ("silo_id") REFERENCES "public"."silos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_outs" ADD CONSTRAINT "warehouse_pre_outs_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_outs" ADD CONSTRAINT "warehouse_pre_outs_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_outs" ADD CONSTRAINT "warehouse_pre_outs_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_outs" ADD CONSTRAINT "warehouse_pre_outs_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_outs" ADD CONSTRAINT "warehouse_pre_outs_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_outs" ADD CONSTRAINT "warehouse_pre_outs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_outs" ADD CONSTRAINT "warehouse_pre_outs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_outs" ADD CONSTRAINT "warehouse_pre_outs_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_outs_agency_slip_unique" ON "warehouse_outs" USING btree ("agency_id","slip_number");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_outs_trip_unique" ON "warehouse_outs" USING btree ("trip_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_outs_pre_out_live_unique" ON "warehouse_outs" USING btree ("pre_out_id") WHERE "warehouse_outs"."status" = 'Active';--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_outs_second_weight_live_unique" ON "warehouse_outs" USING btree ("second_weight_id") WHERE "warehouse_outs"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "warehouse_outs_pre_out_idx" ON "warehouse_outs" USING btree ("pre_out_id");--> statement-breakpoint
CREATE INDEX "warehouse_outs_second_weight_idx" ON "warehouse_outs" USING btree ("second_weight_id");--> statement-breakpoint
CREATE INDEX "warehouse_outs_agency_at_idx" ON "warehouse_outs" USING btree ("agency_id","out_at","id");--> statement-breakpoint
CREATE INDEX "warehouse_outs_received_idx" ON "warehouse_outs" USING btree ("received_table","received_id");--> statement-breakpoint
CREATE INDEX "warehouse_pre_outs_agency_at_idx" ON "warehouse_pre_outs" USING btree ("agency_id","pre_out_at","id");--> statement-breakpoint
CREATE INDEX "warehouse_pre_outs_warehouse_idx" ON "warehouse_pre_outs" USING btree ("agency_id","warehouse_id");--> statement-breakpoint
CREATE POLICY "warehouse_outs_tenant_isolation" ON "warehouse_outs" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "warehouse_pre_outs_tenant_isolation" ON "warehouse_pre_outs" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);