CREATE TABLE "consignee_ins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consignee_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"slip_kind" text NOT NULL,
	"slip_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"wbt_number" text NOT NULL,
	"received_kg" bigint NOT NULL,
	"slip_kg" bigint NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"ledger_transaction_id" integer,
	"remarks" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	"status" text DEFAULT 'Active' NOT NULL,
	"reversed_by" integer,
	"reversed_at" timestamp with time zone,
	"reverse_reason" text,
	CONSTRAINT "consignee_ins_received_positive" CHECK ("consignee_ins"."received_kg" > 0),
	CONSTRAINT "consignee_ins_status_check" CHECK ("consignee_ins"."status" in ('Active', 'Reversed')),
	CONSTRAINT "consignee_ins_slip_kind" CHECK ("consignee_ins"."slip_kind" in ('loadingSlip'))
);
--> statement-breakpoint
ALTER TABLE "consignee_ins" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "customer_ins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"slip_kind" text NOT NULL,
	"slip_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"wbt_number" text NOT NULL,
	"received_kg" bigint NOT NULL,
	"slip_kg" bigint NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"ledger_transaction_id" integer,
	"remarks" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	"status" text DEFAULT 'Active' NOT NULL,
	"reversed_by" integer,
	"reversed_at" timestamp with time zone,
	"reverse_reason" text,
	CONSTRAINT "customer_ins_received_positive" CHECK ("customer_ins"."received_kg" > 0),
	CONSTRAINT "customer_ins_status_check" CHECK ("customer_ins"."status" in ('Active', 'Reversed')),
	CONSTRAINT "customer_ins_slip_kind" CHECK ("customer_ins"."slip_kind" in ('loadingSlip'))
);
--> statement-breakpoint
ALTER TABLE "customer_ins" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "warehouse_in_shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_in_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"warehouse_in_id" integer NOT NULL,
	"silo_id" integer,
	"quantity_kg" bigint NOT NULL,
	CONSTRAINT "warehouse_in_shares_positive" CHECK ("warehouse_in_shares"."quantity_kg" > 0)
);
--> statement-breakpoint
ALTER TABLE "warehouse_in_shares" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "warehouse_ins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"pre_in_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"kg" bigint NOT NULL,
	"received_kg" bigint NOT NULL,
	"slip_kg" bigint NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"manual_reason" text,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"storage" text NOT NULL,
	"ledger_transaction_id" integer,
	"remarks" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	"status" text DEFAULT 'Active' NOT NULL,
	"reversed_by" integer,
	"reversed_at" timestamp with time zone,
	"reverse_reason" text,
	CONSTRAINT "warehouse_ins_kg_positive" CHECK ("warehouse_ins"."kg" > 0 and "warehouse_ins"."received_kg" > 0),
	CONSTRAINT "warehouse_ins_status_check" CHECK ("warehouse_ins"."status" in ('Active', 'Reversed')),
	CONSTRAINT "warehouse_ins_storage" CHECK ("warehouse_ins"."storage" in ('silo', 'openArea')),
	CONSTRAINT "warehouse_ins_manual_reason" CHECK (not "warehouse_ins"."manual" or length(btrim("warehouse_ins"."manual_reason")) > 0)
);
--> statement-breakpoint
ALTER TABLE "warehouse_ins" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "warehouse_pre_ins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_pre_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"ticket_number" integer NOT NULL,
	"slip_kind" text NOT NULL,
	"slip_id" integer NOT NULL,
	"truck_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"kg" bigint NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"manual_reason" text,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	"status" text DEFAULT 'Active' NOT NULL,
	"reversed_by" integer,
	"reversed_at" timestamp with time zone,
	"reverse_reason" text,
	CONSTRAINT "warehouse_pre_ins_kg_positive" CHECK ("warehouse_pre_ins"."kg" > 0),
	CONSTRAINT "warehouse_pre_ins_status_check" CHECK ("warehouse_pre_ins"."status" in ('Active', 'Reversed')),
	CONSTRAINT "warehouse_pre_ins_slip_kind" CHECK ("warehouse_pre_ins"."slip_kind" in ('loadingSlip')),
	CONSTRAINT "warehouse_pre_ins_manual_reason" CHECK (not "warehouse_pre_ins"."manual" or length(btrim("warehouse_pre_ins"."manual_reason")) > 0)
);
--> statement-breakpoint
ALTER TABLE "warehouse_pre_ins" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "consignee_ins" ADD CONSTRAINT "consignee_ins_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_ins" ADD CONSTRAINT "consignee_ins_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_ins" ADD CONSTRAINT "consignee_ins_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_ins" ADD CONSTRAINT "consignee_ins_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_ins" ADD CONSTRAINT "consignee_ins_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_ins" ADD CONSTRAINT "consignee_ins_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ins" ADD CONSTRAINT "customer_ins_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ins" ADD CONSTRAINT "customer_ins_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ins" ADD CONSTRAINT "customer_ins_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ins" ADD CONSTRAINT "customer_ins_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ins" ADD CONSTRAINT "customer_ins_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ins" ADD CONSTRAINT "customer_ins_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_in_shares" ADD CONSTRAINT "warehouse_in_shares_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_in_shares" ADD CONSTRAINT "warehouse_in_shares_warehouse_in_id_warehouse_ins_id_fk" FOREIGN KEY ("warehouse_in_id") REFERENCES "public"."warehouse_ins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_in_shares" ADD CONSTRAINT "warehouse_in_shares_silo_id_silos_id_fk" FOREIGN KEY ("silo_id") REFERENCES "public"."silos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_ins" ADD CONSTRAINT "warehouse_ins_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_ins" ADD CONSTRAINT "warehouse_ins_pre_in_id_warehouse_pre_ins_id_fk" FOREIGN KEY ("pre_in_id") REFERENCES "public"."warehouse_pre_ins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_ins" ADD CONSTRAINT "warehouse_ins_machine_id_weight_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."weight_machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_ins" ADD CONSTRAINT "warehouse_ins_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_ins" ADD CONSTRAINT "warehouse_ins_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_ins" ADD CONSTRAINT "warehouse_ins_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_ins" ADD CONSTRAINT "warehouse_ins_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_ins" ADD CONSTRAINT "warehouse_pre_ins_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_ins" ADD CONSTRAINT "warehouse_pre_ins_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_ins" ADD CONSTRAINT "warehouse_pre_ins_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_ins" ADD CONSTRAINT "warehouse_pre_ins_warehouse_id_locations_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_ins" ADD CONSTRAINT "warehouse_pre_ins_machine_id_weight_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."weight_machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_ins" ADD CONSTRAINT "warehouse_pre_ins_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_ins" ADD CONSTRAINT "warehouse_pre_ins_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_ins" ADD CONSTRAINT "warehouse_pre_ins_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consignee_ins_slip_live_unique" ON "consignee_ins" USING btree ("slip_kind","slip_id") WHERE "consignee_ins"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "consignee_ins_agency_received_idx" ON "consignee_ins" USING btree ("agency_id","received_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_ins_slip_live_unique" ON "customer_ins" USING btree ("slip_kind","slip_id") WHERE "customer_ins"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "customer_ins_agency_received_idx" ON "customer_ins" USING btree ("agency_id","received_at","id");--> statement-breakpoint
CREATE INDEX "warehouse_in_shares_in_idx" ON "warehouse_in_shares" USING btree ("warehouse_in_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_ins_pre_in_live_unique" ON "warehouse_ins" USING btree ("pre_in_id") WHERE "warehouse_ins"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "warehouse_ins_pre_in_idx" ON "warehouse_ins" USING btree ("pre_in_id");--> statement-breakpoint
CREATE INDEX "warehouse_ins_agency_captured_idx" ON "warehouse_ins" USING btree ("agency_id","captured_at","id");--> statement-breakpoint
CREATE INDEX "warehouse_ins_machine_idx" ON "warehouse_ins" USING btree ("machine_id","captured_at");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_pre_ins_slip_live_unique" ON "warehouse_pre_ins" USING btree ("slip_kind","slip_id") WHERE "warehouse_pre_ins"."status" = 'Active';--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_pre_ins_ticket_unique" ON "warehouse_pre_ins" USING btree ("agency_id","warehouse_id","ticket_number");--> statement-breakpoint
CREATE INDEX "warehouse_pre_ins_agency_captured_idx" ON "warehouse_pre_ins" USING btree ("agency_id","captured_at","id");--> statement-breakpoint
CREATE INDEX "warehouse_pre_ins_machine_idx" ON "warehouse_pre_ins" USING btree ("machine_id","captured_at");--> statement-breakpoint
CREATE POLICY "consignee_ins_tenant_isolation" ON "consignee_ins" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "customer_ins_tenant_isolation" ON "customer_ins" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "warehouse_in_shares_tenant_isolation" ON "warehouse_in_shares" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "warehouse_ins_tenant_isolation" ON "warehouse_ins" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "warehouse_pre_ins_tenant_isolation" ON "warehouse_pre_ins" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);