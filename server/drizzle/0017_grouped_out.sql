CREATE TABLE "warehouse_out_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_out_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"number" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"silo_id" integer,
	"owner_company_id" integer NOT NULL,
	"consignment_id" integer NOT NULL,
	"cargo_type_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"attached_voyage_id" integer NOT NULL,
	"destination_type" text NOT NULL,
	"to_location_id" integer NOT NULL,
	"planned_trucks" integer,
	"planned_kg" bigint,
	"remarks" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	CONSTRAINT "warehouse_out_groups_status_check" CHECK ("warehouse_out_groups"."status" in ('open', 'closed')),
	CONSTRAINT "warehouse_out_groups_destination_check" CHECK ("warehouse_out_groups"."destination_type" in ('warehouse', 'consignee', 'customer')),
	CONSTRAINT "warehouse_out_groups_plan_positive" CHECK (("warehouse_out_groups"."planned_kg" is null or "warehouse_out_groups"."planned_kg" > 0) and ("warehouse_out_groups"."planned_trucks" is null or "warehouse_out_groups"."planned_trucks" > 0))
);
--> statement-breakpoint
ALTER TABLE "warehouse_out_groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "warehouse_outs" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "warehouse_pre_outs" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "warehouse_out_groups" ADD CONSTRAINT "warehouse_out_groups_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_out_groups" ADD CONSTRAINT "warehouse_out_groups_warehouse_id_locations_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_out_groups" ADD CONSTRAINT "warehouse_out_groups_silo_id_silos_id_fk" FOREIGN KEY ("silo_id") REFERENCES "public"."silos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_out_groups" ADD CONSTRAINT "warehouse_out_groups_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_out_groups" ADD CONSTRAINT "warehouse_out_groups_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_out_groups" ADD CONSTRAINT "warehouse_out_groups_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_out_groups" ADD CONSTRAINT "warehouse_out_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_out_groups" ADD CONSTRAINT "warehouse_out_groups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_out_groups_agency_number_unique" ON "warehouse_out_groups" USING btree ("agency_id","number");--> statement-breakpoint
CREATE INDEX "warehouse_out_groups_agency_at_idx" ON "warehouse_out_groups" USING btree ("agency_id","created_at","id");--> statement-breakpoint
ALTER TABLE "warehouse_outs" ADD CONSTRAINT "warehouse_outs_group_id_warehouse_out_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."warehouse_out_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_pre_outs" ADD CONSTRAINT "warehouse_pre_outs_group_id_warehouse_out_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."warehouse_out_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warehouse_outs_group_idx" ON "warehouse_outs" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "warehouse_pre_outs_group_idx" ON "warehouse_pre_outs" USING btree ("group_id");--> statement-breakpoint
CREATE POLICY "warehouse_out_groups_tenant_isolation" ON "warehouse_out_groups" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);