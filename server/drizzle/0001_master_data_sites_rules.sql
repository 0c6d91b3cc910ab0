-- Substring search (ILIKE) on master data uses trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "cargo_control_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cargo_control_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"name" text NOT NULL,
	"cargo_type_id" integer NOT NULL,
	"location_id" integer,
	"block_in" boolean DEFAULT false NOT NULL,
	"block_out" boolean DEFAULT false NOT NULL,
	"max_stock" numeric(14, 3),
	"valid_from" date,
	"valid_to" date,
	"reason" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "cargo_control_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "handling_loss_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "handling_loss_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"name" text NOT NULL,
	"cargo_type_id" integer NOT NULL,
	"location_id" integer,
	"allowed_loss_percent" numeric(12, 3) NOT NULL,
	"reason" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "handling_loss_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "hik_connect_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hik_connect_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"name" text NOT NULL,
	"location_id" integer NOT NULL,
	"machine_id" integer,
	"device_serial" text,
	"address" text NOT NULL,
	"channel" integer NOT NULL,
	"username" text,
	"password" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "hik_connect_devices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"location_kind_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"storage_type" text NOT NULL,
	"capacity" numeric(14, 3),
	"address" text,
	"city" text,
	"latitude" numeric(8, 6) NOT NULL,
	"longitude" numeric(9, 6) NOT NULL,
	"owner_type" text,
	"consignee_id" integer,
	"customer_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "locations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "silos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "silos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"name" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"capacity" numeric(14, 3) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "silos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "transporter_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transporter_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"rule_subject_id" integer NOT NULL,
	"name" text NOT NULL,
	"transporter_id" integer NOT NULL,
	"truck_id" integer,
	"rule_type" text NOT NULL,
	"max_trips_per_day" integer,
	"document_name" text,
	"document_expiry" date,
	"valid_from" date,
	"valid_to" date,
	"reason" text,
	"driver_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "transporter_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vessels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vessels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"name" text NOT NULL,
	"imo_number" text NOT NULL,
	"vessel_type" text NOT NULL,
	"flag" text,
	"deadweight" numeric(14, 3),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "vessels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "weight_machines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "weight_machines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"weight_machine_id" text NOT NULL,
	"name" text,
	"location_id" integer NOT NULL,
	"protocol" text NOT NULL,
	"host" text,
	"port" integer,
	"serial_path" text,
	"baud_rate" text,
	"data_bits" text,
	"parity" text,
	"stop_bits" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "weight_machines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "photo" text;--> statement-breakpoint
