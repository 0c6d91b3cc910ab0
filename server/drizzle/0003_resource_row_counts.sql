CREATE TABLE "resource_row_counts" (
	"agency_id" integer NOT NULL,
	"table_name" text NOT NULL,
	"fixed_value" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"inactive" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "resource_row_counts_agency_id_table_name_fixed_value_pk" PRIMARY KEY("agency_id","table_name","fixed_value")
);
--> statement-breakpoint
ALTER TABLE "resource_row_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "resource_row_counts" ADD CONSTRAINT "resource_row_counts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "resource_row_counts_tenant_isolation" ON "resource_row_counts" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
-- Statement-level triggers keep resource_row_counts (see master-data.schema.ts): one upsert per statement, however
-- many rows it writes. SECURITY DEFINER: the counts are written as their owner whatever role writes the rows.
CREATE FUNCTION resource_row_counts_apply() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_catalog AS $$
DECLARE
  discriminator text := coalesce(TG_ARGV[0], '');
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO resource_row_counts AS c (agency_id, table_name, fixed_value, active, inactive)
    SELECT o.agency_id, TG_TABLE_NAME, coalesce((to_jsonb(o) ->> discriminator)::integer, 0),
           -(count(*) FILTER (WHERE o.is_active)), -(count(*) FILTER (WHERE NOT o.is_active))
    FROM old_rows o GROUP BY 1, 3
    ON CONFLICT (agency_id, table_name, fixed_value)
      DO UPDATE SET active = c.active + excluded.active, inactive = c.inactive + excluded.inactive;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO resource_row_counts AS c (agency_id, table_name, fixed_value, active, inactive)
    SELECT n.agency_id, TG_TABLE_NAME, coalesce((to_jsonb(n) ->> discriminator)::integer, 0),
           count(*) FILTER (WHERE n.is_active), count(*) FILTER (WHERE NOT n.is_active)
    FROM new_rows n GROUP BY 1, 3
    ON CONFLICT (agency_id, table_name, fixed_value)
      DO UPDATE SET active = c.active + excluded.active, inactive = c.inactive + excluded.inactive;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cargo_types_row_counts_insert AFTER INSERT ON cargo_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER cargo_types_row_counts_update AFTER UPDATE ON cargo_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER cargo_types_row_counts_delete AFTER DELETE ON cargo_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
