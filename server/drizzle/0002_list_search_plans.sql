CREATE INDEX "trucks_transporter_id_capacity_idx" ON "trucks" USING btree ("agency_id","transporter_id","capacity");--> statement-breakpoint
-- Row-level security lets the planner use a query's condition in an index only when its operator is leakproof;
-- built-in ILIKE, numeric comparisons and lower(text) are not marked so, which turns every list search and range
-- filter into a scan. They reveal nothing about a row but through their result (the pattern is the user's own), so
-- they are marked leakproof where the migrating role may (a superuser); elsewhere the lists stay correct, only
-- slower, and an administrator can run these statements once per database.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.texticlike(text, text) LEAKPROOF;
    ALTER FUNCTION pg_catalog.numeric_eq(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION pg_catalog.numeric_ge(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION pg_catalog.numeric_gt(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION pg_catalog.numeric_le(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION pg_catalog.numeric_lt(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION pg_catalog.lower(text) LEAKPROOF;
  ELSE
    RAISE NOTICE 'not a superuser: list searches and range filters will not use their indexes under row-level security';
  END IF;
END
$$;
