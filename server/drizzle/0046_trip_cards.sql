CREATE TABLE "trip_cards" (
	"trip_id" integer PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"kind" text NOT NULL,
	"slip_number" integer NOT NULL,
	"slipped_at" timestamp with time zone NOT NULL,
	"truck_id" integer NOT NULL,
	"from_port_id" integer,
	"from_location_id" integer,
	"to_location_id" integer NOT NULL,
	"from_owner_id" integer NOT NULL,
	"to_owner_id" integer NOT NULL,
	"consignment_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"cargo_type_id" integer NOT NULL,
	"silo_id" integer,
	"status" text NOT NULL,
	"received_table" text
);
--> statement-breakpoint
ALTER TABLE "trip_cards" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "trip_cards" ADD CONSTRAINT "trip_cards_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_cards_agency_idx" ON "trip_cards" USING btree ("agency_id");--> statement-breakpoint
CREATE POLICY "trip_cards_tenant_isolation" ON "trip_cards" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
-- The kept trip cards (src/ledger/trip-cards.ts): the rule is this view, one row per trip that has a slip, whichever
-- flow wrote it. security_invoker: read by the application role it would see its own agency only (row-level security
-- of the slip tables); the writers below read it as its owner.
CREATE VIEW trip_card_slips WITH (security_invoker = true) AS
select s.trip_id, s.agency_id, 'port'::text as kind, s.slip_number, s.loaded_at as slipped_at, s.truck_id, p.port_id as from_port_id, null::integer as from_location_id,
       p.to_location_id, p.owner_company_id as from_owner_id, p.owner_company_id as to_owner_id, p.consignment_id, p.voyage_id, c.cargo_type_id,
       null::integer as silo_id, s.status, s.received_table
  from loading_slips s join port_loadings p on p.id = s.port_loading_id join consignments c on c.id = p.consignment_id
union all
select o.trip_id, o.agency_id, 'warehouseOut', o.slip_number, o.out_at, po.truck_id, null, po.warehouse_id,
       o.to_location_id, po.owner_company_id, po.owner_company_id, po.consignment_id, po.voyage_id, po.cargo_type_id,
       po.silo_id, o.status, o.received_table
  from warehouse_outs o join warehouse_pre_outs po on po.id = o.pre_out_id
union all
select o.trip_id, o.agency_id, 'consigneeOut', o.slip_number, o.out_at, o.truck_id, null, o.location_id,
       o.to_location_id, o.owner_company_id, o.owner_company_id, o.consignment_id, o.voyage_id, o.cargo_type_id,
       null, o.status, o.received_table
  from consignee_outs o
union all
select t.trip_id, t.agency_id, t.source_kind, t.slip_number, t.slipped_at, t.truck_id, null, t.from_location_id,
       t.to_location_id, t.owner_company_id, t.to_owner_company_id, t.consignment_id, t.voyage_id, t.cargo_type_id,
       t.silo_id, t.status, t.received_table
  from transfer_slips t;
