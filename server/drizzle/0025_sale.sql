CREATE TABLE "consignee_to_customer_sales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consignee_to_customer_sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"silo_id" integer,
	"seller_company_id" integer NOT NULL,
	"customer_company_id" integer NOT NULL,
	"consignment_id" integer NOT NULL,
	"cargo_type_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"attached_voyage_id" integer NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"sale_at" timestamp with time zone NOT NULL,
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
	CONSTRAINT "consignee_to_customer_sales_quantity_positive" CHECK ("consignee_to_customer_sales"."quantity_kg" > 0),
	CONSTRAINT "consignee_to_customer_sales_parties_differ" CHECK ("consignee_to_customer_sales"."seller_company_id" <> "consignee_to_customer_sales"."customer_company_id"),
	CONSTRAINT "consignee_to_customer_sales_status_check" CHECK ("consignee_to_customer_sales"."status" in ('Active', 'Reversed'))
);
--> statement-breakpoint
ALTER TABLE "consignee_to_customer_sales" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD COLUMN "kind" text DEFAULT 'ownershipTransfer' NOT NULL;--> statement-breakpoint
ALTER TABLE "consignee_to_customer_sales" ADD CONSTRAINT "consignee_to_customer_sales_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_customer_sales" ADD CONSTRAINT "consignee_to_customer_sales_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_customer_sales" ADD CONSTRAINT "consignee_to_customer_sales_silo_id_silos_id_fk" FOREIGN KEY ("silo_id") REFERENCES "public"."silos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_customer_sales" ADD CONSTRAINT "consignee_to_customer_sales_seller_company_id_companies_id_fk" FOREIGN KEY ("seller_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_customer_sales" ADD CONSTRAINT "consignee_to_customer_sales_customer_company_id_companies_id_fk" FOREIGN KEY ("customer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_customer_sales" ADD CONSTRAINT "consignee_to_customer_sales_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_customer_sales" ADD CONSTRAINT "consignee_to_customer_sales_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_customer_sales" ADD CONSTRAINT "consignee_to_customer_sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_customer_sales" ADD CONSTRAINT "consignee_to_customer_sales_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_customer_sales" ADD CONSTRAINT "consignee_to_customer_sales_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consignee_to_customer_sales_agency_at_idx" ON "consignee_to_customer_sales" USING btree ("agency_id","sale_at","id");--> statement-breakpoint
CREATE INDEX "consignee_to_customer_sales_location_idx" ON "consignee_to_customer_sales" USING btree ("agency_id","location_id");--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_kind_check" CHECK ("ownership_transfers"."kind" in ('ownershipTransfer', 'consigneeTransfer'));--> statement-breakpoint
CREATE POLICY "consignee_to_customer_sales_tenant_isolation" ON "consignee_to_customer_sales" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);