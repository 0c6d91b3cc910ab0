CREATE TABLE "handling_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "handling_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"kind" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"silo_id" integer,
	"owner_company_id" integer NOT NULL,
	"consignment_id" integer NOT NULL,
	"cargo_type_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"attached_voyage_id" integer NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"base_kg" bigint NOT NULL,
	"allowed_percent" numeric(7, 3),
	"within_allowance" boolean NOT NULL,
	"approval_status" text NOT NULL,
	"adjusted_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
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
	CONSTRAINT "handling_records_quantity_positive" CHECK ("handling_records"."quantity_kg" > 0),
	CONSTRAINT "handling_records_kind_check" CHECK ("handling_records"."kind" in ('handlingLoss', 'handlingExcess')),
	CONSTRAINT "handling_records_approval_check" CHECK ("handling_records"."approval_status" in ('Pending', 'Approved', 'Rejected')),
	CONSTRAINT "handling_records_status_check" CHECK ("handling_records"."status" in ('Active', 'Reversed'))
);
--> statement-breakpoint
ALTER TABLE "handling_records" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "handling_records" ADD CONSTRAINT "handling_records_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handling_records" ADD CONSTRAINT "handling_records_warehouse_id_locations_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handling_records" ADD CONSTRAINT "handling_records_silo_id_silos_id_fk" FOREIGN KEY ("silo_id") REFERENCES "public"."silos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handling_records" ADD CONSTRAINT "handling_records_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handling_records" ADD CONSTRAINT "handling_records_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handling_records" ADD CONSTRAINT "handling_records_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handling_records" ADD CONSTRAINT "handling_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handling_records" ADD CONSTRAINT "handling_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handling_records" ADD CONSTRAINT "handling_records_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handling_records_agency_at_idx" ON "handling_records" USING btree ("agency_id","kind","adjusted_at","id");--> statement-breakpoint
CREATE INDEX "handling_records_position_idx" ON "handling_records" USING btree ("agency_id","warehouse_id","consignment_id","cargo_type_id");--> statement-breakpoint
CREATE POLICY "handling_records_tenant_isolation" ON "handling_records" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);