INSERT INTO resource_row_counts (agency_id, table_name, fixed_value, active, inactive) SELECT agency_id, 'cargo_types', 0, count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active) FROM cargo_types GROUP BY 1, 3;
--> statement-breakpoint
CREATE TRIGGER ports_row_counts_insert AFTER INSERT ON ports REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER ports_row_counts_update AFTER UPDATE ON ports REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER ports_row_counts_delete AFTER DELETE ON ports REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
INSERT INTO resource_row_counts (agency_id, table_name, fixed_value, active, inactive) SELECT agency_id, 'ports', 0, count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active) FROM ports GROUP BY 1, 3;
--> statement-breakpoint
CREATE TRIGGER berths_row_counts_insert AFTER INSERT ON berths REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER berths_row_counts_update AFTER UPDATE ON berths REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER berths_row_counts_delete AFTER DELETE ON berths REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
INSERT INTO resource_row_counts (agency_id, table_name, fixed_value, active, inactive) SELECT agency_id, 'berths', 0, count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active) FROM berths GROUP BY 1, 3;
--> statement-breakpoint
CREATE TRIGGER destinations_row_counts_insert AFTER INSERT ON destinations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER destinations_row_counts_update AFTER UPDATE ON destinations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER destinations_row_counts_delete AFTER DELETE ON destinations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
INSERT INTO resource_row_counts (agency_id, table_name, fixed_value, active, inactive) SELECT agency_id, 'destinations', 0, count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active) FROM destinations GROUP BY 1, 3;
--> statement-breakpoint
CREATE TRIGGER companies_row_counts_insert AFTER INSERT ON companies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply('company_type_id');
--> statement-breakpoint
CREATE TRIGGER companies_row_counts_update AFTER UPDATE ON companies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply('company_type_id');
--> statement-breakpoint
CREATE TRIGGER companies_row_counts_delete AFTER DELETE ON companies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply('company_type_id');
--> statement-breakpoint
INSERT INTO resource_row_counts (agency_id, table_name, fixed_value, active, inactive) SELECT agency_id, 'companies', company_type_id, count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active) FROM companies GROUP BY 1, 3;
--> statement-breakpoint
CREATE TRIGGER drivers_row_counts_insert AFTER INSERT ON drivers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER drivers_row_counts_update AFTER UPDATE ON drivers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER drivers_row_counts_delete AFTER DELETE ON drivers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
INSERT INTO resource_row_counts (agency_id, table_name, fixed_value, active, inactive) SELECT agency_id, 'drivers', 0, count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active) FROM drivers GROUP BY 1, 3;
--> statement-breakpoint
CREATE TRIGGER trucks_row_counts_insert AFTER INSERT ON trucks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER trucks_row_counts_update AFTER UPDATE ON trucks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER trucks_row_counts_delete AFTER DELETE ON trucks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
INSERT INTO resource_row_counts (agency_id, table_name, fixed_value, active, inactive) SELECT agency_id, 'trucks', 0, count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active) FROM trucks GROUP BY 1, 3;
--> statement-breakpoint
CREATE TRIGGER vessels_row_counts_insert AFTER INSERT ON vessels REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER vessels_row_counts_update AFTER UPDATE ON vessels REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER vessels_row_counts_delete AFTER DELETE ON vessels REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
INSERT INTO resource_row_counts (agency_id, table_name, fixed_value, active, inactive) SELECT agency_id, 'vessels', 0, count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active) FROM vessels GROUP BY 1, 3;
--> statement-breakpoint
CREATE TRIGGER locations_row_counts_insert AFTER INSERT ON locations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply('location_kind_id');
--> statement-breakpoint
CREATE TRIGGER locations_row_counts_update AFTER UPDATE ON locations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply('location_kind_id');
--> statement-breakpoint
CREATE TRIGGER locations_row_counts_delete AFTER DELETE ON locations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply('location_kind_id');
--> statement-breakpoint
INSERT INTO resource_row_counts (agency_id, table_name, fixed_value, active, inactive) SELECT agency_id, 'locations', location_kind_id, count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active) FROM locations GROUP BY 1, 3;
--> statement-breakpoint
CREATE TRIGGER silos_row_counts_insert AFTER INSERT ON silos REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER silos_row_counts_update AFTER UPDATE ON silos REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER silos_row_counts_delete AFTER DELETE ON silos REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
INSERT INTO resource_row_counts (agency_id, table_name, fixed_value, active, inactive) SELECT agency_id, 'silos', 0, count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active) FROM silos GROUP BY 1, 3;
--> statement-breakpoint
CREATE TRIGGER weight_machines_row_counts_insert AFTER INSERT ON weight_machines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER weight_machines_row_counts_update AFTER UPDATE ON weight_machines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER weight_machines_row_counts_delete AFTER DELETE ON weight_machines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
INSERT INTO resource_row_counts (agency_id, table_name, fixed_value, active, inactive) SELECT agency_id, 'weight_machines', 0, count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active) FROM weight_machines GROUP BY 1, 3;
--> statement-breakpoint
CREATE TRIGGER hik_connect_devices_row_counts_insert AFTER INSERT ON hik_connect_devices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER hik_connect_devices_row_counts_update AFTER UPDATE ON hik_connect_devices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER hik_connect_devices_row_counts_delete AFTER DELETE ON hik_connect_devices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
INSERT INTO resource_row_counts (agency_id, table_name, fixed_value, active, inactive) SELECT agency_id, 'hik_connect_devices', 0, count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active) FROM hik_connect_devices GROUP BY 1, 3;
--> statement-breakpoint
CREATE TRIGGER transporter_rules_row_counts_insert AFTER INSERT ON transporter_rules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply('rule_subject_id');
--> statement-breakpoint
CREATE TRIGGER transporter_rules_row_counts_update AFTER UPDATE ON transporter_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply('rule_subject_id');
--> statement-breakpoint
CREATE TRIGGER transporter_rules_row_counts_delete AFTER DELETE ON transporter_rules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply('rule_subject_id');
--> statement-breakpoint
INSERT INTO resource_row_counts (agency_id, table_name, fixed_value, active, inactive) SELECT agency_id, 'transporter_rules', rule_subject_id, count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active) FROM transporter_rules GROUP BY 1, 3;
--> statement-breakpoint
CREATE TRIGGER cargo_control_rules_row_counts_insert AFTER INSERT ON cargo_control_rules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER cargo_control_rules_row_counts_update AFTER UPDATE ON cargo_control_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER cargo_control_rules_row_counts_delete AFTER DELETE ON cargo_control_rules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
INSERT INTO resource_row_counts (agency_id, table_name, fixed_value, active, inactive) SELECT agency_id, 'cargo_control_rules', 0, count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active) FROM cargo_control_rules GROUP BY 1, 3;
--> statement-breakpoint
CREATE TRIGGER handling_loss_rules_row_counts_insert AFTER INSERT ON handling_loss_rules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER handling_loss_rules_row_counts_update AFTER UPDATE ON handling_loss_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER handling_loss_rules_row_counts_delete AFTER DELETE ON handling_loss_rules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resource_row_counts_apply();
--> statement-breakpoint
INSERT INTO resource_row_counts (agency_id, table_name, fixed_value, active, inactive) SELECT agency_id, 'handling_loss_rules', 0, count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active) FROM handling_loss_rules GROUP BY 1, 3;
