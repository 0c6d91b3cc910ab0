CREATE TABLE "ledger_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"kind" text NOT NULL,
	"voyage_id" integer,
	"consignment_id" integer,
	"trip_id" integer,
	"location_id" integer,
	"silo_id" integer,
	"owner_company_id" integer,
	"cargo_type_id" integer,
	"attached_voyage_id" integer,
	"balance_kg" bigint DEFAULT 0 NOT NULL,
	"committed_kg" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_accounts_key_unique" UNIQUE NULLS NOT DISTINCT("agency_id","kind","voyage_id","consignment_id","trip_id","location_id","silo_id","owner_company_id","cargo_type_id","attached_voyage_id"),
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('VESSEL', 'ON_BOARD', 'IN_TRANSIT', 'ON_HAND', 'TRANSIT_LOSS', 'HANDLING_LOSS', 'HANDLING_EXCESS', 'DELIVERED')),
	CONSTRAINT "ledger_accounts_stock_not_negative" CHECK ("ledger_accounts"."kind" not in ('ON_BOARD', 'IN_TRANSIT', 'ON_HAND') or "ledger_accounts"."balance_kg" >= 0),
	CONSTRAINT "ledger_accounts_usable_not_negative" CHECK ("ledger_accounts"."committed_kg" = 0 or ("ledger_accounts"."kind" = 'ON_HAND' and "ledger_accounts"."committed_kg" > 0 and "ledger_accounts"."committed_kg" <= "ledger_accounts"."balance_kg"))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"committed_kg" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_entries_moves_something" CHECK ("ledger_entries"."quantity_kg" <> 0 or "ledger_entries"."committed_kg" <> 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"type" text NOT NULL,
	"source_table" text NOT NULL,
	"source_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reverses_id" integer,
	"reason" text,
	CONSTRAINT "ledger_transactions_reversal_reason" CHECK ("ledger_transactions"."reverses_id" is null or length(btrim("ledger_transactions"."reason")) > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_reverses_id_ledger_transactions_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_accounts_location_idx" ON "ledger_accounts" USING btree ("agency_id","location_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reverses_unique" ON "ledger_transactions" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_source_idx" ON "ledger_transactions" USING btree ("agency_id","source_table","source_id");--> statement-breakpoint
CREATE POLICY "ledger_accounts_tenant_isolation" ON "ledger_accounts" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "ledger_entries_tenant_isolation" ON "ledger_entries" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "ledger_transactions_tenant_isolation" ON "ledger_transactions" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
-- Nothing in the ledger is deleted or rewritten (DOMAIN invariant 3): a reversal is a new transaction.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- An account's key is what its entries refer to: only its kept balances change, and it is never deleted.
CREATE FUNCTION ledger_accounts_keep_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (OLD.agency_id, OLD.kind, OLD.voyage_id, OLD.consignment_id, OLD.trip_id, OLD.location_id, OLD.silo_id,
      OLD.owner_company_id, OLD.cargo_type_id, OLD.attached_voyage_id)
    IS DISTINCT FROM (NEW.agency_id, NEW.kind, NEW.voyage_id, NEW.consignment_id, NEW.trip_id, NEW.location_id, NEW.silo_id,
      NEW.owner_company_id, NEW.cargo_type_id, NEW.attached_voyage_id) THEN
    RAISE EXCEPTION 'ledger accounts keep their key: % on ledger_accounts refused', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_keep_key BEFORE UPDATE OR DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_accounts_keep_key();
--> statement-breakpoint
-- The entries of every transaction sum to zero (DOMAIN invariant 1), checked by the database at commit as a
-- backstop to the service's own check.
CREATE FUNCTION ledger_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT sum(quantity_kg) FROM ledger_entries WHERE transaction_id = NEW.transaction_id) <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero', NEW.transaction_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entries_balanced();