--> statement-breakpoint
-- Makes the cards of some trips equal to the view again: a trip with no slip any more loses its card. As the owner,
-- whatever role wrote the slips (the trips come from the rows the writer's own statement touched).
-- PL/pgSQL, not SQL: its statements' plans are kept for the session (a SQL function's would be planned at every slip).
CREATE FUNCTION trip_cards_refresh(trips integer[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_catalog AS $$
BEGIN
  delete from trip_cards c where c.trip_id = any(trips) and not exists (select 1 from trip_card_slips v where v.trip_id = c.trip_id);
  insert into trip_cards (trip_id, agency_id, kind, slip_number, slipped_at, truck_id, from_port_id, from_location_id, to_location_id, from_owner_id,
                          to_owner_id, consignment_id, voyage_id, cargo_type_id, silo_id, status, received_table)
  select v.trip_id, v.agency_id, v.kind, v.slip_number, v.slipped_at, v.truck_id, v.from_port_id, v.from_location_id, v.to_location_id, v.from_owner_id,
         v.to_owner_id, v.consignment_id, v.voyage_id, v.cargo_type_id, v.silo_id, v.status, v.received_table
    from trip_card_slips v where v.trip_id = any(trips)
  on conflict (trip_id) do update set agency_id = excluded.agency_id, kind = excluded.kind, slip_number = excluded.slip_number,
    slipped_at = excluded.slipped_at, truck_id = excluded.truck_id, from_port_id = excluded.from_port_id, from_location_id = excluded.from_location_id,
    to_location_id = excluded.to_location_id, from_owner_id = excluded.from_owner_id, to_owner_id = excluded.to_owner_id,
    consignment_id = excluded.consignment_id, voyage_id = excluded.voyage_id, cargo_type_id = excluded.cargo_type_id, silo_id = excluded.silo_id,
    status = excluded.status, received_table = excluded.received_table;
END
$$;
--> statement-breakpoint
-- A slip table's statement: the cards of the trips it wrote (and, on an update or a delete, of those it left).
CREATE FUNCTION trip_cards_slips_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_catalog AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM trip_cards_refresh(array(select n.trip_id from new_rows n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM trip_cards_refresh(array(select n.trip_id from new_rows n union select o.trip_id from old_rows o));
  ELSE
    PERFORM trip_cards_refresh(array(select o.trip_id from old_rows o));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trip_cards_insert AFTER INSERT ON loading_slips REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_cards_slips_changed();--> statement-breakpoint
CREATE TRIGGER trip_cards_update AFTER UPDATE ON loading_slips REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_cards_slips_changed();--> statement-breakpoint
CREATE TRIGGER trip_cards_delete AFTER DELETE ON loading_slips REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_cards_slips_changed();--> statement-breakpoint
CREATE TRIGGER trip_cards_insert AFTER INSERT ON warehouse_outs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_cards_slips_changed();--> statement-breakpoint
CREATE TRIGGER trip_cards_update AFTER UPDATE ON warehouse_outs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_cards_slips_changed();--> statement-breakpoint
CREATE TRIGGER trip_cards_delete AFTER DELETE ON warehouse_outs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_cards_slips_changed();--> statement-breakpoint
CREATE TRIGGER trip_cards_insert AFTER INSERT ON consignee_outs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_cards_slips_changed();--> statement-breakpoint
CREATE TRIGGER trip_cards_update AFTER UPDATE ON consignee_outs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_cards_slips_changed();--> statement-breakpoint
CREATE TRIGGER trip_cards_delete AFTER DELETE ON consignee_outs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_cards_slips_changed();--> statement-breakpoint
CREATE TRIGGER trip_cards_insert AFTER INSERT ON transfer_slips REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_cards_slips_changed();--> statement-breakpoint
CREATE TRIGGER trip_cards_update AFTER UPDATE ON transfer_slips REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_cards_slips_changed();--> statement-breakpoint
CREATE TRIGGER trip_cards_delete AFTER DELETE ON transfer_slips REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_cards_slips_changed();--> statement-breakpoint
-- The parents a card copies from: a port loading (port, destination, owner, LC/PO, voyage) for its slips, a Pre Out
-- (warehouse, silo, owner, LC/PO, cargo, voyage, truck) for its Warehouse Outs, an LC/PO's cargo type for its port
-- loadings' slips. Only rows whose copied columns changed cost a read.
CREATE FUNCTION trip_cards_parents_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_catalog AS $$
BEGIN
  IF TG_TABLE_NAME = 'port_loadings' THEN
    PERFORM trip_cards_refresh(array(
      select s.trip_id from new_rows n join old_rows o on o.id = n.id join loading_slips s on s.port_loading_id = n.id
       where (n.port_id, n.to_location_id, n.owner_company_id, n.consignment_id, n.voyage_id)
             is distinct from (o.port_id, o.to_location_id, o.owner_company_id, o.consignment_id, o.voyage_id)));
  ELSIF TG_TABLE_NAME = 'warehouse_pre_outs' THEN
    PERFORM trip_cards_refresh(array(
      select w.trip_id from new_rows n join old_rows o on o.id = n.id join warehouse_outs w on w.pre_out_id = n.id
       where (n.warehouse_id, n.silo_id, n.owner_company_id, n.consignment_id, n.cargo_type_id, n.voyage_id, n.truck_id)
             is distinct from (o.warehouse_id, o.silo_id, o.owner_company_id, o.consignment_id, o.cargo_type_id, o.voyage_id, o.truck_id)));
  ELSIF TG_TABLE_NAME = 'consignments' THEN
    PERFORM trip_cards_refresh(array(
      select s.trip_id from new_rows n join old_rows o on o.id = n.id join port_loadings p on p.consignment_id = n.id join loading_slips s on s.port_loading_id = p.id
       where n.cargo_type_id is distinct from o.cargo_type_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trip_cards_parent_update AFTER UPDATE ON port_loadings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_cards_parents_changed();--> statement-breakpoint
CREATE TRIGGER trip_cards_parent_update AFTER UPDATE ON warehouse_pre_outs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_cards_parents_changed();--> statement-breakpoint
CREATE TRIGGER trip_cards_parent_update AFTER UPDATE ON consignments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_cards_parents_changed();--> statement-breakpoint
insert into trip_cards (trip_id, agency_id, kind, slip_number, slipped_at, truck_id, from_port_id, from_location_id, to_location_id, from_owner_id,
                        to_owner_id, consignment_id, voyage_id, cargo_type_id, silo_id, status, received_table)
select trip_id, agency_id, kind, slip_number, slipped_at, truck_id, from_port_id, from_location_id, to_location_id, from_owner_id,
       to_owner_id, consignment_id, voyage_id, cargo_type_id, silo_id, status, received_table
  from trip_card_slips;
