CREATE TABLE "outbound_first_weights" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbound_first_weights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"ticket_number" integer NOT NULL,
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
	CONSTRAINT "outbound_first_weights_kg_positive" CHECK ("outbound_first_weights"."kg" > 0),
	CONSTRAINT "outbound_first_weights_status_check" CHECK ("outbound_first_weights"."status" in ('Active', 'Reversed')),
	CONSTRAINT "outbound_first_weights_manual_reason" CHECK (not "outbound_first_weights"."manual" or length(btrim("outbound_first_weights"."manual_reason")) > 0)
);
--> statement-breakpoint
ALTER TABLE "outbound_first_weights" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "outbound_second_weights" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbound_second_weights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"first_weight_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"kg" bigint NOT NULL,
	"net_kg" bigint NOT NULL,
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
	CONSTRAINT "outbound_second_weights_kg_positive" CHECK ("outbound_second_weights"."kg" > 0),
	CONSTRAINT "outbound_second_weights_net_positive" CHECK ("outbound_second_weights"."net_kg" > 0),
	CONSTRAINT "outbound_second_weights_status_check" CHECK ("outbound_second_weights"."status" in ('Active', 'Reversed')),
	CONSTRAINT "outbound_second_weights_manual_reason" CHECK (not "outbound_second_weights"."manual" or length(btrim("outbound_second_weights"."manual_reason")) > 0)
);
--> statement-breakpoint
ALTER TABLE "outbound_second_weights" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "camera_auth_locks" (
	"camera_id" integer PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"credentials" text NOT NULL,
	"locked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camera_auth_locks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "captured_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "captured_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"camera_id" integer NOT NULL,
	"camera_name" text NOT NULL,
	"location_id" integer NOT NULL,
	"machine_id" integer,
	"file_id" integer,
	"taken_at" timestamp with time zone NOT NULL,
	"taken_by" integer,
	"source" text NOT NULL,
	"failure" text,
	"weighing_kind" text,
	"weighing_id" integer,
	CONSTRAINT "captured_images_source_check" CHECK ("captured_images"."source" in ('manual', 'weighing')),
	CONSTRAINT "captured_images_picture_or_failure" CHECK (("captured_images"."file_id" is null) <> ("captured_images"."failure" is null))
);
--> statement-breakpoint
ALTER TABLE "captured_images" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "hik_connect_devices" ADD COLUMN "connection" text;--> statement-breakpoint
ALTER TABLE "hik_connect_devices" ADD COLUMN "stream" text;--> statement-breakpoint
ALTER TABLE "outbound_first_weights" ADD CONSTRAINT "outbound_first_weights_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_first_weights" ADD CONSTRAINT "outbound_first_weights_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_first_weights" ADD CONSTRAINT "outbound_first_weights_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_first_weights" ADD CONSTRAINT "outbound_first_weights_warehouse_id_locations_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_first_weights" ADD CONSTRAINT "outbound_first_weights_machine_id_weight_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."weight_machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_first_weights" ADD CONSTRAINT "outbound_first_weights_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_first_weights" ADD CONSTRAINT "outbound_first_weights_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_first_weights" ADD CONSTRAINT "outbound_first_weights_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_second_weights" ADD CONSTRAINT "outbound_second_weights_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_second_weights" ADD CONSTRAINT "outbound_second_weights_first_weight_id_outbound_first_weights_id_fk" FOREIGN KEY ("first_weight_id") REFERENCES "public"."outbound_first_weights"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_second_weights" ADD CONSTRAINT "outbound_second_weights_machine_id_weight_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."weight_machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_second_weights" ADD CONSTRAINT "outbound_second_weights_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_second_weights" ADD CONSTRAINT "outbound_second_weights_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_second_weights" ADD CONSTRAINT "outbound_second_weights_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_auth_locks" ADD CONSTRAINT "camera_auth_locks_camera_id_hik_connect_devices_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."hik_connect_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_auth_locks" ADD CONSTRAINT "camera_auth_locks_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captured_images" ADD CONSTRAINT "captured_images_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captured_images" ADD CONSTRAINT "captured_images_camera_id_hik_connect_devices_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."hik_connect_devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captured_images" ADD CONSTRAINT "captured_images_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captured_images" ADD CONSTRAINT "captured_images_machine_id_weight_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."weight_machines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captured_images" ADD CONSTRAINT "captured_images_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captured_images" ADD CONSTRAINT "captured_images_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_first_weights_ticket_unique" ON "outbound_first_weights" USING btree ("agency_id","warehouse_id","ticket_number");--> statement-breakpoint
CREATE INDEX "outbound_first_weights_agency_captured_idx" ON "outbound_first_weights" USING btree ("agency_id","captured_at","id");--> statement-breakpoint
CREATE INDEX "outbound_first_weights_machine_idx" ON "outbound_first_weights" USING btree ("machine_id","captured_at");--> statement-breakpoint
CREATE INDEX "outbound_first_weights_truck_idx" ON "outbound_first_weights" USING btree ("agency_id","truck_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_second_weights_first_live_unique" ON "outbound_second_weights" USING btree ("first_weight_id") WHERE "outbound_second_weights"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "outbound_second_weights_first_idx" ON "outbound_second_weights" USING btree ("first_weight_id");--> statement-breakpoint
CREATE INDEX "outbound_second_weights_agency_captured_idx" ON "outbound_second_weights" USING btree ("agency_id","captured_at","id");--> statement-breakpoint
CREATE INDEX "outbound_second_weights_machine_idx" ON "outbound_second_weights" USING btree ("machine_id","captured_at");--> statement-breakpoint
CREATE INDEX "captured_images_agency_taken_idx" ON "captured_images" USING btree ("agency_id","taken_at");--> statement-breakpoint
CREATE INDEX "captured_images_agency_camera_idx" ON "captured_images" USING btree ("agency_id","camera_id");--> statement-breakpoint
CREATE INDEX "captured_images_agency_location_idx" ON "captured_images" USING btree ("agency_id","location_id");--> statement-breakpoint
CREATE INDEX "captured_images_weighing_idx" ON "captured_images" USING btree ("agency_id","weighing_kind","weighing_id");--> statement-breakpoint
CREATE POLICY "outbound_first_weights_tenant_isolation" ON "outbound_first_weights" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "outbound_second_weights_tenant_isolation" ON "outbound_second_weights" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "camera_auth_locks_tenant_isolation" ON "camera_auth_locks" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "captured_images_tenant_isolation" ON "captured_images" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);