CREATE TABLE "report_builder_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_builder_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"shared_role_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_builder_reports_name_length" CHECK (length(btrim("report_builder_reports"."name")) between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "report_builder_reports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "report_builder_reports" ADD CONSTRAINT "report_builder_reports_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_builder_reports" ADD CONSTRAINT "report_builder_reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_builder_reports_owner_name_unique" ON "report_builder_reports" USING btree ("agency_id","owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "report_builder_reports_shared_idx" ON "report_builder_reports" USING gin ("shared_role_ids");--> statement-breakpoint
CREATE POLICY "report_builder_reports_tenant_isolation" ON "report_builder_reports" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);