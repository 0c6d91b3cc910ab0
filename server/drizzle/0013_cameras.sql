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
ALTER TABLE "camera_auth_locks" ADD CONSTRAINT "camera_auth_locks_camera_id_hik_connect_devices_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."hik_connect_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_auth_locks" ADD CONSTRAINT "camera_auth_locks_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captured_images" ADD CONSTRAINT "captured_images_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captured_images" ADD CONSTRAINT "captured_images_camera_id_hik_connect_devices_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."hik_connect_devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captured_images" ADD CONSTRAINT "captured_images_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captured_images" ADD CONSTRAINT "captured_images_machine_id_weight_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."weight_machines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captured_images" ADD CONSTRAINT "captured_images_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captured_images" ADD CONSTRAINT "captured_images_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captured_images_agency_taken_idx" ON "captured_images" USING btree ("agency_id","taken_at");--> statement-breakpoint
CREATE INDEX "captured_images_agency_camera_idx" ON "captured_images" USING btree ("agency_id","camera_id");--> statement-breakpoint
CREATE INDEX "captured_images_agency_location_idx" ON "captured_images" USING btree ("agency_id","location_id");--> statement-breakpoint
CREATE INDEX "captured_images_weighing_idx" ON "captured_images" USING btree ("agency_id","weighing_kind","weighing_id");--> statement-breakpoint
CREATE POLICY "camera_auth_locks_tenant_isolation" ON "camera_auth_locks" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "captured_images_tenant_isolation" ON "captured_images" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);