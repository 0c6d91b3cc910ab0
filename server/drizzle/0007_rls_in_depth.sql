ALTER TABLE "agencies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "login_throttle" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stored_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "socket_io_attachments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "app_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "agencies_own_agency_read" ON "agencies" AS PERMISSIVE FOR SELECT TO "tonnage_app" USING (id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "agencies_own_agency_update" ON "agencies" AS PERMISSIVE FOR UPDATE TO "tonnage_app" USING (id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "password_reset_tokens_agency_users_issue" ON "password_reset_tokens" AS PERMISSIVE FOR INSERT TO "tonnage_app" WITH CHECK (user_id in (select id from users));--> statement-breakpoint
CREATE POLICY "sessions_agency_users_read" ON "sessions" AS PERMISSIVE FOR SELECT TO "tonnage_app" USING (user_id in (select id from users));--> statement-breakpoint
CREATE POLICY "sessions_agency_users_revoke" ON "sessions" AS PERMISSIVE FOR UPDATE TO "tonnage_app" USING (user_id in (select id from users)) WITH CHECK (user_id in (select id from users));--> statement-breakpoint
CREATE POLICY "stored_files_tenant_isolation" ON "stored_files" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "audit_log_tenant_isolation" ON "audit_log" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
-- ILIKE is not leakproof: with a row value as the pattern ('x' ILIKE col, col ending in the escape character) it
-- raises an error that depends on that row, which under row-level security may belong to another agency. 0002
-- marked it leakproof so list searches could use their trigram indexes; the searches now go through
-- tenant_search_ids below instead. The numeric comparisons and lower(text) of 0002 stay marked: they raise no error
-- that depends on their input (see docs/decisions.md). Only a superuser may change the marking, as in 0002.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.texticlike(text, text) NOT LEAKPROOF;
  ELSE
    RAISE NOTICE 'not a superuser: if ILIKE (pg_catalog.texticlike) is marked LEAKPROOF, an administrator should run ALTER FUNCTION pg_catalog.texticlike(text, text) NOT LEAKPROOF';
  END IF;
END
$$;
--> statement-breakpoint
-- The ids of the transaction's agency's rows of a tenant table whose columns contain a pattern, any case: the list
-- searches' way to their trigram indexes without a leakproof ILIKE (platform/db/tenant-search.ts). It runs as its
-- owner, so without row-level security; what stands in for it:
-- - the agency is the transaction's own (app.agency_id), never a parameter; without one it answers nothing;
-- - only a public table under the tenant policy (<table>_tenant_isolation) with an agency_id column, and only its
--   columns that have a trigram index of their own: anything else is refused (42501), so it cannot reach a
--   platform table or a column the lists do not search;
-- - the column is always the text and the caller's pattern the pattern, so an error (a malformed pattern) depends
--   only on what the caller passed, never on a row of another agency the index recheck may look at.
CREATE FUNCTION tenant_search_ids(target_table text, target_columns text[], pattern text) RETURNS SETOF integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  agency integer := nullif(current_setting('app.agency_id', true), '')::integer;
  searchable text[];
  matches text;
BEGIN
  IF agency IS NULL OR coalesce(cardinality(target_columns), 0) = 0 OR pattern IS NULL THEN
    RETURN;
  END IF;
  SELECT array_agg(a.attname::text) INTO searchable
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
  JOIN pg_index i ON i.indrelid = c.oid AND i.indnatts = 1
  JOIN pg_opclass oc ON oc.oid = i.indclass[0] AND oc.opcname = 'gin_trgm_ops'
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0] AND NOT a.attisdropped
  WHERE c.relname = target_table AND c.relkind = 'r'
    AND EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = c.relname || '_tenant_isolation')
    AND EXISTS (SELECT 1 FROM pg_attribute g WHERE g.attrelid = c.oid AND g.attname = 'agency_id' AND NOT g.attisdropped);
  IF searchable IS NULL OR NOT target_columns <@ searchable THEN
    RAISE EXCEPTION 'tenant_search_ids: % (%) is not a searchable column of a tenant table', target_table, array_to_string(target_columns, ', ')
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT string_agg(format('%I ILIKE $2', col), ' OR ') INTO matches FROM unnest(target_columns) AS col;
  RETURN QUERY EXECUTE format('SELECT id FROM public.%I WHERE agency_id = $1 AND (%s)', target_table, matches) USING agency, pattern;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tenant_search_ids(text, text[], text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tenant_search_ids(text, text[], text) TO tonnage_app;
