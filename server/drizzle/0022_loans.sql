CREATE TABLE "consignee_to_shipment_manager_loans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consignee_to_shipment_manager_loans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"silo_id" integer,
	"lender_company_id" integer NOT NULL,
	"borrower_company_id" integer NOT NULL,
	"consignment_id" integer NOT NULL,
	"cargo_type_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"attached_voyage_id" integer NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"returned_kg" bigint DEFAULT 0 NOT NULL,
	"loan_at" timestamp with time zone NOT NULL,
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
	CONSTRAINT "consignee_to_shipment_manager_loans_quantity_positive" CHECK ("consignee_to_shipment_manager_loans"."quantity_kg" > 0),
	CONSTRAINT "consignee_to_shipment_manager_loans_returned_range" CHECK ("consignee_to_shipment_manager_loans"."returned_kg" >= 0 and "consignee_to_shipment_manager_loans"."returned_kg" <= "consignee_to_shipment_manager_loans"."quantity_kg"),
	CONSTRAINT "consignee_to_shipment_manager_loans_status_check" CHECK ("consignee_to_shipment_manager_loans"."status" in ('Active', 'Reversed')),
	CONSTRAINT "consignee_to_shipment_manager_loans_other_party" CHECK ("consignee_to_shipment_manager_loans"."borrower_company_id" <> "consignee_to_shipment_manager_loans"."lender_company_id")
);
--> statement-breakpoint
ALTER TABLE "consignee_to_shipment_manager_loans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "loan_returns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"return_at" timestamp with time zone NOT NULL,
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
	CONSTRAINT "loan_returns_quantity_positive" CHECK ("loan_returns"."quantity_kg" > 0),
	CONSTRAINT "loan_returns_status_check" CHECK ("loan_returns"."status" in ('Active', 'Reversed'))
);
--> statement-breakpoint
ALTER TABLE "loan_returns" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "consignee_to_shipment_manager_loans" ADD CONSTRAINT "consignee_to_shipment_manager_loans_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_shipment_manager_loans" ADD CONSTRAINT "consignee_to_shipment_manager_loans_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_shipment_manager_loans" ADD CONSTRAINT "consignee_to_shipment_manager_loans_silo_id_silos_id_fk" FOREIGN KEY ("silo_id") REFERENCES "public"."silos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_shipment_manager_loans" ADD CONSTRAINT "consignee_to_shipment_manager_loans_lender_company_id_companies_id_fk" FOREIGN KEY ("lender_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_shipment_manager_loans" ADD CONSTRAINT "consignee_to_shipment_manager_loans_borrower_company_id_companies_id_fk" FOREIGN KEY ("borrower_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_shipment_manager_loans" ADD CONSTRAINT "consignee_to_shipment_manager_loans_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_shipment_manager_loans" ADD CONSTRAINT "consignee_to_shipment_manager_loans_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_shipment_manager_loans" ADD CONSTRAINT "consignee_to_shipment_manager_loans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_shipment_manager_loans" ADD CONSTRAINT "consignee_to_shipment_manager_loans_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_to_shipment_manager_loans" ADD CONSTRAINT "consignee_to_shipment_manager_loans_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_returns" ADD CONSTRAINT "loan_returns_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_returns" ADD CONSTRAINT "loan_returns_loan_id_consignee_to_shipment_manager_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."consignee_to_shipment_manager_loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_returns" ADD CONSTRAINT "loan_returns_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_returns" ADD CONSTRAINT "loan_returns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_returns" ADD CONSTRAINT "loan_returns_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_returns" ADD CONSTRAINT "loan_returns_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consignee_to_shipment_manager_loans_agency_at_idx" ON "consignee_to_shipment_manager_loans" USING btree ("agency_id","loan_at","id");--> statement-breakpoint
CREATE INDEX "consignee_to_shipment_manager_loans_parties_idx" ON "consignee_to_shipment_manager_loans" USING btree ("agency_id","lender_company_id","borrower_company_id","consignment_id","cargo_type_id");--> statement-breakpoint
CREATE INDEX "loan_returns_agency_at_idx" ON "loan_returns" USING btree ("agency_id","return_at","id");--> statement-breakpoint
CREATE INDEX "loan_returns_loan_idx" ON "loan_returns" USING btree ("loan_id");--> statement-breakpoint
CREATE POLICY "consignee_to_shipment_manager_loans_tenant_isolation" ON "consignee_to_shipment_manager_loans" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "loan_returns_tenant_isolation" ON "loan_returns" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);