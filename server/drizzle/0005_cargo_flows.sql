CREATE TABLE "consignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"lc_number" text,
	"po_number" text,
	"ref_number" text,
	"sale_order_id" integer NOT NULL,
	"bl_consignee_id" integer NOT NULL,
	"shipment_manager_id" integer,
	"cargo_type_id" integer NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"remarks" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	"reversed_by" integer,
	"reversed_at" timestamp with time zone,
	"reverse_reason" text,
	CONSTRAINT "consignments_lc_or_po" CHECK (("consignments"."lc_number" is null) <> ("consignments"."po_number" is null)),
	CONSTRAINT "consignments_quantity_positive" CHECK ("consignments"."quantity_kg" > 0),
	CONSTRAINT "consignments_status_check" CHECK ("consignments"."status" in ('Active', 'Reversed'))
);
--> statement-breakpoint
ALTER TABLE "consignments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"title" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"deleted_by" integer,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	CONSTRAINT "documents_delete_reason" CHECK ("documents"."deleted_at" is null or length(btrim("documents"."delete_reason")) > 0)
);
--> statement-breakpoint
ALTER TABLE "documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sale_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sale_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"number" text NOT NULL,
	"seller_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"cargo_type_id" integer NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"order_date" date NOT NULL,
	"delivery_from" date,
	"delivery_to" date,
	"remarks" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	"reversed_by" integer,
	"reversed_at" timestamp with time zone,
	"reverse_reason" text,
	CONSTRAINT "sale_orders_quantity_positive" CHECK ("sale_orders"."quantity_kg" > 0),
	CONSTRAINT "sale_orders_status_check" CHECK ("sale_orders"."status" in ('Active', 'Reversed')),
	CONSTRAINT "sale_orders_delivery_period" CHECK ("sale_orders"."delivery_from" is null or "sale_orders"."delivery_to" is null or "sale_orders"."delivery_from" <= "sale_orders"."delivery_to")
);
--> statement-breakpoint
ALTER TABLE "sale_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"consignment_id" integer NOT NULL,
	"bl_number" text NOT NULL,
	"bl_quantity_kg" bigint NOT NULL,
	"bl_consignee_id" integer NOT NULL,
	"bl_date" date,
	"status" text DEFAULT 'Active' NOT NULL,
	"ledger_transaction_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	"reversed_by" integer,
	"reversed_at" timestamp with time zone,
	"reverse_reason" text,
	CONSTRAINT "shipments_quantity_positive" CHECK ("shipments"."bl_quantity_kg" > 0),
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('Active', 'Reversed'))
);
--> statement-breakpoint
ALTER TABLE "shipments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "voyages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voyages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"vessel_id" integer NOT NULL,
	"voyage_number" text NOT NULL,
	"port_id" integer NOT NULL,
	"berth_id" integer,
	"arrival_date" date,
	"completion_date" date,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	CONSTRAINT "voyages_dates" CHECK ("voyages"."arrival_date" is null or "voyages"."completion_date" is null or "voyages"."arrival_date" <= "voyages"."completion_date")
);
--> statement-breakpoint
ALTER TABLE "voyages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "quantity_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quantity_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"bl_quantity_kg" bigint NOT NULL,
	"discharged_kg" bigint NOT NULL,
	"remarks" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"ledger_transaction_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	CONSTRAINT "quantity_approvals_discharged_not_negative" CHECK ("quantity_approvals"."discharged_kg" >= 0),
	CONSTRAINT "quantity_approvals_status_check" CHECK ("quantity_approvals"."status" in ('Pending', 'Approved', 'Rejected'))
);
--> statement-breakpoint
ALTER TABLE "quantity_approvals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "voyage_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voyage_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"discharged_kg" bigint NOT NULL,
	"survey_date" date,
	"remarks" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	CONSTRAINT "voyage_approvals_discharged_not_negative" CHECK ("voyage_approvals"."discharged_kg" >= 0),
	CONSTRAINT "voyage_approvals_status_check" CHECK ("voyage_approvals"."status" in ('Pending', 'Approved', 'Rejected'))
);
--> statement-breakpoint
ALTER TABLE "voyage_approvals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "loading_slips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loading_slips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"slip_number" integer NOT NULL,
	"port_loading_id" integer NOT NULL,
	"trip_id" integer NOT NULL,
	"truck_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"wbt_number" text NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"loaded_at" timestamp with time zone NOT NULL,
	"remarks" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"ledger_transaction_id" integer,
	"received_table" text,
	"received_id" integer,
	"received_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	"reversed_by" integer,
	"reversed_at" timestamp with time zone,
	"reverse_reason" text,
	CONSTRAINT "loading_slips_quantity_positive" CHECK ("loading_slips"."quantity_kg" > 0),
	CONSTRAINT "loading_slips_status_check" CHECK ("loading_slips"."status" in ('Active', 'Reversed')),
	CONSTRAINT "loading_slips_received_pair" CHECK (("loading_slips"."received_table" is null) = ("loading_slips"."received_id" is null))
);
--> statement-breakpoint
ALTER TABLE "loading_slips" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "port_loadings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "port_loadings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"consignment_id" integer NOT NULL,
	"port_id" integer NOT NULL,
	"transportation_type" text NOT NULL,
	"to_location_id" integer NOT NULL,
	"owner_company_id" integer NOT NULL,
	"transporter_kind" text NOT NULL,
	"transporter_id" integer,
	"third_party_name" text,
	"quantity_kg" bigint NOT NULL,
	"loading_date" date NOT NULL,
	"remarks" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	"reversed_by" integer,
	"reversed_at" timestamp with time zone,
	"reverse_reason" text,
	CONSTRAINT "port_loadings_quantity_positive" CHECK ("port_loadings"."quantity_kg" > 0),
	CONSTRAINT "port_loadings_status_check" CHECK ("port_loadings"."status" in ('Active', 'Reversed')),
	CONSTRAINT "port_loadings_transportation_type" CHECK ("port_loadings"."transportation_type" in ('warehouse', 'directDelivery', 'customerDelivery')),
	CONSTRAINT "port_loadings_transporter" CHECK (("port_loadings"."transporter_kind" = 'company' and "port_loadings"."transporter_id" is not null) or ("port_loadings"."transporter_kind" = 'thirdParty' and length(btrim("port_loadings"."third_party_name")) > 0) or ("port_loadings"."transporter_kind" = 'self'))
);
--> statement-breakpoint
ALTER TABLE "port_loadings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "trips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trips" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_sale_order_id_sale_orders_id_fk" FOREIGN KEY ("sale_order_id") REFERENCES "public"."sale_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_bl_consignee_id_companies_id_fk" FOREIGN KEY ("bl_consignee_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_shipment_manager_id_companies_id_fk" FOREIGN KEY ("shipment_manager_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_cargo_type_id_cargo_types_id_fk" FOREIGN KEY ("cargo_type_id") REFERENCES "public"."cargo_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_orders" ADD CONSTRAINT "sale_orders_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_orders" ADD CONSTRAINT "sale_orders_seller_id_companies_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_orders" ADD CONSTRAINT "sale_orders_buyer_id_companies_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_orders" ADD CONSTRAINT "sale_orders_cargo_type_id_cargo_types_id_fk" FOREIGN KEY ("cargo_type_id") REFERENCES "public"."cargo_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_orders" ADD CONSTRAINT "sale_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_orders" ADD CONSTRAINT "sale_orders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_orders" ADD CONSTRAINT "sale_orders_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_voyage_id_voyages_id_fk" FOREIGN KEY ("voyage_id") REFERENCES "public"."voyages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_bl_consignee_id_companies_id_fk" FOREIGN KEY ("bl_consignee_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyages" ADD CONSTRAINT "voyages_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyages" ADD CONSTRAINT "voyages_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyages" ADD CONSTRAINT "voyages_port_id_ports_id_fk" FOREIGN KEY ("port_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyages" ADD CONSTRAINT "voyages_berth_id_berths_id_fk" FOREIGN KEY ("berth_id") REFERENCES "public"."berths"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyages" ADD CONSTRAINT "voyages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyages" ADD CONSTRAINT "voyages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quantity_approvals" ADD CONSTRAINT "quantity_approvals_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quantity_approvals" ADD CONSTRAINT "quantity_approvals_voyage_id_voyages_id_fk" FOREIGN KEY ("voyage_id") REFERENCES "public"."voyages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quantity_approvals" ADD CONSTRAINT "quantity_approvals_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quantity_approvals" ADD CONSTRAINT "quantity_approvals_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quantity_approvals" ADD CONSTRAINT "quantity_approvals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quantity_approvals" ADD CONSTRAINT "quantity_approvals_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyage_approvals" ADD CONSTRAINT "voyage_approvals_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyage_approvals" ADD CONSTRAINT "voyage_approvals_voyage_id_voyages_id_fk" FOREIGN KEY ("voyage_id") REFERENCES "public"."voyages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyage_approvals" ADD CONSTRAINT "voyage_approvals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyage_approvals" ADD CONSTRAINT "voyage_approvals_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loading_slips" ADD CONSTRAINT "loading_slips_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loading_slips" ADD CONSTRAINT "loading_slips_port_loading_id_port_loadings_id_fk" FOREIGN KEY ("port_loading_id") REFERENCES "public"."port_loadings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loading_slips" ADD CONSTRAINT "loading_slips_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loading_slips" ADD CONSTRAINT "loading_slips_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loading_slips" ADD CONSTRAINT "loading_slips_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loading_slips" ADD CONSTRAINT "loading_slips_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loading_slips" ADD CONSTRAINT "loading_slips_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loading_slips" ADD CONSTRAINT "loading_slips_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loading_slips" ADD CONSTRAINT "loading_slips_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_loadings" ADD CONSTRAINT "port_loadings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_loadings" ADD CONSTRAINT "port_loadings_voyage_id_voyages_id_fk" FOREIGN KEY ("voyage_id") REFERENCES "public"."voyages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_loadings" ADD CONSTRAINT "port_loadings_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_loadings" ADD CONSTRAINT "port_loadings_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_loadings" ADD CONSTRAINT "port_loadings_port_id_ports_id_fk" FOREIGN KEY ("port_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_loadings" ADD CONSTRAINT "port_loadings_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_loadings" ADD CONSTRAINT "port_loadings_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_loadings" ADD CONSTRAINT "port_loadings_transporter_id_companies_id_fk" FOREIGN KEY ("transporter_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_loadings" ADD CONSTRAINT "port_loadings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_loadings" ADD CONSTRAINT "port_loadings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_loadings" ADD CONSTRAINT "port_loadings_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consignments_agency_lc_unique" ON "consignments" USING btree ("agency_id",lower(coalesce("lc_number", "po_number"))) WHERE "consignments"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "consignments_sale_order_idx" ON "consignments" USING btree ("sale_order_id");--> statement-breakpoint
CREATE INDEX "consignments_agency_consignee_idx" ON "consignments" USING btree ("agency_id","bl_consignee_id");--> statement-breakpoint
CREATE INDEX "consignments_agency_sm_idx" ON "consignments" USING btree ("agency_id","shipment_manager_id");--> statement-breakpoint
CREATE INDEX "consignments_agency_created_idx" ON "consignments" USING btree ("agency_id","id");--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("agency_id","owner_type","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_orders_agency_number_unique" ON "sale_orders" USING btree ("agency_id",lower("number"));--> statement-breakpoint
CREATE INDEX "sale_orders_agency_date_idx" ON "sale_orders" USING btree ("agency_id","order_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_voyage_consignment_unique" ON "shipments" USING btree ("voyage_id","consignment_id") WHERE "shipments"."status" = 'Active';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_voyage_bl_unique" ON "shipments" USING btree ("voyage_id",lower("bl_number")) WHERE "shipments"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "shipments_consignment_idx" ON "shipments" USING btree ("consignment_id");--> statement-breakpoint
CREATE INDEX "shipments_agency_created_idx" ON "shipments" USING btree ("agency_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "voyages_agency_vessel_number_unique" ON "voyages" USING btree ("agency_id","vessel_id",lower("voyage_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "quantity_approvals_shipment_unique" ON "quantity_approvals" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "quantity_approvals_agency_voyage_idx" ON "quantity_approvals" USING btree ("agency_id","voyage_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voyage_approvals_voyage_unique" ON "voyage_approvals" USING btree ("voyage_id");--> statement-breakpoint
CREATE INDEX "voyage_approvals_agency_idx" ON "voyage_approvals" USING btree ("agency_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loading_slips_agency_number_unique" ON "loading_slips" USING btree ("agency_id","slip_number");--> statement-breakpoint
CREATE UNIQUE INDEX "loading_slips_trip_unique" ON "loading_slips" USING btree ("trip_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loading_slips_agency_wbt_unique" ON "loading_slips" USING btree ("agency_id",lower("wbt_number")) WHERE "loading_slips"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "loading_slips_port_loading_idx" ON "loading_slips" USING btree ("port_loading_id");--> statement-breakpoint
CREATE INDEX "loading_slips_agency_loaded_idx" ON "loading_slips" USING btree ("agency_id","loaded_at","id");--> statement-breakpoint
CREATE INDEX "loading_slips_truck_day_idx" ON "loading_slips" USING btree ("agency_id","truck_id","loaded_at");--> statement-breakpoint
CREATE INDEX "loading_slips_driver_day_idx" ON "loading_slips" USING btree ("agency_id","driver_id","loaded_at");--> statement-breakpoint
CREATE INDEX "port_loadings_agency_date_idx" ON "port_loadings" USING btree ("agency_id","loading_date","id");--> statement-breakpoint
CREATE INDEX "port_loadings_shipment_idx" ON "port_loadings" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "port_loadings_consignment_idx" ON "port_loadings" USING btree ("consignment_id");--> statement-breakpoint
CREATE POLICY "consignments_tenant_isolation" ON "consignments" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "documents_tenant_isolation" ON "documents" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "sale_orders_tenant_isolation" ON "sale_orders" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "shipments_tenant_isolation" ON "shipments" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "voyages_tenant_isolation" ON "voyages" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "quantity_approvals_tenant_isolation" ON "quantity_approvals" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "voyage_approvals_tenant_isolation" ON "voyage_approvals" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "loading_slips_tenant_isolation" ON "loading_slips" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "port_loadings_tenant_isolation" ON "port_loadings" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "trips_tenant_isolation" ON "trips" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);