ALTER TABLE "cargo_control_rules" ADD CONSTRAINT "cargo_control_rules_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_control_rules" ADD CONSTRAINT "cargo_control_rules_cargo_type_id_cargo_types_id_fk" FOREIGN KEY ("cargo_type_id") REFERENCES "public"."cargo_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_control_rules" ADD CONSTRAINT "cargo_control_rules_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handling_loss_rules" ADD CONSTRAINT "handling_loss_rules_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handling_loss_rules" ADD CONSTRAINT "handling_loss_rules_cargo_type_id_cargo_types_id_fk" FOREIGN KEY ("cargo_type_id") REFERENCES "public"."cargo_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handling_loss_rules" ADD CONSTRAINT "handling_loss_rules_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hik_connect_devices" ADD CONSTRAINT "hik_connect_devices_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hik_connect_devices" ADD CONSTRAINT "hik_connect_devices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hik_connect_devices" ADD CONSTRAINT "hik_connect_devices_machine_id_weight_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."weight_machines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_consignee_id_companies_id_fk" FOREIGN KEY ("consignee_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_customer_id_companies_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silos" ADD CONSTRAINT "silos_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silos" ADD CONSTRAINT "silos_warehouse_id_locations_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transporter_rules" ADD CONSTRAINT "transporter_rules_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transporter_rules" ADD CONSTRAINT "transporter_rules_transporter_id_companies_id_fk" FOREIGN KEY ("transporter_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transporter_rules" ADD CONSTRAINT "transporter_rules_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transporter_rules" ADD CONSTRAINT "transporter_rules_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vessels" ADD CONSTRAINT "vessels_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_machines" ADD CONSTRAINT "weight_machines_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_machines" ADD CONSTRAINT "weight_machines_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cargo_control_rules_agency_created_idx" ON "cargo_control_rules" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "cargo_control_rules_name_trgm_idx" ON "cargo_control_rules" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cargo_control_rules_name_idx" ON "cargo_control_rules" USING btree ("agency_id","name");--> statement-breakpoint
CREATE INDEX "cargo_control_rules_cargo_type_id_idx" ON "cargo_control_rules" USING btree ("agency_id","cargo_type_id");--> statement-breakpoint
CREATE INDEX "cargo_control_rules_location_id_idx" ON "cargo_control_rules" USING btree ("agency_id","location_id");--> statement-breakpoint
CREATE INDEX "cargo_control_rules_block_in_idx" ON "cargo_control_rules" USING btree ("agency_id","block_in");--> statement-breakpoint
CREATE INDEX "cargo_control_rules_block_out_idx" ON "cargo_control_rules" USING btree ("agency_id","block_out");--> statement-breakpoint
CREATE INDEX "cargo_control_rules_max_stock_idx" ON "cargo_control_rules" USING btree ("agency_id","max_stock");--> statement-breakpoint
CREATE INDEX "cargo_control_rules_valid_from_idx" ON "cargo_control_rules" USING btree ("agency_id","valid_from");--> statement-breakpoint
CREATE INDEX "cargo_control_rules_valid_to_idx" ON "cargo_control_rules" USING btree ("agency_id","valid_to");--> statement-breakpoint
CREATE INDEX "cargo_control_rules_reason_trgm_idx" ON "cargo_control_rules" USING gin ("reason" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "handling_loss_rules_agency_created_idx" ON "handling_loss_rules" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "handling_loss_rules_name_trgm_idx" ON "handling_loss_rules" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "handling_loss_rules_name_idx" ON "handling_loss_rules" USING btree ("agency_id","name");--> statement-breakpoint
CREATE INDEX "handling_loss_rules_cargo_type_id_idx" ON "handling_loss_rules" USING btree ("agency_id","cargo_type_id");--> statement-breakpoint
CREATE INDEX "handling_loss_rules_location_id_idx" ON "handling_loss_rules" USING btree ("agency_id","location_id");--> statement-breakpoint
CREATE INDEX "handling_loss_rules_allowed_loss_percent_idx" ON "handling_loss_rules" USING btree ("agency_id","allowed_loss_percent");--> statement-breakpoint
CREATE UNIQUE INDEX "handling_loss_rules_cargo_type_id_location_id_unique" ON "handling_loss_rules" USING btree ("agency_id","cargo_type_id",coalesce("location_id", 0));--> statement-breakpoint
CREATE INDEX "hik_connect_devices_agency_created_idx" ON "hik_connect_devices" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "hik_connect_devices_name_trgm_idx" ON "hik_connect_devices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "hik_connect_devices_name_unique" ON "hik_connect_devices" USING btree ("agency_id",lower("name"));--> statement-breakpoint
CREATE INDEX "hik_connect_devices_location_id_idx" ON "hik_connect_devices" USING btree ("agency_id","location_id");--> statement-breakpoint
CREATE INDEX "hik_connect_devices_machine_id_idx" ON "hik_connect_devices" USING btree ("agency_id","machine_id");--> statement-breakpoint
CREATE INDEX "hik_connect_devices_device_serial_trgm_idx" ON "hik_connect_devices" USING gin ("device_serial" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hik_connect_devices_channel_idx" ON "hik_connect_devices" USING btree ("agency_id","channel");--> statement-breakpoint
CREATE INDEX "locations_agency_created_idx" ON "locations" USING btree ("agency_id","location_kind_id","created_at");--> statement-breakpoint
CREATE INDEX "locations_name_trgm_idx" ON "locations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_unique" ON "locations" USING btree ("agency_id","location_kind_id",lower("name"));--> statement-breakpoint
CREATE INDEX "locations_code_trgm_idx" ON "locations" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_code_idx" ON "locations" USING btree ("agency_id","location_kind_id","code");--> statement-breakpoint
CREATE INDEX "locations_storage_type_idx" ON "locations" USING btree ("agency_id","location_kind_id","storage_type");--> statement-breakpoint
CREATE INDEX "locations_capacity_idx" ON "locations" USING btree ("agency_id","location_kind_id","capacity");--> statement-breakpoint
CREATE INDEX "locations_address_trgm_idx" ON "locations" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_city_trgm_idx" ON "locations" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_city_idx" ON "locations" USING btree ("agency_id","location_kind_id","city");--> statement-breakpoint
CREATE INDEX "locations_owner_type_idx" ON "locations" USING btree ("agency_id","location_kind_id","owner_type");--> statement-breakpoint
CREATE INDEX "locations_consignee_id_idx" ON "locations" USING btree ("agency_id","location_kind_id","consignee_id");--> statement-breakpoint
CREATE INDEX "locations_customer_id_idx" ON "locations" USING btree ("agency_id","location_kind_id","customer_id");--> statement-breakpoint
CREATE INDEX "silos_agency_created_idx" ON "silos" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "silos_name_trgm_idx" ON "silos" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "silos_name_idx" ON "silos" USING btree ("agency_id","name");--> statement-breakpoint
CREATE INDEX "silos_warehouse_id_idx" ON "silos" USING btree ("agency_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "silos_capacity_idx" ON "silos" USING btree ("agency_id","capacity");--> statement-breakpoint
CREATE UNIQUE INDEX "silos_warehouse_id_name_unique" ON "silos" USING btree ("agency_id","warehouse_id",lower("name"));--> statement-breakpoint
CREATE INDEX "transporter_rules_agency_created_idx" ON "transporter_rules" USING btree ("agency_id","rule_subject_id","created_at");--> statement-breakpoint
CREATE INDEX "transporter_rules_name_trgm_idx" ON "transporter_rules" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transporter_rules_name_idx" ON "transporter_rules" USING btree ("agency_id","rule_subject_id","name");--> statement-breakpoint
CREATE INDEX "transporter_rules_transporter_id_idx" ON "transporter_rules" USING btree ("agency_id","rule_subject_id","transporter_id");--> statement-breakpoint
CREATE INDEX "transporter_rules_truck_id_idx" ON "transporter_rules" USING btree ("agency_id","rule_subject_id","truck_id");--> statement-breakpoint
CREATE INDEX "transporter_rules_rule_type_idx" ON "transporter_rules" USING btree ("agency_id","rule_subject_id","rule_type");--> statement-breakpoint
CREATE INDEX "transporter_rules_document_name_trgm_idx" ON "transporter_rules" USING gin ("document_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transporter_rules_document_expiry_idx" ON "transporter_rules" USING btree ("agency_id","rule_subject_id","document_expiry");--> statement-breakpoint
CREATE INDEX "transporter_rules_valid_from_idx" ON "transporter_rules" USING btree ("agency_id","rule_subject_id","valid_from");--> statement-breakpoint
CREATE INDEX "transporter_rules_valid_to_idx" ON "transporter_rules" USING btree ("agency_id","rule_subject_id","valid_to");--> statement-breakpoint
CREATE INDEX "transporter_rules_reason_trgm_idx" ON "transporter_rules" USING gin ("reason" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transporter_rules_driver_id_idx" ON "transporter_rules" USING btree ("agency_id","rule_subject_id","driver_id");--> statement-breakpoint
CREATE INDEX "vessels_agency_created_idx" ON "vessels" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "vessels_name_trgm_idx" ON "vessels" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vessels_name_idx" ON "vessels" USING btree ("agency_id","name");--> statement-breakpoint
CREATE INDEX "vessels_imo_number_trgm_idx" ON "vessels" USING gin ("imo_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "vessels_imo_number_unique" ON "vessels" USING btree ("agency_id",lower("imo_number"));--> statement-breakpoint
CREATE INDEX "vessels_vessel_type_idx" ON "vessels" USING btree ("agency_id","vessel_type");--> statement-breakpoint
CREATE INDEX "vessels_flag_idx" ON "vessels" USING btree ("agency_id","flag");--> statement-breakpoint
CREATE INDEX "vessels_deadweight_idx" ON "vessels" USING btree ("agency_id","deadweight");--> statement-breakpoint
CREATE INDEX "weight_machines_agency_created_idx" ON "weight_machines" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "weight_machines_weight_machine_id_trgm_idx" ON "weight_machines" USING gin ("weight_machine_id" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "weight_machines_weight_machine_id_unique" ON "weight_machines" USING btree ("agency_id",lower("weight_machine_id"));--> statement-breakpoint
CREATE INDEX "weight_machines_name_trgm_idx" ON "weight_machines" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "weight_machines_location_id_idx" ON "weight_machines" USING btree ("agency_id","location_id");--> statement-breakpoint
CREATE INDEX "weight_machines_protocol_idx" ON "weight_machines" USING btree ("agency_id","protocol");--> statement-breakpoint
CREATE INDEX "berths_name_trgm_idx" ON "berths" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cargo_types_name_trgm_idx" ON "cargo_types" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cargo_types_code_trgm_idx" ON "cargo_types" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_code_trgm_idx" ON "companies" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_contact_person_trgm_idx" ON "companies" USING gin ("contact_person" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_city_trgm_idx" ON "companies" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "destinations_name_trgm_idx" ON "destinations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drivers_name_trgm_idx" ON "drivers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drivers_licence_number_trgm_idx" ON "drivers" USING gin ("licence_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drivers_id_number_trgm_idx" ON "drivers" USING gin ("id_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ports_name_trgm_idx" ON "ports" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ports_code_trgm_idx" ON "ports" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trucks_plate_number_trgm_idx" ON "trucks" USING gin ("plate_number" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "cargo_control_rules_tenant_isolation" ON "cargo_control_rules" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "handling_loss_rules_tenant_isolation" ON "handling_loss_rules" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "hik_connect_devices_tenant_isolation" ON "hik_connect_devices" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "locations_tenant_isolation" ON "locations" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "silos_tenant_isolation" ON "silos" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "transporter_rules_tenant_isolation" ON "transporter_rules" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "vessels_tenant_isolation" ON "vessels" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "weight_machines_tenant_isolation" ON "weight_machines" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);